/**
 * The expiry of seat holds (docs/requirements.md#req-seats), the scheduled
 * `seat-holds` function's work: drops the expired holds of every batch that has a seats record.
 * Correctness does not wait for it — an expired hold never counts (schemas/rules/seats.ts) — it
 * keeps the records small and tells the waitlist that a seat came free (one staff notice per
 * expired hold when someone waits: ./waitlist.ts noticeFreedSeat).
 */
import {listSeatBatchIds, pruneSeats} from './seats'
import {noticeFreedSeat} from '../waitlist/waitlist'

/** A hold the job dropped: its batch and order. */
export type ExpiredHold = {batchId: string; orderId: string}

/** Drops the holds expired at `now` in every batch; resolves to the holds dropped (each once, whatever else runs). */
export async function expireHolds(options: {now?: Date} = {}): Promise<{batches: number; expired: ExpiredHold[]}> {
  const now = options.now ?? new Date()
  const batchIds = await listSeatBatchIds()
  const expired: ExpiredHold[] = []
  for (const batchId of batchIds) {
    for (const hold of await pruneSeats(batchId, now)) {
      expired.push({batchId, orderId: hold.orderId})
      await noticeFreedSeat(batchId, hold.orderId, 'expired', now)
    }
  }
  return {batches: batchIds.length, expired}
}
