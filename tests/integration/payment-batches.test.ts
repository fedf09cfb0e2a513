/**
 * The enrolment form's dates (docs/requirements.md#req-batches-form) against the seed dataset,
 * through the real route modules: /payment carries only the batches of the course its query
 * prefills (docs/performance.md), and GET /payment/batches answers another course's, as the
 * form's check expects them (domain/batches.ts batchesForCourse), with the contract's shape
 * (schemas/contracts/batches.ts CourseBatchesResponseSchema) and cache headers; bad queries are 400.
 */
import {describe, expect, it} from 'vitest'
import {batchesForCourse, providerToday} from '#schemas/rules/batches'
import {fetchContent} from '#netlify/platform/content/client'
import {ENROLMENT_BATCHES_QUERY} from '#netlify/platform/content/queries'
import * as payment from '~/routes/payment'
import * as paymentBatches from '~/routes/payment.batches'
import {CourseBatchesResponseSchema} from '#schemas/contracts/batches'

async function allBatches() {
  return fetchContent(ENROLMENT_BATCHES_QUERY, {today: providerToday(new Date())})
}

async function pageData(query: string) {
  return payment.loader({request: new Request(`http://localhost/payment${query}`), params: {}, context: {}})
}

async function batchesAnswer(query: string): Promise<Response> {
  return paymentBatches.loader({request: new Request(`http://localhost/payment/batches${query}`), params: {}, context: {}})
}

describe('/payment', () => {
  it('carries no batch without a prefilled course, though the catalogue has open ones', async () => {
    expect((await allBatches()).length).toBeGreaterThan(100)
    const data = await pageData('')
    expect(data.batches).toEqual([])
    expect(data.catalogue.programs.length).toBeGreaterThan(0)
  })

  it('carries exactly the prefilled course’s batches, and keeps `batch` when it is one of them', async () => {
    const all = await allBatches()
    const huet = batchesForCourse(all, {trainingProgram: 'offshore-survival', course: 'HUET'})
    expect(huet.length).toBeGreaterThan(1)
    const wanted = huet.at(-1)!._id
    const data = await pageData(`?training=offshore-survival&course=HUET&batch=${wanted}`)
    expect(data.batches).toEqual(huet)
    expect(data.prefill).toMatchObject({trainingProgram: 'offshore-survival', course: 'HUET', batchId: wanted})
    // Another course's batch is not preselected.
    const other = batchesForCourse(all, {trainingProgram: 'offshore-survival', course: 'BOSIET'})[0]!
    expect((await pageData(`?training=offshore-survival&course=HUET&batch=${other._id}`)).prefill.batchId).toBe('')
  })
})

describe('GET /payment/batches', () => {
  it('answers the course’s open upcoming batches, earliest first, cached like the calendar', async () => {
    const response = await batchesAnswer('?training=offshore-survival&course=HUET')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8')
    const body = CourseBatchesResponseSchema.parse(await response.json())
    expect(body.batches).toEqual(batchesForCourse(await allBatches(), {trainingProgram: 'offshore-survival', course: 'HUET'}))
    const starts = body.batches.map((batch) => batch.startDate ?? '')
    expect(starts).toEqual([...starts].sort())
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate')
    expect(response.headers.get('Netlify-CDN-Cache-Control')).toMatch(/^public, durable, s-maxage=([1-9]\d{0,4}), stale-while-revalidate=60$/)
    expect((response.headers.get('Netlify-Cache-Tag') ?? '').split(',')).toEqual(expect.arrayContaining(['content', 'type:courseBatch', 'type:course']))
  })

  it('answers the cadetship intakes under the programme’s enrolment course', async () => {
    const body = CourseBatchesResponseSchema.parse(await (await batchesAnswer('?training=cadetship-training&course=deck-cadet')).json())
    expect(body.batches.length).toBeGreaterThan(0)
    for (const batch of body.batches) expect(batch).toMatchObject({program: 'cadetship-training', course: 'deck-cadet'})
  })

  it('answers [] for an unknown course or program', async () => {
    for (const query of ['?training=offshore-survival&course=Nope', '?training=nope&course=HUET']) {
      const response = await batchesAnswer(query)
      expect(response.status, query).toBe(200)
      expect(await response.json(), query).toEqual({batches: []})
    }
  })

  it('refuses a missing, empty or over-long parameter with 400 naming it, never stored', async () => {
    const cases: Array<[string, string]> = [
      ['', 'training'],
      ['?training=offshore-survival', 'course'],
      ['?training=%20&course=HUET', 'training'],
      [`?training=offshore-survival&course=${'x'.repeat(121)}`, 'course'],
    ]
    for (const [query, field] of cases) {
      const response = await batchesAnswer(query)
      expect(response.status, query).toBe(400)
      expect(response.headers.get('Cache-Control'), query).toBe('no-store')
      const body = (await response.json()) as {error: string; details: Record<string, string[]>}
      expect(body.error, query).toMatch(new RegExp(field))
      expect(Object.keys(body.details), query).toContain(field)
    }
  })
})
