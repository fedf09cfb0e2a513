/** GET /api/admin/enrollments/:orderId — one full enrolment record (bearer token). */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {enrolmentDetail} from '../services/admin/enrolments'

export default handle(async (request: Request, context: {ip?: string; params?: Record<string, string>}) => {
  requireMethod(request, 'GET')
  return enrolmentDetail(request, context)
})

export const config: Config = {path: '/api/admin/enrollments/:orderId', method: 'GET'}
