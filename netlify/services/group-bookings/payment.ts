/**
 * Finance records a bank transfer against a pro-forma (POST
 * /api/admin/group-bookings/{bookingId}/payment-received, permission group-bookings:manage): the
 * only way a booking paid by invoice is confirmed — it never confirms itself. The order is marked
 * paid (`paidVia: 'bank-transfer'`, the bank reference as the payment id) through markPaid, which
 * books all the seats (a conditional write) and is the one arbiter against the release job: an
 * order the job has cancelled refuses the payment (409), a paid one is never released. Then the
 * receipt (its number in the receipt series, the e-mail with the PDF) as for a card payment.
 */
import {paymentReceivedBodySchema, type AdminGroupBooking} from '#schemas/contracts/group-bookings'
import {GROUP_MESSAGES} from '#schemas/rules/group-booking'
import {providerToday} from '#schemas/rules/batches'
import {formatMoney} from '#schemas/rules/format'
import {fromMinorUnits} from '#schemas/rules/price'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {ServiceError} from '#netlify/platform/errors'
import {CANCELLED_ORDER_MESSAGE, EXPIRED_ORDER_MESSAGE, getEnrolment, markPaid} from '../enrolments/enrolments'
import {completePayment} from '../enrolments/paid-enrolment'
import {adminGroupBooking} from './admin'
import {parseOrRefuse} from './parse'
import {getGroupBooking, updateGroupBooking} from './store'

/** Who acts: the staff account (e-mail). */
export type GroupActor = {account: string}

/**
 * Records the payment `input` ({amount (minor units, must be the pro-forma's total), date
 * 'YYYY-MM-DD' not in the future, reference}) of booking `bookingId` at `now` and issues the
 * receipt. Resolves to the booking as staff see it. Throws ServiceError: invalid (the body; an
 * amount other than the total), not-found (GROUP_MESSAGES.notFound), conflict (a card booking:
 * no pro-forma; already paid: "This pro-forma is already marked paid"; released or cancelled:
 * "This booking was cancelled: no payment can be recorded").
 */
export async function recordPaymentReceived(bookingId: string, input: unknown, actor: GroupActor, options: {now?: Date} = {}): Promise<AdminGroupBooking> {
  const now = options.now ?? new Date()
  const body = parseOrRefuse(paymentReceivedBodySchema(providerToday(now)), input)
  const booking = await getGroupBooking(bookingId)
  if (!booking) throw new ServiceError('not-found', GROUP_MESSAGES.notFound)
  if (booking.payBy !== 'invoice') throw new ServiceError('conflict', GROUP_MESSAGES.notInvoice)
  if (booking.closed) throw new ServiceError('conflict', GROUP_MESSAGES.cancelledPayment)
  const order = await getEnrolment(booking.orderId)
  if (!order) throw new ServiceError('not-found', GROUP_MESSAGES.notFound)
  if (wasPaid(order)) throw new ServiceError('conflict', GROUP_MESSAGES.alreadyPaid)
  if (body.amount !== booking.quote.totalMinor) {
    const message = GROUP_MESSAGES.amountMismatch(formatMoney(fromMinorUnits(booking.quote.totalMinor), booking.currency))
    throw new ServiceError('invalid', message, {field: 'amount', details: {amount: [message]}})
  }
  let paid
  try {
    paid = (await markPaid(booking.orderId, `bank_${body.reference}`, 'bank-transfer', {now: () => now})).record
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'conflict') {
      const cancelled = error.message === CANCELLED_ORDER_MESSAGE || error.message === EXPIRED_ORDER_MESSAGE
      throw new ServiceError('conflict', cancelled ? GROUP_MESSAGES.cancelledPayment : GROUP_MESSAGES.alreadyPaid)
    }
    throw error
  }
  const {value} = await updateGroupBooking(bookingId, (current) =>
    current && !current.payment
      ? {
          ...current,
          payment: {amountMinor: body.amount, date: body.date, reference: body.reference, recordedBy: actor.account, recordedAt: now.toISOString()},
          updatedAt: now.toISOString(),
        }
      : undefined,
  )
  const completed = await completePayment(paid, {now})
  return adminGroupBooking(value ?? booking, completed, now)
}
