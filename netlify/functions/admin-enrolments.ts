/** GET /api/admin/enrollments — the enrolment list (bearer token); see netlify/lib/admin/enrolments.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {listEnrolmentsForAdmin} from '../lib/admin/enrolments'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  return listEnrolmentsForAdmin(request)
})

export const config: Config = {path: '/api/admin/enrollments', method: 'GET'}
