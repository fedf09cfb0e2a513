/**
 * The pro-forma series (docs/requirements.md#req-group-bookings): `PF-YYYY-NNNNN`
 * (schemas/rules/group-booking.ts formatProformaNumber), its own gapless sequence per year of
 * the booking (provider's time zone), separate from the receipts'.
 *
 * Allocation is a conditional read-modify-write (updateJSON) of one counter blob per year in the
 * `proforma-numbers` store (key `year-YYYY`) that records, in the same write, which booking got
 * which number: allocating again for the same booking gives the same number, so a retry after a
 * crash leaves no gap, and two bookings at the same moment never share one. A number is only
 * allocated for a booking that is already stored (its seats held), so refused bookings use none.
 */
import {isGroupBookingId} from '#schemas/contracts/group-bookings'
import {formatProformaNumber} from '#schemas/rules/group-booking'
import {providerYear} from '#schemas/rules/receipt-format'
import {openStore, STORES, updateJSON} from '#netlify/platform/blobs'

/** The counter of one year, as stored. */
export type ProformaCounter = {year: number; last: number; byBooking: Record<string, number>; updatedAt: string}

const counterKey = (year: number) => `year-${year}`

/**
 * The pro-forma number of booking `bookingId` made at `bookedAt`: the next of that year, or the
 * one it already has. Throws RangeError for anything that is not a booking id, and ConflictError
 * when the counter stays contended through every retry.
 */
export async function allocateProformaNumber(bookingId: string, bookedAt: Date, now: Date = new Date()): Promise<string> {
  if (!isGroupBookingId(bookingId)) throw new RangeError(`Invalid booking id ${JSON.stringify(bookingId)}`)
  const year = providerYear(bookedAt)
  let seq = 0
  await updateJSON<ProformaCounter>(openStore(STORES.proformaNumbers), counterKey(year), (current) => {
    const counter = current ?? {year, last: 0, byBooking: {}, updatedAt: now.toISOString()}
    const existing = counter.byBooking[bookingId]
    if (existing !== undefined) {
      seq = existing
      return undefined
    }
    seq = counter.last + 1
    return {year, last: seq, byBooking: {...counter.byBooking, [bookingId]: seq}, updatedAt: now.toISOString()}
  })
  return formatProformaNumber(year, seq)
}

/** The counter of `year` as stored, or null before its first pro-forma. */
export async function readProformaCounter(year: number): Promise<ProformaCounter | null> {
  return ((await openStore(STORES.proformaNumbers).get(counterKey(year), {type: 'json'})) as ProformaCounter | null) ?? null
}
