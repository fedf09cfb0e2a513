/**
 * Receipt numbers `{prefix}-{YYYY}-{NNNNN}` — the format, the year in the provider's
 * time zone (Asia/Dubai), and allocation through a conditional write on one counter per year in
 * Netlify's Blobs emulation: unique, consecutive, no gaps under 50 concurrent payments, exactly
 * once per order. Times are given, never read from the clock.
 */
import {describe, expect, it} from 'vitest'
import {allocateReceiptNumber, readReceiptCounter, receiptYear} from '#netlify/services/receipts/receipt-number'
import {DEFAULT_RECEIPT_PREFIX, formatReceiptNumber, isReceiptNumber} from '#schemas/rules/receipt-number'
import {formatAmountMinor, formatProviderDateTime, paymentMethodLabel} from '#schemas/rules/receipt-format'
import {useBlobs} from '../helpers/blobs'

useBlobs()

const orderId = (label: string, n: number) => `order_${label}${String(n).padStart(6, '0')}`

describe('formatReceiptNumber', () => {
  it('writes {prefix}-{YYYY}-{NNNNN}, padded to five digits and never cut', () => {
    expect(formatReceiptNumber('MTC', 2026, 1)).toBe('MTC-2026-00001')
    expect(formatReceiptNumber('MTC', 2027, 99999)).toBe('MTC-2027-99999')
    expect(formatReceiptNumber('MTC', 2027, 100000)).toBe('MTC-2027-100000')
    expect(isReceiptNumber('MTC-2026-00001')).toBe(true)
    expect(isReceiptNumber('MTC-2026-1')).toBe(false)
    expect(DEFAULT_RECEIPT_PREFIX).toBe('MTC')
  })
  it('refuses a prefix that could break a header or a file name, and impossible years and sequences', () => {
    for (const prefix of ['', 'mtc', 'MTC\r\nBcc: x@example.com', 'M-T', '1MTC', 'ABCDEFGHIJK']) {
      expect(() => formatReceiptNumber(prefix, 2026, 1), prefix).toThrow(RangeError)
    }
    expect(() => formatReceiptNumber('MTC', 26, 1)).toThrow(RangeError)
    expect(() => formatReceiptNumber('MTC', 2026, 0)).toThrow(RangeError)
    expect(() => formatReceiptNumber('MTC', 2026, 1.5)).toThrow(RangeError)
  })
})

describe('receiptYear (Asia/Dubai, UTC+4)', () => {
  it('turns the year at midnight in Dubai, not in UTC', () => {
    expect(receiptYear('2026-12-31T19:59:59.999Z')).toBe(2026)
    expect(receiptYear('2026-12-31T20:00:00.000Z')).toBe(2027)
    expect(receiptYear('2026-12-31T20:30:00Z')).toBe(2027)
    expect(receiptYear(new Date('2026-12-31T23:59:59+04:00'))).toBe(2026)
    expect(receiptYear(new Date('2027-01-01T00:00:00+04:00'))).toBe(2027)
    expect(receiptYear('2027-12-31T20:00:00Z')).toBe(2028)
  })
  it('refuses an invalid time', () => {
    expect(() => receiptYear('not a time')).toThrow(RangeError)
  })
})

describe('receipt formats', () => {
  it('prints times in Dubai time, amounts with their currency code, and the payment method', () => {
    expect(formatProviderDateTime('2026-12-31T20:30:00Z')).toBe('1 January 2027, 00:30 (Dubai time, UTC+4)')
    expect(formatAmountMinor(45000, 'USD')).toBe('USD 450.00')
    expect(formatAmountMinor(220000, 'usd')).toBe('USD 2,200.00')
    expect(formatAmountMinor(4999, 'USD')).toBe('USD 49.99')
    expect(formatAmountMinor(4500, 'JPY')).toBe('JPY 4,500')
    expect(paymentMethodLabel(false)).toBe('Card via Razorpay')
    expect(paymentMethodLabel(true)).toBe('Sandbox (test) payment')
  })
})

describe('allocateReceiptNumber', () => {
  it('gives 50 concurrent payments 50 distinct consecutive numbers 00001..00050, no gaps', async () => {
    const paidAt = '2026-06-15T08:00:00.000Z'
    const results = await Promise.all(Array.from({length: 50}, (_, i) => allocateReceiptNumber('MTC', paidAt, orderId('fifty', i))))
    const numbers = results.map((r) => r.receiptNumber).sort()
    expect(new Set(numbers).size).toBe(50)
    expect(numbers).toEqual(Array.from({length: 50}, (_, i) => `MTC-2026-${String(i + 1).padStart(5, '0')}`))
    expect(results.every((r) => r.allocated && r.year === 2026)).toBe(true)
    const counter = await readReceiptCounter(2026)
    expect(counter?.last).toBe(50)
    expect(Object.keys(counter?.byOrder ?? {})).toHaveLength(50)
  })

  it('gives an order its number exactly once: again (also concurrently) is the same number, and uses none', async () => {
    const paidAt = '2026-06-16T08:00:00.000Z'
    const order = orderId('once', 1)
    const first = await allocateReceiptNumber('MTC', paidAt, order)
    const again = await Promise.all(Array.from({length: 10}, () => allocateReceiptNumber('MTC', paidAt, order)))
    expect(again.map((r) => r.receiptNumber)).toEqual(Array(10).fill(first.receiptNumber))
    expect(again.every((r) => !r.allocated)).toBe(true)
    const next = await allocateReceiptNumber('MTC', paidAt, orderId('once', 2))
    expect(next.seq).toBe(first.seq + 1)
  })

  it('restarts the sequence in the new year in Dubai time (2026-12-31T20:30Z is 2027)', async () => {
    const late2026 = await allocateReceiptNumber('MTC', '2026-12-31T19:59:00.000Z', orderId('boundary', 1))
    const early2027 = await allocateReceiptNumber('MTC', '2026-12-31T20:30:00.000Z', orderId('boundary', 2))
    expect(late2026.receiptNumber).toMatch(/^MTC-2026-\d{5}$/)
    expect(late2026.seq).toBeGreaterThan(50)
    expect(early2027.receiptNumber).toBe('MTC-2027-00001')
    expect((await allocateReceiptNumber('MTC', new Date('2027-03-01T00:00:00Z'), orderId('boundary', 3))).receiptNumber).toBe('MTC-2027-00002')
  })

  it('takes the prefix of the site settings and refuses bad input before touching the counter', async () => {
    expect((await allocateReceiptNumber('ACME', '2030-01-01T00:00:00Z', orderId('prefix', 1))).receiptNumber).toBe('ACME-2030-00001')
    await expect(allocateReceiptNumber('acme', '2030-01-01T00:00:00Z', orderId('prefix', 2))).rejects.toThrow(RangeError)
    await expect(allocateReceiptNumber('MTC', '2030-01-01T00:00:00Z', 'not-an-order')).rejects.toThrow(RangeError)
    await expect(allocateReceiptNumber('MTC', 'yesterday', orderId('prefix', 3))).rejects.toThrow(RangeError)
    expect((await readReceiptCounter(2030))?.last).toBe(1)
  })
})
