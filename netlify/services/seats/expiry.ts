/**
 * The expiry of seat holds (docs/requirements.md#req-seats), the scheduled
 * `seat-holds` function's work: drops the expired holds of every batch that has a seats record.
 * Correctness does not wait for it — an expired hold never counts (schemas/rules/seats.ts) — it
 * keeps the records small and tells the waitlist that a seat came free (one staff notice per
 * expired hold when someone waits: ./waitlist.ts noticeFreedSeat).
 */
import {seatsOf} from '#schemas/rules/seats'
import {listSeatBatchIds, pruneSeats} from './seats'
import {noticeFreedSeat} from '../waitlist/waitlist'
import type {SeatFreedReason} from '../mail/templates/waitlist-notice'

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
      await noticeFreedSeats(batchId, hold.orderId, seatsOf(hold), 'expired', now)
    }
  }
  return {batches: batchIds.length, expired}
}

/**
 * Tells the waitlist of `batchId` that `count` seats held or booked by order `orderId` came free:
 * one notice per seat (`{order id}`, then `{order id}-s2` …), each idempotent, so a group's seats
 * reach as many people waiting.
 */
export async function noticeFreedSeats(batchId: string, orderId: string, count: number, reason: SeatFreedReason, now: Date): Promise<void> {
  for (let seat = 1; seat <= count; seat++) await noticeFreedSeat(batchId, seat === 1 ? orderId : `${orderId}-s${seat}`, reason, now)
}
