/**
 * The browser's side of booking a group (docs/requirements.md#req-group-bookings):
 * POST /api/group-bookings with the form's body (GroupBookingBodySchema; the server prices the
 * order itself: no amount is ever sent) and what its answer means for the form. Browser-only: no
 * server imports.
 *
 *   200 paid by card   → the order as create-order answers it, plus {bookingId, key}: Checkout opens
 *   200 paid by invoice → {bookingId, key, proformaNumber, dueDate}: the booking's page
 *   400                → the server's message and its field errors ('company.taxId', 'seats', …)
 *   409                → "Only {n} seats are left in this batch" (or "This batch is full"): `seatsConflict`
 *   other 4xx          → the server's message; anything else GROUP_BOOKING_FAILED
 */
import {ApiErrorSchema} from '#schemas/contracts/errors'
import {
  GroupCardResponseSchema,
  GroupInvoiceResponseSchema,
  type GroupBookingRequest,
  type GroupCardResponse,
  type DelegateField,
  type GroupInvoiceResponse,
} from '#schemas/contracts/group-bookings'
import {batchDayLabel} from '#schemas/rules/batches'
import {formatMoney} from '#schemas/rules/format'
import {GROUP_BOOKINGS_API} from '#schemas/rules/paths'
import {fromMinorUnits} from '#schemas/rules/price'

/** The message when the call fails without a readable reason (network, 5xx, an unreadable body). */
export const GROUP_BOOKING_FAILED = 'Your group booking could not be made. Please try again, or contact us.'

/** What the form does after a submit. */
export type GroupBookingOutcome =
  | {ok: true; payBy: 'card'; order: GroupCardResponse}
  | {ok: true; payBy: 'invoice'; booking: GroupInvoiceResponse}
  | {ok: false; status: number; message: string; fieldErrors: Record<string, string[]>; seatsConflict: boolean}

/** The outcome of an answer (`status`, the parsed JSON body or null) to a booking paid by `payBy`. */
export function groupBookingOutcome(payBy: 'card' | 'invoice', status: number, body: unknown): GroupBookingOutcome {
  if (status === 200) {
    if (payBy === 'card') {
      const order = GroupCardResponseSchema.safeParse(body)
      if (order.success) return {ok: true, payBy, order: order.data}
    } else {
      const booking = GroupInvoiceResponseSchema.safeParse(body)
      if (booking.success) return {ok: true, payBy, booking: booking.data}
    }
  }
  const error = ApiErrorSchema.safeParse(body)
  if (status >= 400 && status < 500 && error.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const [name, messages] of Object.entries(error.data.details ?? {})) if (messages?.length) fieldErrors[name] = messages
    return {ok: false, status, message: error.data.error, fieldErrors, seatsConflict: status === 409}
  }
  return {ok: false, status, message: GROUP_BOOKING_FAILED, fieldErrors: {}, seatsConflict: false}
}

/** Sends the booking; never throws. */
export async function requestGroupBooking(body: GroupBookingRequest): Promise<GroupBookingOutcome> {
  const payBy = body.payBy === 'invoice' ? 'invoice' : 'card'
  try {
    const response = await fetch(GROUP_BOOKINGS_API, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)})
    return groupBookingOutcome(payBy, response.status, await response.json().catch(() => null))
  } catch {
    return groupBookingOutcome(payBy, 0, null)
  }
}

/** An amount in minor units as the group pages and the sandbox dialog write it ("$1,425 USD"). */
export const moneyOf = (minor: number, currency: string): string => formatMoney(fromMinorUnits(minor), currency)

/** "Pro-forma due by {date}; your seats are held until then". */
export const invoiceHoldText = (dueDate: string): string => `Pro-forma due by ${batchDayLabel(dueDate)}; your seats are held until then`

/** The field name (and id) of `field` of seat `slot` in the booking page's delegates form. */
export const delegateFieldName = (slot: number, field: DelegateField): string => `delegate-${slot}-${field}`
