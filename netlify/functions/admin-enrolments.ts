/**
 * GET /api/admin/enrollments[?status=paid|all] — the enrolment list (bearer token): 401 without a
 * valid token, 400 for another status; see netlify/services/admin/enrolments.ts.
 */
import type {Config} from '@netlify/functions'
import {parseAdminListStatus} from '#schemas/contracts/admin'
import {handle, HttpError, json, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {listEnrolmentsForStaff} from '../services/admin/enrolments'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  await requireBearer(request, verifyStaffToken)
  const query = parseAdminListStatus(new URL(request.url).searchParams)
  if (!query.ok) throw new HttpError(400, query.message)
  return json(await listEnrolmentsForStaff(query.status))
})

export const config: Config = {path: '/api/admin/enrollments', method: 'GET'}
