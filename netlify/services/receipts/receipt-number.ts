/**
 * Receipt number allocation. The format and its patterns are schemas/rules/receipt-number.ts:
 * `{prefix}-{YYYY}-{NNNNN}`, e.g. `MTC-2026-00001`.
 *
 * - prefix: from the site settings in Sanity (seed `MTC`, DEFAULT_RECEIPT_PREFIX): an upper-case
 *   letter, then up to 9 upper-case letters or digits (RECEIPT_PREFIX_PATTERN).
 * - YYYY: the year the enrolment was paid, in the provider's time zone (Asia/Dubai): a payment
 *   at 2026-12-31T20:30Z is in 2027.
 * - NNNNN: the sequence within that year, from 1, zero-padded to at least 5 digits (never cut:
 *   the 100,000th receipt of a year is `…-100000`). It restarts each year.
 *
 * Allocation (allocateReceiptNumber) is a conditional read-modify-write (updateJSON) of one
 * counter blob per year in the `receipt-numbers` store (key `year-YYYY`, JSON ReceiptCounter), so
 * numbers are unique and consecutive with no gaps, also when 50 payments complete at the same
 * moment (each write lands only on the counter it read; a lost race re-reads and retries).
 *
 * Exactly once per order: the counter also records which order got which number (`byOrder`),
 * in the same write. Allocating again for the same order returns the same number — whichever
 * path (payment callback, webhook, a repair after a crash) gets there first allocates it, the
 * others read it back. A crash between allocating and storing the number on the enrolment
 * therefore leaves no gap: the retry gets the same number. Orders never paid never allocate.
 * The map grows by ~40 bytes a paid enrolment (a few thousand a year keep it well under 1 MB).
 */
import {isOrderId} from '#schemas/contracts/ids'
import {openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import {providerYear} from '#schemas/rules/receipt-format'
import {formatReceiptNumber, RECEIPT_PREFIX_PATTERN} from '#schemas/rules/receipt-number'

/** The year of a receipt for a payment at `paidAt` (Date or ISO 8601): its year in Asia/Dubai. Throws RangeError for an invalid time. */
export function receiptYear(paidAt: Date | string): number {
  return providerYear(typeof paidAt === 'string' ? new Date(paidAt) : paidAt)
}

/** The counter of one year, as stored (key `year-YYYY` of the receipt-numbers store). */
export type ReceiptCounter = {
  year: number
  /** The last sequence number given this year (0: none yet). */
  last: number
  /** Order id → the sequence number it was given. */
  byOrder: Record<string, number>
  /** ISO 8601 time of the last allocation. */
  updatedAt: string
}

/** What allocateReceiptNumber gave: the number, its parts, and whether this call allocated it (false: the order already had it). */
export type AllocatedReceiptNumber = {receiptNumber: string; year: number; seq: number; allocated: boolean}

const counterKey = (year: number) => `year-${year}`

/**
 * The receipt number of the paid order `orderId`: allocated now — the next in the year of
 * `paidAt` (Date or ISO 8601; the payment's time, not the time of this call) — or, if the order
 * already has one in that year, the same one again (`allocated: false`). Call it when an
 * enrolment becomes paid, from every path that can get there (idempotent per order); store
 * the number on the enrolment.
 *
 * `orderId` may also be an installment's receipt key `{order id}-i{n}`
 * (#schemas/rules/installments.ts installmentReceiptKey): each installment gets its own number.
 *
 * Throws RangeError for an invalid prefix, time or order id (schemas/contracts/ids.ts), and
 * ConflictError (netlify/platform/blobs.ts) when the counter stays contended through every retry.
 */
export async function allocateReceiptNumber(prefix: string, paidAt: Date | string, orderId: string, now: Date = new Date()): Promise<AllocatedReceiptNumber> {
  if (!RECEIPT_PREFIX_PATTERN.test(prefix)) formatReceiptNumber(prefix, 2000, 1) // throws the rule's RangeError
  // An order id, or a cadetship installment's receipt key `{order id}-i{n}` (one number per installment).
  const installment = /^(.+)-i\d{1,2}$/.exec(orderId)
  if (!isOrderId(installment ? installment[1]! : orderId)) throw new RangeError(`Invalid order id ${JSON.stringify(orderId)}`)
  const year = receiptYear(paidAt)
  let seq = 0
  let allocated = false
  await updateJSON<ReceiptCounter>(openStore(STORES.receiptNumbers), counterKey(year), (current) => {
    const counter = current ?? {year, last: 0, byOrder: {}, updatedAt: now.toISOString()}
    const existing = counter.byOrder[orderId]
    if (existing !== undefined) {
      seq = existing
      allocated = false
      return undefined
    }
    seq = counter.last + 1
    allocated = true
    return {year, last: seq, byOrder: {...counter.byOrder, [orderId]: seq}, updatedAt: now.toISOString()}
  })
  return {receiptNumber: formatReceiptNumber(prefix, year, seq), year, seq, allocated}
}

/** The counter of `year` as stored, or null before its first receipt (for tests and repairs). */
export async function readReceiptCounter(year: number): Promise<ReceiptCounter | null> {
  return ((await openStore(STORES.receiptNumbers).get(counterKey(year), {type: 'json'})) as ReceiptCounter | null) ?? null
}
