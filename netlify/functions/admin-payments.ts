/** GET /api/admin/payments — orders needing attention and the webhook event log (bearer token); see netlify/services/admin/payments.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {paymentsOverview} from '../services/admin/payments'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  return paymentsOverview(request)
})

export const config: Config = {path: '/api/admin/payments', method: 'GET'}
