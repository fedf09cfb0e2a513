/**
 * Seats of a course batch (docs/requirements.md#req-seats): the hold/booking state
 * machine and its expiry arithmetic, pure, for the browser and the server alike. The server
 * keeps one SeatsRecord per batch (netlify/services/seats/seats.ts) and changes it only through a
 * conditional write that applies one of the functions below to the record as it is then.
 *
 *   (nothing) ──addHold──► hold (HOLD_SECONDS) ──confirmBooking──► booking
 *                              │ releaseHold / expiry (pruneExpired)
 *                              ▼
 *                          (nothing: the seat is free again)
 *
 * - A hold is LIVE while `now < expiresAt`; an expired hold never counts, whether or not the
 *   scheduled job has pruned it yet.
 * - available = seats − bookings − live holds; addHold refuses when nothing is available.
 * - confirmBooking turns the order's hold into a booking. A payment whose hold has expired (or
 *   was released) still books — the money is real — and when its seat was taken meanwhile the
 *   booking is flagged `overCapacity` for staff.
 * - releaseHold drops the order's hold and never touches a booking.
 * - removeBooking gives a cancelled or fully refunded enrolment's seat back (staff only).
 * Times are ISO 8601 strings (UTC) in the record and `Date`s in the arguments.
 */
import {isUpcoming as startsAfter, providerToday} from './batches'

/** How long a seat is held for an order while its payment is in progress (seconds): 30 minutes. */
export const HOLD_SECONDS = 30 * 60

/** A seat held for an order until `expiresAt` (ISO 8601); `seats` seats for a group order (absent: 1). */
export type SeatHold = {orderId: string; expiresAt: string; seats?: number}

/** A seat booked by a paid order at `at` (ISO 8601); `overCapacity` when it was paid after its seat had gone; `seats` seats for a group order (absent: 1). */
export type SeatBooking = {orderId: string; at: string; overCapacity?: boolean; seats?: number}

/** How many seats a hold or booking takes: its `seats` (a group order), else 1. */
export const seatsOf = (entry: {seats?: number}): number =>
  typeof entry.seats === 'number' && Number.isInteger(entry.seats) && entry.seats > 0 ? entry.seats : 1

/** The seats taken by `entries`. */
const total = (entries: ReadonlyArray<{seats?: number}>): number => entries.reduce((sum, entry) => sum + seatsOf(entry), 0)

/** The seats of one batch as stored: its holds and bookings (at most one entry per order). */
export type SeatsRecord = {batchId: string; holds: SeatHold[]; bookings: SeatBooking[]}

/** The counts of a batch at a moment: `booked` bookings, `held` live holds, `left` = seats − booked − held (never below 0). */
export type SeatCounts = {seats: number; booked: number; held: number; left: number}

/** A record with no holds and no bookings. */
export const emptySeats = (batchId: string): SeatsRecord => ({batchId, holds: [], bookings: []})

/** When a hold made at `now` expires (ISO 8601): `now` + HOLD_SECONDS. */
export const holdExpiresAt = (now: Date): string => new Date(now.getTime() + HOLD_SECONDS * 1000).toISOString()

/** Whether `hold` still counts at `now` (strictly before its expiry). */
export const isLive = (hold: SeatHold, now: Date): boolean => now.getTime() < Date.parse(hold.expiresAt)

/** The holds of `record` that still count at `now`. */
export const liveHolds = (record: SeatsRecord, now: Date): SeatHold[] => record.holds.filter((hold) => isLive(hold, now))

/** The counts of `record` for a batch of `seats` seats at `now`. */
export function seatCounts(record: SeatsRecord | null, seats: number, now: Date): SeatCounts {
  const booked = record ? total(record.bookings) : 0
  const held = record ? total(liveHolds(record, now)) : 0
  return {seats, booked, held, left: Math.max(0, seats - booked - held)}
}

/** What addHold did: `held` (a new hold, or the order's live hold already there: `changed` false), `booked` (already booked), `full`. */
export type HoldOutcome =
  | {outcome: 'held'; record: SeatsRecord; changed: boolean; expiresAt: string}
  | {outcome: 'booked'; record: SeatsRecord; changed: false}
  | {outcome: 'full'; record: SeatsRecord; changed: false}

/**
 * Holds one seat of a batch of `seats` seats for `orderId` until `now` + HOLD_SECONDS, unless
 * none is available (`full`). Expired holds are dropped on the way (they never count). An order
 * that already holds a live seat keeps it (unchanged); one that is booked stays booked.
 */
export function addHold(record: SeatsRecord, orderId: string, seats: number, now: Date): HoldOutcome {
  if (record.bookings.some((b) => b.orderId === orderId)) return {outcome: 'booked', record, changed: false}
  const live = liveHolds(record, now)
  const own = live.find((h) => h.orderId === orderId)
  if (own) return {outcome: 'held', record, changed: false, expiresAt: own.expiresAt}
  if (total(record.bookings) + total(live) >= seats) return {outcome: 'full', record, changed: false}
  const expiresAt = holdExpiresAt(now)
  return {outcome: 'held', record: {...record, holds: [...live, {orderId, expiresAt}]}, changed: true, expiresAt}
}

/** What addGroupHold did: `held` (all `count` seats, or the order's live hold already there: `changed` false), `booked` (already booked), `short` (fewer than `count` left: nothing held). */
export type GroupHoldOutcome =
  | {outcome: 'held'; record: SeatsRecord; changed: boolean; expiresAt: string}
  | {outcome: 'booked'; record: SeatsRecord; changed: false}
  | {outcome: 'short'; record: SeatsRecord; changed: false; left: number}

/**
 * Holds `count` seats of a batch of `seats` seats for group order `orderId` until `expiresAt`
 * (ISO 8601), all or nothing: one hold entry carrying the count, written in the same conditional
 * write as the check, so two groups racing for the last seats never oversell and never half-hold.
 * `short` reports how many seats were left (0: full). Expired holds are dropped on the way.
 */
export function addGroupHold(record: SeatsRecord, orderId: string, count: number, seats: number, now: Date, expiresAt: string): GroupHoldOutcome {
  if (record.bookings.some((b) => b.orderId === orderId)) return {outcome: 'booked', record, changed: false}
  const live = liveHolds(record, now)
  const own = live.find((h) => h.orderId === orderId)
  if (own) return {outcome: 'held', record, changed: false, expiresAt: own.expiresAt}
  const left = Math.max(0, seats - total(record.bookings) - total(live))
  if (left < count) return {outcome: 'short', record, changed: false, left}
  return {outcome: 'held', record: {...record, holds: [...live, {orderId, expiresAt, seats: count}]}, changed: true, expiresAt}
}

/** What confirmBooking did: the order's booking (`changed` false when it was booked already). */
export type BookingOutcome = {record: SeatsRecord; changed: boolean; booking: SeatBooking}

/**
 * Books the seat of paid `orderId` at `now` (idempotent: an existing booking is returned as it
 * is). With a live hold the hold becomes the booking. Without one (expired, released, never
 * held) the order books a free seat if there is one, else it books anyway with `overCapacity`:
 * the payment is real and staff must sort it out. A group order books as many seats as its hold
 * had (or `options.seats` when its hold is gone).
 */
export function confirmBooking(record: SeatsRecord, orderId: string, seats: number, now: Date, options: {seats?: number} = {}): BookingOutcome {
  const existing = record.bookings.find((b) => b.orderId === orderId)
  if (existing) return {record, changed: false, booking: existing}
  const own = record.holds.find((h) => h.orderId === orderId)
  const ownLive = own !== undefined && isLive(own, now)
  const count = own ? seatsOf(own) : (options.seats ?? 1)
  const others = liveHolds(record, now).filter((h) => h.orderId !== orderId)
  const free = ownLive || total(record.bookings) + total(others) + count <= seats
  const booking: SeatBooking = {orderId, at: now.toISOString(), ...(free ? {} : {overCapacity: true}), ...(count > 1 ? {seats: count} : {})}
  return {record: {...record, holds: others, bookings: [...record.bookings, booking]}, changed: true, booking}
}

/** What bookFree did: `booked` (a new booking), `already` (the order was booked: unchanged), `full` (no seat: unchanged). */
export type FreeBookingOutcome = {outcome: 'booked' | 'already' | 'full'; record: SeatsRecord; changed: boolean}

/**
 * Books a seat for `orderId` at `now` only if one is free (bookings + other orders' live holds <
 * `seats`), never beyond the batch's seats: a move to another date (nothing is paid at that
 * moment, so unlike confirmBooking a full batch refuses). An existing booking is kept as it is;
 * the order's own hold, if any, becomes the booking.
 */
export function bookFree(record: SeatsRecord, orderId: string, seats: number, now: Date): FreeBookingOutcome {
  if (record.bookings.some((b) => b.orderId === orderId)) return {outcome: 'already', record, changed: false}
  const others = liveHolds(record, now).filter((h) => h.orderId !== orderId)
  if (total(record.bookings) + total(others) >= seats) return {outcome: 'full', record, changed: false}
  return {outcome: 'booked', record: {...record, holds: others, bookings: [...record.bookings, {orderId, at: now.toISOString()}]}, changed: true}
}

/** What releaseHold did: `freed` when a LIVE hold was dropped (a seat became available), `changed` when anything was removed. */
export type ReleaseOutcome = {record: SeatsRecord; changed: boolean; freed: boolean}

/** Drops the hold of `orderId` (live or expired). Never touches a booking; harmless when there is no hold. */
export function releaseHold(record: SeatsRecord, orderId: string, now: Date): ReleaseOutcome {
  const hold = record.holds.find((h) => h.orderId === orderId)
  if (!hold) return {record, changed: false, freed: false}
  return {record: {...record, holds: record.holds.filter((h) => h !== hold)}, changed: true, freed: isLive(hold, now)}
}

/** What pruneExpired did: the holds it dropped (empty: nothing changed). */
export type PruneOutcome = {record: SeatsRecord; expired: SeatHold[]}

/** Drops the holds that have expired at `now`. */
export function pruneExpired(record: SeatsRecord, now: Date): PruneOutcome {
  const expired = record.holds.filter((h) => !isLive(h, now))
  if (expired.length === 0) return {record, expired}
  return {record: {...record, holds: record.holds.filter((h) => isLive(h, now))}, expired}
}

/** What removeBooking did: `changed` when anything of the order went, `freed` when a seat is available that was not (the batch's `left` grew). */
export type RemoveBookingOutcome = {record: SeatsRecord; changed: boolean; freed: boolean}

/**
 * Gives back the seat of `orderId` when staff cancel its enrolment or refund it in full: drops
 * its booking and any hold it still has, in a batch of `seats` seats at `now`. A seat is `freed`
 * only when the batch now has more left than before (dropping a booking from an over-capacity
 * batch frees nothing). Harmless when the order has neither.
 */
export function removeBooking(record: SeatsRecord, orderId: string, seats: number, now: Date): RemoveBookingOutcome {
  const next: SeatsRecord = {
    ...record,
    bookings: record.bookings.filter((b) => b.orderId !== orderId),
    holds: record.holds.filter((h) => h.orderId !== orderId),
  }
  const changed = next.bookings.length !== record.bookings.length || next.holds.length !== record.holds.length
  if (!changed) return {record, changed: false, freed: false}
  return {record: next, changed, freed: seatCounts(next, seats, now).left > seatCounts(record, seats, now).left}
}

/** Whether a batch starting on `startDate` ('YYYY-MM-DD') is still ahead at `now`: it starts AFTER today in the provider's time zone (./batches.ts, the one rule the pages use too). */
export const isUpcoming = (startDate: string, now: Date): boolean => startsAfter({startDate}, providerToday(now))

/** What an order checks of a batch: its status, start date and course (the course's category slug and name, as the form sends them). */
export type BatchForOrder = {status: string; startDate: string; course: {program: string | null; name: string | null}}

/** The messages of the batch checks (400 answers of create-order and the waitlist). */
export const BATCH_MESSAGES = {
  unknown: 'Unknown batch: please choose another date.',
  cancelled: 'This batch has been cancelled: please choose another date.',
  closed: 'This batch is closed for enrolment: please choose another date.',
  past: 'This batch has already started: please choose a later date.',
  otherCourse: 'This batch is for another course: please choose a date of the selected course.',
  full: 'This batch is full',
} as const

/**
 * Whether an order (or a waitlist place) for the course `selection` may take a seat in `batch` at
 * `now`: the batch exists, is `open`, starts after today (provider's time zone) and belongs to
 * that course. Resolves to the first reason it may not, as a message of BATCH_MESSAGES.
 */
export function checkBatch(
  batch: BatchForOrder | null,
  selection: {trainingProgram: string; course: string} | null,
  now: Date,
): {ok: true} | {ok: false; message: string} {
  if (!batch) return {ok: false, message: BATCH_MESSAGES.unknown}
  if (batch.status === 'cancelled') return {ok: false, message: BATCH_MESSAGES.cancelled}
  if (batch.status !== 'open') return {ok: false, message: BATCH_MESSAGES.closed}
  if (!isUpcoming(batch.startDate, now)) return {ok: false, message: BATCH_MESSAGES.past}
  if (selection && (batch.course.program !== selection.trainingProgram || batch.course.name !== selection.course))
    return {ok: false, message: BATCH_MESSAGES.otherCourse}
  return {ok: true}
}
