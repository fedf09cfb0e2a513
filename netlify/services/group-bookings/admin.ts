/**
 * Group bookings as staff see them on /admin/companies (docs/requirements.md#req-group-bookings):
 * one booking with its order's payment facts, and every booking grouped by company. Read only;
 * finance's changes are ./payment.ts and ./cancel.ts.
 */
import {isGroupBookingId, type AdminGroupBooking, type CompaniesResponse} from '#schemas/contracts/group-bookings'
import {GROUP_MESSAGES} from '#schemas/rules/group-booking'
import {ServiceError} from '#netlify/platform/errors'
import {getEnrolment, type EnrolmentRecord} from '../enrolments/enrolments'
import {listGroupBookings, type GroupBooking} from './store'
import {groupBookingStatus} from './view'

/** A path's booking id checked against its pattern (`grp_` + 16 letters and digits): anything else is not-found "Group booking not found". */
export function requireGroupBookingId(value: string | undefined): string {
  if (!isGroupBookingId(value ?? '')) throw new ServiceError('not-found', GROUP_MESSAGES.notFound)
  return value!
}

/**
 * Booking `booking` at `now` as staff see it (AdminGroupBookingSchema), given its order `order`
 * (null: the order record is missing, then nothing is paid and there is no receipt). Money in
 * minor units of the booking's currency; `named` the seats with a delegate, `unnamed` the rest;
 * `status` as ./view.ts groupBookingStatus; `paidAt` and `receiptNumber` the order's.
 */
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

/** A company's key: its name without case or surrounding/double spaces, and its country ("Acme Ship Management" in IN). */
const companyName = (name: string): string => name.trim().replace(/\s+/g, ' ')
const companyKey = (booking: AdminGroupBooking): string => `${companyName(booking.company.name).toLocaleLowerCase('en')}\u0000${booking.company.country}`

const newestFirst = (a: AdminGroupBooking, b: AdminGroupBooking): number =>
  b.createdAt.localeCompare(a.createdAt) || (a.bookingId < b.bookingId ? -1 : a.bookingId > b.bookingId ? 1 : 0)

/**
 * GET /api/admin/companies at `now` (default the current time): every group booking with its
 * order (read in parallel), grouped by company — the same name in any case, and the same country
 * — companies by name (the name of their newest booking), each company's bookings newest first;
 * `overdue` the bookings whose invoice is past its due day unpaid (status `overdue`), soonest due
 * first. Hundreds of bookings, not millions: everything is read.
 */
export async function listCompanies(options: {now?: Date} = {}): Promise<CompaniesResponse> {
  const now = options.now ?? new Date()
  const bookings = await listGroupBookings()
  const rows = await Promise.all(bookings.map(async (booking) => adminGroupBooking(booking, await getEnrolment(booking.orderId), now)))
  rows.sort(newestFirst)

  const companies = new Map<string, CompaniesResponse['companies'][number]>()
  for (const row of rows) {
    const key = companyKey(row)
    const company = companies.get(key)
    if (company) company.bookings.push(row)
    else companies.set(key, {name: companyName(row.company.name), country: row.company.country, bookings: [row]})
  }
  return {
    companies: [...companies.values()].sort((a, b) => a.name.localeCompare(b.name, 'en', {sensitivity: 'base'}) || a.country.localeCompare(b.country)),
    overdue: rows.filter((row) => row.status === 'overdue').sort((a, b) => (a.dueDate ?? '').localeCompare(b.dueDate ?? '') || newestFirst(a, b)),
  }
}
