import {describe, expect, it} from 'vitest'
import {
  batchDateRange,
  batchLine,
  batchMonths,
  batchSeatsText,
  calendarFilters,
  checkBatchEnd,
  checkBatchStart,
  DATES_ON_REQUEST,
  filterBatches,
  isIsoDate,
  isUpcoming,
  monthLabel,
  providerToday,
  seatsLeftText,
  seatsTotalText,
  secondsUntilNextProviderDay,
} from '#schemas/rules/batches'

describe('batchDateRange', () => {
  it('writes the issue examples with an en dash', () => {
    expect(batchDateRange({startDate: '2027-01-12', endDate: '2027-01-16'})).toBe('12–16 Jan 2027')
    expect(batchDateRange({startDate: '2027-01-30', endDate: '2027-02-03'})).toBe('30 Jan – 3 Feb 2027')
    expect(batchDateRange({startDate: '2026-12-28', endDate: '2027-01-02'})).toBe('28 Dec 2026 – 2 Jan 2027')
  })
  it('writes a one-day batch as its day, and ignores an end before the start', () => {
    expect(batchDateRange({startDate: '2027-09-06', endDate: '2027-09-06'})).toBe('6 Sep 2027')
    expect(batchDateRange({startDate: '2027-09-06', endDate: null})).toBe('6 Sep 2027')
    expect(batchDateRange({startDate: '2027-09-06', endDate: '2027-09-01'})).toBe('6 Sep 2027')
  })
  it('is empty without a readable start', () => {
    expect(batchDateRange({startDate: null, endDate: '2027-01-02'})).toBe('')
    expect(batchDateRange({startDate: '2027-02-30', endDate: null})).toBe('')
  })
})

describe('isIsoDate', () => {
  it('accepts real days only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true)
    expect(isIsoDate('2027-02-29')).toBe(false)
    expect(isIsoDate('2027-1-02')).toBe(false)
    expect(isIsoDate(20270102)).toBe(false)
  })
})

describe('providerToday and isUpcoming', () => {
  it("uses the provider's day (Asia/Dubai, UTC+4)", () => {
    expect(providerToday(new Date('2026-12-31T19:59:59Z'))).toBe('2026-12-31')
    expect(providerToday(new Date('2026-12-31T20:00:00Z'))).toBe('2027-01-01')
    expect(() => providerToday(new Date('nope'))).toThrow(RangeError)
  })
  it('counts a batch as upcoming only when it starts after today', () => {
    expect(isUpcoming({startDate: '2027-01-12'}, '2027-01-11')).toBe(true)
    expect(isUpcoming({startDate: '2027-01-12'}, '2027-01-12')).toBe(false)
    expect(isUpcoming({startDate: '2027-01-12'}, '2027-02-01')).toBe(false)
    expect(isUpcoming({startDate: null}, '2027-01-01')).toBe(false)
  })
  it("counts the seconds to the provider's next midnight", () => {
    expect(secondsUntilNextProviderDay(new Date('2026-11-24T19:59:00Z'))).toBe(60)
    expect(secondsUntilNextProviderDay(new Date('2026-11-24T20:00:00Z'))).toBe(86_400)
  })
})

describe('seat texts', () => {
  it('writes seats left, one seat, and Full', () => {
    expect(seatsLeftText(5)).toBe('5 seats left')
    expect(seatsLeftText(1)).toBe('1 seat left')
    expect(seatsLeftText(0)).toBe('Full')
    expect(seatsLeftText(-2)).toBe('Full')
  })
  it('shows the class size until the live count is known, and the status of a closed batch', () => {
    expect(seatsTotalText(12)).toBe('12 seats')
    expect(batchSeatsText({status: 'open', seats: 12})).toBe('12 seats')
    expect(batchSeatsText({status: 'open', seats: 12}, {seats: 12, booked: 3, held: 1, left: 8})).toBe('8 seats left')
    expect(batchSeatsText({status: 'closed', seats: 12}, {seats: 12, booked: 3, held: 1, left: 8})).toBe('Closed')
  })
  it('joins a card line with middle dots', () => {
    expect(batchLine({startDate: '2027-01-12', endDate: '2027-01-16', city: 'Mumbai'}, seatsLeftText(5))).toBe('12–16 Jan 2027 · Mumbai · 5 seats left')
    expect(DATES_ON_REQUEST).toBe('Dates on request')
  })
})

describe('Studio rules', () => {
  it('wants a new batch to start after the day it was created; an old one stays valid', () => {
    expect(checkBatchStart('2027-01-12', '2026-11-24')).toBe(true)
    expect(checkBatchStart('2026-11-24', '2026-11-24')).toMatch(/must start in the future/)
    expect(checkBatchStart('2026-01-12', null)).toBe(true)
  })
  it('wants the end on or after the start', () => {
    expect(checkBatchEnd('2027-01-12', '2027-01-12')).toBe(true)
    expect(checkBatchEnd('2027-01-12', '2027-01-11')).toMatch(/on or after/)
  })
})

describe('calendar filters', () => {
  const rows = [
    {id: 'a', startDate: '2027-01-12', city: 'Mumbai', categoryId: 'stcw-courses'},
    {id: 'b', startDate: '2027-02-01', city: 'Dubai', categoryId: 'stcw-courses'},
    {id: 'c', startDate: '2027-01-20', city: 'Dubai', categoryId: 'offshore-survival'},
  ]
  it('reads the query, and keeps only the rows matching every filter set', () => {
    expect(calendarFilters(new URLSearchParams('category=stcw-courses&month=2027-01'))).toEqual({category: 'stcw-courses', location: '', month: '2027-01'})
    expect(filterBatches(rows, {category: 'stcw-courses', location: '', month: ''}).map((r) => r.id)).toEqual(['a', 'b'])
    expect(filterBatches(rows, {category: '', location: 'Dubai', month: '2027-01'}).map((r) => r.id)).toEqual(['c'])
    expect(filterBatches(rows, {category: 'nope', location: '', month: ''})).toEqual([])
  })
  it('lists the months, earliest first, and names them', () => {
    expect(batchMonths(rows)).toEqual(['2027-01', '2027-02'])
    expect(monthLabel('2027-09')).toBe('September 2027')
  })
})
