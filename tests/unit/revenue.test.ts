/**
 * The revenue rule (docs/requirements.md#req-refunds, schemas/rules/revenue.ts): an
 * enrolment's net revenue (paid minus the refunds that count), and revenue by month — calendar
 * months in Asia/Dubai (UTC+4), payments in the month of `paidAt`, refunds in the month they were
 * made, per currency, the 12-month window ending with the month of `now`.
 */
import {describe, expect, it} from 'vitest'
import {ENROLMENT_STATUSES} from '#schemas/rules/enrolment-status'
import {lastMonths, monthLabel, netRevenueMinor, providerMonth, revenueByMonth, type RevenueRow} from '#schemas/rules/revenue'

type Refund = NonNullable<RevenueRow['refunds']>[number]
const refund = (amount: number, createdAt: string, status: Refund['status'] = 'processed'): Refund => ({amount, createdAt, status})
const row = (overrides: Partial<RevenueRow> = {}): RevenueRow => ({
  amount: 100,
  currency: 'USD',
  status: 'paid',
  paidAt: '2026-01-15T10:00:00.000Z',
  ...overrides,
})

/** 10 March 2026, 12:00 in Dubai: the window is April 2025 – March 2026. */
const NOW = new Date('2026-03-10T08:00:00.000Z')

/** The months of one currency as {month: netMinor}, only the months with money. */
function nets(result: ReturnType<typeof revenueByMonth>, currency = 'USD'): Record<string, number> {
  const months = result.find((entry) => entry.currency === currency)?.months ?? []
  return Object.fromEntries(months.filter((m) => m.paidMinor !== 0 || m.refundedMinor !== 0).map((m) => [m.month, m.netMinor]))
}

describe('netRevenueMinor: paid minus refunded, in minor units', () => {
  it('is the amount in cents for every status whose payment was received, 0 for pending', () => {
    const paidAt = '2026-01-15T10:00:00.000Z'
    const counted = ENROLMENT_STATUSES.filter((status) => netRevenueMinor(row({status, paidAt, amount: 49.5})) === 4950)
    expect(counted).toEqual(['paid', 'contacted', 'confirmed', 'completed', 'cancelled', 'refunded', 'partially-refunded'])
    expect(netRevenueMinor(row({status: 'pending', paidAt}))).toBe(0)
    // Cancelled before payment: never paid, nothing to count.
    expect(netRevenueMinor(row({status: 'cancelled', paidAt: null}))).toBe(0)
  })

  it('subtracts the refunds that count (pending and processed), not the failed ones', () => {
    const refunds = [refund(10000, '2026-02-01T00:00:00Z'), refund(2550, '2026-02-02T00:00:00Z', 'pending'), refund(5000, '2026-02-03T00:00:00Z', 'failed')]
    expect(netRevenueMinor(row({amount: 450, status: 'partially-refunded', refunds}))).toBe(45000 - 10000 - 2550)
  })

  it('is 0 when refunded in full, never below 0, and 0 for an unpaid row whatever its refunds or an unreadable amount', () => {
    expect(netRevenueMinor(row({amount: 150, status: 'refunded', refunds: [refund(15000, '2026-02-01T00:00:00Z')]}))).toBe(0)
    expect(netRevenueMinor(row({amount: 150, status: 'refunded', refunds: [refund(20000, '2026-02-01T00:00:00Z')]}))).toBe(0)
    expect(netRevenueMinor(row({status: 'pending', paidAt: null, refunds: [refund(100, '2026-02-01T00:00:00Z')]}))).toBe(0)
    expect(netRevenueMinor(row({amount: Number.NaN}))).toBe(0)
  })

  it("adds a cadetship's later installments paid by payment link, never for an unpaid row", () => {
    const installmentPayments = [
      {amount: 250000, paidAt: '2026-02-10T10:00:00Z'},
      {amount: 250000, paidAt: '2026-03-01T10:00:00Z'},
    ]
    expect(netRevenueMinor(row({amount: 3500, installmentPayments}))).toBe(350000 + 500000)
    expect(netRevenueMinor(row({amount: 3500, installmentPayments, status: 'pending', paidAt: null}))).toBe(0)
    expect(netRevenueMinor(row({amount: 3500, installmentPayments: [{amount: -5, paidAt: '2026-02-10T10:00:00Z'}]}))).toBe(350000)
  })
})

describe('months in Asia/Dubai (UTC+4, no daylight saving)', () => {
  it('providerMonth: a month starts at 20:00 UTC the day before', () => {
    expect(providerMonth('2026-01-31T19:59:59.999Z')).toBe('2026-01')
    expect(providerMonth('2026-01-31T20:00:00.000Z')).toBe('2026-02')
    expect(providerMonth('2025-12-31T20:30:00.000Z')).toBe('2026-01')
    expect(providerMonth(new Date('2026-06-30T19:59:00Z'))).toBe('2026-06')
    expect(providerMonth(null)).toBeNull()
    expect(providerMonth('')).toBeNull()
    expect(providerMonth('not a date')).toBeNull()
  })

  it('lastMonths: oldest first, ending with the month of now in Dubai, across a year', () => {
    expect(lastMonths(NOW, 3)).toEqual(['2026-01', '2026-02', '2026-03'])
    expect(lastMonths(NOW, 12)).toEqual([
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
    ])
    // 31 March 21:00 UTC is already 1 April in Dubai.
    expect(lastMonths(new Date('2026-03-31T21:00:00Z'), 2)).toEqual(['2026-03', '2026-04'])
    expect(lastMonths(new Date('2026-01-05T00:00:00Z'), 1)).toEqual(['2026-01'])
    expect(() => lastMonths(NOW, 0)).toThrow(RangeError)
    expect(() => lastMonths(NOW, 1.5)).toThrow(RangeError)
    expect(() => lastMonths(new Date('nope'), 12)).toThrow(RangeError)
  })

  it('monthLabel: "Dec 25" on the axis, "December 2025" in the table, whatever the zone', () => {
    expect(monthLabel('2025-12')).toBe('Dec 25')
    expect(monthLabel('2026-01', 'long')).toBe('January 2026')
    expect(monthLabel('junk')).toBe('junk')
  })
})

describe('revenueByMonth', () => {
  it('gives every month of the 12-month window, oldest first, including the current month', () => {
    const [usd, ...others] = revenueByMonth([row({paidAt: '2026-03-09T10:00:00Z'})], NOW)
    expect(others).toEqual([])
    expect(usd!.currency).toBe('USD')
    expect(usd!.months.map((m) => m.month)).toEqual(lastMonths(NOW, 12))
    expect(usd!.months.at(-1)).toEqual({month: '2026-03', paidMinor: 10000, refundedMinor: 0, netMinor: 10000})
    expect(usd!.months[0]).toEqual({month: '2025-04', paidMinor: 0, refundedMinor: 0, netMinor: 0})
    expect(usd!.netMinor).toBe(10000)
    expect(revenueByMonth([row({paidAt: '2026-03-09T10:00:00Z'})], NOW, 3)[0]!.months.map((m) => m.month)).toEqual(['2026-01', '2026-02', '2026-03'])
  })

  it('puts a payment in its Dubai month: the window starts at 2025-03-31T20:00Z and ends with now', () => {
    const result = revenueByMonth(
      [
        row({amount: 1, paidAt: '2025-03-31T19:59:59.999Z'}), // 31 March in Dubai: before the window
        row({amount: 2, paidAt: '2025-03-31T20:00:00.000Z'}), // 1 April in Dubai: the first month
        row({amount: 4, paidAt: '2026-01-31T20:30:00.000Z'}), // 1 February in Dubai
        row({amount: 8, paidAt: '2026-03-31T20:00:00.000Z'}), // April 2026: after the window
      ],
      NOW,
    )
    expect(nets(result)).toEqual({'2025-04': 200, '2026-02': 400})
    expect(result[0]!.netMinor).toBe(600)
  })

  it('counts each installment paid by payment link in the month it was paid', () => {
    const result = revenueByMonth(
      [
        row({
          amount: 3500,
          paidAt: '2025-12-10T10:00:00Z',
          installmentPayments: [
            {amount: 250000, paidAt: '2026-01-31T20:30:00Z'}, // 1 February in Dubai
            {amount: 250000, paidAt: '2026-04-02T10:00:00Z'}, // after the window
          ],
        }),
      ],
      NOW,
    )
    expect(nets(result)).toEqual({'2025-12': 350000, '2026-02': 250000})
  })

  it('counts a refund in the month it was made (cash view): a later month can go below 0', () => {
    const result = revenueByMonth(
      [
        row({amount: 450, status: 'partially-refunded', paidAt: '2026-01-10T10:00:00Z', refunds: [refund(10000, '2026-02-05T10:00:00Z')]}),
        // Paid before the window, refunded inside it: only the refund is in the window.
        row({amount: 300, status: 'refunded', paidAt: '2025-02-01T10:00:00Z', refunds: [refund(30000, '2025-12-20T10:00:00Z')]}),
      ],
      NOW,
    )
    expect(nets(result)).toEqual({'2025-12': -30000, '2026-01': 45000, '2026-02': -10000})
    expect(result[0]!.months.find((m) => m.month === '2026-02')).toEqual({month: '2026-02', paidMinor: 0, refundedMinor: 10000, netMinor: -10000})
    expect(result[0]!.netMinor).toBe(45000 - 10000 - 30000)
  })

  it('ignores failed refunds; counts pending and processed ones; a refund made in the same month nets out', () => {
    const result = revenueByMonth(
      [
        row({
          amount: 2200,
          paidAt: '2026-02-01T10:00:00Z',
          refunds: [refund(50000, '2026-02-02T10:00:00Z', 'failed'), refund(20000, '2026-02-03T10:00:00Z', 'pending'), refund(5000, '2026-03-01T10:00:00Z')],
        }),
      ],
      NOW,
    )
    expect(nets(result)).toEqual({'2026-02': 220000 - 20000, '2026-03': -5000})
  })

  it('leaves out rows whose payment never arrived, even with a paidAt or refunds', () => {
    const result = revenueByMonth(
      [
        row({status: 'pending', paidAt: '2026-02-01T10:00:00Z'}),
        row({status: 'cancelled', paidAt: null, refunds: [refund(100, '2026-02-01T10:00:00Z')]}),
        row({status: 'paid', paidAt: null, amount: 5}), // paid but with no readable time: in no month
      ],
      NOW,
    )
    expect(result).toEqual([])
  })

  it('keeps currencies apart, USD first then by code, and merges codes of any case', () => {
    const result = revenueByMonth(
      [
        row({amount: 4000, currency: 'INR', paidAt: '2025-06-01T10:00:00Z'}),
        row({amount: 100, currency: 'usd', paidAt: '2026-01-01T10:00:00Z'}),
        row({amount: 50, currency: 'USD', paidAt: '2026-01-02T10:00:00Z'}),
        row({amount: 20, currency: 'AED', paidAt: '2026-02-01T10:00:00Z', refunds: [refund(500, '2026-03-01T10:00:00Z')]}),
        row({amount: 70, currency: '', paidAt: '2026-01-03T10:00:00Z'}), // no currency: USD
        row({amount: 999, currency: 'EUR', paidAt: '2024-01-01T10:00:00Z'}), // nothing in the window: no chart
      ],
      NOW,
    )
    expect(result.map((entry) => entry.currency)).toEqual(['USD', 'AED', 'INR'])
    expect(nets(result, 'USD')).toEqual({'2026-01': 22000})
    expect(nets(result, 'INR')).toEqual({'2025-06': 400000})
    expect(nets(result, 'AED')).toEqual({'2026-02': 2000, '2026-03': -500})
  })
})
