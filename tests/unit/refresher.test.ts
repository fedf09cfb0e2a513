/**
 * "Book your refresher" (schemas/rules/refresher.ts): offered from 6 calendar months before a
 * certificate's expiry day, on injected days; never for a revoked certificate or one that does not
 * expire; the batch's enrolment link.
 */
import {describe, expect, it} from 'vitest'
import {batchEnrolPath, isRefresherOpen, refresherOpensOn, REFRESHER_MONTHS} from '#schemas/rules/refresher'

describe('refresherOpensOn', () => {
  it('is the same day six months before expiry, across a year', () => {
    expect(REFRESHER_MONTHS).toBe(6)
    expect(refresherOpensOn('2031-11-25')).toBe('2031-05-25')
    expect(refresherOpensOn('2031-03-10')).toBe('2030-09-10')
    expect(refresherOpensOn('2031-06-30')).toBe('2030-12-30')
  })

  it('is the last day of a shorter month', () => {
    expect(refresherOpensOn('2027-08-31')).toBe('2027-02-28')
    expect(refresherOpensOn('2028-08-31')).toBe('2028-02-29')
    expect(refresherOpensOn('2027-12-31')).toBe('2027-06-30')
  })

  it('refuses a day that is not one', () => {
    expect(() => refresherOpensOn('2027-02-30')).toThrow(RangeError)
    expect(() => refresherOpensOn('soon')).toThrow(RangeError)
  })
})

describe('isRefresherOpen', () => {
  const cert = {expiresOn: '2031-11-25', revokedOn: null}

  it('opens on the day six months before expiry, not the day before', () => {
    expect(isRefresherOpen(cert, '2031-05-24')).toBe(false)
    expect(isRefresherOpen(cert, '2031-05-25')).toBe(true)
    expect(isRefresherOpen(cert, '2031-11-25')).toBe(true)
  })

  it('stays open once the certificate expired', () => {
    expect(isRefresherOpen(cert, '2032-03-01')).toBe(true)
  })

  it('is never open for a revoked certificate or one that does not expire', () => {
    expect(isRefresherOpen({...cert, revokedOn: '2031-06-01'}, '2031-07-01')).toBe(false)
    expect(isRefresherOpen({expiresOn: null, revokedOn: null}, '2099-01-01')).toBe(false)
  })

  it('is closed years before expiry', () => {
    expect(isRefresherOpen(cert, '2026-11-25')).toBe(false)
  })
})

describe('batchEnrolPath', () => {
  it("is the course card's enrolment link with the batch", () => {
    const href = batchEnrolPath({_type: 'course', categoryId: 'offshore-survival', enrolCourse: 'BOSIET', pricing: 'fixed', priceUsd: 450}, 'batch-1')
    const url = new URL(href, 'https://example.com')
    expect(url.pathname).toBe('/payment')
    expect(Object.fromEntries(url.searchParams)).toEqual({training: 'offshore-survival', course: 'BOSIET', price: '$450', batch: 'batch-1'})
  })

  it('is the cadetship link with its enrolment amount for an intake', () => {
    const href = batchEnrolPath(
      {_type: 'cadetshipProgramme', categoryId: 'cadetship-training', enrolCourse: 'Deck Cadet', pricing: 'fixed', priceUsd: 1500},
      'b2',
    )
    expect(Object.fromEntries(new URL(href, 'https://example.com').searchParams)).toEqual({
      training: 'cadetship-training',
      course: 'Deck Cadet',
      amount: '1500',
      batch: 'b2',
    })
  })
})
