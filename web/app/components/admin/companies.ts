/**
 * The companies page's requests, words and checks, free of React (/admin/companies,
 * docs/requirements.md#req-group-bookings). Browser code: the contracts and rules of schemas/ only.
 *
 * - `fetchCompanies(token, signal)`: GET /api/admin/companies → CompaniesResponse (companies by
 *   name, their bookings newest first, the overdue bookings).
 * - `recordGroupPayment(token, bookingId, body)`: POST …/payment-received {amount (minor units),
 *   date, reference} → the booking after it; 400 (a field), 404, 409 (paid already, cancelled)
 *   carry the server's `{error, details}`, shown as they are.
 * - `cancelGroupBookingRequest(token, bookingId)`: POST …/cancel {} → the booking after it.
 * Every 401 throws UnauthorizedError (the page signs out).
 *
 * Units: the payment form's amount is typed in MAJOR units ("1800", "1800.50") and sent in MINOR
 * units; every amount of the answers is in minor units of the booking's currency.
 */
import {
  AdminGroupBookingSchema,
  CompaniesResponseSchema,
  GROUP_BOOKING_STATUS_LABELS,
  paymentReceivedBodySchema,
  type AdminGroupBooking,
  type CompaniesResponse,
  type PaymentReceivedBody,
} from '#schemas/contracts/group-bookings'
import {countryName} from '#schemas/rules/group-booking'
import {formatLongDate} from '#schemas/rules/format'
import {adminGroupCancelApi, adminGroupPaymentApi, ADMIN_COMPANIES_API} from '#schemas/rules/paths'
import {parseAmountUsd, toMinorUnits} from '#schemas/rules/price'
import {adminFetch, clientErrors} from './admin-fetch'
import {formatMinor} from './refunds'

export {amountInputText, formatMinor} from './refunds'

export const COMPANIES_MESSAGES = {
  loadFailed: 'Failed to load the companies',
  empty: 'No group bookings yet.',
  paymentFailed: 'The payment could not be recorded. Please try again.',
  cancelFailed: 'The booking could not be cancelled. Please try again.',
  amountFormat: 'Enter the amount as a number such as 1800 or 1800.50 (at most two decimals).',
} as const

/** The companies and their bookings. */
export const fetchCompanies = (token: string, signal?: AbortSignal): Promise<CompaniesResponse> =>
  adminFetch(ADMIN_COMPANIES_API, {token, signal, schema: CompaniesResponseSchema, failed: COMPANIES_MESSAGES.loadFailed})

/** Finance's "Payment received" of booking `bookingId`: the booking after it. */
export const recordGroupPayment = (token: string, bookingId: string, body: PaymentReceivedBody): Promise<AdminGroupBooking> =>
  adminFetch(adminGroupPaymentApi(bookingId), {
    token,
    method: 'POST',
    body,
    schema: AdminGroupBookingSchema,
    failed: COMPANIES_MESSAGES.paymentFailed,
    serverMessage: clientErrors,
  })

/** Finance's "Cancel booking" of booking `bookingId`: the booking after it. */
export const cancelGroupBookingRequest = (token: string, bookingId: string): Promise<AdminGroupBooking> =>
  adminFetch(adminGroupCancelApi(bookingId), {
    token,
    method: 'POST',
    body: {},
    schema: AdminGroupBookingSchema,
    failed: COMPANIES_MESSAGES.cancelFailed,
    serverMessage: clientErrors,
  })

/** A booking's status as staff read it ("Payment due", "Overdue", "Paid", …). */
export const statusLabel = (booking: Pick<AdminGroupBooking, 'status'>): string => GROUP_BOOKING_STATUS_LABELS[booking.status] ?? booking.status

/** Whether finance may mark the booking's payment received: paid by invoice, and due or overdue. */
export const canRecordPayment = (booking: Pick<AdminGroupBooking, 'payBy' | 'status'>): boolean =>
  booking.payBy === 'invoice' && (booking.status === 'awaiting-payment' || booking.status === 'overdue')

/** Whether the booking may be cancelled: not closed yet (released or cancelled). */
export const canCancel = (booking: Pick<AdminGroupBooking, 'status'>): boolean => booking.status !== 'released' && booking.status !== 'cancelled'

/** The company's country by name ("India"), or its code when unknown. */
export const countryText = (code: string): string => countryName(code) ?? code

/** "6 seats" / "1 seat". */
export const seatsText = (n: number): string => `${n} ${n === 1 ? 'seat' : 'seats'}`

/** "4 named · 2 unnamed". */
export const namedText = (booking: Pick<AdminGroupBooking, 'named' | 'unnamed'>): string => `${booking.named} named · ${booking.unnamed} unnamed`

/** The booking's amount: "$2,160 USD". */
export const amountText = (booking: Pick<AdminGroupBooking, 'totalMinor' | 'currency'>): string => formatMinor(booking.totalMinor, booking.currency)

/** "Due 15 March 2027", or null without a due date (paid by card). */
export const dueText = (booking: Pick<AdminGroupBooking, 'dueDate'>): string | null => (booking.dueDate ? `Due ${formatLongDate(booking.dueDate)}` : null)

/**
 * What "Cancel booking" asks: the seats released; a card payment received is refunded in full
 * (the refunds flow), a bank transfer received is finance's to send back by bank.
 */
export function cancelText(booking: Pick<AdminGroupBooking, 'seats' | 'payBy' | 'status' | 'totalMinor' | 'currency'>): string {
  const paid = booking.status === 'paid'
  const money = !paid
    ? ''
    : booking.payBy === 'card'
      ? `, and the card payment of ${amountText(booking)} is refunded in full`
      : `; the bank transfer of ${amountText(booking)} is not refunded here: send it back to the company by bank`
  return `Its ${seatsText(booking.seats)} ${booking.seats === 1 ? 'is' : 'are'} released for others to book${money}. This cannot be undone.`
}

/** The payment form as typed: the amount in major units, the day ('YYYY-MM-DD') and the bank reference. */
export type PaymentFormInput = {amountText: string; date: string; reference: string}
export type PaymentField = keyof PaymentFormInput

/** The form's verdict: the request to send (amount in minor units), or the first problem with the field it concerns. */
export type PaymentFormCheck = {ok: true; request: PaymentReceivedBody} | {ok: false; field: PaymentField; message: string}

const FIELD_OF: Readonly<Record<string, PaymentField>> = {amount: 'amountText', date: 'date', reference: 'reference'}

/** Checks the form at `today` (the provider's day) with the API's own rule (paymentReceivedBodySchema) before anything is sent. */
export function checkPaymentForm(input: PaymentFormInput, today: string): PaymentFormCheck {
  const major = parseAmountUsd(input.amountText.trim())
  if (major === null) return {ok: false, field: 'amountText', message: COMPANIES_MESSAGES.amountFormat}
  const parsed = paymentReceivedBodySchema(today).safeParse({amount: toMinorUnits(major), date: input.date.trim(), reference: input.reference})
  if (parsed.success) return {ok: true, request: parsed.data}
  const issue = parsed.error.issues[0]!
  return {ok: false, field: FIELD_OF[String(issue.path[0])] ?? 'reference', message: issue.message}
}

/** The field a server's 400 names first (its `details` keys are the body's: amount, date, reference), or null. */
export function fieldOfDetails(details: Readonly<Record<string, readonly string[] | undefined>>): PaymentField | null {
  for (const key of Object.keys(details)) if (FIELD_OF[key]) return FIELD_OF[key]!
  return null
}

/** `data` with `booking` in place of the booking of the same id, and the overdue list following its status. */
export function withBooking(data: CompaniesResponse, booking: AdminGroupBooking): CompaniesResponse {
  const replace = (row: AdminGroupBooking) => (row.bookingId === booking.bookingId ? booking : row)
  return {
    companies: data.companies.map((company) => ({...company, bookings: company.bookings.map(replace)})),
    overdue: data.overdue.map(replace).filter((row) => row.status === 'overdue'),
  }
}
