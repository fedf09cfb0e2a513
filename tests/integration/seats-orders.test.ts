/**
 * Seats (docs/requirements.md#req-seats) over Netlify's Blobs emulation: create-order
 * with a `batchId` checks the batch and holds a seat (100 concurrent orders for 12 seats: exactly
 * 12 holds), the payment turns the hold into a booking (save and webhook alike, once), a late
 * payment whose seat has gone is still paid and flagged over capacity, and POST
 * /api/enroll/release gives a pending order's seat back. The clock is fixed (batches-fixtures.ts).
 */
import {describe, expect, it, vi} from 'vitest'
import createOrder from '#netlify/functions/enrolment-create-order'
import release from '#netlify/functions/enrolment-release'
import save from '#netlify/functions/enrolment-save'
import webhook from '#netlify/functions/razorpay-webhook'
import {holdSeat, readSeats} from '#netlify/services/seats/seats'
import {getEnrolment} from '#netlify/services/enrolments/enrolments'
import {BATCH_MESSAGES, HOLD_SECONDS, seatCounts} from '#schemas/rules/seats'
import {razorpayPaymentEvent} from '../mocks/razorpay'
import {after, BATCHES, batchForm, NOW, useSeatsTestEnvironment} from './batches-fixtures'
import {call, jsonRequest, paymentId, sign, webhookRequest} from './payments-fixtures'

useSeatsTestEnvironment()

const order = (batchId: string | undefined, overrides: Record<string, unknown> = {}) =>
  call(createOrder, jsonRequest('/api/enroll/create-order', batchForm(batchId, overrides)))
const pay = (orderId: string, payment = paymentId()) =>
  call(save, jsonRequest('/api/enroll/save', {razorpay_order_id: orderId, razorpay_payment_id: payment, razorpay_signature: sign(orderId, payment)}))
const releaseOrder = (body: unknown) => call(release, jsonRequest('/api/enroll/release', body))
const seatsOf = async (batchId: string) => (await readSeats([batchId])).get(batchId) ?? null
const countsOf = async (batchId: string, seats: number, now = new Date()) => seatCounts(await seatsOf(batchId), seats, now)

describe('create-order with a batch', () => {
  it('holds one seat for 30 minutes and stores the batch on the enrolment', async () => {
    const {status, body} = await order(BATCHES.open._id)
    expect(status, JSON.stringify(body)).toBe(200)
    expect((await seatsOf(BATCHES.open._id))?.holds).toEqual([{orderId: body.id, expiresAt: after(HOLD_SECONDS).toISOString()}])
    expect(await getEnrolment(body.id)).toMatchObject({
      status: 'pending',
      batch: {id: BATCHES.open._id, startDate: '2027-01-12', endDate: '2027-01-12', city: 'Mumbai', venue: 'Training Centre, Andheri East', country: 'India'},
    })
  })

  it('without a batch works as before (no hold, no batch on the record), for any course', async () => {
    const {status, body} = await order(undefined, {trainingProgram: 'stcw-courses', course: 'AFFA', amount: 900})
    expect(status).toBe(200)
    expect((await getEnrolment(body.id))?.batch).toBeUndefined()
  })

  it.each([
    ['unknown', 'test-batch-nowhere', BATCH_MESSAGES.unknown],
    ['closed', BATCHES.closed._id, BATCH_MESSAGES.closed],
    ['cancelled', BATCHES.cancelled._id, BATCH_MESSAGES.cancelled],
    ['started today (provider time zone)', BATCHES.today._id, BATCH_MESSAGES.past],
    ['past', BATCHES.past._id, BATCH_MESSAGES.past],
    ['other course', BATCHES.otherCourse._id, BATCH_MESSAGES.otherCourse],
    ['malformed id', 'drafts.test-batch-psf-open', 'Unknown batch'],
  ])('a %s batch is 400 with a clear message and holds nothing', async (_, batchId, message) => {
    const {status, body} = await order(batchId)
    expect(status).toBe(400)
    expect(body.error).toBe(message)
    expect(body.details.batchId).toEqual([message])
    if (!batchId.startsWith('drafts.')) expect(await seatsOf(batchId)).toBeNull()
  })

  it('a batch without a seats field has 12 seats', async () => {
    const {status} = await order(BATCHES.defaultSeats._id)
    expect(status).toBe(200)
    expect(await countsOf(BATCHES.defaultSeats._id, 12)).toEqual({seats: 12, booked: 0, held: 1, left: 11})
  })

  it('100 concurrent create-orders for a 12-seat batch: exactly 12 succeed, 88 get 409 "This batch is full"', async () => {
    const results = await Promise.all(Array.from({length: 100}, (_, i) => order(BATCHES.race._id, {email: `race${i}@example.com`})))
    const ok = results.filter((r) => r.status === 200)
    const full = results.filter((r) => r.status === 409)
    expect(ok).toHaveLength(12)
    expect(full).toHaveLength(88)
    for (const r of full) expect(r.body).toEqual({error: 'This batch is full'})
    const record = await seatsOf(BATCHES.race._id)
    expect(record?.holds.map((h) => h.orderId).sort()).toEqual(ok.map((r) => r.body.id).sort())
    // Only the 12 orders that hold a seat are stored.
    for (const r of ok) expect((await getEnrolment(r.body.id))?.batch?.id).toBe(BATCHES.race._id)
  })

  it('holds expiring while new orders come never give more than the seats', async () => {
    const seats = BATCHES.expiry.seats
    for (let minute = 0; minute < 120; minute += 7) {
      vi.setSystemTime(after(minute * 60))
      const results = await Promise.all(Array.from({length: 4}, (_, i) => order(BATCHES.expiry._id, {email: `exp${minute}-${i}@example.com`})))
      for (const r of results) expect([200, 409]).toContain(r.status)
      const counts = await countsOf(BATCHES.expiry._id, seats)
      expect(counts.booked + counts.held).toBeLessThanOrEqual(seats)
      // Expired holds free their seats without any job: each 30-minute window is full again.
      expect(results.filter((r) => r.status === 200).length).toBeLessThanOrEqual(seats)
    }
    vi.setSystemTime(after(200 * 60))
    expect(await countsOf(BATCHES.expiry._id, seats)).toEqual({seats, booked: 0, held: 0, left: seats})
  })
})

describe('booking on payment', () => {
  it('the save callback turns the hold into a booking; a repeat and the webhook change nothing', async () => {
    const created = await order(BATCHES.two._id)
    const payment = paymentId()
    expect((await pay(created.body.id, payment)).status).toBe(200)
    const record = await seatsOf(BATCHES.two._id)
    expect(record?.holds).toEqual([])
    expect(record?.bookings).toEqual([{orderId: created.body.id, at: NOW.toISOString()}])
    expect((await pay(created.body.id, payment)).status).toBe(200)
    const event = razorpayPaymentEvent('order.paid', {id: payment, orderId: created.body.id, amount: created.body.amount})
    expect((await call(webhook, webhookRequest(event, {eventId: 'evt_SeatsBook0001'}))).status).toBe(200)
    expect((await seatsOf(BATCHES.two._id))?.bookings).toHaveLength(1)
    expect((await getEnrolment(created.body.id))?.overCapacity).toBeUndefined()
  })

  it('the webhook alone books the seat', async () => {
    const created = await order(BATCHES.two._id)
    const event = razorpayPaymentEvent('payment.captured', {id: paymentId(), orderId: created.body.id, amount: created.body.amount})
    expect((await call(webhook, webhookRequest(event, {eventId: 'evt_SeatsBook0002'}))).status).toBe(200)
    expect((await seatsOf(BATCHES.two._id))?.bookings.map((b) => b.orderId)).toContain(created.body.id)
    expect(await countsOf(BATCHES.two._id, 2)).toEqual({seats: 2, booked: 2, held: 0, left: 0})
    expect((await order(BATCHES.two._id)).body).toEqual({error: 'This batch is full'})
  })

  it('a late payment whose seat was taken meanwhile is still paid, booked over capacity and flagged', async () => {
    const late = await order(BATCHES.one._id)
    expect(late.status).toBe(200)
    // 31 minutes later the hold has expired and another candidate holds the only seat.
    vi.setSystemTime(after(31 * 60))
    const other = await order(BATCHES.one._id, {email: 'other@example.com'})
    expect(other.status).toBe(200)
    const saved = await pay(late.body.id)
    expect(saved.status).toBe(200)
    expect(saved.body.status).toBe('paid')
    expect(await getEnrolment(late.body.id)).toMatchObject({status: 'paid', overCapacity: true})
    expect((await seatsOf(BATCHES.one._id))?.bookings).toEqual([{orderId: late.body.id, at: after(31 * 60).toISOString(), overCapacity: true}])
    // The other candidate's hold still stands and books normally.
    await pay(other.body.id)
    expect(await getEnrolment(other.body.id)).not.toHaveProperty('overCapacity')
    expect(await countsOf(BATCHES.one._id, 1)).toEqual({seats: 1, booked: 2, held: 0, left: 0})
  })
})

describe('POST /api/enroll/release', () => {
  it("gives a pending order's seat back; a repeat is harmless", async () => {
    const created = await order(BATCHES.release._id)
    expect(await countsOf(BATCHES.release._id, 5)).toMatchObject({held: 1, left: 4})
    expect(await releaseOrder({orderId: created.body.id})).toEqual({status: 200, body: {orderId: created.body.id, status: 'released'}})
    expect(await countsOf(BATCHES.release._id, 5)).toMatchObject({held: 0, left: 5})
    expect(await releaseOrder({orderId: created.body.id})).toEqual({status: 200, body: {orderId: created.body.id, status: 'not-held'}})
    expect(await getEnrolment(created.body.id)).toMatchObject({status: 'pending'})
  })

  it('a paid order: no change (200 paid), its booking stays', async () => {
    const created = await order(BATCHES.release._id)
    await pay(created.body.id)
    expect(await releaseOrder({orderId: created.body.id})).toEqual({status: 200, body: {orderId: created.body.id, status: 'paid'}})
    expect((await seatsOf(BATCHES.release._id))?.bookings.map((b) => b.orderId)).toContain(created.body.id)
  })

  it('an order without a batch: nothing held', async () => {
    const created = await order(undefined)
    expect((await releaseOrder({orderId: created.body.id})).body.status).toBe('not-held')
  })

  it('a payment after a release books a free seat normally', async () => {
    const created = await order(BATCHES.release._id)
    await releaseOrder({orderId: created.body.id})
    await pay(created.body.id)
    expect(await getEnrolment(created.body.id)).toMatchObject({status: 'paid'})
    expect(await getEnrolment(created.body.id)).not.toHaveProperty('overCapacity')
  })

  it('unknown order → 404; bad bodies → 400/415', async () => {
    expect(await releaseOrder({orderId: 'order_sandbox_Unknown00000001'})).toEqual({status: 404, body: {error: 'Unknown order'}})
    expect((await releaseOrder({orderId: 'not-an-order'})).status).toBe(404)
    expect((await releaseOrder({})).status).toBe(400)
    expect((await releaseOrder({orderId: 42})).status).toBe(400)
    const text = new Request('http://localhost/api/enroll/release', {method: 'POST', headers: {'content-type': 'text/plain'}, body: 'x'})
    expect((await call(release, text)).status).toBe(415)
  })

  it('release racing the payment: the order ends paid and booked once', async () => {
    const created = await order(BATCHES.release._id)
    const [released, saved] = await Promise.all([releaseOrder({orderId: created.body.id}), pay(created.body.id)])
    expect(released.status).toBe(200)
    expect(saved.status).toBe(200)
    const bookings = (await seatsOf(BATCHES.release._id))?.bookings.filter((b) => b.orderId === created.body.id)
    expect(bookings).toHaveLength(1)
    expect((await seatsOf(BATCHES.release._id))?.holds.map((h) => h.orderId)).not.toContain(created.body.id)
  })
})

it('holdSeat directly: idempotent for the same order', async () => {
  const batch = {id: 'test-batch-direct', seats: 1}
  expect(await holdSeat(batch, 'order_direct0001', NOW)).toBe('held')
  expect(await holdSeat(batch, 'order_direct0001', NOW)).toBe('held')
  expect(await holdSeat(batch, 'order_direct0002', NOW)).toBe('full')
})
