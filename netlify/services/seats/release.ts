/**
 * Seats given back (docs/requirements.md#req-seats):
 * - POST /api/enroll/release: the payment form calls it when the payment fails or the checkout
 *   is dismissed, so the order's seat hold is given back at once instead of after 30 minutes.
 *   Harmless when repeated; a paid order is never changed (its seat is a booking, which a
 *   release never touches: schemas/rules/seats.ts releaseHold).
 * - freeEnrolmentSeat: staff cancelled an enrolment or refunded it in full, so its booking goes.
 * A seat freed either way is reported to the batch's waitlist (./waitlist.ts noticeFreedSeat).
 */
import {isOrderId} from '#schemas/contracts/ids'
import type {ReleaseResponse} from '#schemas/contracts/enrolment'
import {isUpcoming} from '#schemas/rules/seats'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {getEnrolment, type EnrolmentRecord} from '../enrolments/enrolments'
import {ServiceError} from '#netlify/platform/errors'
import {fetchBatch} from './content'
import {freeSeat, releaseSeat} from './seats'
import {noticeFreedSeat} from '../waitlist/waitlist'

/** The largest release body read (bytes): `{orderId}` is tiny. */
export const MAX_RELEASE_BYTES = 1024

/** What releaseOrder did, and the batch whose seat it freed (for the waitlist), if any. */
export type ReleaseResult = ReleaseResponse & {freedBatchId?: string}

/**
 * Releases the seat hold of `orderId` at `now`: `released` (a hold was dropped), `not-held`
 * (none: released before, expired and pruned, or an order without a batch), `paid` (no change).
 * Throws ServiceError not-found for an unknown order (also anything that is not an order id).
 */
export async function releaseOrder(orderId: string, now: Date): Promise<ReleaseResult> {
  const record = isOrderId(orderId) ? await getEnrolment(orderId) : null
  if (!record) throw new ServiceError('not-found', 'Unknown order')
  if (wasPaid(record)) return {orderId, status: 'paid'}
  if (!record.batch) return {orderId, status: 'not-held'}
  const {changed, freed} = await releaseSeat(record.batch.id, orderId, now)
  return {orderId, status: changed ? 'released' : 'not-held', ...(freed ? {freedBatchId: record.batch.id} : {})}
}

/**
 * The release the payment form asks for (POST /api/enroll/release): releaseOrder at `now`
 * (default: the current time), and a seat freed by it reported to the batch's waitlist (a staff
 * notice naming the first person waiting, if anyone waits). Not-found for an unknown order.
 */
export async function releaseOrderSeat(orderId: string, options: {now?: Date} = {}): Promise<ReleaseResponse> {
  const now = options.now ?? new Date()
  const {freedBatchId, ...body} = await releaseOrder(orderId, now)
  if (freedBatchId) await noticeFreedSeat(freedBatchId, orderId, 'released', now)
  return body
}

/**
 * Gives back the seat of `record` when staff have cancelled it or refunded it in full (its status
 * is `cancelled` or `refunded`; anything else, or an enrolment without a batch, does nothing):
 * drops its booking or hold (./seats.ts freeSeat) and, when that frees a seat of a batch still
 * ahead at `now`, queues the waitlist notice `waitlist-notice:{order id}-booking` naming the first
 * person waiting. Harmless when repeated. Never throws: a failure is logged for staff (the
 * enrolment's change stands; the roster shows the booking until it is freed).
 */
export async function freeEnrolmentSeat(record: EnrolmentRecord, now: Date): Promise<{freed: boolean}> {
  if (!record.batch || (record.status !== 'cancelled' && record.status !== 'refunded')) return {freed: false}
  const batchId = record.batch.id
  try {
    // A batch since deleted from the content counts no seats: dropping the booking frees nothing to offer.
    const batch = await fetchBatch(batchId)
    const {freed} = await freeSeat(batchId, batch?.seats ?? 0, record.orderId, now)
    if (freed && batch && isUpcoming(batch.startDate, now)) {
      await noticeFreedSeat(batchId, `${record.orderId}-booking`, record.status, now)
    }
    return {freed}
  } catch (error) {
    console.error(`[seats] REVIEW: the seat of ${record.status} order ${record.orderId} on batch ${batchId} could not be given back`, error)
    return {freed: false}
  }
}
