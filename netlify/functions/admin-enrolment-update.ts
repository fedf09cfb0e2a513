/** PATCH /api/admin/enrollments/:orderId — change an enrolment's status and/or add a note (bearer token; issue 15); see netlify/services/admin/enrolments.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {updateEnrolmentForAdmin} from '../services/admin/enrolments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'PATCH')
  return updateEnrolmentForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/enrollments/:orderId', method: 'PATCH'}
