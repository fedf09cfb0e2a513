/** GET /api/admin/payments — orders needing attention and the webhook log (bearer token); see netlify/services/admin/payments.ts. */
import type {Config} from '@netlify/functions'
import {guardedHandle, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {paymentsOverviewForStaff} from '../services/admin/payments'

export default guardedHandle('payments:read', authorizeStaff, async (request: Request, _context: unknown, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  return json(await paymentsOverviewForStaff())
})

export const config: Config = {path: '/api/admin/payments', method: 'GET'}
