/**
 * The release of unpaid group bookings (docs/requirements.md#req-group-bookings), a step of the
 * scheduled `seat-holds` function: a booking paid by invoice whose pro-forma is still unpaid when
 * its due day has ended (provider's time zone) loses its seats. Its order is cancelled while still
 * pending (one conditional write: a payment recorded at the same moment either lands first — then
 * nothing is released — or is refused), the booking is closed `released`, the held seats are given
 * back, the batch's waitlist is told of each freed seat, and the booker is e-mailed. Harmless when
 * repeated: a closed booking is skipped, and each step is idempotent.
 */
import {isOverdue} from '#schemas/rules/group-booking'
import {isUpcoming} from '#schemas/rules/seats'
import {releaseSeat} from '../seats/seats'
import {noticeFreedSeats} from '../seats/expiry'
import {cancelUnpaidOrder} from './order'
import {sendReleaseNotice} from './notices'
import {listGroupBookings, updateGroupBooking, type GroupBooking} from './store'

/** Who the order's history names as releasing it. */
export const RELEASE_ACTOR = 'Scheduled release (pro-forma unpaid)'

/** Releases the bookings overdue at `now`; resolves to the ids released by this call. A failing booking is logged and left for the next run. */
export async function releaseOverdueBookings(options: {now?: Date} = {}): Promise<string[]> {
  const now = options.now ?? new Date()
  const released: string[] = []
  for (const booking of await listGroupBookings()) {
    if (booking.closed || booking.payBy !== 'invoice' || !booking.dueDate || !isOverdue(booking.dueDate, now)) continue
    try {
      if (await releaseBooking(booking, now)) released.push(booking.bookingId)
    } catch (error) {
      console.error(`[group-bookings] REVIEW: overdue booking ${booking.bookingId} could not be released now; the next run retries`, error)
    }
  }
  return released
}

/** Releases one overdue booking; false when its payment arrived first (nothing released). */
async function releaseBooking(booking: GroupBooking, now: Date): Promise<boolean> {
  const note = `Pro-forma ${booking.proformaNumber ?? ''} unpaid by its due date ${booking.dueDate}: ${booking.quote.seats} seats released.`
  const outcome = await cancelUnpaidOrder(booking.orderId, note, RELEASE_ACTOR, now)
  if (outcome === 'paid') return false
  const {changed} = await updateGroupBooking(booking.bookingId, (current) =>
    current && !current.closed ? {...current, closed: {reason: 'released', at: now.toISOString(), by: RELEASE_ACTOR}, updatedAt: now.toISOString()} : undefined,
  )
  await releaseSeat(booking.batch.id, booking.orderId, now)
  if (isUpcoming(booking.batch.startDate, now)) await noticeFreedSeats(booking.batch.id, booking.orderId, booking.quote.seats, 'expired', now)
  if (changed) await sendReleaseNotice({...booking, closed: {reason: 'released', at: now.toISOString()}}, now)
  return changed
}
