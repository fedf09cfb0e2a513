/**
 * POST /api/sanity/webhook: signature check (@sanity/webhook), the tags purged for a course
 * price change, and its answers without a secret or on a developer's machine. purgeCache is
 * replaced at the function's seam (cachePurger.purge).
 */
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import handler, {cachePurger, webhookClock} from '#netlify/functions/sanity-webhook'
import {testContext} from '../helpers/blobs'

const SECRET = 'test-webhook-secret-0123456789'
const URL_ = 'http://localhost/api/sanity/webhook'

/** What the webhook projection sends when an editor publishes a course price change. */
const COURSE_PUBLISH = {_id: 'course-pre-sea-training-btlgtco', _type: 'course', slug: null, category: 'pre-sea-training'}

/** The clock of these tests (ms): the function's seam reads it, signatures are made with it. */
const NOW = Date.parse('2026-11-24T12:00:00Z')

async function signed(body: string, secret = SECRET, headers: Record<string, string> = {}, signedAt = NOW) {
  const signature = await encodeSignatureHeader(body, signedAt, secret)
  return new Request(URL_, {method: 'POST', body, headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature, ...headers}})
}

const call = (request: Request) => handler(request, testContext())

let purged: string[][]
const env = {...process.env}

beforeEach(() => {
  vi.spyOn(webhookClock, 'now').mockReturnValue(NOW)
  purged = []
  process.env.SANITY_WEBHOOK_SECRET = SECRET
  delete process.env.NETLIFY
  delete process.env.NETLIFY_PURGE_API_TOKEN
  delete process.env.SITE_ID
  vi.spyOn(cachePurger, 'purge').mockImplementation(async (tags) => {
    purged.push(tags)
  })
})

afterEach(() => {
  vi.restoreAllMocks()
  process.env = {...env}
})

describe('POST /api/sanity/webhook', () => {
  it('purges the course, its type and its category for a course price change', async () => {
    const response = await call(await signed(JSON.stringify(COURSE_PUBLISH)))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const expected = ['type:course', 'doc:course-pre-sea-training-btlgtco', 'category:pre-sea-training']
    expect(await response.json()).toEqual({purged: expected})
    expect(purged).toEqual([expected])
  })

  it('a published draft id purges the published document tag', async () => {
    const response = await call(await signed(JSON.stringify({...COURSE_PUBLISH, _id: 'drafts.course-pre-sea-training-btlgtco'})))
    expect(response.status).toBe(200)
    expect(purged[0]).toContain('doc:course-pre-sea-training-btlgtco')
  })

  it('site settings purge every content page', async () => {
    const response = await call(await signed(JSON.stringify({_id: 'siteSettings', _type: 'siteSettings', slug: null})))
    expect(await response.json()).toEqual({purged: ['content']})
    expect(purged).toEqual([['content']])
  })

  it('refuses a missing signature with 401 and purges nothing', async () => {
    const response = await call(new Request(URL_, {method: 'POST', body: JSON.stringify(COURSE_PUBLISH), headers: {'content-type': 'application/json'}}))
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({error: 'Invalid webhook signature'})
    expect(purged).toEqual([])
  })

  it('refuses a signature made with another secret, a tampered body or a malformed header (401)', async () => {
    const body = JSON.stringify(COURSE_PUBLISH)
    expect((await call(await signed(body, 'another-secret'))).status).toBe(401)

    const good = await signed(body)
    const tampered = new Request(URL_, {method: 'POST', body: body.replace('pre-sea', 'post-sea'), headers: good.headers})
    expect((await call(tampered)).status).toBe(401)

    const malformed = await signed(body, SECRET, {[SIGNATURE_HEADER_NAME]: 'garbage'})
    const response = await call(malformed)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({error: 'Invalid webhook signature'})
    expect(purged).toEqual([])
  })

  it('answers 503 when SANITY_WEBHOOK_SECRET is not configured', async () => {
    delete process.env.SANITY_WEBHOOK_SECRET
    const response = await call(await signed(JSON.stringify(COURSE_PUBLISH)))
    expect(response.status).toBe(503)
    expect(purged).toEqual([])
  })

  it('refuses a body over 64 KB (413), a projection without _id (400) and GET (405)', async () => {
    const big = JSON.stringify({...COURSE_PUBLISH, padding: 'x'.repeat(65 * 1024)})
    expect((await call(await signed(big))).status).toBe(413)
    expect((await call(await signed(JSON.stringify({_type: 'course'})))).status).toBe(400)
    expect((await call(new Request(URL_))).status).toBe(405)
    expect(purged).toEqual([])
  })

  it('off Netlify a failing purge is logged and still answered 200 with a note', async () => {
    vi.spyOn(cachePurger, 'purge').mockRejectedValue(new Error('no site id'))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const response = await call(await signed(JSON.stringify(COURSE_PUBLISH)))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({note: 'not on Netlify', purged: expect.arrayContaining(['type:course'])})
  })

  it('on Netlify a failing purge answers 502 so Sanity retries', async () => {
    process.env.NETLIFY = 'true'
    vi.spyOn(cachePurger, 'purge').mockRejectedValue(new Error('purge API down'))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect((await call(await signed(JSON.stringify(COURSE_PUBLISH)))).status).toBe(502)
  })
})

describe('replayed signatures', () => {
  const body = JSON.stringify(COURSE_PUBLISH)
  it('refuses a valid signature from 2021 and one more than 5 minutes old or ahead, purging nothing', async () => {
    for (const signedAt of [Date.parse('2021-06-01T00:00:00Z'), NOW - 5 * 60 * 1000 - 1, NOW + 5 * 60 * 1000 + 1]) {
      const response = await call(await signed(body, SECRET, {}, signedAt))
      expect(response.status, new Date(signedAt).toISOString()).toBe(401)
      expect((await response.json()).error).toMatch(/expired/)
    }
    expect(purged).toEqual([])
  })
  it('accepts a signature within 5 minutes either way', async () => {
    for (const signedAt of [NOW - 5 * 60 * 1000, NOW + 5 * 60 * 1000, NOW]) {
      expect((await call(await signed(body, SECRET, {}, signedAt))).status).toBe(200)
    }
    expect(purged).toHaveLength(3)
  })
})
