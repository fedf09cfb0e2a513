import {describe, expect, it} from 'vitest'
import {formatUsd} from '#schemas/rules/format'
import {CONTACT_FOR_PRICING, coursePriceLabel, fromMinorUnits, payableUsd, toMinorUnits} from '#schemas/rules/price'

describe('formatUsd', () => {
  it('shows whole dollars without cents and groups thousands', () => {
    expect(formatUsd(150)).toBe('$150')
    expect(formatUsd(2200)).toBe('$2,200')
    expect(formatUsd(0)).toBe('$0')
  })
  it('shows cents when there are any', () => {
    expect(formatUsd(49.5)).toBe('$49.50')
    expect(formatUsd(1234.56)).toBe('$1,234.56')
  })
})

describe('coursePriceLabel and payableUsd', () => {
  it('labels a fixed-price course with its dollar amount', () => {
    expect(coursePriceLabel({pricing: 'fixed', priceUsd: 450})).toBe('$450')
    expect(payableUsd({pricing: 'fixed', priceUsd: 450})).toBe(450)
  })
  it('labels a quoted course "Contact for pricing" and makes it unpayable', () => {
    expect(coursePriceLabel({pricing: 'contact'})).toBe(CONTACT_FOR_PRICING)
    expect(CONTACT_FOR_PRICING).toBe('Contact for pricing')
    expect(payableUsd({pricing: 'contact', priceUsd: 100})).toBeNull()
  })
  it('treats a fixed course without a price as unpayable rather than free', () => {
    expect(payableUsd({pricing: 'fixed', priceUsd: null})).toBeNull()
    expect(coursePriceLabel({pricing: 'fixed'})).toBe(CONTACT_FOR_PRICING)
  })
})

describe('toMinorUnits (docs/requirements.md#req-calls: amount x 100, rounded)', () => {
  it('converts dollars to cents', () => {
    expect(toMinorUnits(3500)).toBe(350000)
    expect(toMinorUnits(0.1 + 0.2)).toBe(30)
    expect(toMinorUnits(19.995)).toBe(2000)
  })
})

describe('fromMinorUnits', () => {
  it('converts cents back to dollars (an order amount shown in the sandbox dialog)', () => {
    expect(fromMinorUnits(350000)).toBe(3500)
    expect(fromMinorUnits(4950)).toBe(49.5)
    expect(fromMinorUnits(toMinorUnits(1234.56))).toBe(1234.56)
  })
})
