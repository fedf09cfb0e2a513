/**
 * The receipt number rule (docs/requirements.md#req-receipts): `{prefix}-{YYYY}-{NNNNN}`,
 * e.g. `MTC-2026-00042`.
 *
 * - prefix: from the site settings in Sanity (seed `MTC`, DEFAULT_RECEIPT_PREFIX): an upper-case
 *   letter, then up to 9 upper-case letters or digits (RECEIPT_PREFIX_PATTERN).
 * - YYYY: the year the enrolment was paid in the provider's time zone, Asia/Dubai
 *   (./receipt-format.ts providerYear): a payment at 2026-12-31T20:30Z is in 2027.
 * - NNNNN: the sequence within that year, from 1, zero-padded to at least 5 digits (never cut:
 *   the 100,000th receipt of a year is `…-100000`). It restarts each year.
 *
 * Shared by the Studio's validation of the prefix, the allocation (netlify/services/receipts/
 * receipt-number.ts), the receipt PDF and the admin search. No imports: the Studio bundles it.
 */

/** The prefix of the seed's site settings, for callers without settings (tests, a missing field). */
export const DEFAULT_RECEIPT_PREFIX = 'MTC'

/** A receipt number's prefix: an upper-case letter, then up to 9 upper-case letters or digits. */
export const RECEIPT_PREFIX_PATTERN = /^[A-Z][A-Z0-9]{0,9}$/

/** A receipt number: prefix, four-digit year, sequence of at least 5 digits. */
export const RECEIPT_NUMBER_PATTERN = /^[A-Z][A-Z0-9]{0,9}-\d{4}-\d{5,}$/

/** Whether `value` is a receipt number (RECEIPT_NUMBER_PATTERN). */
export const isReceiptNumber = (value: string): boolean => RECEIPT_NUMBER_PATTERN.test(value)

/**
 * `{prefix}-{YYYY}-{NNNNN}`: formatReceiptNumber('MTC', 2026, 1) → 'MTC-2026-00001'. Throws
 * RangeError for a prefix not matching RECEIPT_PREFIX_PATTERN, a year outside 1000–9999 or a
 * sequence that is not a positive integer.
 */
export function formatReceiptNumber(prefix: string, year: number, seq: number): string {
  if (!RECEIPT_PREFIX_PATTERN.test(prefix))
    throw new RangeError(`Invalid receipt prefix ${JSON.stringify(prefix)}: an upper-case letter, then up to 9 upper-case letters or digits`)
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Invalid receipt year ${year}`)
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`Invalid receipt sequence ${seq}`)
  return `${prefix}-${year}-${String(seq).padStart(5, '0')}`
}
