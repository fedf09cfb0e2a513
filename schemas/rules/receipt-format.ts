/**
 * How receipts write times, money and the payment method, shared by the receipt PDF
 * (netlify/services/receipts/receipt-pdf.ts), the receipt number's year (netlify/services/receipts/receipt-number.ts), the confirmation page and the e-mails
 * (netlify/services/mail/templates/). Pure functions.
 *
 * Times are the provider's: Asia/Dubai (Gulf Standard Time, UTC+4 all year, no daylight saving),
 * the time zone of the office in Ajman whose year and dates the receipts carry.
 */
import {DATE_LOCALE, formatInr} from './format'
import {fromMinorUnits} from './price'
import {PROVIDER_TIME_ZONE, PROVIDER_TIME_ZONE_LABEL} from './provider-time'

export {PROVIDER_TIME_ZONE, PROVIDER_TIME_ZONE_LABEL}

/** The payment method printed on a receipt paid through Razorpay. */
export const CARD_PAYMENT_LABEL = 'Card via Razorpay'

/** The payment method printed on a sandbox receipt, visibly, so a test receipt never passes for a real one. */
export const SANDBOX_PAYMENT_LABEL = 'Sandbox (test) payment'

/** The payment method printed on a receipt of a group order paid against its pro-forma (finance's "Payment received"). */
export const BANK_TRANSFER_LABEL = 'Paid by bank transfer'

/**
 * The payment method label of a receipt: BANK_TRANSFER_LABEL for a bank transfer (it never passed
 * a gateway, sandbox or not), else SANDBOX_PAYMENT_LABEL or CARD_PAYMENT_LABEL.
 */
export function paymentMethodLabel(sandbox: boolean, bankTransfer = false): string {
  if (bankTransfer) return BANK_TRANSFER_LABEL
  return sandbox ? SANDBOX_PAYMENT_LABEL : CARD_PAYMENT_LABEL
}

let yearFormat: Intl.DateTimeFormat | undefined
let dateTimeFormat: Intl.DateTimeFormat | undefined

/**
 * The calendar year of `date` in the provider's time zone, e.g. 2027 for 2026-12-31T20:30:00Z.
 * Throws RangeError for an invalid date.
 */
export function providerYear(date: Date): number {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date')
  yearFormat ??= new Intl.DateTimeFormat('en-US', {timeZone: PROVIDER_TIME_ZONE, year: 'numeric'})
  return Number(yearFormat.format(date))
}

/**
 * An instant (ISO 8601 or Date) as the receipts print it, in the provider's time zone:
 * "1 January 2027, 00:30 (Dubai time, UTC+4)". Throws RangeError for an invalid time.
 */
export function formatProviderDateTime(time: string | Date): string {
  const date = typeof time === 'string' ? new Date(time) : time
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid time: ${String(time)}`)
  dateTimeFormat ??= new Intl.DateTimeFormat(DATE_LOCALE, {
    timeZone: PROVIDER_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  const parts = dateTimeFormat.formatToParts(date)
  // Built from the parts: ICU versions differ in the literal between day and time (", " or " at ").
  return `${part('day')} ${part('month')} ${part('year')}, ${part('hour')}:${part('minute')} (${PROVIDER_TIME_ZONE_LABEL})`
}

/**
 * An amount in minor units with its currency code as receipts print it: the code, a space and
 * the amount with the currency's decimals and thousands separators — 45000 'USD' →
 * "USD 450.00", 220000 'usd' → "USD 2,200.00", 4500 'JPY' → "JPY 4,500". Minor units are
 * 1/100 for 2-decimal currencies (Intl's digits for the code; 2 for an unknown code). INR
 * (docs/requirements.md#req-inr) is written the Indian way, its rupee sign naming the
 * currency (./format.ts formatInr): 4500000 'INR' (paise) → "₹45,000.00".
 */
export function formatAmountMinor(amountMinor: number, currency: string): string {
  const code = currency.toUpperCase()
  if (code === 'INR') return formatInr(fromMinorUnits(amountMinor))
  let digits = 2
  try {
    digits = new Intl.NumberFormat('en-US', {style: 'currency', currency: code}).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    digits = 2
  }
  const major = amountMinor / 10 ** digits
  return `${code} ${major.toLocaleString('en-US', {minimumFractionDigits: digits, maximumFractionDigits: digits})}`
}

/** The price of a company's group order as its receipt lists it, minor units of the receipt's currency. */
export type GroupOrderPrice = {seats: number; unitMinor: number; subtotalMinor: number; discountPercent: number; discountMinor: number}

/**
 * The price lines of a group order's receipt, each a label and its amount (formatAmountMinor):
 * "{seats} seats × {unit price}" → the subtotal, then "Group discount ({p} %)" → "−{discount}"
 * when the order has one. The total is the receipt's amount paid (docs/requirements.md#req-group-bookings).
 */
export function groupOrderLines(group: GroupOrderPrice, currency: string): Array<[string, string]> {
  const lines: Array<[string, string]> = [
    [`${group.seats} seats × ${formatAmountMinor(group.unitMinor, currency)}`, formatAmountMinor(group.subtotalMinor, currency)],
  ]
  if (group.discountPercent > 0) lines.push([`Group discount (${group.discountPercent} %)`, `−${formatAmountMinor(group.discountMinor, currency)}`])
  return lines
}
