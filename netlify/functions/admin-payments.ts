/** GET /api/admin/payments — orders needing attention and the webhook log (bearer token); see netlify/services/admin/payments.ts. */
import type {Config} from '@netlify/functions'
import {handle, json, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {paymentsOverviewForStaff} from '../services/admin/payments'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  await requireBearer(request, verifyStaffToken)
  return json(await paymentsOverviewForStaff())
})

export const config: Config = {path: '/api/admin/payments', method: 'GET'}
