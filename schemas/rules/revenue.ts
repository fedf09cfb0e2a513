/**
 * The revenue rule (docs/requirements.md#req-refunds): what an enrolment brings in, and
 * how that falls by month. One home: the admin list's Total Revenue card
 * (web/app/components/admin/enrolments.ts summarize) and its "Revenue by month" chart
 * (web/app/components/admin/RevenueByMonth.tsx) both read it. Pure: the time is always passed in
 * (`now`), never read from the clock.
 *
 * - An enrolment's net revenue is what was paid minus what was refunded: its `amount` (MAJOR
 *   units, ./price.ts toMinorUnits) when its payment was received (./enrolment-status.ts wasPaid:
 *   a paid-like status, or cancelled/refunded after payment; never `pending`), minus its refunds
 *   that count (./refunds.ts refundedMinor: every state but `failed`), never below 0. Unpaid
 *   enrolments bring in 0 whatever their refunds. The row's `refunds` are the record of what was
 *   returned: the status (`refunded`, `partially-refunded`) is not read beyond wasPaid.
 * - A cadetship's later installments paid by payment link (`installmentPayments`) add
 *   to its revenue, each in the month it was paid.
 * - By month it is a cash view: a payment counts in the month of its `paidAt`, each refund in
 *   the month of its own `createdAt` (when staff made it), so a refund made in a later month
 *   lowers that later month, not the month of the payment, and a month can be negative (more
 *   refunded than paid). A paid row without a readable `paidAt`, or a refund without a readable
 *   `createdAt`, counts in the total but in no month.
 * - Months are calendar months in the provider's time zone, Asia/Dubai (UTC+4 all year, no
 *   daylight saving: ./receipt-format.ts PROVIDER_TIME_ZONE, the zone of the receipts' year): a
 *   payment at 2026-01-31T20:30:00Z is in February 2026. Month keys are 'YYYY-MM'.
 * - Currencies are never added together: every figure is per upper-case currency code (a row
 *   without one is USD, as the admin list shows it).
 *
 * Units: every `…Minor` figure is an integer of minor units (cents for USD; ./price.ts).
 */
import {DATE_LOCALE} from './format'
import {wasPaid} from './enrolment-status'
import {toMinorUnits} from './price'
import {PROVIDER_TIME_ZONE} from './provider-time'
import {refundCounts, refundedMinor, type RefundAmount} from './refunds'

/** The part of an admin list row (schemas/contracts/admin.ts EnrolmentSummary) the revenue rule reads. */
export type RevenueRow = {
  /** MAJOR units of `currency` (150 = $150). */
  amount: number
  currency?: string | null
  status: string
  /** When the payment was received (ISO 8601), or null. */
  paidAt?: string | null
  /** The refunds, amounts in MINOR units, each made at `createdAt` (ISO 8601). */
  refunds?: readonly (RefundAmount & {createdAt: string})[]
  /** Later installments paid by payment link, amounts in MINOR units of `currency`, each paid at `paidAt` (ISO 8601). */
  installmentPayments?: readonly {amount: number; paidAt: string}[]
}

/** The minor units of a row's installments paid by payment link; amounts that are not positive whole numbers count 0. */
const installmentsMinor = (row: RevenueRow): number =>
  (row.installmentPayments ?? []).reduce((sum, payment) => sum + (Number.isSafeInteger(payment.amount) && payment.amount > 0 ? payment.amount : 0), 0)

/** A row's currency as the revenue figures key it: upper case, USD when missing. */
export const revenueCurrency = (row: Pick<RevenueRow, 'currency'>): string => (row.currency || 'USD').toUpperCase()

/**
 * What an enrolment brings in, in minor units: toMinorUnits(amount) plus its later installments
 * paid by payment link minus the refunds that count, when its payment was received
 * (wasPaid), else 0; never below 0, and 0 for an amount that is not a finite number.
 */
export function netRevenueMinor(row: RevenueRow): number {
  if (!wasPaid(row)) return 0
  const amount = Number(row.amount)
  if (!Number.isFinite(amount)) return 0
  return Math.max(0, toMinorUnits(amount) + installmentsMinor(row) - refundedMinor(row.refunds))
}

/** One month of one currency: paid in that month, refunded in that month, and the difference (all minor units; `netMinor` may be negative). */
export type MonthRevenue = {month: string; paidMinor: number; refundedMinor: number; netMinor: number}

/** The months of one currency, oldest first, and their sum (`netMinor`, minor units). */
export type CurrencyRevenue = {currency: string; months: MonthRevenue[]; netMinor: number}

let monthFormat: Intl.DateTimeFormat | undefined

/** The calendar month of an instant in Asia/Dubai as 'YYYY-MM' (2026-01-31T20:30:00Z → '2026-02'); null for an unreadable time. */
export function providerMonth(time: string | Date | null | undefined): string | null {
  if (time === null || time === undefined || time === '') return null
  const date = typeof time === 'string' ? new Date(time) : time
  if (Number.isNaN(date.getTime())) return null
  monthFormat ??= new Intl.DateTimeFormat('en-US', {timeZone: PROVIDER_TIME_ZONE, year: 'numeric', month: '2-digit'})
  const parts = monthFormat.formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}`
}

/**
 * The `count` calendar months (Asia/Dubai) ending with the month of `now`, oldest first:
 * lastMonths(2026-03-10, 3) → ['2026-01', '2026-02', '2026-03']. Throws RangeError for an
 * invalid `now` or a `count` that is not a positive integer.
 */
export function lastMonths(now: Date, count: number): string[] {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`Invalid number of months: ${count}`)
  const current = providerMonth(now)
  if (!current) throw new RangeError('Invalid date')
  const [year, month] = current.split('-').map(Number) as [number, number]
  return Array.from({length: count}, (_, index) => {
    const months = year * 12 + (month - 1) - (count - 1 - index)
    return `${String(Math.floor(months / 12)).padStart(4, '0')}-${String((months % 12) + 1).padStart(2, '0')}`
  })
}

/**
 * The cash view of a set of rows, every month: per upper-case currency, per month 'YYYY-MM'
 * (Asia/Dubai), `[paidMinor, refundedMinor]`. Months with nothing are absent. It adds up over
 * sets of rows (the enrolment index keeps it per partition).
 */
export type CashByMonth = Record<string, Record<string, [number, number]>>

function addCashIn(cash: CashByMonth, currency: string, month: string | null, paid: number, refunded: number): void {
  if (!month || (paid === 0 && refunded === 0)) return
  const months = (cash[currency] ??= {})
  const [p, r] = months[month] ?? [0, 0]
  months[month] = [p + paid, r + refunded]
  if (months[month]![0] === 0 && months[month]![1] === 0) delete months[month]
  if (Object.keys(months).length === 0) delete cash[currency]
}

/**
 * Adds (`sign` 1) or takes out (`sign` -1) one row's part of the cash view, in place: its
 * payment in the month of `paidAt`, each installment paid by link in its month, each refund that
 * counts in the month it was made; nothing for a row whose payment was not received.
 */
export function addCash(cash: CashByMonth, row: RevenueRow, sign: 1 | -1 = 1): CashByMonth {
  if (!wasPaid(row)) return cash
  const currency = revenueCurrency(row)
  const amount = Number(row.amount)
  if (Number.isFinite(amount)) addCashIn(cash, currency, providerMonth(row.paidAt), sign * toMinorUnits(amount), 0)
  for (const payment of row.installmentPayments ?? [])
    if (Number.isSafeInteger(payment.amount) && payment.amount > 0) addCashIn(cash, currency, providerMonth(payment.paidAt), sign * payment.amount, 0)
  for (const refund of row.refunds ?? []) if (refundCounts(refund)) addCashIn(cash, currency, providerMonth(refund.createdAt), 0, sign * refund.amount)
  return cash
}

/** `more` added into `cash`, in place. */
export function mergeCash(cash: CashByMonth, more: CashByMonth): CashByMonth {
  for (const [currency, months] of Object.entries(more))
    for (const [month, [paid, refunded]] of Object.entries(months)) addCashIn(cash, currency, month, paid, refunded)
  return cash
}

/**
 * Revenue by month (the cash view above) of `rows` for the `months` calendar months ending with
 * the month of `now` (Asia/Dubai), per currency: revenueFromCash of their cash view.
 */
export function revenueByMonth(rows: readonly RevenueRow[], now: Date, months = 12): CurrencyRevenue[] {
  const cash: CashByMonth = {}
  for (const row of rows) addCash(cash, row)
  return revenueFromCash(cash, now, months)
}

/**
 * The `months` calendar months ending with the month of `now` (Asia/Dubai) of a cash view, per
 * currency: the currencies with a payment or a refund in those months, USD first, then by code;
 * each with every month of the window, oldest first (months without money are 0). Throws
 * RangeError as lastMonths does.
 */
export function revenueFromCash(cash: CashByMonth, now: Date, months = 12): CurrencyRevenue[] {
  const keys = lastMonths(now, months)
  return Object.entries(cash)
    .map(([currency, byMonth]) => {
      const list = keys.map((month) => {
        const [paidMinor, refundedMinor] = byMonth[month] ?? [0, 0]
        return {month, paidMinor, refundedMinor, netMinor: paidMinor - refundedMinor}
      })
      return {currency, months: list, netMinor: list.reduce((sum, month) => sum + month.netMinor, 0)}
    })
    .filter(({months: list}) => list.some((month) => month.paidMinor !== 0 || month.refundedMinor !== 0))
    .sort((a, b) => (a.currency === 'USD' ? -1 : b.currency === 'USD' ? 1 : a.currency < b.currency ? -1 : a.currency > b.currency ? 1 : 0))
}

let shortMonth: Intl.DateTimeFormat | undefined
let longMonth: Intl.DateTimeFormat | undefined

/** A month key as a label, the same everywhere (UTC, DATE_LOCALE): 'short' '2025-12' → 'Dec 25' (axis), 'long' → 'December 2025' (table); the key itself when unreadable. */
export function monthLabel(month: string, style: 'short' | 'long' = 'short'): string {
  const date = /^\d{4}-\d{2}$/.test(month) ? new Date(`${month}-01T00:00:00Z`) : null
  if (!date || Number.isNaN(date.getTime())) return month
  if (style === 'long') {
    longMonth ??= new Intl.DateTimeFormat(DATE_LOCALE, {timeZone: 'UTC', month: 'long', year: 'numeric'})
    return longMonth.format(date)
  }
  shortMonth ??= new Intl.DateTimeFormat(DATE_LOCALE, {timeZone: 'UTC', month: 'short', year: '2-digit'})
  return shortMonth.format(date)
}
