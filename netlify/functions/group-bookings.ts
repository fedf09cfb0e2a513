/** POST /api/group-bookings — see netlify/services/group-bookings/booking.ts. */
import type {Config} from '@netlify/functions'
import {clientAddress, handle, json, readJsonValue, requireMethod, HttpError} from '../platform/http'
import {reportPaymentsConfigAtStartup} from '../platform/payments/config'
import {createGroupBooking} from '../services/group-bookings/booking'

reportPaymentsConfigAtStartup()

/**
 * The edge: 405 other methods, 415 not JSON, 413 over 64 KB, 400 a body GroupBookingBodySchema
 * refuses (with `details` per field, e.g. `company.taxId`), 409 too few seats left, 429 over the
 * client's limit; then the booking's answer (the order for Checkout, or the pro-forma's number and
 * due date).
 */
export default handle(async (request: Request, context: {ip?: string}) => {
  requireMethod(request, 'POST')
  if (!/^application\/json\b/i.test(request.headers.get('content-type') ?? '')) throw new HttpError(415, 'Send the body as application/json')
  const body = await readJsonValue(request)
  return json(await createGroupBooking(body, {client: clientAddress(request, context)}))
})

export const config: Config = {path: '/api/group-bookings', method: 'POST'}
