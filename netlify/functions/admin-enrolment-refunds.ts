/**
 * POST /api/admin/enrollments/:orderId/refunds {amount, reason, note?} with an Idempotency-Key —
 * refund part or all of a paid enrolment (bearer token; docs/requirements.md#req-refunds); see
 * netlify/services/admin/enrolments.ts. Checks in this order: 401 without a valid token; 404 for
 * an id that is not an order id; 400 for a missing or malformed Idempotency-Key; 415/413/400 for
 * the body; then 404 unknown order, 409 never paid / key reused, 400 amount over what is left,
 * 502/504 from the gateway. 201 `{refund, enrolment}` for a new refund, 200 for the same key again.
 */
import type {Config} from '@netlify/functions'
import {IdempotencyKeySchema, MAX_REFUND_BYTES, RefundRequestSchema} from '#schemas/contracts/refunds'
import {guardedHandle, HttpError, json, readJson, requireMethod} from '../platform/http'
import {auditStaff} from '../services/staff/audit-trail'
import {authorizeStaff, staffAccount, type StaffPrincipal} from '../services/admin/auth'
import {refundEnrolmentForStaff, requireOrderId} from '../services/admin/enrolments'

export default guardedHandle('refunds:create', authorizeStaff, async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
  requireMethod(request, 'POST')
  const orderId = requireOrderId(context.params?.orderId)
  const key = IdempotencyKeySchema.safeParse(request.headers.get('idempotency-key') ?? undefined)
  if (!key.success) throw new HttpError(400, key.error.issues[0]!.message, {'Idempotency-Key': [key.error.issues[0]!.message]})
  const body = await readJson(request, RefundRequestSchema, MAX_REFUND_BYTES)
  await auditStaff(staff, 'refund-requested', {type: 'enrolment', id: orderId}, {amount: body.amount, reason: body.reason})
  const outcome = refundEnrolmentForStaff(orderId, {...body, idempotencyKey: key.data, account: staffAccount(staff)})
  const {answer, created} = await outcome.catch(async (error: unknown) => {
    await auditStaff(
      staff,
      'refund-outcome',
      {type: 'enrolment', id: orderId},
      {outcome: 'refused', message: error instanceof Error ? error.message : 'failed'},
    )
    throw error
  })
  await auditStaff(
    staff,
    'refund-outcome',
    {type: 'enrolment', id: orderId},
    {outcome: answer.refund.status, amount: answer.refund.amount, refundId: answer.refund.id},
  )
  return json(answer, {status: created ? 201 : 200})
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/refunds', method: 'POST'}
