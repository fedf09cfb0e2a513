/**
 * The waitlist (docs/requirements.md#req-seats): POST /api/waitlist validates like the
 * site's forms, refuses batches that cannot be waited for, keeps one place per e-mail, is
 * rate-limited with the contact budget (its own bucket), and a seat that comes free — a release
 * or an expired hold — queues ONE staff notice in the outbox naming the first person waiting.
 * Fixed clock (batches-fixtures.ts).
 */
import {describe, expect, it, vi} from 'vitest'
import createOrder from '#netlify/functions/enrolment-create-order'
import release from '#netlify/functions/enrolment-release'
import waitlist from '#netlify/functions/waitlist'
import {expireHolds} from '#netlify/services/seats/expiry'
import {getWaitlist, noticeFreedSeat} from '#netlify/services/waitlist/waitlist'
import {getOutboxRecord, listOutboxRecords} from '#netlify/services/mail/outbox'
import {testContext} from '../helpers/blobs'
import {after, BATCHES, batchForm, useSeatsTestEnvironment} from './batches-fixtures'
import {call, jsonRequest} from './payments-fixtures'

useSeatsTestEnvironment()

const person = (overrides: Record<string, unknown> = {}) => ({
  batchId: BATCHES.waitlist._id,
  name: 'Rahul Mehta',
  email: 'rahul@example.com',
  mobile: '+91 98200 12345',
  ...overrides,
})
const join = (body: unknown, ip = '203.0.113.7') =>
  waitlist(jsonRequest('/api/waitlist', body), testContext({}, ip)).then(async (r) => ({status: r.status, headers: r.headers, body: await r.json()}))
const order = (batchId: string, email: string) => call(createOrder, jsonRequest('/api/enroll/create-order', batchForm(batchId, {email})))
const noticesFor = async (batchId: string) =>
  (await listOutboxRecords()).filter((m) => m.kind === 'waitlist-notice' && m.subject.includes(batchId === BATCHES.waitlist._id ? 'PSF, 2027-03-16' : batchId))

describe('POST /api/waitlist', () => {
  it('keeps places in order; the same e-mail again keeps its place', async () => {
    expect(await join(person({batchId: BATCHES.release._id}), '198.51.100.1')).toMatchObject({
      status: 200,
      body: {batchId: BATCHES.release._id, status: 'waiting', position: 1},
    })
    expect((await join(person({batchId: BATCHES.release._id, email: 'b@example.com'}), '198.51.100.1')).body.position).toBe(2)
    expect((await join(person({batchId: BATCHES.release._id, email: 'RAHUL@example.com'}), '198.51.100.1')).body.position).toBe(1)
    const entries = await getWaitlist(BATCHES.release._id)
    expect(entries.map((e) => e.email)).toEqual(['rahul@example.com', 'b@example.com'])
    expect(entries[0]).not.toHaveProperty('ip')
  })

  it.each([
    ['no name', {name: ''}, 'name', 'Please enter your full name.'],
    ['a name on two lines', {name: 'Rahul\nBcc: x@example.com'}, 'name', 'Please enter your name on one line, without special characters.'],
    ['a bad e-mail', {email: 'rahul@'}, 'email', 'Please enter a valid email address.'],
    ['a bad mobile', {mobile: '12'}, 'mobile', 'Please enter a valid mobile number, e.g. +971 50 123 4567.'],
    ['no batch', {batchId: undefined}, 'batchId', 'Required'],
    ['a malformed batch id', {batchId: 'drafts.x'}, 'batchId', 'Unknown batch'],
  ])('%s → 400 naming the field', async (_, overrides, field, message) => {
    const {status, body} = await join(person(overrides), '198.51.100.2')
    expect(status).toBe(400)
    expect(body.details[field]).toContain(message)
  })

  it.each([
    ['unknown', 'test-batch-nowhere', 'Unknown batch: please choose another date.'],
    ['cancelled', BATCHES.cancelled._id, 'This batch has been cancelled: please choose another date.'],
    ['closed', BATCHES.closed._id, 'This batch is closed for enrolment: please choose another date.'],
    ['past', BATCHES.past._id, 'This batch has already started: please choose a later date.'],
  ])('a %s batch → 400', async (_, batchId, message) => {
    expect(await join(person({batchId}), '198.51.100.3')).toMatchObject({status: 400, body: {error: message}})
  })

  it('is rate-limited with the contact budget (RATE_LIMIT_CONTACT) in its own bucket: 429 with Retry-After', async () => {
    vi.stubEnv('RATE_LIMIT_CONTACT', '3/10m')
    for (let i = 0; i < 3; i++) expect((await join(person({email: `limit${i}@example.com`, batchId: BATCHES.open._id}), '198.51.100.9')).status).toBe(200)
    const refused = await join(person({email: 'limit3@example.com', batchId: BATCHES.open._id}), '198.51.100.9')
    expect(refused.status).toBe(429)
    expect(refused.body.error).toBe('Too many requests. Please try again in a few minutes.')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another client is not affected; ten minutes later the client may again.
    expect((await join(person({email: 'other@example.com', batchId: BATCHES.open._id}), '198.51.100.10')).status).toBe(200)
    vi.setSystemTime(after(10 * 60))
    expect((await join(person({email: 'limit4@example.com', batchId: BATCHES.open._id}), '198.51.100.9')).status).toBe(200)
  })

  it('not JSON → 415; too large → 413', async () => {
    const text = new Request('http://localhost/api/waitlist', {method: 'POST', headers: {'content-type': 'text/plain'}, body: 'x'})
    expect((await waitlist(text, testContext())).status).toBe(415)
    expect((await join(person({name: 'x'.repeat(9000)}), '198.51.100.4')).status).toBe(413)
  })
})

describe('a seat comes free: the staff notice', () => {
  it('a release names the first person waiting, once; an expiry names the next; nobody left: no notice', async () => {
    vi.stubEnv('STAFF_EMAIL', 'office@example.com')
    const batchId = BATCHES.waitlist._id
    const first = await order(batchId, 'holder1@example.com')
    expect(first.status).toBe(200)
    expect((await order(batchId, 'holder2@example.com')).body).toEqual({error: 'This batch is full'})
    await join(person(), '198.51.100.20')
    await join(person({name: 'Priya Nair', email: 'priya@example.com'}), '198.51.100.20')

    // 1. The first holder gives up their checkout (twice): one notice, naming Rahul.
    expect((await call(release, jsonRequest('/api/enroll/release', {orderId: first.body.id}))).body.status).toBe('released')
    await call(release, jsonRequest('/api/enroll/release', {orderId: first.body.id}))
    const notice = await getOutboxRecord(`waitlist-notice:${first.body.id}`)
    expect(notice).toMatchObject({
      kind: 'waitlist-notice',
      to: ['office@example.com'],
      status: 'queued',
      replyTo: {name: 'Rahul Mehta', address: 'rahul@example.com'},
    })
    expect(notice?.subject).toBe('Seat free: PSF, 2027-03-16, Mumbai — first waiting: Rahul Mehta')
    expect(notice?.text).toContain('+91 98200 12345')
    expect(await noticesFor(batchId)).toHaveLength(1)

    // The same freed seat reported again (a retry) names the same person and queues nothing new.
    expect(await noticeFreedSeat(batchId, first.body.id, 'released', after(60))).toBe(`waitlist-notice:${first.body.id}`)
    expect(await noticesFor(batchId)).toHaveLength(1)

    // 2. A new hold runs out: the job's expiry names Priya.
    const second = await order(batchId, 'holder3@example.com')
    expect(second.status).toBe(200)
    vi.setSystemTime(after(31 * 60))
    const [a, b] = await Promise.all([expireHolds(), expireHolds()])
    expect([...a.expired, ...b.expired].filter((h) => h.orderId === second.body.id)).toHaveLength(1)
    expect((await getOutboxRecord(`waitlist-notice:${second.body.id}`))?.subject).toBe('Seat free: PSF, 2027-03-16, Mumbai — first waiting: Priya Nair')
    expect(await noticesFor(batchId)).toHaveLength(2)
    const entries = await getWaitlist(batchId)
    expect(entries.map((e) => e.notifiedFor)).toEqual([first.body.id, second.body.id])

    // 3. Everyone has been named: a third freed seat queues nothing.
    const third = await order(batchId, 'holder4@example.com')
    await call(release, jsonRequest('/api/enroll/release', {orderId: third.body.id}))
    expect(await getOutboxRecord(`waitlist-notice:${third.body.id}`)).toBeNull()
  })

  it('a freed seat in a batch nobody waits for queues nothing', async () => {
    const held = await order(BATCHES.defaultSeats._id, 'solo@example.com')
    await call(release, jsonRequest('/api/enroll/release', {orderId: held.body.id}))
    expect(await getOutboxRecord(`waitlist-notice:${held.body.id}`)).toBeNull()
  })
})
