/**
 * docs/requirements.md#req-seats: the scheduled `seat-holds` function drops expired
 * holds (and only those), and GET /api/batches/availability answers the seat counts of up to 200
 * batches (shape, unknown ids absent, 400 for bad or too many ids, no-store). Fixed clock.
 */
import {describe, expect, it, vi} from 'vitest'
import availability from '#netlify/functions/batches-availability'
import createOrder from '#netlify/functions/enrolment-create-order'
import seatHolds from '#netlify/functions/seat-holds'
import save from '#netlify/functions/enrolment-save'
import {config as seatHoldsConfig} from '#netlify/functions/seat-holds'
import {AvailabilityResponseSchema} from '#schemas/contracts/batches'
import release from '#netlify/functions/enrolment-release'
import {LIST_FROM, readSeats} from '#netlify/services/seats/seats'
import {openStore, STORES} from '#netlify/platform/blobs'
import {expireHolds} from '#netlify/services/seats/expiry'
import {testContext} from '../helpers/blobs'
import {after, BATCHES, batchForm, useSeatsTestEnvironment} from './batches-fixtures'
import {call, jsonRequest, paymentId, sign} from './payments-fixtures'

useSeatsTestEnvironment()

const order = (batchId: string, email = 'ana@example.com') => call(createOrder, jsonRequest('/api/enroll/create-order', batchForm(batchId, {email})))
const pay = (orderId: string, payment = paymentId()) =>
  call(save, jsonRequest('/api/enroll/save', {razorpay_order_id: orderId, razorpay_payment_id: payment, razorpay_signature: sign(orderId, payment)}))
const ask = (query: string) => availability(new Request(`http://localhost/api/batches/availability${query}`), testContext())
const runJob = () => call(seatHolds, new Request('http://localhost/.netlify/functions/seat-holds', {method: 'POST', body: '{"next_run":null}'}))

describe('the seat-holds job', () => {
  it('runs every 5 minutes', () => {
    expect(seatHoldsConfig.schedule).toBe('*/5 * * * *')
  })

  it('drops exactly the expired holds, never a booking; a second run finds nothing', async () => {
    const first = await order(BATCHES.expiry._id, 'a@example.com')
    const paid = await order(BATCHES.expiry._id, 'b@example.com')
    await pay(paid.body.id)
    vi.setSystemTime(after(20 * 60))
    const later = await order(BATCHES.expiry._id, 'c@example.com')
    vi.setSystemTime(after(30 * 60))
    const run = await runJob()
    expect(run.status).toBe(200)
    expect(run.body).toMatchObject({expired: 1})
    const record = (await readSeats([BATCHES.expiry._id])).get(BATCHES.expiry._id)
    expect(record?.holds.map((h) => h.orderId)).toEqual([later.body.id])
    expect(record?.bookings.map((b) => b.orderId)).toEqual([paid.body.id])
    expect(record?.holds.map((h) => h.orderId)).not.toContain(first.body.id)
    expect((await runJob()).body).toMatchObject({expired: 0})
  })

  it('two runs at once drop each expired hold once', async () => {
    await order(BATCHES.release._id, 'd@example.com')
    await order(BATCHES.release._id, 'e@example.com')
    vi.setSystemTime(after(31 * 60))
    const [a, b] = await Promise.all([expireHolds(), expireHolds()])
    const dropped = [...a.expired, ...b.expired].filter((h) => h.batchId === BATCHES.release._id)
    expect(dropped).toHaveLength(2)
    expect(new Set(dropped.map((h) => h.orderId)).size).toBe(2)
  })
})

describe('GET /api/batches/availability', () => {
  it('answers seats, booked, held and left per known batch; unknown ids are absent; no-store', async () => {
    const held = await order(BATCHES.two._id, 'f@example.com')
    const booked = await order(BATCHES.two._id, 'g@example.com')
    await pay(booked.body.id)
    expect(held.status).toBe(200)
    const response = await ask(`?ids=${BATCHES.two._id},${BATCHES.open._id},test-batch-unknown,${BATCHES.two._id}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    const body = AvailabilityResponseSchema.parse(await response.json())
    expect(body).toEqual({
      availability: {
        [BATCHES.two._id]: {seats: 2, booked: 1, held: 1, left: 0},
        [BATCHES.open._id]: {seats: 12, booked: 0, held: 0, left: 12},
      },
    })
    // The hold expires: its seat is counted free at once, before any job runs.
    vi.setSystemTime(after(30 * 60))
    expect(await (await ask(`?ids=${BATCHES.two._id}`)).json()).toEqual({availability: {[BATCHES.two._id]: {seats: 2, booked: 1, held: 0, left: 1}}})
  })

  it('answers 200 ids at once', async () => {
    const ids = [...Object.values(BATCHES).map((b) => b._id), ...Array.from({length: 200 - Object.keys(BATCHES).length}, (_, i) => `test-unknown-${i}`)]
    expect(ids).toHaveLength(200)
    const response = await ask(`?ids=${ids.join(',')}`)
    expect(response.status).toBe(200)
    expect(Object.keys((await response.json()).availability)).toHaveLength(Object.keys(BATCHES).length)
  })

  it('many ids (read through the listing and the records changed since): every change shows at once', async () => {
    const ids = Object.values(BATCHES).map((b) => b._id)
    expect(ids.length).toBeGreaterThanOrEqual(LIST_FROM)
    const left = async (id: string) => (await (await ask(`?ids=${ids.join(',')}`)).json()).availability[id]?.left
    const before = await left(BATCHES.release._id)
    const first = await order(BATCHES.release._id, 'h@example.com')
    expect(await left(BATCHES.release._id)).toBe(before - 1)
    const second = await order(BATCHES.release._id, 'i@example.com')
    expect(await left(BATCHES.release._id)).toBe(before - 2)
    await pay(first.body.id)
    expect((await readSeats(ids)).get(BATCHES.release._id)?.bookings.map((b) => b.orderId)).toEqual([first.body.id])
    await call(release, jsonRequest('/api/enroll/release', {orderId: second.body.id}))
    expect(await left(BATCHES.release._id)).toBe(before - 1)
    // A record removed from the store reads as nothing held or booked.
    await openStore(STORES.seats).delete(BATCHES.release._id)
    expect((await readSeats(ids)).get(BATCHES.release._id)).toBeNull()
    expect(await left(BATCHES.release._id)).toBe(5)
  })

  it.each([
    ['no ids', '', 'Send ids: comma-separated batch ids'],
    ['empty ids', '?ids=', 'Send ids: comma-separated batch ids'],
    ['201 ids', `?ids=${Array.from({length: 201}, (_, i) => `b${i}`).join(',')}`, 'Ask about at most 200 batches at once'],
    ['a bad id', '?ids=test-batch-psf-open,drafts.x', 'Each id must be a batch id (letters, digits, - and _, at most 100 characters)'],
    ['a too long id', `?ids=${'a'.repeat(101)}`, 'Each id must be a batch id (letters, digits, - and _, at most 100 characters)'],
    ['ids twice', '?ids=a&ids=b', 'Send ids once, comma-separated'],
  ])('%s → 400', async (_, query, message) => {
    const response = await ask(query)
    expect(response.status).toBe(400)
    expect((await response.json()).error).toBe(message)
  })

  it('other methods → 405', async () => {
    const response = await availability(new Request('http://localhost/api/batches/availability?ids=a', {method: 'POST'}), testContext())
    expect(response.status).toBe(405)
  })
})
