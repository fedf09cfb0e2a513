/** POST /api/admin/enrollments/:orderId/check-gateway — ask the gateway whether a pending order was paid (bearer token); see netlify/lib/admin/payments.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {checkGatewayForAdmin} from '../lib/admin/payments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return checkGatewayForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/check-gateway', method: 'POST'}
