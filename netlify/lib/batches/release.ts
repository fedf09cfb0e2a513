/**
 * POST /api/enroll/release (issue 16; docs/requirements.md#req-seats): the payment form calls it
 * when the payment fails or the checkout is dismissed, so the order's seat hold is given back at
 * once instead of after 30 minutes. Harmless when repeated; a paid order is never changed (its
 * seat is a booking, which a release never touches: web/app/domain/seats.ts releaseHold).
 */
import {isOrderId} from '#schemas/api/ids'
import {ReleaseSchema, type ReleaseResponse} from '#schemas/api/enrolment'
import {wasPaid} from '~/domain/enrolment-status'
import {getEnrolment} from '../enrolments'
import {HttpError, json, readJson} from '../http'
import {releaseSeat} from './seats'
import {noticeFreedSeat} from './waitlist'

/** The largest release body read (bytes): `{orderId}` is tiny. */
export const MAX_RELEASE_BYTES = 1024

/** What releaseOrder did, and the batch whose seat it freed (for the waitlist), if any. */
export type ReleaseResult = ReleaseResponse & {freedBatchId?: string}

/**
 * Releases the seat hold of `orderId` at `now`: `released` (a hold was dropped), `not-held`
 * (none: released before, expired and pruned, or an order without a batch), `paid` (no change).
 * Throws HttpError 404 for an unknown order (also anything that is not an order id).
 */
export async function releaseOrder(orderId: string, now: Date): Promise<ReleaseResult> {
  const record = isOrderId(orderId) ? await getEnrolment(orderId) : null
  if (!record) throw new HttpError(404, 'Unknown order')
  if (wasPaid(record)) return {orderId, status: 'paid'}
  if (!record.batch) return {orderId, status: 'not-held'}
  const {changed, freed} = await releaseSeat(record.batch.id, orderId, now)
  return {orderId, status: changed ? 'released' : 'not-held', ...(freed ? {freedBatchId: record.batch.id} : {})}
}

/**
 * Handles POST /api/enroll/release: 200 ReleaseResponse; 404 unknown order; 400/413/415 bad body.
 * A seat freed by this call is reported to the batch's waitlist (a staff notice naming the first
 * person waiting, if anyone waits).
 */
export async function handleRelease(request: Request, options: {now?: Date} = {}): Promise<Response> {
  const now = options.now ?? new Date()
  const {orderId} = await readJson(request, ReleaseSchema, MAX_RELEASE_BYTES)
  const {freedBatchId, ...body} = await releaseOrder(orderId, now)
  if (freedBatchId) await noticeFreedSeat(freedBatchId, orderId, 'released', now)
  return json(body satisfies ReleaseResponse)
}
