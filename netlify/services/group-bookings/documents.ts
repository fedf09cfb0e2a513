/** The pro-forma invoice PDF of a booking paid by invoice, rendered from the booking as stored and the site's current bank details. */
import {countryName} from '#schemas/rules/group-booking'
import {GROUP_MESSAGES} from '#schemas/rules/group-booking'
import {ServiceError} from '#netlify/platform/errors'
import {groupBookingUrl} from '../mail/messages'
import {receiptContext} from '../receipts/context'
import {fetchBankDetails} from './content'
import {proformaFileName, renderProformaPdf} from './proforma-pdf'
import type {GroupBooking} from './store'

/**
 * The pro-forma of `booking`: `{fileName: 'PF-2026-00001.pdf', bytes}`. Issued on the booking's
 * day, due on its due date, with the bank details from the site settings. Throws ServiceError
 * not-found for a booking paid by card or one without its number yet (the booking page and the
 * e-mail only link it once it has one).
 */
export async function proformaPdfOf(booking: GroupBooking): Promise<{fileName: string; bytes: Uint8Array}> {
  if (booking.payBy !== 'invoice' || !booking.proformaNumber || !booking.dueDate) throw new ServiceError('not-found', GROUP_MESSAGES.notFound)
  const [{provider}, bank] = await Promise.all([receiptContext(), fetchBankDetails()])
  const bytes = await renderProformaPdf({
    provider,
    proformaNumber: booking.proformaNumber,
    issuedOn: booking.createdAt.slice(0, 10),
    dueDate: booking.dueDate,
    company: booking.company,
    countryName: countryName(booking.company.country) ?? booking.company.country,
    courseName: booking.courseName,
    batch: {startDate: booking.batch.startDate, endDate: booking.batch.endDate, city: booking.batch.city, venue: booking.batch.venue ?? null},
    currency: booking.currency,
    quote: booking.quote,
    bank,
    bookingUrl: groupBookingUrl(booking.bookingId, booking.key),
  })
  return {fileName: proformaFileName(booking.proformaNumber), bytes}
}
