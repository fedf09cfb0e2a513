/** The pure rules of group bookings (schemas/rules/group-booking.ts) and the group hold (schemas/rules/seats.ts addGroupHold). */
import {describe, expect, it} from 'vitest'
import {
  canEditDelegates,
  discountPercentFor,
  discountTiers,
  formatProformaNumber,
  invoiceHoldExpiresAt,
  isGstin,
  proformaDueDate,
  quoteGroup,
  seatsLeftMessage,
  taxIdProblem,
} from '#schemas/rules/group-booking'
import {addGroupHold, confirmBooking, emptySeats, seatCounts} from '#schemas/rules/seats'

const TIERS = [
  {minSeats: 5, percent: 5},
  {minSeats: 10, percent: 10},
]

describe('group price', () => {
  it.each([
    [2, 5000, 10000, 0],
    [4, 5000, 20000, 0],
    [5, 5000, 23750, 5],
    [9, 5000, 42750, 5],
    [10, 5000, 45000, 10],
    [30, 5000, 135000, 10],
  ])('%i seats at %i cents: %i cents (%i %% off)', (seats, unit, total, percent) => {
    const quote = quoteGroup(unit, seats, TIERS)
    expect(quote).toMatchObject({totalMinor: total, discountPercent: percent, subtotalMinor: unit * seats})
    expect(quote.subtotalMinor - quote.discountMinor).toBe(total)
  })

  it('rounds once per order, half up, to the minor unit: 3 × $33.33 at 5 % is $94.99', () => {
    expect(quoteGroup(3333, 3, [{minSeats: 3, percent: 5}])).toMatchObject({subtotalMinor: 9999, totalMinor: 9499, discountMinor: 500})
    // 7.5 % of 1,000 paise × 3 = 225 paise off exactly; 12.5 % of 1,001 × 2 = 250.25 → 250.
    expect(quoteGroup(1000, 3, [{minSeats: 3, percent: 7.5}]).totalMinor).toBe(2775)
    expect(quoteGroup(1001, 2, [{minSeats: 2, percent: 12.5}]).totalMinor).toBe(1752)
  })

  it('ignores tiers an editor could leave broken, and keeps the best of equal seat counts', () => {
    expect(
      discountTiers([
        {minSeats: 1, percent: 50},
        {minSeats: 5, percent: 0},
        {minSeats: 5, percent: 120},
        {minSeats: 3.5, percent: 5},
        {minSeats: null, percent: 5},
      ]),
    ).toEqual([])
    expect(
      discountTiers([
        {minSeats: 5, percent: 5},
        {minSeats: 5, percent: 8},
      ]),
    ).toEqual([{minSeats: 5, percent: 8}])
    expect(discountPercentFor([], 30)).toBe(0)
  })
})

describe('pro-forma dates', () => {
  const now = new Date('2026-12-01T08:00:00Z')
  it('is due 7 days from booking or 14 days before the start, whichever comes first', () => {
    expect(proformaDueDate(now, '2027-02-01')).toBe('2026-12-08')
    expect(proformaDueDate(now, '2026-12-20')).toBe('2026-12-06')
    expect(proformaDueDate(now, '2026-12-15')).toBe('2026-12-01')
    expect(proformaDueDate(now, '2026-12-14')).toBeNull()
  })
  it('holds the seats to the end of the due day in Dubai (UTC+4)', () => {
    expect(invoiceHoldExpiresAt('2026-12-08')).toBe('2026-12-08T20:00:00.000Z')
  })
  it('numbers PF-YYYY-NNNNN', () => {
    expect(formatProformaNumber(2026, 1)).toBe('PF-2026-00001')
    expect(formatProformaNumber(2026, 123456)).toBe('PF-2026-123456')
  })
  it('lets delegates change until 2 days before the start (that day included, Dubai time)', () => {
    expect(canEditDelegates('2026-12-03', new Date('2026-12-01T19:59:00Z'))).toBe(true)
    expect(canEditDelegates('2026-12-03', new Date('2026-12-01T20:00:00Z'))).toBe(false)
  })
})

describe('tax registration numbers', () => {
  it('checks a GSTIN by pattern and check character, a TRN by its 15 digits, and leaves other countries alone', () => {
    expect(isGstin('27AAPFU0939F1ZV')).toBe(true)
    expect(isGstin('29AAGCB7383J1Z4')).toBe(true)
    expect(taxIdProblem('IN', '27AAPFU0939F1ZW')).toBe('Enter a valid GSTIN (15 characters)')
    expect(taxIdProblem('IN', '27 aapfu 0939 f1zv')).toBeNull()
    expect(taxIdProblem('AE', '100123456700003')).toBeNull()
    expect(taxIdProblem('AE', '10012345670000')).toBe('Enter a valid TRN (15 digits)')
    expect(taxIdProblem('GB', 'anything')).toBeNull()
  })
  it('says how many seats are left', () => {
    expect(seatsLeftMessage(3)).toBe('Only 3 seats are left in this batch')
    expect(seatsLeftMessage(1)).toBe('Only 1 seat is left in this batch')
  })
})

describe('the group hold', () => {
  const now = new Date('2026-12-01T08:00:00Z')
  const until = '2026-12-01T08:30:00.000Z'
  it('holds every seat in one entry or none', () => {
    const one = addHold1()
    const held = addGroupHold(one, 'order_group_a', 4, 6, now, until)
    expect(held).toMatchObject({outcome: 'held', changed: true})
    expect(seatCounts(held.record, 6, now)).toEqual({seats: 6, booked: 1, held: 4, left: 1})
    const short = addGroupHold(held.record, 'order_group_b', 2, 6, now, until)
    expect(short).toMatchObject({outcome: 'short', left: 1, changed: false})
    expect(short.record).toBe(held.record)
  })
  it('books the hold as a booking of as many seats; an expired hold no longer counts', () => {
    const held = addGroupHold(emptySeats('b'), 'order_group_a', 5, 6, now, until).record
    const booked = confirmBooking(held, 'order_group_a', 6, now)
    expect(booked.booking).toMatchObject({seats: 5})
    expect(seatCounts(booked.record, 6, now)).toMatchObject({booked: 5, held: 0, left: 1})
    expect(seatCounts(held, 6, new Date('2026-12-01T08:31:00Z')).left).toBe(6)
  })
  function addHold1() {
    return {...emptySeats('b'), bookings: [{orderId: 'order_single_1', at: now.toISOString()}]}
  }
})
