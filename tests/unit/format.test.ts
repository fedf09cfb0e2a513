/**
 * The one format module (schemas/rules/format.ts): the cents rule shared by formatUsd and
 * formatMoney, the YYYY-MM-DD day of download file names, and the named locales.
 */
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {
  DATE_LOCALE,
  formatDate,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatUsd,
  localDate,
  MONEY_LOCALE,
  moneyFractionDigits,
} from '#schemas/rules/format'

describe('money', () => {
  it('applies the cents rule: no decimals for whole amounts, exactly two otherwise', () => {
    expect(moneyFractionDigits(2200)).toBe(0)
    expect(moneyFractionDigits(12.5)).toBe(2)
    expect(formatUsd(2200)).toBe('$2,200')
    expect(formatUsd(12.5)).toBe('$12.50')
    expect(formatMoney(4650.5)).toBe('$4,650.50 USD')
    expect(formatMoney(45000, 'inr')).toBe('₹45,000.00 INR')
  })
  it('writes an unknown currency code as a plain number with the code', () => {
    expect(formatMoney(4650, 'XY')).toBe('4,650 XY')
    expect(formatMoney(12.5, 'not-a-code')).toBe('12.50 NOT-A-CODE')
  })
  it('writes USD the same way in both forms, as the former en-US formats did', () => {
    const whole = new Intl.NumberFormat('en-US', {style: 'currency', currency: 'USD', maximumFractionDigits: 0})
    const cents = new Intl.NumberFormat('en-US', {style: 'currency', currency: 'USD', minimumFractionDigits: 2})
    fc.assert(
      fc.property(fc.integer({min: 0, max: 100_000_000}), (minor) => {
        const usd = minor / 100
        const expected = (Number.isInteger(usd) ? whole : cents).format(usd)
        expect(formatUsd(usd)).toBe(expected)
        expect(formatMoney(usd, 'usd')).toBe(`${expected} USD`)
      }),
    )
  })
  it('names its locales', () => {
    expect(MONEY_LOCALE).toBe('en-US')
    expect(DATE_LOCALE).toBe('en-GB')
  })
})

describe('dates', () => {
  it('writes the local calendar day as YYYY-MM-DD', () => {
    expect(localDate(new Date(2025, 0, 7, 23, 59))).toBe('2025-01-07')
    expect(localDate(new Date(2026, 11, 31))).toBe('2026-12-31')
  })
  it('writes admin dates in en-GB and a dash when there is none', () => {
    const iso = new Date(2025, 0, 7, 14, 5).toISOString()
    expect(formatDate(iso)).toBe('7 Jan 2025')
    expect(formatDateTime(iso)).toBe('7 Jan 2025, 14:05')
    expect(formatDate(null)).toBe('—')
    expect(formatDateTime('not a date')).toBe('—')
  })
  it('writes a legal page day in UTC, and leaves what is not a date as it is', () => {
    expect(formatLongDate('2025-01-20')).toBe('20 January 2025')
    expect(formatLongDate('2025-01-20T23:30:00-05:00')).toBe('20 January 2025')
    expect(formatLongDate('soon')).toBe('soon')
  })
})
