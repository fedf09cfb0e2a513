/** POST /api/admin/enrollments/:orderId/check-gateway — ask the gateway whether a pending order was paid (bearer token); see netlify/services/admin/payments.ts. */
import type {Config} from '@netlify/functions'
import {handle, json, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {checkGatewayForStaff} from '../services/admin/payments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  await requireBearer(request, verifyStaffToken)
  return json(await checkGatewayForStaff(context.params?.orderId ?? ''))
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/check-gateway', method: 'POST'}
