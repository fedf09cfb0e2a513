/** The installment rule (schemas/rules/installments.ts): schedule, states, refusals, reference ids, words. */
import {describe, expect, it} from 'vitest'
import {
  installmentOfText,
  installmentSchedule,
  installmentViews,
  linkReferenceId,
  linkRequestProblem,
  linkState,
  ordinalOf,
  scheduleTotalUsd,
  type InstallmentLink,
} from '#schemas/rules/installments'

const CONTENT = [
  {label: '1st Installment', duration: '3 months', feeUsd: 3500},
  {label: '2nd Installment', duration: '3 months', feeUsd: 2500},
  {label: '3rd Installment', duration: '3 months', feeUsd: 2500},
]
const now = new Date('2026-11-24T12:00:00Z')
const link = (over: Partial<InstallmentLink>): InstallmentLink => ({
  number: 2,
  referenceId: 'order_x-i2',
  status: 'requested',
  amountMinor: 250000,
  currency: 'USD',
  createdAt: '2026-11-20T00:00:00Z',
  expireBy: '2026-12-20T00:00:00Z',
  by: 'staff@x',
  linkId: 'plink_a',
  ...over,
})

describe('installments', () => {
  it('the schedule, its total and its words', () => {
    const schedule = installmentSchedule(CONTENT)
    expect(schedule.map((r) => [r.number, r.label, r.amountMinor])).toEqual([
      [1, '1st Installment', 350000],
      [2, '2nd Installment', 250000],
      [3, '3rd Installment', 250000],
    ])
    expect(scheduleTotalUsd(schedule)).toBe(8500)
    expect(installmentSchedule([{feeUsd: 0}, {label: null, duration: null, feeUsd: 10}])).toEqual([
      {number: 1, label: '1st Installment', duration: '', feeUsd: 10, amountMinor: 1000},
    ])
    expect(installmentOfText(1, 3)).toBe('1st installment of 3')
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinalOf)).toEqual(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st'])
    expect([1, 2, 3].map((k) => linkReferenceId('order_x', 2, k))).toEqual(['order_x-i2', 'order_x-i2-2', 'order_x-i2-3'])
  })

  it('states: due, requested, expired (by event or by time), paid wins', () => {
    expect(linkState([], 2, now).state).toBe('due')
    expect(linkState([link({})], 2, now).state).toBe('requested')
    expect(linkState([link({})], 3, now).state).toBe('due')
    expect(linkState([link({expireBy: '2026-11-24T12:00:00Z'})], 2, now).state).toBe('expired')
    expect(linkState([link({status: 'expired'})], 2, now).state).toBe('expired')
    expect(linkState([link({status: 'expired'}), link({status: 'paid', linkId: 'plink_b'})], 2, now)).toMatchObject({state: 'paid', link: {linkId: 'plink_b'}})
    expect(linkState([link({status: 'creating'})], 2, now).state).toBe('due')
    const views = installmentViews(
      installmentSchedule(CONTENT),
      {firstPaid: true, receiptNumber: 'MTC-2026-00001', links: [link({shortUrl: 'https://rzp.io/i/x'})]},
      now,
    )
    expect(views.map((v) => [v.state, v.receiptNumber, v.linkUrl])).toEqual([
      ['paid', 'MTC-2026-00001', undefined],
      ['requested', undefined, 'https://rzp.io/i/x'],
      ['due', undefined, undefined],
    ])
  })

  it('a new link: refused while open, paid or being created; allowed after an expiry', () => {
    const base = {cadetship: true, scheduleLength: 3, firstPaid: true}
    expect(linkRequestProblem({...base, links: []}, 2, now)).toBeNull()
    expect(linkRequestProblem({...base, cadetship: false, links: []}, 2, now)?.status).toBe(400)
    expect(linkRequestProblem({...base, links: []}, 1, now)?.status).toBe(400)
    expect(linkRequestProblem({...base, links: []}, 4, now)?.status).toBe(400)
    expect(linkRequestProblem({...base, firstPaid: false, links: []}, 2, now)?.status).toBe(409)
    expect(linkRequestProblem({...base, links: [link({})]}, 2, now)?.status).toBe(409)
    expect(linkRequestProblem({...base, links: [link({status: 'paid'})]}, 2, now)?.status).toBe(409)
    expect(linkRequestProblem({...base, links: [link({status: 'creating', createdAt: '2026-11-24T11:59:00Z'})]}, 2, now)?.status).toBe(409)
    expect(linkRequestProblem({...base, links: [link({status: 'creating', createdAt: '2026-11-24T11:50:00Z'})]}, 2, now)).toBeNull()
    expect(linkRequestProblem({...base, links: [link({status: 'expired'})]}, 2, now)).toBeNull()
    expect(linkRequestProblem({...base, links: [link({expireBy: '2026-11-01T00:00:00Z'})]}, 2, now)).toBeNull()
  })
})
