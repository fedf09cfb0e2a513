/** GET /api/admin/enquiries — every contact message, newest first (bearer token); see netlify/services/admin/enquiries.ts. */
import type {Config} from '@netlify/functions'
import {guardedHandle, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {listEnquiriesForStaff} from '../services/admin/enquiries'

export default guardedHandle('enquiries:read', authorizeStaff, async (request: Request, _context: unknown, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  return json(await listEnquiriesForStaff())
})

export const config: Config = {path: '/api/admin/enquiries', method: 'GET'}
