/**
 * POST /api/admin/group-bookings/:bookingId/cancel {reason?} — finance cancels a group booking
 * (bearer token, permission group-bookings:manage); see netlify/services/group-bookings/cancel.ts:
 * its seats are released, an order paid by card is refunded in full through the refunds flow (a bank
 * transfer is finance's to send back).
 * Checks in this order: 401 without a valid token, 403 without the permission; 404 for an id that
 * is not a booking id; 415/413/400 for the body (schemas/contracts/group-bookings.ts
 * CancelGroupBookingBodySchema); then the service's 404 unknown booking, 409 closed already. 200
 * AdminGroupBookingSchema. Audited (`group-booking-cancel`: the order and the reason).
 */
import type {Config} from '@netlify/functions'
import {CancelGroupBookingBodySchema} from '#schemas/contracts/group-bookings'
import {guardedHandle, json, readJson, requireMethod} from '../platform/http'
import {auditStaff} from '../services/staff/audit-trail'
import {authorizeStaff, staffAccount, type StaffPrincipal} from '../services/admin/auth'
import {requireGroupBookingId} from '../services/group-bookings/admin'
import {cancelGroupBooking} from '../services/group-bookings/cancel'

/** The largest body accepted: a reason of at most 500 characters. */
const MAX_CANCEL_BYTES = 4 * 1024

export default guardedHandle(
  'group-bookings:manage',
  authorizeStaff,
  async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
    requireMethod(request, 'POST')
    const bookingId = requireGroupBookingId(context.params?.bookingId)
    const body = await readJson(request, CancelGroupBookingBodySchema, MAX_CANCEL_BYTES)
    const booking = await cancelGroupBooking(bookingId, body, {account: staffAccount(staff)})
    await auditStaff(
      staff,
      'group-booking-cancel',
      {type: 'group-booking', id: bookingId},
      {orderId: booking.orderId, ...(body.reason ? {reason: body.reason} : {})},
    )
    return json(booking)
  },
)

export const config: Config = {path: '/api/admin/group-bookings/:bookingId/cancel', method: 'POST'}
