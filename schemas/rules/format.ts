/**
 * How the site writes money and dates: the one home of the cents rule, the YYYY-MM-DD day of
 * downloaded files and the locales, imported by the pages in the browser and on the server, and
 * by the API functions. Pure functions; nothing here throws, except formatVisitorLongDateTime for
 * an invalid time.
 *
 * Locales (each a deliberate choice, named here once):
 * - MONEY_LOCALE 'en-US': amounts as "$2,200", "$49.50" (docs/requirements.md#req-entities-catalogue: "$2,200 USD").
 * - INR_LOCALE 'en-IN': Indian rupees, always with paise and Indian digit grouping: "₹45,000.00",
 *   "₹1,25,000.00" (docs/requirements.md#req-inr).
 * - DATE_LOCALE 'en-GB': dates the site renders for everyone, on the server or in the admin
 *   pages: "20 January 2025", "7 Jan 2025", "7 Jan 2025, 14:05".
 * - VISITOR_LOCALE (undefined: the browser's own locale): times only the visitor sees, rendered
 *   in the browser from their own storage (a practice exam's start and submission times).
 *
 * Money: amounts are major units (USD dollars, INR rupees; see ./price.ts for minor units). The
 * cents rule (USD and every currency but INR): a whole amount is written without decimals
 * ("$2,200"), any other with exactly two ("$12.50"). INR is always written the Indian way, with
 * two decimals ("₹45,000.00").
 */

/** The locale of every amount of money but INR. */
export const MONEY_LOCALE = 'en-US'
/** The locale of Indian rupee amounts: Indian digit grouping (lakh, crore). */
export const INR_LOCALE = 'en-IN'
/** The locale of the dates the site renders for everyone (legal pages, admin pages). */
export const DATE_LOCALE = 'en-GB'
/** The visitor's own locale (the browser's), for times rendered in the browser only. */
export const VISITOR_LOCALE: string | undefined = undefined

/** The cents rule: 0 decimals for a whole amount, else 2. */
export function moneyFractionDigits(amount: number): 0 | 2 {
  return Number.isInteger(amount) ? 0 : 2
}

const currencyFormats = new Map<string, Intl.NumberFormat>()

/**
 * The (cached) currency format of `code` with `fraction` decimals (INR: always 2, INR_LOCALE);
 * `display` 'code' writes the ISO code instead of the symbol ("USD 12,450.00"). Throws
 * RangeError for an unknown code.
 */
function currencyFormat(code: string, fraction: 0 | 2, display: 'symbol' | 'code' = 'symbol'): Intl.NumberFormat {
  const inr = code === 'INR'
  const digits = inr ? 2 : fraction
  const key = `${code}:${digits}:${display}`
  let format = currencyFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(inr ? INR_LOCALE : MONEY_LOCALE, {
      style: 'currency',
      currency: code,
      currencyDisplay: display,
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
    })
    currencyFormats.set(key, format)
  }
  return format
}

/** Indian rupees as the site shows them: 45000 → "₹45,000.00", 125000 → "₹1,25,000.00" (INR_LOCALE, always two decimals). */
export function formatInr(inr: number): string {
  return currencyFormat('INR', 2).format(inr)
}

/** A price in its currency, without the code: formatUsd for USD ("$450"), formatInr for INR ("₹45,000.00"). */
export function formatPrice(amount: number, currency: 'USD' | 'INR'): string {
  return currency === 'INR' ? formatInr(amount) : formatUsd(amount)
}

/**
 * Amounts of several currencies written side by side, never added together (the
 * admin's Total Revenue): each as its code and the amount with two decimals in its currency's
 * grouping, USD first, then by code, joined by " · " — {USD: 12450, INR: 45000} →
 * "USD 12,450.00 · INR 45,000.00"; {} → "USD 0.00". Codes are upper-cased; an unknown code is
 * written as the code and a plain number.
 */
export function formatPerCurrency(amounts: Readonly<Record<string, number>>): string {
  const entries = Object.entries(amounts).map(([code, amount]) => [code.toUpperCase(), amount] as const)
  if (entries.length === 0) entries.push(['USD', 0])
  entries.sort(([a], [b]) => (a === 'USD' ? -1 : b === 'USD' ? 1 : a < b ? -1 : a > b ? 1 : 0))
  return entries
    .map(([code, amount]) => {
      try {
        // Intl puts a no-break space after the code: the text uses a plain one.
        return currencyFormat(code, 2, 'code')
          .format(amount)
          .replace(/\u00a0/g, ' ')
      } catch {
        return `${code} ${amount.toLocaleString(MONEY_LOCALE, {minimumFractionDigits: 2, maximumFractionDigits: 2})}`
      }
    })
    .join(' · ')
}

/** US dollars as the site shows prices: 2200 → "$2,200"; 49.5 → "$49.50" (the cents rule). */
export function formatUsd(usd: number): string {
  return currencyFormat('USD', moneyFractionDigits(usd)).format(usd)
}

/**
 * An amount with its currency code, as the admin pages and the payment form show it: '$4,650 USD',
 * '$12.50 USD' (the cents rule), '₹45,000.00 INR' (INR: formatInr). `currency` is any case; an
 * unknown code is written as a plain number followed by the code ('4,650 XYZ').
 */
export function formatMoney(amount: number, currency = 'USD'): string {
  const code = currency.toUpperCase()
  const fraction = moneyFractionDigits(amount)
  try {
    return `${currencyFormat(code, fraction).format(amount)} ${code}`
  } catch {
    return `${amount.toLocaleString(MONEY_LOCALE, {minimumFractionDigits: fraction, maximumFractionDigits: fraction})} ${code}`
  }
}

const pad = (value: number) => String(value).padStart(2, '0')

/** `date`'s calendar day in the local time zone as YYYY-MM-DD ("2026-03-04"): the day in download file names. */
export function localDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

// Created on first use, so a bundle that imports this module for money builds no date formats.
let shortDate: Intl.DateTimeFormat | undefined
let shortDateTime: Intl.DateTimeFormat | undefined
let longUtcDate: Intl.DateTimeFormat | undefined

/** The Date of an ISO time, or null when it is missing or unreadable. */
function parseIso(iso: string | null | undefined): Date | null {
  const date = iso ? new Date(iso) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/** An ISO time as a day, local time zone: "7 Jan 2025"; '—' when missing or unreadable. */
export function formatDate(iso: string | null | undefined): string {
  const date = parseIso(iso)
  if (!date) return '—'
  shortDate ??= new Intl.DateTimeFormat(DATE_LOCALE, {day: 'numeric', month: 'short', year: 'numeric'})
  return shortDate.format(date)
}

/** An ISO time as day and time, local time zone: "7 Jan 2025, 14:05"; '—' when missing or unreadable. */
export function formatDateTime(iso: string | null | undefined): string {
  const date = parseIso(iso)
  if (!date) return '—'
  shortDateTime ??= new Intl.DateTimeFormat(DATE_LOCALE, {day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit'})
  return shortDateTime.format(date)
}

/**
 * A calendar day "2025-01-20" (anything after the first 10 characters is ignored) as
 * "20 January 2025", in UTC so server and browser render the same text; the input itself when
 * it is not a date.
 */
export function formatLongDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return isoDate
  longUtcDate ??= new Intl.DateTimeFormat(DATE_LOCALE, {day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC'})
  return longUtcDate.format(date)
}

/** A time in the visitor's locale and time zone, the browser's default form ("24/11/2026, 14:05:09" in en-GB). Browser only. */
export function formatVisitorDateTime(time: Date | number): string {
  return new Date(time).toLocaleString(VISITOR_LOCALE)
}

/**
 * A time in the visitor's locale and time zone, long day and short time ("24 November 2026 at
 * 14:05" in en-GB). Browser only; throws RangeError for an invalid time (check it first).
 */
export function formatVisitorLongDateTime(time: Date | number): string {
  return new Intl.DateTimeFormat(VISITOR_LOCALE, {dateStyle: 'long', timeStyle: 'short'}).format(time)
}
