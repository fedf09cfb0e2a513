/**
 * POST /api/admin/enrollments/:orderId/date-change/:requestId {decision: 'approve'|'decline', note?}
 * — staff approve or decline a candidate's request for another date (bearer token, permission
 * enrolments:update); see netlify/services/admin/date-change.ts. Checks in this order: 401 without
 * a valid token, 403 without the permission; 404 for ids that do not fit their patterns; 415/413/400
 * for the body; 404 unknown order or request; 409 decided already, moved or ended since, the date
 * closed, or "That date has just filled up" (nothing changed). 200 `{enrolment, decision}`. Audited.
 */
import type {Config} from '@netlify/functions'
import {DateChangeDecisionSchema, MAX_DATE_CHANGE_BYTES} from '#schemas/contracts/date-change'
import {siteOrigin} from '../platform/env'
import {guardedHandle, json, readJson, requireMethod} from '../platform/http'
import {auditStaff} from '../services/staff/audit-trail'
import {authorizeStaff, staffAccount, type StaffPrincipal} from '../services/admin/auth'
import {requireOrderId} from '../services/admin/enrolments'
import {decideDateChangeForStaff, requireRequestId} from '../services/admin/date-change'

export default guardedHandle(
  'enrolments:update',
  authorizeStaff,
  async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
    requireMethod(request, 'POST')
    const orderId = requireOrderId(context.params?.orderId)
    const requestId = requireRequestId(context.params?.requestId)
    const body = await readJson(request, DateChangeDecisionSchema, MAX_DATE_CHANGE_BYTES)
    const answer = await decideDateChangeForStaff(orderId, requestId, body, {account: staffAccount(staff), origin: siteOrigin(request)})
    if (answer.changed)
      await auditStaff(
        staff,
        'enrolment-date-change',
        {type: 'enrolment', id: orderId},
        {request: requestId, decision: answer.decision, characters: body.note?.length ?? 0},
      )
    return json({enrolment: answer.enrolment, decision: answer.decision})
  },
)

export const config: Config = {path: '/api/admin/enrollments/:orderId/date-change/:requestId', method: 'POST'}
