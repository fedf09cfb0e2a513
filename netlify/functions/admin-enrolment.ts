/** GET /api/admin/enrollments/:orderId — one full enrolment record (bearer token): 401 without a valid token, 404 unknown order. */
import type {Config} from '@netlify/functions'
import {guardedHandle, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {enrolmentDetailForStaff} from '../services/admin/enrolments'

export default guardedHandle(
  'enrolments:read',
  authorizeStaff,
  async (request: Request, context: {params?: Record<string, string>}, _staff: StaffPrincipal) => {
    requireMethod(request, 'GET')
    return json(await enrolmentDetailForStaff(context.params?.orderId ?? ''))
  },
)

export const config: Config = {path: '/api/admin/enrollments/:orderId', method: 'GET'}
