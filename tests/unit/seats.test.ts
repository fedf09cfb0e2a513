/**
 * The seats rule (docs/requirements.md#req-seats, schemas/rules/seats.ts): holds,
 * bookings, release, expiry arithmetic, over-capacity payments and the batch checks. Every time
 * is explicit (`now`), never the wall clock.
 */
import {describe, expect, it} from 'vitest'
import {isBatchId} from '#schemas/contracts/ids'
import {
  addHold,
  BATCH_MESSAGES,
  checkBatch,
  confirmBooking,
  emptySeats,
  HOLD_SECONDS,
  holdExpiresAt,
  isLive,
  isUpcoming,
  liveHolds,
  pruneExpired,
  releaseHold,
  removeBooking,
  seatCounts,
  type SeatsRecord,
} from '#schemas/rules/seats'
import {providerToday} from '#schemas/rules/batches'

const T0 = new Date('2026-12-01T10:00:00.000Z')
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000)

/** `n` holds made at T0 for order_0000000 … */
function held(n: number, seats = 12, now = T0): SeatsRecord {
  let record = emptySeats('batch-1')
  for (let i = 0; i < n; i++) {
    const result = addHold(record, `order_${String(i).padStart(7, '0')}`, seats, now)
    if (result.outcome !== 'held') throw new Error(`hold ${i}: ${result.outcome}`)
    record = result.record
  }
  return record
}

describe('expiry arithmetic', () => {
  it('holds for 30 minutes', () => {
    expect(HOLD_SECONDS).toBe(1800)
    expect(holdExpiresAt(T0)).toBe('2026-12-01T10:30:00.000Z')
  })
  it('a hold is live strictly before its expiry', () => {
    const hold = {orderId: 'order_0000001', expiresAt: holdExpiresAt(T0)}
    expect(isLive(hold, at(HOLD_SECONDS - 1))).toBe(true)
    expect(isLive(hold, at(HOLD_SECONDS))).toBe(false)
    expect(isLive(hold, at(HOLD_SECONDS + 1))).toBe(false)
  })
  it('counts: left = seats − bookings − live holds; expired holds never count, pruned or not', () => {
    let record = held(3)
    record = confirmBooking(record, 'order_0000000', 12, at(60)).record
    expect(seatCounts(record, 12, at(60))).toEqual({seats: 12, booked: 1, held: 2, left: 9})
    expect(seatCounts(record, 12, at(HOLD_SECONDS))).toEqual({seats: 12, booked: 1, held: 0, left: 11})
    expect(liveHolds(record, at(HOLD_SECONDS))).toEqual([])
    expect(seatCounts(null, 12, T0)).toEqual({seats: 12, booked: 0, held: 0, left: 12})
  })
})

describe('addHold', () => {
  it('holds until the batch is full, then refuses', () => {
    const record = held(12)
    expect(seatCounts(record, 12, T0).left).toBe(0)
    expect(addHold(record, 'order_full000', 12, T0)).toMatchObject({outcome: 'full', changed: false})
  })
  it('an order holding a live seat keeps it (no second seat); a booked order stays booked', () => {
    const record = held(2)
    const again = addHold(record, 'order_0000000', 12, at(10))
    expect(again).toMatchObject({outcome: 'held', changed: false, expiresAt: holdExpiresAt(T0)})
    const booked = confirmBooking(record, 'order_0000001', 12, at(20)).record
    expect(addHold(booked, 'order_0000001', 12, at(30))).toMatchObject({outcome: 'booked', changed: false})
  })
  it('an expired hold frees its seat for a new one (and is dropped)', () => {
    const record = held(12)
    const result = addHold(record, 'order_new0000', 12, at(HOLD_SECONDS))
    expect(result.outcome).toBe('held')
    expect(result.record.holds.map((h) => h.orderId)).toEqual(['order_new0000'])
  })
  it('never more bookings plus live holds than seats, whatever the interleaving', () => {
    let record = emptySeats('batch-1')
    for (let step = 0; step < 400; step++) {
      const now = at(step * 17)
      const orderId = `order_${String(step).padStart(7, '0')}`
      record = addHold(record, orderId, 5, now).record
      if (step % 7 === 0 && record.holds.length > 0) record = confirmBooking(record, record.holds[0]!.orderId, 5, now).record
      if (step % 5 === 0) record = releaseHold(record, orderId, now).record
      expect(record.bookings.length + liveHolds(record, now).length).toBeLessThanOrEqual(5)
    }
  })
})

describe('confirmBooking', () => {
  it('turns the live hold into a booking', () => {
    const {record, changed, booking} = confirmBooking(held(12), 'order_0000005', 12, at(100))
    expect(changed).toBe(true)
    expect(booking).toEqual({orderId: 'order_0000005', at: at(100).toISOString()})
    expect(record.holds.map((h) => h.orderId)).not.toContain('order_0000005')
    expect(seatCounts(record, 12, at(100))).toEqual({seats: 12, booked: 1, held: 11, left: 0})
  })
  it('is idempotent', () => {
    const first = confirmBooking(held(1), 'order_0000000', 12, at(100))
    const second = confirmBooking(first.record, 'order_0000000', 12, at(200))
    expect(second).toEqual({record: first.record, changed: false, booking: first.booking})
  })
  it('a late payment books a free seat normally', () => {
    const record = held(1)
    const result = confirmBooking(record, 'order_0000000', 12, at(HOLD_SECONDS + 60))
    expect(result.booking.overCapacity).toBeUndefined()
    expect(result.record.holds).toEqual([])
  })
  it('a late payment whose seat was taken meanwhile still books, flagged overCapacity', () => {
    let record = held(2, 2)
    // order_0000000's hold expires; a new order takes the seat.
    record = releaseHold(record, 'order_0000001', T0).record
    record = addHold(record, 'order_0000001', 2, at(HOLD_SECONDS)).record
    record = addHold(record, 'order_late000', 2, at(HOLD_SECONDS)).record
    expect(seatCounts(record, 2, at(HOLD_SECONDS)).left).toBe(0)
    const result = confirmBooking(record, 'order_0000000', 2, at(HOLD_SECONDS + 5))
    expect(result.booking.overCapacity).toBe(true)
    expect(seatCounts(result.record, 2, at(HOLD_SECONDS + 5))).toEqual({seats: 2, booked: 1, held: 2, left: 0})
  })
  it('a payment for a released hold books if a seat is free', () => {
    const record = releaseHold(held(3, 3), 'order_0000002', at(10)).record
    expect(confirmBooking(record, 'order_0000002', 3, at(20)).booking.overCapacity).toBeUndefined()
  })
})

describe('releaseHold, pruneExpired, removeBooking', () => {
  it('release drops the hold (freed when it was live), harmless when repeated', () => {
    const first = releaseHold(held(2), 'order_0000000', at(10))
    expect(first).toMatchObject({changed: true, freed: true})
    expect(first.record.holds).toHaveLength(1)
    expect(releaseHold(first.record, 'order_0000000', at(11))).toEqual({record: first.record, changed: false, freed: false})
  })
  it('release of an expired hold removes it but frees nothing (it was free already)', () => {
    expect(releaseHold(held(1), 'order_0000000', at(HOLD_SECONDS))).toMatchObject({changed: true, freed: false})
  })
  it('release never touches a booking', () => {
    const booked = confirmBooking(held(1), 'order_0000000', 12, at(10)).record
    expect(releaseHold(booked, 'order_0000000', at(20))).toEqual({record: booked, changed: false, freed: false})
  })
  it('prune drops exactly the expired holds', () => {
    const record = addHold(held(2), 'order_later00', 12, at(600)).record
    expect(pruneExpired(record, at(HOLD_SECONDS - 1)).expired).toEqual([])
    const pruned = pruneExpired(record, at(HOLD_SECONDS))
    expect(pruned.expired.map((h) => h.orderId)).toEqual(['order_0000000', 'order_0000001'])
    expect(pruned.record.holds.map((h) => h.orderId)).toEqual(['order_later00'])
  })
  it('removeBooking frees the seat once', () => {
    const booked = confirmBooking(held(1), 'order_0000000', 12, at(10)).record
    const removed = removeBooking(booked, 'order_0000000', 12, at(20))
    expect(removed).toMatchObject({changed: true, freed: true})
    expect(removed.record.bookings).toEqual([])
    expect(seatCounts(removed.record, 12, at(20)).left).toBe(12)
    expect(removeBooking(removed.record, 'order_0000000', 12, at(30))).toEqual({record: removed.record, changed: false, freed: false})
  })
  it('removeBooking of a cancelled order that still holds a live seat frees it', () => {
    expect(removeBooking(held(2), 'order_0000001', 12, at(10))).toMatchObject({changed: true, freed: true})
  })
  it('removeBooking in an over-capacity batch frees nothing until bookings are under the seats', () => {
    // 3 seats: 3 holds, then the first two expire and two others take them; the late payments book over capacity.
    let record = held(3, 3)
    record = confirmBooking(record, 'order_0000002', 3, at(10)).record
    record = addHold(record, 'order_late001', 3, at(HOLD_SECONDS)).record
    record = addHold(record, 'order_late002', 3, at(HOLD_SECONDS)).record
    record = confirmBooking(record, 'order_late001', 3, at(HOLD_SECONDS + 1)).record
    record = confirmBooking(record, 'order_late002', 3, at(HOLD_SECONDS + 1)).record
    record = confirmBooking(record, 'order_0000000', 3, at(HOLD_SECONDS + 2)).record
    expect(record.bookings.find((b) => b.orderId === 'order_0000000')?.overCapacity).toBe(true)
    const first = removeBooking(record, 'order_late001', 3, at(HOLD_SECONDS + 3))
    expect(first).toMatchObject({changed: true, freed: false})
    const second = removeBooking(first.record, 'order_late002', 3, at(HOLD_SECONDS + 4))
    expect(second).toMatchObject({changed: true, freed: true})
    expect(seatCounts(second.record, 3, at(HOLD_SECONDS + 4))).toMatchObject({booked: 2, left: 1})
  })
})

describe('batch checks', () => {
  const batch = {status: 'open', startDate: '2027-01-12', course: {program: 'offshore-survival', name: 'BOSIET'}}
  const selection = {trainingProgram: 'offshore-survival', course: 'BOSIET'}
  const now = new Date('2026-12-01T10:00:00Z')
  it('"today" is the provider\'s calendar day (Asia/Dubai, UTC+4)', () => {
    expect(providerToday(new Date('2027-01-11T19:59:59Z'))).toBe('2027-01-11')
    expect(providerToday(new Date('2027-01-11T20:00:00Z'))).toBe('2027-01-12')
    expect(isUpcoming('2027-01-12', new Date('2027-01-11T19:59:59Z'))).toBe(true)
    expect(isUpcoming('2027-01-12', new Date('2027-01-11T20:00:00Z'))).toBe(false)
  })
  it('accepts an open, upcoming batch of the course', () => {
    expect(checkBatch(batch, selection, now)).toEqual({ok: true})
  })
  it.each([
    ['unknown', null, BATCH_MESSAGES.unknown],
    ['cancelled', {...batch, status: 'cancelled'}, BATCH_MESSAGES.cancelled],
    ['closed', {...batch, status: 'closed'}, BATCH_MESSAGES.closed],
    ['past', {...batch, startDate: '2026-12-01'}, BATCH_MESSAGES.past],
    ['another course', {...batch, course: {program: 'offshore-survival', name: 'HUET'}}, BATCH_MESSAGES.otherCourse],
    ['another category', {...batch, course: {program: 'stcw', name: 'BOSIET'}}, BATCH_MESSAGES.otherCourse],
  ])('refuses a %s batch', (_, candidate, message) => {
    expect(checkBatch(candidate, selection, now)).toEqual({ok: false, message})
  })
  it('batch ids are Sanity ids without dots', () => {
    expect(isBatchId('batch-bosiet-2027-01-12')).toBe(true)
    expect(isBatchId('drafts.batch-1')).toBe(false)
    expect(isBatchId('')).toBe(false)
    expect(isBatchId('a'.repeat(101))).toBe(false)
  })
})
