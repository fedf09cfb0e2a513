/** PATCH /api/admin/enrollments/:orderId — change an enrolment's status and/or add a note (bearer token; issue 15); see netlify/lib/admin/enrolments.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {updateEnrolmentForAdmin} from '../lib/admin/enrolments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'PATCH')
  return updateEnrolmentForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/enrollments/:orderId', method: 'PATCH'}
