/**
 * Staff's decision on a candidate's request for another date (docs/account/date-change.md;
 * POST /api/admin/enrollments/:orderId/date-change/:requestId, permission enrolments:update).
 *
 * Approve moves the booking, in this order, so that a refusal at any step leaves the old booking
 * as it was:
 *   1. a seat of the new batch is booked for the order with a conditional write that refuses a
 *      full batch (../seats/seats.ts bookFreeSeat): two approvals racing for the last seat give
 *      one booking and one 409 DATE_FILLED_UP, and nothing else changes for the loser;
 *   2. the record moves to the new batch (../enrolments/date-change.ts, a conditional write that
 *      re-checks the request is still pending and the enrolment still on its old batch); if it
 *      refuses, the seat booked in step 1 is given back;
 *   3. the seat of the old batch is given back (freeSeat), and when that batch was full and is
 *      still ahead, the waitlist notice names the first person waiting (noticeFreedSeat).
 * Blobs cannot write two blobs at once: a crash between 1 and 2 leaves a booking on the new batch
 * that repeating the approval uses (or a decline gives back); a crash between 2 and 3 leaves the
 * old booking, which repeating the approval (answered as done) gives back. No money moves.
 * The candidate is e-mailed the outcome (`date-change-outcome:{request id}`), approved or declined.
 */
import {DATE_FILLED_UP, type DateChangeDecision} from '#schemas/contracts/date-change'
import {DateChangeDecisionSchema} from '#schemas/contracts/date-change'
import type {EnrolmentDetail} from '#schemas/contracts/admin'
import {enrolmentBatchText} from '#schemas/rules/batches'
import {accountLinkFor} from '../mail/account-link'
import {isUpcoming} from '#schemas/rules/seats'
import {ServiceError} from '#netlify/platform/errors'
import {publicOrigin} from '#netlify/platform/env'
import type {InstallmentView} from '#schemas/rules/installments'
import {getEnrolment, type EnrolmentRecord} from '../enrolments/enrolments'
import {decideDateChangeRequest, REQUEST_NOT_FOUND, type DecisionResult} from '../enrolments/date-change'
import {fetchBatch} from '../seats/content'
import {bookFreeSeat, freeSeat} from '../seats/seats'
import {noticeFreedSeat} from '../waitlist/waitlist'
import {batchSnapshot} from '../payments/create-order'
import {enqueue} from '../mail/outbox'
import {renderDateChangeOutcome} from '../mail/templates/date-change'
import {receiptContext} from '../receipts/context'
import {installmentScheduleOrNull} from '../installments/installments'
import {ENROLMENT_NOT_FOUND, requireOrderId, toDetail} from './enrolments'

/** The 409 of an approval whose new batch is no longer open or ahead. */
export const DATE_NO_LONGER_OPEN = 'That date is no longer open for enrolment'

/** A path's request id checked against its pattern: anything else is not-found REQUEST_NOT_FOUND. */
export function requireRequestId(value: string | undefined): string {
  if (!/^dc_[A-Za-z0-9_-]{16}$/.test(value ?? '')) throw new ServiceError('not-found', REQUEST_NOT_FOUND)
  return value!
}

/**
 * Applies `body` (DateChangeDecisionSchema) to request `requestId` of `orderId` as staff
 * `account` at `now`, and answers the enrolment after it (EnrolmentDetailSchema) with the
 * decision taken. Throws ServiceError not-found (unknown order or request), conflict (decided
 * already, the enrolment moved or ended since, the new date closed, or DATE_FILLED_UP: then
 * nothing has changed), invalid for a body that does not fit.
 */
export async function decideDateChangeForStaff(
  orderId: string,
  requestId: string,
  body: DateChangeDecision,
  options: {account: string; now?: Date; origin?: string},
): Promise<{enrolment: EnrolmentDetail & {installments?: InstallmentView[]}; decision: 'approved' | 'declined'; changed: boolean}> {
  const now = options.now ?? new Date()
  const parsed = DateChangeDecisionSchema.safeParse(body)
  if (!parsed.success) throw new ServiceError('invalid', parsed.error.issues[0]?.message ?? 'Invalid request')
  const {decision, note} = parsed.data
  const record = await getEnrolment(requireOrderId(orderId))
  if (!record) throw new ServiceError('not-found', ENROLMENT_NOT_FOUND)
  const request = (record.dateChangeRequests ?? []).find((item) => item.id === requestId)
  if (!request) throw new ServiceError('not-found', REQUEST_NOT_FOUND)
  const actor = {account: options.account, note}

  const result = decision === 'approve' ? await approve(record, request.id, request.toBatch.id, actor, now) : await decline(record, request.id, actor, now)
  if (result.changed) await mailOutcome(result, options.origin ?? publicOrigin(), now)
  return {
    enrolment: toDetail(result.record, await installmentScheduleOrNull(result.record)),
    decision: result.request.status === 'approved' ? 'approved' : 'declined',
    changed: result.changed,
  }
}

/** Steps 1–3 of the module comment. */
async function approve(
  record: EnrolmentRecord,
  requestId: string,
  toBatchId: string,
  actor: {account: string; note: string},
  now: Date,
): Promise<DecisionResult> {
  const request = record.dateChangeRequests!.find((item) => item.id === requestId)!
  const repeat = request.status === 'approved' && record.batch?.id === toBatchId
  if (request.status !== 'pending' && !repeat) {
    // Let the record's own rule answer (decided already), without touching any seat.
    return decideDateChangeRequest(record.orderId, requestId, {approve: true, toBatch: request.toBatch}, actor, now)
  }
  let booked: 'booked' | 'already' | null = null
  const target = await fetchBatch(toBatchId)
  if (!repeat) {
    if (!target || target.status !== 'open' || !isUpcoming(target.startDate, now)) throw new ServiceError('conflict', DATE_NO_LONGER_OPEN)
    const outcome = await bookFreeSeat(target.id, target.seats, record.orderId, now)
    if (outcome === 'full') throw new ServiceError('conflict', DATE_FILLED_UP)
    booked = outcome
  }
  let result: DecisionResult
  try {
    result = await decideDateChangeRequest(record.orderId, requestId, {approve: true, toBatch: target ? batchSnapshot(target) : request.toBatch}, actor, now)
  } catch (error) {
    // The record refused (decided or moved meanwhile): the seat this call booked goes back.
    if (booked === 'booked' && target) await freeSeat(target.id, target.seats, record.orderId, now)
    throw error
  }
  await releaseOldSeat(record.orderId, request.fromBatch.id, requestId, now)
  return result
}

/** Declines the request; a seat an interrupted approval may have booked on the asked-for batch is given back. */
async function decline(record: EnrolmentRecord, requestId: string, actor: {account: string; note: string}, now: Date): Promise<DecisionResult> {
  const result = await decideDateChangeRequest(record.orderId, requestId, {approve: false}, actor, now)
  const toBatchId = result.request.toBatch.id
  if (result.changed && result.record.batch?.id !== toBatchId) {
    const batch = await fetchBatch(toBatchId)
    await freeSeat(toBatchId, batch?.seats ?? 0, record.orderId, now)
  }
  return result
}

/**
 * Gives back the order's seat on the batch it left; when that batch was full and is still
 * ahead, the first person waiting is named to staff (`waitlist-notice:{order id}-{request id}`).
 * Never throws: a failure is logged for staff (the move stands; repeating the approval frees it).
 */
async function releaseOldSeat(orderId: string, fromBatchId: string, requestId: string, now: Date): Promise<void> {
  try {
    const batch = await fetchBatch(fromBatchId)
    const {freed, wasFull} = await freeSeat(fromBatchId, batch?.seats ?? 0, orderId, now)
    if (freed && wasFull && batch && isUpcoming(batch.startDate, now)) await noticeFreedSeat(fromBatchId, `${orderId}-${requestId}`, 'moved', now)
  } catch (error) {
    console.error(
      `[date-change] REVIEW: order ${orderId} moved but its seat on batch ${fromBatchId} could not be given back; approve request ${requestId} again`,
      error,
    )
  }
}

/** Queues the candidate's outcome e-mail `date-change-outcome:{request id}`; never throws (logged). */
async function mailOutcome(result: DecisionResult, origin: string, now: Date): Promise<void> {
  const {record, request} = result
  try {
    const {provider} = await receiptContext()
    const approved = request.status === 'approved'
    const mail = await renderDateChangeOutcome({
      provider,
      candidateName: record.name,
      course: record.courseName || record.trainingProgramName,
      approved,
      booked: enrolmentBatchText(record.batch ?? request.fromBatch, {venue: true}),
      asked: enrolmentBatchText(request.toBatch, {venue: true}),
      accountUrl: accountLinkFor(record.email, origin),
    })
    await enqueue({kind: 'date-change-outcome', about: request.id, to: [record.email], ...mail}, {now})
  } catch (error) {
    console.error(`[date-change] the outcome e-mail of request ${request.id} (order ${record.orderId}) could not be queued`, error)
  }
}
