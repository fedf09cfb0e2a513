/** GET /api/admin/enrollments/:orderId — one full enrolment record (bearer token): 401 without a valid token, 404 unknown order. */
import type {Config} from '@netlify/functions'
import {handle, json, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {enrolmentDetailForStaff} from '../services/admin/enrolments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'GET')
  await requireBearer(request, verifyStaffToken)
  return json(await enrolmentDetailForStaff(context.params?.orderId ?? ''))
})

export const config: Config = {path: '/api/admin/enrollments/:orderId', method: 'GET'}
