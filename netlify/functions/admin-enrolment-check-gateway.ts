/** POST /api/admin/enrollments/:orderId/check-gateway — ask the gateway whether a pending order was paid (bearer token); see netlify/services/admin/payments.ts. */
import type {Config} from '@netlify/functions'
import {guardedHandle, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {checkGatewayForStaff} from '../services/admin/payments'

export default guardedHandle('payments:read', authorizeStaff, async (request: Request, context: {params?: Record<string, string>}, _staff: StaffPrincipal) => {
  requireMethod(request, 'POST')
  return json(await checkGatewayForStaff(context.params?.orderId ?? ''))
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/check-gateway', method: 'POST'}
