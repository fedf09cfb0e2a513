/**
 * The seats records of course batches in Netlify Blobs (store `seats`, one JSON
 * SeatsRecord per batch id, docs/requirements.md#req-seats). Every change is the rule of
 * schemas/rules/seats.ts applied inside updateJSON (netlify/platform/blobs.ts): a conditional write
 * on the record as it is at that moment, retried until it lands, so 100 simultaneous holds on a
 * 12-seat batch give exactly 12 holds. Nothing here reads enrolments; the callers decide what a
 * change means (create-order holds, markPaid books, release and the expiry job free seats).
 */
import {isBatchId} from '#schemas/contracts/ids'
import {
  addGroupHold,
  addHold,
  bookFree,
  confirmBooking,
  emptySeats,
  pruneExpired,
  releaseHold,
  removeBooking,
  seatCounts,
  type FreeBookingOutcome,
  type GroupHoldOutcome,
  type HoldOutcome,
  type SeatBooking,
  type SeatHold,
  type SeatsRecord,
} from '#schemas/rules/seats'
import {listKeys, openStore, STORES, updateJSON} from '#netlify/platform/blobs'

export const seatsStore = () => openStore(STORES.seats)

/** A stored value as a SeatsRecord of `batchId` (anything else reads as empty). */
function asRecord(value: SeatsRecord | null, batchId: string): SeatsRecord {
  return value && Array.isArray(value.holds) && Array.isArray(value.bookings) ? value : emptySeats(batchId)
}

/**
 * Holds one seat of `batch` (its id and seat count) for `orderId` at `now` for HOLD_SECONDS:
 * `held` (written, or the order's live hold already there), `booked`, or `full` (nothing written).
 */
export async function holdSeat(batch: {id: string; seats: number}, orderId: string, now: Date): Promise<HoldOutcome['outcome']> {
  let outcome: HoldOutcome['outcome'] = 'full'
  await updateJSON<SeatsRecord>(seatsStore(), batch.id, (current) => {
    const result = addHold(asRecord(current, batch.id), orderId, batch.seats, now)
    outcome = result.outcome
    return result.changed ? result.record : undefined
  })
  return outcome
}

/**
 * Holds `count` seats of `batch` for group order `orderId` until `expiresAt` (ISO 8601), all or
 * nothing in one conditional write (schemas/rules/seats.ts addGroupHold): `held`, `booked`, or
 * `short` with the seats that were left (nothing written).
 */
export async function holdGroupSeats(
  batch: {id: string; seats: number},
  orderId: string,
  count: number,
  now: Date,
  expiresAt: string,
): Promise<{outcome: GroupHoldOutcome['outcome']; left: number}> {
  let result: {outcome: GroupHoldOutcome['outcome']; left: number} = {outcome: 'short', left: 0}
  await updateJSON<SeatsRecord>(seatsStore(), batch.id, (current) => {
    const outcome = addGroupHold(asRecord(current, batch.id), orderId, count, batch.seats, now, expiresAt)
    result = {outcome: outcome.outcome, left: outcome.outcome === 'short' ? outcome.left : count}
    return outcome.changed ? outcome.record : undefined
  })
  return result
}

/** Drops the hold of `orderId` on batch `batchId`: `freed` when a live hold went (a seat is free again), `changed` when anything was removed. */
export async function releaseSeat(batchId: string, orderId: string, now: Date): Promise<{changed: boolean; freed: boolean}> {
  let outcome = {changed: false, freed: false}
  await updateJSON<SeatsRecord>(seatsStore(), batchId, (current) => {
    if (!current) return void (outcome = {changed: false, freed: false})
    const result = releaseHold(asRecord(current, batchId), orderId, now)
    outcome = {changed: result.changed, freed: result.freed}
    return result.changed ? result.record : undefined
  })
  return outcome
}

/**
 * Books the seat of paid `orderId` on batch `batchId` of `seats` seats at `now` (idempotent: an
 * existing booking is returned unchanged); a group order books its hold's seats, or
 * `options.seats` when the hold is gone. Resolves to the booking (`overCapacity` when the hold
 * had gone and so had the seat) and whether this call wrote it.
 */
export async function bookSeat(
  batchId: string,
  seats: number,
  orderId: string,
  now: Date,
  options: {seats?: number} = {},
): Promise<{booking: SeatBooking; changed: boolean}> {
  let outcome: {booking: SeatBooking; changed: boolean} | undefined
  await updateJSON<SeatsRecord>(seatsStore(), batchId, (current) => {
    const result = confirmBooking(asRecord(current, batchId), orderId, seats, now, options)
    outcome = {booking: result.booking, changed: result.changed}
    return result.changed ? result.record : undefined
  })
  return outcome!
}

/**
 * Books a seat of batch `batchId` (of `seats` seats) for `orderId` at `now` only if one is free
 * (schemas/rules/seats.ts bookFree, a conditional write): `booked`, `already` (booked before:
 * unchanged) or `full` (nothing written). Moving an enrolment to another date uses it, so two
 * moves racing for the last seat give one booking and one `full`.
 */
export async function bookFreeSeat(batchId: string, seats: number, orderId: string, now: Date): Promise<FreeBookingOutcome['outcome']> {
  let outcome: FreeBookingOutcome['outcome'] = 'full'
  await updateJSON<SeatsRecord>(seatsStore(), batchId, (current) => {
    const result = bookFree(asRecord(current, batchId), orderId, seats, now)
    outcome = result.outcome
    return result.changed ? result.record : undefined
  })
  return outcome
}

/**
 * Gives back the seat of order `orderId` on batch `batchId` (of `seats` seats) when staff cancel
 * its enrolment or refund it in full, or move it to another date (schemas/rules/seats.ts
 * removeBooking): `freed` when the batch has a seat left at `now` that it did not have, `wasFull`
 * when this call's removal found the batch with no seat left. Harmless when repeated.
 */
export async function freeSeat(batchId: string, seats: number, orderId: string, now: Date): Promise<{freed: boolean; wasFull: boolean}> {
  let freed = false
  let wasFull = false
  await updateJSON<SeatsRecord>(seatsStore(), batchId, (current) => {
    freed = false
    wasFull = false
    if (!current) return undefined
    const record = asRecord(current, batchId)
    const result = removeBooking(record, orderId, seats, now)
    freed = result.freed
    wasFull = result.changed && seatCounts(record, seats, now).left === 0
    return result.changed ? result.record : undefined
  })
  return {freed, wasFull}
}

/** Drops the expired holds of batch `batchId` at `now`; resolves to the holds dropped by this call. */
export async function pruneSeats(batchId: string, now: Date): Promise<SeatHold[]> {
  let expired: SeatHold[] = []
  await updateJSON<SeatsRecord>(seatsStore(), batchId, (current) => {
    expired = []
    if (!current) return undefined
    const result = pruneExpired(asRecord(current, batchId), now)
    expired = result.expired
    return expired.length > 0 ? result.record : undefined
  })
  return expired
}

/** From how many batch ids readSeats lists the store (one request) instead of reading each record. */
export const LIST_FROM = 8

/**
 * The seats records read before, by batch id, with the etag they had: readSeats reads a record
 * again only when the store lists another etag for it (any write changes the etag), so the
 * availability of 200 batches costs one listing plus the records changed since the last call on
 * this instance, never stale data. Holds the records of at most the batches listed.
 */
const known = new Map<string, {etag: string; record: SeatsRecord}>()

/**
 * The seats records of `batchIds` (null: nothing held or booked yet), as they are now. Up to
 * LIST_FROM ids are read one by one, in parallel; more are found through one strongly consistent
 * listing of the store (keys and etags) and the records whose etag this instance has not seen,
 * read in parallel (the availability target: p95 < 100 ms for 200 batches,
 * bench/seats-availability.ts).
 */
export async function readSeats(batchIds: readonly string[]): Promise<Map<string, SeatsRecord | null>> {
  const store = seatsStore()
  if (batchIds.length < LIST_FROM) {
    const records = await Promise.all(
      batchIds.map(async (id) => [id, asNullableRecord((await store.get(id, {type: 'json'})) as SeatsRecord | null, id)] as const),
    )
    return new Map(records)
  }
  const etags = new Map<string, string>()
  for await (const page of store.list({paginate: true})) for (const blob of page.blobs) if (isBatchId(blob.key)) etags.set(blob.key, blob.etag)
  for (const id of known.keys()) if (!etags.has(id)) known.delete(id)
  const wanted = [...new Set(batchIds)]
  await Promise.all(
    wanted.map(async (id) => {
      const etag = etags.get(id)
      if (etag === undefined || known.get(id)?.etag === etag) return
      const found = await store.getWithMetadata(id, {type: 'json'})
      // Kept under the LISTED etag: a listing and a read may spell one version's etag differently.
      if (found) known.set(id, {etag, record: asRecord(found.data as SeatsRecord | null, id)})
      else known.delete(id)
    }),
  )
  return new Map(wanted.map((id) => [id, etags.has(id) ? (known.get(id)?.record ?? null) : null] as const))
}

const asNullableRecord = (value: SeatsRecord | null, batchId: string): SeatsRecord | null => (value ? asRecord(value, batchId) : null)

/** The batch ids that have a seats record (keys that are batch ids: never a temporary file of the Blobs emulation). */
export function listSeatBatchIds(): Promise<string[]> {
  return listKeys(seatsStore(), isBatchId)
}
