/**
 * GET /api/admin/enrollments[?status=paid|all] — the enrolment list (bearer token): 401 without a
 * valid token, 400 for another status; see netlify/services/admin/enrolments.ts.
 */
import type {Config} from '@netlify/functions'
import {parseAdminListStatus} from '#schemas/contracts/admin'
import {guardedHandle, HttpError, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {listEnrolmentsForStaff} from '../services/admin/enrolments'

export default guardedHandle('enrolments:read', authorizeStaff, async (request: Request, _context: unknown, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  const query = parseAdminListStatus(new URL(request.url).searchParams)
  if (!query.ok) throw new HttpError(400, query.message)
  return json(await listEnrolmentsForStaff(query.status))
})

export const config: Config = {path: '/api/admin/enrollments', method: 'GET'}
