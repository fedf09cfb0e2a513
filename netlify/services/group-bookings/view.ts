/**
 * How a group booking looks to the booker (its page) and where it stands, from the booking and
 * its order (the enrolment record carrying the payment).
 */
import {timingSafeEqual} from 'node:crypto'
import {GROUP_BOOKING_KEY_PATTERN, type GroupBookingStatus, type GroupBookingView} from '#schemas/contracts/group-bookings'
import {canEditDelegates, delegateEditDeadline, GROUP_MESSAGES, isOverdue} from '#schemas/rules/group-booking'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {HOLD_SECONDS} from '#schemas/rules/seats'
import {ServiceError} from '#netlify/platform/errors'
import {getEnrolment, type EnrolmentRecord} from '../enrolments/enrolments'
import {getGroupBooking, type GroupBooking} from './store'

/**
 * Where booking `booking` stands at `now`, given its order `order` (null: the order record is
 * missing): `cancelled` / `released` once closed; `paid` once the order's payment was received
 * (wasPaid, also refunded since); else `overdue` past an invoice's due day, `released` for a card
 * booking whose 30-minute checkout hold has ended unpaid, else `awaiting-payment`.
 */
export function groupBookingStatus(booking: GroupBooking, order: Pick<EnrolmentRecord, 'status' | 'paidAt'> | null, now: Date): GroupBookingStatus {
  if (booking.closed) return booking.closed.reason
  if (order && wasPaid(order)) return 'paid'
  if (booking.payBy === 'invoice' && booking.dueDate && isOverdue(booking.dueDate, now)) return 'overdue'
  // A card payment never made: its seats went back when the checkout's hold ended.
  if (booking.payBy === 'card' && now.getTime() >= Date.parse(booking.createdAt) + HOLD_SECONDS * 1000) return 'released'
  return 'awaiting-payment'
}

/** Whether `given` is the booking key `expected` (a 22-character base64url key, compared in constant time). */
const sameKey = (expected: string, given: string): boolean => {
  if (!GROUP_BOOKING_KEY_PATTERN.test(given)) return false
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(given, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * The booking `bookingId` whose key is `key` (compared in constant time) with its order.
 * Throws ServiceError not-found (404 "Group booking not found") for an unknown booking, a wrong
 * key and another booking's key alike.
 */
export async function findGroupBooking(bookingId: string, key: string): Promise<{booking: GroupBooking; order: EnrolmentRecord | null}> {
  const booking = await getGroupBooking(bookingId)
  if (!booking || !sameKey(booking.key, key)) throw new ServiceError('not-found', GROUP_MESSAGES.notFound)
  return {booking, order: await getEnrolment(booking.orderId)}
}

/** The booker's view of `booking` at `now` (GroupBookingViewSchema). Delegates may be edited once paid, until 2 days before the start. */
export function groupBookingView(booking: GroupBooking, order: EnrolmentRecord | null, now: Date): GroupBookingView {
  const status = groupBookingStatus(booking, order, now)
  return {
    bookingId: booking.bookingId,
    status,
    company: {name: booking.company.name, contactName: booking.company.contactName, email: booking.company.email, poNumber: booking.company.poNumber ?? null},
    courseName: booking.courseName,
    batch: {
      id: booking.batch.id,
      startDate: booking.batch.startDate,
      endDate: booking.batch.endDate,
      city: booking.batch.city,
      venue: booking.batch.venue ?? null,
    },
    seats: booking.quote.seats,
    currency: booking.currency,
    unitMinor: booking.quote.unitMinor,
    subtotalMinor: booking.quote.subtotalMinor,
    discountPercent: booking.quote.discountPercent,
    discountMinor: booking.quote.discountMinor,
    totalMinor: booking.quote.totalMinor,
    payBy: booking.payBy,
    proformaNumber: booking.proformaNumber ?? null,
    dueDate: booking.dueDate ?? null,
    receiptNumber: order?.receiptNumber ?? null,
    editable: status === 'paid' && order?.status !== 'refunded' && canEditDelegates(booking.batch.startDate, now),
    editDeadline: delegateEditDeadline(booking.batch.startDate),
    delegates: [...booking.delegates]
      .sort((a, b) => a.slot - b.slot)
      .map((d) => ({
        slot: d.slot,
        name: d.name,
        email: d.email,
        dateOfBirth: d.dateOfBirth,
        nationality: d.nationality,
        indos: d.indos ?? null,
        orderId: d.orderId,
      })),
  }
}
