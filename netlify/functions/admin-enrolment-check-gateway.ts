/** POST /api/admin/enrollments/:orderId/check-gateway — ask the gateway whether a pending order was paid (bearer token); see netlify/services/admin/payments.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {checkGatewayForAdmin} from '../services/admin/payments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return checkGatewayForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/check-gateway', method: 'POST'}
