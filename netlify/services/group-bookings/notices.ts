/**
 * The e-mails of group bookings, queued in the outbox (one message per key, so a retry never
 * sends twice); the booker's are tried at once, capped at 5 s (the outbox job retries): the booker's
 * confirmation with the pro-forma (`group-booking:{booking id}`, bookings paid by invoice; a card
 * booking's confirmation is its receipt), the release of unpaid seats
 * (`group-booking-released:{booking id}`), and each named delegate's joining instructions
 * (`delegate-joining:{delegate order id}-{version}`).
 */
import {deliverOne, VISITOR_SEND_TIMEOUT_MS} from '../mail/deliver'
import {delegateJoiningMessage, groupBookingMessage, groupBookingReleasedMessage, groupBookingUrl} from '../mail/messages'
import {enqueue, type NewOutboxMessage} from '../mail/outbox'
import {receiptContext} from '../receipts/context'
import {documentsToBring} from '../account/to-bring'
import {proformaPdfOf} from './documents'
import type {GroupBooking, StoredDelegate} from './store'
import {isPseudonymEmail} from '../privacy/records'

const mailBatch = (booking: GroupBooking) => ({
  startDate: booking.batch.startDate,
  endDate: booking.batch.endDate,
  city: booking.batch.city,
  venue: booking.batch.venue ?? null,
})

/** Queues `message` and tries to send it now; a failed send stays queued for the job. */
async function queueAndTry(message: NewOutboxMessage, now: Date): Promise<void> {
  const {id} = await enqueue(message, {now})
  await deliverOne(id, {now, timeoutMs: VISITOR_SEND_TIMEOUT_MS}).catch((error) => console.error(`[group-bookings] ${id} stays queued`, error))
}

/** Queues the booker's confirmation of an invoice booking with its pro-forma PDF (nothing for a card booking, or one without its number yet). */
export async function sendBookingConfirmation(booking: GroupBooking, now: Date): Promise<void> {
  if (booking.payBy !== 'invoice' || !booking.proformaNumber || !booking.dueDate) return
  const [{provider}, pdf] = await Promise.all([receiptContext(), proformaPdfOf(booking)])
  const message = await groupBookingMessage({
    provider,
    bookingId: booking.bookingId,
    contactName: booking.company.contactName,
    company: booking.company.name,
    courseName: booking.courseName,
    batch: mailBatch(booking),
    currency: booking.currency,
    quote: booking.quote,
    payBy: booking.payBy,
    bookingUrl: groupBookingUrl(booking.bookingId, booking.key),
    email: booking.company.email,
    proforma: {number: booking.proformaNumber, dueDate: booking.dueDate, pdf},
  })
  await queueAndTry(message, now)
}

/** Queues the booker's notice that the unpaid seats of `booking` were released at its due date. */
export async function sendReleaseNotice(booking: GroupBooking, now: Date): Promise<void> {
  const {provider} = await receiptContext()
  const message = await groupBookingReleasedMessage({
    provider,
    bookingId: booking.bookingId,
    contactName: booking.company.contactName,
    company: booking.company.name,
    courseName: booking.courseName,
    batch: mailBatch(booking),
    seats: booking.quote.seats,
    proformaNumber: booking.proformaNumber ?? '',
    dueDate: booking.dueDate ?? '',
    email: booking.company.email,
  })
  await queueAndTry(message, now)
}

/** Queues the joining instructions of `delegate` (the `n`th person on that seat: a swap sends anew). */
export async function sendDelegateJoining(booking: GroupBooking, delegate: StoredDelegate, n: number, now: Date): Promise<void> {
  // An erased delegate's seat keeps a pseudonymous address that nothing is ever sent to.
  if (isPseudonymEmail(delegate.email)) return
  const [{provider}, toBring] = await Promise.all([receiptContext(), documentsToBring(booking.trainingProgram)])
  const message = await delegateJoiningMessage({
    provider,
    delegateName: delegate.name,
    company: booking.company.name,
    courseName: booking.courseName,
    batch: mailBatch(booking),
    toBring,
    email: delegate.email,
    delegateOrderId: delegate.orderId,
    n,
  })
  // Queued only: a save names up to 30 people at once; the outbox job sends within minutes.
  await enqueue(message, {now})
}
