/**
 * POST /api/admin/group-bookings/:bookingId/payment-received {amount, date, reference} — finance
 * records the bank transfer against a group booking's pro-forma (bearer token, permission
 * group-bookings:manage); see netlify/services/group-bookings/payment.ts, which books the seats and
 * issues the receipt. `amount` in minor units of the booking's currency, `date` 'YYYY-MM-DD' (not
 * in the future), `reference` the bank's (schemas/contracts/group-bookings.ts
 * paymentReceivedBodySchema). Checks in this order: 401 without a valid token, 403 without the
 * permission; 404 for an id that is not a booking id; 415/413 for the body; then the service's
 * 400 naming the field, 404 unknown booking, 409 paid already, cancelled or released. 200
 * AdminGroupBookingSchema. Audited (`group-booking-payment`: amount, date, reference).
 */
import type {Config} from '@netlify/functions'
import {z} from 'zod'
import type {PaymentReceivedRequest} from '#schemas/contracts/group-bookings'
import {guardedHandle, json, readJson, requireMethod} from '../platform/http'
import {auditStaff} from '../services/staff/audit-trail'
import {authorizeStaff, staffAccount, type StaffPrincipal} from '../services/admin/auth'
import {requireGroupBookingId} from '../services/group-bookings/admin'
import {recordPaymentReceived} from '../services/group-bookings/payment'

/** The largest body accepted: three short fields. */
const MAX_PAYMENT_BYTES = 4 * 1024

export default guardedHandle(
  'group-bookings:manage',
  authorizeStaff,
  async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
    requireMethod(request, 'POST')
    const bookingId = requireGroupBookingId(context.params?.bookingId)
    // The body's rule depends on the provider's day: the service checks it.
    const body: unknown = await readJson(request, z.unknown(), MAX_PAYMENT_BYTES)
    const booking = await recordPaymentReceived(bookingId, body, {account: staffAccount(staff)})
    // Recorded, so the body passed the service's check.
    const {amount, date, reference} = body as PaymentReceivedRequest
    await auditStaff(
      staff,
      'group-booking-payment',
      {type: 'group-booking', id: bookingId},
      {amount, date, reference: reference.trim(), orderId: booking.orderId},
    )
    return json(booking)
  },
)

export const config: Config = {path: '/api/admin/group-bookings/:bookingId/payment-received', method: 'POST'}
