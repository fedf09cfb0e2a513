/**
 * PATCH /api/admin/enrollments/:orderId {status?, note?} — change an enrolment's status and/or add
 * a note (bearer token); see netlify/services/admin/enrolments.ts. Checks in this order: 401
 * without a valid token; 404 for an id that is not an order id (before the body is read);
 * 415/413/400 for the body; 404 unknown order; 409 a move the rule refuses or a record being purged.
 */
import type {Config} from '@netlify/functions'
import {EnrolmentUpdateSchema, MAX_UPDATE_BYTES} from '#schemas/contracts/admin'
import {handle, json, readJson, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {requireOrderId, updateEnrolmentForStaff} from '../services/admin/enrolments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'PATCH')
  const {email} = await requireBearer(request, verifyStaffToken)
  const orderId = requireOrderId(context.params?.orderId)
  const change = await readJson(request, EnrolmentUpdateSchema, MAX_UPDATE_BYTES)
  return json(await updateEnrolmentForStaff(orderId, change, {account: email}))
})

export const config: Config = {path: '/api/admin/enrollments/:orderId', method: 'PATCH'}
