/** POST /api/admin/enrollments/:orderId/refunds — refund part or all of a paid enrolment (bearer token, Idempotency-Key); see netlify/services/admin/enrolments.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {refundEnrolmentForAdmin} from '../services/admin/enrolments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return refundEnrolmentForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/refunds', method: 'POST'}
