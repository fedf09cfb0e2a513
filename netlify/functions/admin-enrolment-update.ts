/**
 * PATCH /api/admin/enrollments/:orderId {status?, note?} — change an enrolment's status and/or add
 * a note (bearer token); see netlify/services/admin/enrolments.ts. Checks in this order: 401
 * without a valid token; 404 for an id that is not an order id (before the body is read);
 * 415/413/400 for the body; 404 unknown order; 409 a move the rule refuses or a record being purged.
 */
import type {Config} from '@netlify/functions'
import {EnrolmentUpdateSchema, MAX_UPDATE_BYTES} from '#schemas/contracts/admin'
import {guardedHandle, json, readJson, requireMethod} from '../platform/http'
import {auditStaff} from '../services/staff/audit-trail'
import {authorizeStaff, staffAccount, type StaffPrincipal} from '../services/admin/auth'
import {requireOrderId, updateEnrolmentForStaff} from '../services/admin/enrolments'

export default guardedHandle(
  'enrolments:update',
  authorizeStaff,
  async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
    requireMethod(request, 'PATCH')
    const orderId = requireOrderId(context.params?.orderId)
    const change = await readJson(request, EnrolmentUpdateSchema, MAX_UPDATE_BYTES)
    const answer = await updateEnrolmentForStaff(orderId, change, {account: staffAccount(staff)})
    if (change.status) await auditStaff(staff, 'enrolment-status', {type: 'enrolment', id: orderId}, {after: answer.status})
    if (change.note) await auditStaff(staff, 'enrolment-note', {type: 'enrolment', id: orderId}, {characters: change.note.length})
    return json(answer)
  },
)

export const config: Config = {path: '/api/admin/enrollments/:orderId', method: 'PATCH'}
