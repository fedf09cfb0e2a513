/**
 * GET /api/admin/companies — the companies that booked groups, each with its bookings (seats,
 * named / unnamed, amount, status, pro-forma, receipt), and the overdue bookings (bearer token,
 * permission companies:read: finance and registrars); see netlify/services/group-bookings/admin.ts.
 * 401 without a valid token, 403 without the permission; 200 CompaniesResponseSchema
 * (schemas/contracts/group-bookings.ts), never cached.
 */
import type {Config} from '@netlify/functions'
import {guardedHandle, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {listCompanies} from '../services/group-bookings/admin'

export default guardedHandle('companies:read', authorizeStaff, async (request: Request, _context: unknown, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  return json(await listCompanies())
})

export const config: Config = {path: '/api/admin/companies', method: 'GET'}
