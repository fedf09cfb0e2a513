/** Group bookings as staff see them (/admin/companies). */
import type {AdminGroupBooking} from '#schemas/contracts/group-bookings'
import type {EnrolmentRecord} from '../enrolments/enrolments'
import type {GroupBooking} from './store'
import {groupBookingStatus} from './view'

/** The staff view of `booking` with its order `order` at `now` (AdminGroupBookingSchema). */
export function adminGroupBooking(booking: GroupBooking, order: EnrolmentRecord | null, now: Date): AdminGroupBooking {
  const named = booking.delegates.length
  return {
    bookingId: booking.bookingId,
    orderId: booking.orderId,
    company: {
      name: booking.company.name,
      contactName: booking.company.contactName,
      email: booking.company.email,
      phone: booking.company.phone,
      country: booking.company.country,
      taxId: booking.company.taxId ?? null,
      poNumber: booking.company.poNumber ?? null,
    },
    courseName: booking.courseName,
    batch: {id: booking.batch.id, startDate: booking.batch.startDate, endDate: booking.batch.endDate, city: booking.batch.city},
    seats: booking.quote.seats,
    named,
    unnamed: Math.max(0, booking.quote.seats - named),
    currency: booking.currency,
    totalMinor: booking.quote.totalMinor,
    payBy: booking.payBy,
    status: groupBookingStatus(booking, order, now),
    proformaNumber: booking.proformaNumber ?? null,
    dueDate: booking.dueDate ?? null,
    receiptNumber: order?.receiptNumber ?? null,
    createdAt: booking.createdAt,
    paidAt: order?.paidAt ?? null,
  }
}
