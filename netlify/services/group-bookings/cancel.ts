/**
 * Staff cancel a group booking (POST /api/admin/group-bookings/{bookingId}/cancel, permission
 * group-bookings:manage). The seats are given back and the waitlist told; the money follows how
 * the order stands:
 * - unpaid: the order is cancelled while still pending (the same arbiter as the release job: a
 *   payment arriving at the same moment is refused or lands first, never both);
 * - paid by card: refunded in full through the refunds flow (requestRefund: the gateway, the
 *   refund receipt, the order `refunded`, its seats freed), with an idempotency key of the booking
 *   so a retried cancel never refunds twice;
 * - paid by bank transfer: the order is cancelled (its seats freed); the transfer back is
 *   finance's to make outside the site (the history says so).
 * Each named delegate's enrolment is cancelled too (one that staff have completed is left as it is).
 */
import {CancelGroupBookingBodySchema, type AdminGroupBooking} from '#schemas/contracts/group-bookings'
import {GROUP_MESSAGES} from '#schemas/rules/group-booking'
import {checkStaffMove, wasPaid} from '#schemas/rules/enrolment-status'
import {isUpcoming} from '#schemas/rules/seats'
import {refundedMinor} from '#schemas/rules/refunds'
import {ServiceError} from '#netlify/platform/errors'
import {changeEnrolment, getEnrolment, type EnrolmentRecord} from '../enrolments/enrolments'
import {requestRefund} from '../refunds/refunds'
import {freeEnrolmentSeat} from '../seats/release'
import {releaseSeat} from '../seats/seats'
import {noticeFreedSeats} from '../seats/expiry'
import {adminGroupBooking} from './admin'
import {cancelUnpaidOrder} from './order'
import {parseOrRefuse} from './parse'
import type {GroupActor} from './payment'
import {getGroupBooking, updateGroupBooking, type GroupBooking} from './store'

/**
 * Cancels booking `bookingId` for `actor` at `now` ({reason?} for the history). Resolves to the
 * booking as staff see it. Throws ServiceError: invalid (the body), not-found, conflict (already
 * released or cancelled: "This booking was cancelled"); the refund's own errors (upstream,
 * timeout: nothing changed, the booking stays open to try again).
 */
export async function cancelGroupBooking(bookingId: string, input: unknown, actor: GroupActor, options: {now?: Date} = {}): Promise<AdminGroupBooking> {
  const now = options.now ?? new Date()
  const body = parseOrRefuse(CancelGroupBookingBodySchema, input ?? {})
  const booking = await getGroupBooking(bookingId)
  if (!booking) throw new ServiceError('not-found', GROUP_MESSAGES.notFound)
  if (booking.closed) throw new ServiceError('conflict', GROUP_MESSAGES.closed)
  const note = `Group booking of ${booking.company.name} cancelled${body.reason ? `: ${body.reason}` : ''}`
  const order = await settleOrder(booking, note, actor, now)

  const {value, changed} = await updateGroupBooking(bookingId, (current) =>
    current && !current.closed
      ? {
          ...current,
          closed: {reason: 'cancelled', at: now.toISOString(), by: actor.account, ...(body.reason ? {note: body.reason} : {})},
          updatedAt: now.toISOString(),
        }
      : undefined,
  )
  if (!changed) throw new ServiceError('conflict', GROUP_MESSAGES.closed)
  for (const delegate of booking.delegates) await cancelDelegate(delegate.orderId, note, actor, now)
  return adminGroupBooking(value ?? booking, order, now)
}

/** Ends the order's claim on the seats and the money (see the module comment); resolves to the order as it is afterwards. */
async function settleOrder(booking: GroupBooking, note: string, actor: GroupActor, now: Date): Promise<EnrolmentRecord | null> {
  const current = await getEnrolment(booking.orderId)
  if (!current || !wasPaid(current)) {
    const outcome = await cancelUnpaidOrder(booking.orderId, note, actor.account, now)
    if (outcome !== 'paid') {
      await releaseSeat(booking.batch.id, booking.orderId, now)
      if (isUpcoming(booking.batch.startDate, now)) await noticeFreedSeats(booking.batch.id, booking.orderId, booking.quote.seats, 'cancelled', now)
      return getEnrolment(booking.orderId)
    }
  }
  const paid = (await getEnrolment(booking.orderId))!
  if (paid.status === 'cancelled' || paid.status === 'refunded') return paid
  if (paid.paidVia !== 'bank-transfer') {
    const left = paid.amountMinor - refundedMinor(paid.refunds ?? [])
    if (left > 0) {
      const {record} = await requestRefund(
        paid.orderId,
        {amount: left, reason: 'other', note, idempotencyKey: `group-cancel-${booking.bookingId}`, account: actor.account},
        {now},
      )
      return record
    }
    return paid
  }
  const cancelled = await changeEnrolment(
    paid.orderId,
    {status: 'cancelled', note: `${note}\nPaid by bank transfer: return the money to the company by bank.`},
    {kind: 'staff', account: actor.account},
    now,
  )
  await freeEnrolmentSeat(cancelled, now)
  return cancelled
}

/** Cancels a delegate's enrolment where staff could (never a completed one); a failure is logged, the booking's cancel stands. */
async function cancelDelegate(orderId: string, note: string, actor: GroupActor, now: Date): Promise<void> {
  try {
    const record = await getEnrolment(orderId)
    if (!record || !checkStaffMove(record.status, 'cancelled').ok) return
    await changeEnrolment(orderId, {status: 'cancelled', note}, {kind: 'staff', account: actor.account}, now)
  } catch (error) {
    console.error(`[group-bookings] REVIEW: delegate ${orderId} could not be cancelled with the booking`, error)
  }
}
