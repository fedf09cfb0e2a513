/**
 * The receipt number rule (issue 14; docs/requirements.md#req-receipts): `{prefix}-{YYYY}-{NNNNN}`,
 * e.g. `MTC-2026-00042`. The prefix comes from the site settings in Sanity (2–6 capital letters,
 * seed `MTC`); the year is the provider's calendar year in RECEIPT_TIME_ZONE when the payment was
 * recorded; the sequence (five digits, wider past 99999) restarts at 00001 each year.
 * Shared by the Studio's validation, the allocation in netlify/lib/receipts and the admin search.
 * Browser-safe: no imports (the Studio bundles this file).
 */

/** An editor's receipt prefix: 2 to 6 capital letters A–Z. */
export const RECEIPT_PREFIX_PATTERN = /^[A-Z]{2,6}$/

/** The provider's time zone: the year of a receipt number is the calendar year there. */
export const RECEIPT_TIME_ZONE = 'Asia/Dubai'

/** A receipt number as formatted by formatReceiptNumber. */
export const RECEIPT_NUMBER_PATTERN = /^[A-Z]{2,6}-\d{4}-\d{5,}$/

/** `{prefix}-{year}-{sequence padded to 5 digits}`. Throws RangeError for a bad prefix, year or sequence. */
export function formatReceiptNumber(prefix: string, year: number, sequence: number): string {
  if (!RECEIPT_PREFIX_PATTERN.test(prefix)) throw new RangeError(`Receipt prefix must be 2–6 capital letters, got "${prefix}"`)
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`Receipt year out of range: ${year}`)
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`Receipt sequence must be a positive integer, got ${sequence}`)
  return `${prefix}-${year}-${String(sequence).padStart(5, '0')}`
}

/** The calendar year of `date` in RECEIPT_TIME_ZONE (2026-12-31T20:30Z is 2027 in Dubai). */
export function receiptYear(date: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', {timeZone: RECEIPT_TIME_ZONE, year: 'numeric'}).format(date))
}
