/**
 * Carried choices (docs/requirements.md#req-carried-choices), against the real seed:
 * every Enroll link of the catalogue pages — the competency fee table's per-flag links
 * (`country={key}`), the category pages' course cards, the cadetship page and the calendar's
 * batches — opens /payment with the course chosen and priced at the catalogue amount
 * (prefillFromQuery + quote, what the form's loader and amount do); query values that do not
 * match the catalogue are ignored, and a price or amount in the query is never used.
 */
import {beforeAll, describe, expect, it} from 'vitest'
import {batchEnrolHref} from '~/components/Batches'
import {type EnrolmentCatalogue, prefillFromQuery, quote} from '#schemas/rules/enrolment'
import {coursePriceLabel, payableUsd} from '#schemas/rules/price'
import {CADETSHIP_TRAINING, COMPETENCY_TRAINING} from '#schemas/rules/programs'
import {fetchContent} from '#netlify/platform/content/client'
import {enrolPath} from '#schemas/rules/paths'
import {CALENDAR_QUERY, COMPETENCY_PAGE_QUERY, ENROLMENT_CATALOGUE_QUERY} from '#netlify/platform/content/queries'

let catalogue: EnrolmentCatalogue
beforeAll(async () => {
  catalogue = await fetchContent(ENROLMENT_CATALOGUE_QUERY)
})

/** What /payment opens with for `href`: the prefilled selection and its amount (null: not priced). */
function opened(href: string) {
  const url = new URL(href, 'http://localhost')
  expect(url.pathname).toBe('/payment')
  const prefill = prefillFromQuery(catalogue, url.searchParams)
  const priced = prefill.course ? quote(catalogue, prefill) : null
  return {prefill, amountUsd: priced?.ok ? priced.amountUsd : null}
}

describe('the competency fee table', () => {
  it('each fee links with its column’s country and opens priced at that fee', async () => {
    const {table} = await fetchContent(COMPETENCY_PAGE_QUERY)
    let links = 0
    for (const row of table?.rows ?? []) {
      for (const jurisdiction of table?.jurisdictions ?? []) {
        const fee = row.fees?.find((f) => f.jurisdiction === jurisdiction.key)?.amountUsd
        // The link the page renders for this cell (routes/courses.competency-training.tsx).
        const href = enrolPath({training: COMPETENCY_TRAINING, course: row.rank ?? '', country: jurisdiction.key ?? ''})
        expect(new URL(href, 'http://x').searchParams.get('country')).toBe(jurisdiction.key)
        const {prefill, amountUsd} = opened(href)
        expect(prefill, href).toEqual({trainingProgram: COMPETENCY_TRAINING, course: row.rank, country: jurisdiction.key})
        expect(amountUsd, href).toBe(fee)
        links++
      }
    }
    expect(links).toBe(42)
  })

  it('opens Vietnam priced for Vietnam (not another column)', () => {
    expect(opened(enrolPath({training: COMPETENCY_TRAINING, course: 'Master/Chief officer', country: 'vietnam'})).amountUsd).toBe(4400)
    expect(opened(enrolPath({training: COMPETENCY_TRAINING, course: 'Master/Chief officer', country: 'st-maarten'})).amountUsd).toBe(2200)
  })

  it('ignores a country the catalogue does not know, and any price or amount in the query', () => {
    for (const query of [
      'training=competency-training&course=COE&country=atlantis',
      'training=competency-training&course=COE&country=viet',
      'training=competency-training&course=COE&country=',
    ]) {
      expect(opened(`/payment?${query}`), query).toEqual({prefill: {trainingProgram: COMPETENCY_TRAINING, course: 'COE', country: ''}, amountUsd: null})
    }
    expect(opened('/payment?training=competency-training&course=COE&country=vietnam&price=%241&amount=1').amountUsd).toBe(200)
    // A country is only carried for competency training.
    expect(opened('/payment?training=stcw-courses&course=AFFA&country=vietnam').prefill.country).toBe('')
  })
})

describe('the other catalogue pages', () => {
  it('every payable course card’s Enroll Now opens priced at the course price', () => {
    let cards = 0
    for (const program of catalogue.programs) {
      if (program.id === COMPETENCY_TRAINING || program.id === CADETSHIP_TRAINING) continue
      for (const course of program.courses) {
        const usd = payableUsd(course)
        if (usd === null) continue
        // The link the category page renders (routes/courses.$category.tsx).
        const href = enrolPath({training: program.id ?? '', course: course.name ?? '', price: coursePriceLabel(course)})
        expect(opened(href), href).toEqual({prefill: {trainingProgram: program.id, course: course.name, country: ''}, amountUsd: usd})
        cards++
      }
    }
    expect(cards).toBeGreaterThan(20)
  })

  it('the cadetship Enroll opens priced at the enrolment amount', () => {
    const href = enrolPath({training: CADETSHIP_TRAINING, course: catalogue.cadetship?.enrolCourse ?? '', amount: catalogue.cadetship?.enrolAmountUsd ?? 0})
    expect(opened(href).amountUsd).toBe(catalogue.cadetship?.enrolAmountUsd)
    expect(opened(href).amountUsd).toBeGreaterThan(0)
  })

  it('every open batch’s Enroll in the calendar opens priced', async () => {
    const {batches} = await fetchContent(CALENDAR_QUERY, {today: '2026-01-01'})
    const open = batches.filter((batch) => batch.status === 'open' && batch.course && payableUsd(batch.course) !== null)
    expect(open.length).toBeGreaterThan(10)
    for (const batch of open) {
      const href = batchEnrolHref(batch.course!, batch._id)
      const {prefill, amountUsd} = opened(href)
      expect(prefill.course, href).toBe(batch.course!.enrolCourse)
      expect(amountUsd, href).toBe(payableUsd(batch.course!))
      expect(new URL(href, 'http://x').searchParams.get('batch')).toBe(batch._id)
    }
  })
})
