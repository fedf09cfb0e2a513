/** GET /api/admin/enrollments — the enrolment list (bearer token); see netlify/services/admin/enrolments.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {listEnrolmentsForAdmin} from '../services/admin/enrolments'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  return listEnrolmentsForAdmin(request)
})

export const config: Config = {path: '/api/admin/enrollments', method: 'GET'}
