/** The pricing rule of docs/requirements.md#req-states-enrolment, #req-validation-enrolment and #req-constants against the real seed catalogue. */
import {beforeAll, describe, expect, it} from 'vitest'
import {
  checkEnrolmentPrice,
  countryOptions,
  courseOptions,
  ENROLMENT_MESSAGES,
  type EnrolmentCatalogue,
  prefillFromQuery,
  programOptions,
  quote,
} from '#schemas/rules/enrolment'
import {fetchContent} from '#netlify/platform/content/client'
import {ENROLMENT_CATALOGUE_QUERY} from '#netlify/platform/content/queries'

let catalogue: EnrolmentCatalogue
beforeAll(async () => {
  catalogue = await fetchContent(ENROLMENT_CATALOGUE_QUERY)
})

describe('quote', () => {
  it('prices every fixed-price course at its catalogue price', () => {
    expect(quote(catalogue, {trainingProgram: 'stcw-courses', course: 'AFFA'})).toMatchObject({ok: true, amountUsd: 900, courseName: 'Advanced Fire Fighting'})
    expect(quote(catalogue, {trainingProgram: 'offshore-survival', course: 'BOSIET'})).toMatchObject({ok: true, amountUsd: 450})
    expect(quote(catalogue, {trainingProgram: 'pre-sea-training', course: 'PSF'})).toMatchObject({ok: true, amountUsd: 50})
    expect(quote(catalogue, {trainingProgram: 'value-added-courses', course: 'Port Management'})).toMatchObject({ok: true, amountUsd: 350})
  })
  it('prices competency training by rank and country (docs/requirements.md#req-constants-competency)', () => {
    expect(quote(catalogue, {trainingProgram: 'competency-training', course: 'Master/Chief officer', country: 'st-maarten'})).toMatchObject({
      ok: true,
      amountUsd: 2200,
      countryName: 'St. Maarten',
    })
    expect(quote(catalogue, {trainingProgram: 'competency-training', course: 'Master/Chief officer', country: 'vietnam'})).toMatchObject({
      ok: true,
      amountUsd: 4400,
    })
    expect(quote(catalogue, {trainingProgram: 'competency-training', course: 'CDC', country: 'thailand'})).toMatchObject({ok: true, amountUsd: 125})
    expect(quote(catalogue, {trainingProgram: 'competency-training', course: 'Tanker Endorsement', country: 'aruba'})).toMatchObject({ok: true, amountUsd: 30})
  })
  it('requires a country for competency training', () => {
    expect(quote(catalogue, {trainingProgram: 'competency-training', course: 'COE'})).toEqual({
      ok: false,
      reason: 'country-required',
      message: ENROLMENT_MESSAGES.countryRequired,
    })
    expect(quote(catalogue, {trainingProgram: 'competency-training', course: 'COE', country: 'atlantis'})).toMatchObject({ok: false, reason: 'invalid-country'})
  })
  it('prices the cadetship at its enrol amount for deck-cadet only', () => {
    expect(quote(catalogue, {trainingProgram: 'cadetship-training', course: 'deck-cadet'})).toMatchObject({ok: true, amountUsd: 3500})
    expect(quote(catalogue, {trainingProgram: 'cadetship-training', course: 'engine-cadet'})).toMatchObject({ok: false, reason: 'invalid-course'})
  })
  it('refuses unknown programs and courses with the spec message', () => {
    expect(quote(catalogue, {trainingProgram: 'deep-sea-fishing', course: 'AFFA'})).toMatchObject({
      ok: false,
      message: 'Please select a valid course to proceed.',
    })
    expect(quote(catalogue, {trainingProgram: 'stcw-courses', course: 'BOSIET'})).toMatchObject({ok: false, reason: 'invalid-course'})
  })
  it('refuses a course priced on request', () => {
    const onRequest: EnrolmentCatalogue = {
      ...catalogue,
      programs: catalogue.programs.map((p) =>
        p.id === 'stcw-courses' ? {...p, courses: p.courses.map((c) => (c.name === 'AFFA' ? {...c, pricing: 'contact', priceUsd: null} : c))} : p,
      ),
    }
    expect(quote(onRequest, {trainingProgram: 'stcw-courses', course: 'AFFA'})).toMatchObject({ok: false, reason: 'contact-for-pricing'})
  })
})

describe('options', () => {
  it('lists the six programs, each program its courses, and the six countries', () => {
    expect(programOptions(catalogue)).toHaveLength(6)
    expect(courseOptions(catalogue, 'offshore-survival')).toHaveLength(10)
    expect(courseOptions(catalogue, 'competency-training').map((o) => o.value)).toEqual([
      'Master/Chief officer',
      '2/3 Officer',
      'Chief/2 Engineer',
      '3/4 Engineer',
      'Tanker Endorsement',
      'COE',
      'CDC',
    ])
    expect(courseOptions(catalogue, 'cadetship-training').map((o) => o.value)).toEqual(['deck-cadet'])
    expect(countryOptions(catalogue).map((o) => o.label)).toEqual(['St. Maarten', 'Guyana', 'Aruba', 'Nicaragua', 'Vietnam', 'Thailand'])
  })
})

describe('prefillFromQuery', () => {
  const q = (query: string) => prefillFromQuery(catalogue, new URLSearchParams(query))
  it('keeps what the catalogue knows', () => {
    expect(q('training=stcw-courses&course=AFFA&price=%24900')).toEqual({trainingProgram: 'stcw-courses', course: 'AFFA', country: ''})
    expect(q('training=cadetship-training&course=deck-cadet&amount=3500')).toEqual({trainingProgram: 'cadetship-training', course: 'deck-cadet', country: ''})
    expect(q('training=competency-training&course=COE&country=Vietnam')).toEqual({trainingProgram: 'competency-training', course: 'COE', country: 'vietnam'})
  })
  it('drops unknown values', () => {
    expect(q('training=nope&course=AFFA')).toEqual({trainingProgram: '', course: '', country: ''})
    expect(q('training=stcw-courses&course=Nope')).toEqual({trainingProgram: 'stcw-courses', course: '', country: ''})
    expect(q('training=stcw-courses&course=AFFA&country=vietnam').country).toBe('')
  })
})

describe('checkEnrolmentPrice', () => {
  it('accepts the quoted amount to the cent and refuses any other', () => {
    expect(checkEnrolmentPrice(catalogue, {trainingProgram: 'stcw-courses', course: 'ECDIS', amount: 450})).toMatchObject({ok: true})
    expect(checkEnrolmentPrice(catalogue, {trainingProgram: 'stcw-courses', course: 'ECDIS', amount: 45})).toEqual({
      ok: false,
      field: 'amount',
      message: 'Please enter a valid amount.',
      expected: 450,
      currency: 'USD',
    })
    expect(checkEnrolmentPrice(catalogue, {trainingProgram: 'stcw-courses', course: 'ECDIS', amount: 449.99})).toMatchObject({ok: false, field: 'amount'})
  })
  it('points at the country field when the country is missing', () => {
    expect(checkEnrolmentPrice(catalogue, {trainingProgram: 'competency-training', course: 'CDC', amount: 80})).toMatchObject({ok: false, field: 'country'})
  })
})

describe('currency (docs/requirements.md#req-inr)', () => {
  it('offers INR exactly for the courses whose content has an INR price; cadetship and competency stay USD only', async () => {
    const {currencyOptions, inrPrice} = await import('#schemas/rules/enrolment')
    expect(currencyOptions(catalogue, {trainingProgram: 'offshore-survival', course: 'BOSIET'})).toEqual([
      {currency: 'USD', amount: 450},
      {currency: 'INR', amount: 45000},
    ])
    expect(currencyOptions(catalogue, {trainingProgram: 'offshore-survival', course: 'H2S'})).toEqual([{currency: 'USD', amount: 300}])
    expect(inrPrice(catalogue, {trainingProgram: 'pre-sea-training', course: 'PSF'})).toBe(4000)
    expect(inrPrice(catalogue, {trainingProgram: 'value-added-courses', course: 'Ship Management'})).toBe(55000)
    expect(inrPrice(catalogue, {trainingProgram: 'cadetship-training', course: 'deck-cadet'})).toBeNull()
    expect(inrPrice(catalogue, {trainingProgram: 'competency-training', course: 'CDC', country: 'vietnam'})).toBeNull()
    expect(currencyOptions(catalogue, {trainingProgram: 'competency-training', course: 'CDC'})).toEqual([])
  })
  it('checks the amount in the chosen currency and refuses a currency without a price on the currency field', () => {
    expect(checkEnrolmentPrice(catalogue, {trainingProgram: 'offshore-survival', course: 'BOSIET', amount: 45000, currency: 'INR'})).toMatchObject({
      ok: true,
      currency: 'INR',
      amount: 45000,
    })
    expect(checkEnrolmentPrice(catalogue, {trainingProgram: 'offshore-survival', course: 'BOSIET', amount: 450, currency: 'INR'})).toEqual({
      ok: false,
      field: 'amount',
      message: 'Please enter a valid amount.',
      expected: 45000,
      currency: 'INR',
    })
    expect(checkEnrolmentPrice(catalogue, {trainingProgram: 'offshore-survival', course: 'H2S', amount: 300, currency: 'INR'})).toEqual({
      ok: false,
      field: 'currency',
      message: 'This course has no price in INR: choose USD as the currency, or contact us.',
      reason: 'no-price-in-currency',
    })
    expect(checkEnrolmentPrice(catalogue, {trainingProgram: 'offshore-survival', course: 'BOSIET', amount: 450})).toMatchObject({
      ok: true,
      currency: 'USD',
      amount: 450,
    })
  })
})
