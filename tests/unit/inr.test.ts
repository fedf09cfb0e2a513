/**
 * INR where the content has an INR price (docs/requirements.md#req-inr): the one
 * pricing rule for both currencies (schemas/rules/price.ts parseInrPrice, payableInr, payableIn)
 * and the one home of INR formats (schemas/rules/format.ts formatInr, formatPrice,
 * formatMoney, formatPerCurrency; schemas/rules/receipt-format.ts formatAmountMinor).
 */
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {formatInr, formatMoney, formatPerCurrency, formatPrice} from '#schemas/rules/format'
import {isCurrency, MAX_INR_PRICE, parseInrPrice, payableIn, payableInr, toMinorUnits} from '#schemas/rules/price'
import {formatAmountMinor} from '#schemas/rules/receipt-format'

describe('parseInrPrice', () => {
  it('reads the INR prices of the seed content and the usual ways of writing one whole amount', () => {
    expect(parseInrPrice('₹45,000')).toBe(45000)
    expect(parseInrPrice('₹4,000')).toBe(4000)
    expect(parseInrPrice('₹55,000')).toBe(55000)
    expect(parseInrPrice('45000')).toBe(45000)
    expect(parseInrPrice(' ₹ 45,000 ')).toBe(45000)
    expect(parseInrPrice('Rs. 45,000')).toBe(45000)
    expect(parseInrPrice('rs 45000')).toBe(45000)
    expect(parseInrPrice('INR 45,000.00')).toBe(45000)
    expect(parseInrPrice('₹1,25,000')).toBe(125000)
    expect(parseInrPrice('₹125,000')).toBe(125000)
    expect(parseInrPrice('₹10,00,000')).toBe(MAX_INR_PRICE)
  })
  it('refuses anything that is not exactly one whole number of rupees: no guess, no exchange rate', () => {
    for (const text of [
      '',
      '   ',
      '₹',
      '₹40,000–45,000',
      '₹40,000 - ₹45,000',
      'approx. ₹45k',
      '₹45k',
      '₹45,000.50',
      '₹45000.5',
      '4,5000',
      '45,00',
      '₹0',
      '-45000',
      '₹-45,000',
      '$450',
      '45000 USD',
      '₹45,000 per person',
      '1e5',
      '0x10',
      '₹10,00,001',
    ]) {
      expect(parseInrPrice(text), text).toBeNull()
    }
    expect(parseInrPrice(null)).toBeNull()
    expect(parseInrPrice(undefined)).toBeNull()
  })
  it('gives back every whole amount it writes, grouped either way (property)', () => {
    fc.assert(
      fc.property(fc.integer({min: 1, max: MAX_INR_PRICE}), (rupees) => {
        expect(parseInrPrice(String(rupees))).toBe(rupees)
        expect(parseInrPrice(`₹${rupees.toLocaleString('en-US')}`)).toBe(rupees)
        expect(parseInrPrice(`₹${rupees.toLocaleString('en-IN')}`)).toBe(rupees)
        expect(parseInrPrice(formatInr(rupees))).toBe(rupees)
      }),
    )
  })
})

describe('payableInr and payableIn: the one pricing rule for both currencies', () => {
  const bosiet = {pricing: 'fixed', priceUsd: 450, priceInr: '₹45,000'}
  it('offers INR only for a fixed-price course whose content carries a readable INR price', () => {
    expect(payableInr(bosiet)).toBe(45000)
    expect(payableIn(bosiet, 'INR')).toBe(45000)
    expect(payableIn(bosiet, 'USD')).toBe(450)
    expect(payableInr({pricing: 'fixed', priceUsd: 450})).toBeNull()
    expect(payableInr({pricing: 'fixed', priceUsd: 450, priceInr: ''})).toBeNull()
    expect(payableInr({pricing: 'fixed', priceUsd: 450, priceInr: 'about ₹45k'})).toBeNull()
    expect(payableInr({pricing: 'contact', priceUsd: null, priceInr: '₹45,000'})).toBeNull()
    expect(payableInr({pricing: 'fixed', priceUsd: null, priceInr: '₹45,000'})).toBeNull()
  })
  it('knows the two currencies exactly', () => {
    expect(isCurrency('USD')).toBe(true)
    expect(isCurrency('INR')).toBe(true)
    expect(isCurrency('inr')).toBe(false)
    expect(isCurrency('EUR')).toBe(false)
  })
  it('charges INR in paise', () => {
    expect(toMinorUnits(45000)).toBe(4_500_000)
  })
})

describe('INR formats', () => {
  it('writes rupees with Indian digit grouping and paise, everywhere', () => {
    expect(formatInr(45000)).toBe('₹45,000.00')
    expect(formatInr(125000)).toBe('₹1,25,000.00')
    expect(formatPrice(45000, 'INR')).toBe('₹45,000.00')
    expect(formatPrice(450, 'USD')).toBe('$450')
    expect(formatMoney(45000, 'INR')).toBe('₹45,000.00 INR')
    expect(formatMoney(125000, 'inr')).toBe('₹1,25,000.00 INR')
    expect(formatMoney(450, 'USD')).toBe('$450 USD')
    expect(formatAmountMinor(4_500_000, 'INR')).toBe('₹45,000.00')
    expect(formatAmountMinor(12_500_000, 'inr')).toBe('₹1,25,000.00')
    expect(formatAmountMinor(45000, 'USD')).toBe('USD 450.00')
  })
  it('writes revenue per currency, never added across currencies (Total Revenue)', () => {
    expect(formatPerCurrency({USD: 12450, INR: 45000})).toBe('USD 12,450.00 · INR 45,000.00')
    expect(formatPerCurrency({INR: 145000, USD: 0.5})).toBe('USD 0.50 · INR 1,45,000.00')
    expect(formatPerCurrency({INR: 4000})).toBe('INR 4,000.00')
    expect(formatPerCurrency({})).toBe('USD 0.00')
    expect(formatPerCurrency({aed: 10, USD: 1})).toBe('USD 1.00 · AED 10.00')
    expect(formatPerCurrency({XY: 10})).toBe('XY 10.00')
  })
})
