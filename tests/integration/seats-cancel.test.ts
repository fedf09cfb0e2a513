/**
 * A paid seat given back (docs/requirements.md#req-seats): when staff cancel a paid
 * enrolment (PATCH /api/admin/enrollments/:orderId) or refund it in full (the refunds API or
 * Razorpay's refund webhook), its booking goes, the batch's seats left grows by one, and the
 * first person waiting is named to staff through the outbox (`waitlist-notice:{order}-booking`,
 * once). A partial refund keeps the seat. Sandbox payments; fixed clock (batches-fixtures.ts).
 */
import {describe, expect, it, vi} from 'vitest'
import refunds from '#netlify/functions/admin-enrolment-refunds'
import update from '#netlify/functions/admin-enrolment-update'
import createOrder from '#netlify/functions/enrolment-create-order'
import save from '#netlify/functions/enrolment-save'
import waitlist from '#netlify/functions/waitlist'
import {readSeats} from '#netlify/services/seats/seats'
import {getEnrolment} from '#netlify/services/enrolments/enrolments'
import {getOutboxRecord, listOutboxRecords} from '#netlify/services/mail/outbox'
import {applyRefundEvent} from '#netlify/services/refunds/refunds'
import {seatCounts} from '#schemas/rules/seats'
import {testContext} from '../helpers/blobs'
import {callAs, loginToken, useAdminEnv} from './admin-fixtures'
import {BATCHES, batchForm, useSeatsTestEnvironment} from './batches-fixtures'
import {call, jsonRequest, paymentId, sign} from './payments-fixtures'

useSeatsTestEnvironment()
useAdminEnv()

const order = (batchId: string, email: string) => call(createOrder, jsonRequest('/api/enroll/create-order', batchForm(batchId, {email})))
async function paidOrder(batchId: string, email: string): Promise<{id: string; amount: number; paymentId: string}> {
  const created = await order(batchId, email)
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const payment = paymentId()
  const paid = await call(
    save,
    jsonRequest('/api/enroll/save', {razorpay_order_id: created.body.id, razorpay_payment_id: payment, razorpay_signature: sign(created.body.id, payment)}),
  )
  expect(paid.status, JSON.stringify(paid.body)).toBe(200)
  return {id: created.body.id, amount: created.body.amount, paymentId: payment}
}
const leftIn = async (batch: {_id: string; seats: number}) => seatCounts((await readSeats([batch._id])).get(batch._id) ?? null, batch.seats, new Date()).left
const join = (batchId: string, name: string, email: string) =>
  waitlist(jsonRequest('/api/waitlist', {batchId, name, email, mobile: '+91 98200 12345'}), testContext({}, '198.51.100.77'))
const patch = (orderId: string, token: string, body: unknown) =>
  callAs(
    update,
    new Request(`http://localhost/api/admin/enrollments/${orderId}`, {
      method: 'PATCH',
      headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
      body: JSON.stringify(body),
    }),
    {params: {orderId}},
  )
let keys = 0
const refund = (orderId: string, token: string, amount: number) =>
  callAs(
    refunds,
    new Request(`http://localhost/api/admin/enrollments/${orderId}/refunds`, {
      method: 'POST',
      headers: {'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `seat-key-${keys++}`},
      body: JSON.stringify({amount, reason: 'requested-by-candidate'}),
    }),
    {params: {orderId}},
  )
const seatNotices = async () => (await listOutboxRecords()).filter((m) => m.kind === 'waitlist-notice' && m.id.endsWith('-booking'))

describe('a paid seat given back', () => {
  it('staff cancel a paid enrolment: its seat is free again and staff are told who waits first, once', async () => {
    vi.stubEnv('STAFF_EMAIL', 'office@example.com')
    const token = await loginToken()
    const paid = await paidOrder(BATCHES.one._id, 'seat1@example.com')
    expect(await leftIn(BATCHES.one)).toBe(0)
    expect((await order(BATCHES.one._id, 'late@example.com')).body).toEqual({error: 'This batch is full'})
    expect((await join(BATCHES.one._id, 'Anita Rao', 'anita@example.com')).status).toBe(200)

    const cancelled = await patch(paid.id, token, {status: 'cancelled', note: 'Cannot travel'})
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200)
    expect(cancelled.body.status).toBe('cancelled')
    expect(await leftIn(BATCHES.one)).toBe(1)
    const notice = await getOutboxRecord(`waitlist-notice:${paid.id}-booking`)
    expect(notice?.subject).toBe('Seat free: PSF, 2027-02-16, Mumbai — first waiting: Anita Rao')
    expect(notice?.text).toContain("staff cancelled a candidate's enrolment")

    // A note added afterwards changes nothing about the seats; nothing is queued twice.
    expect((await patch(paid.id, token, {note: 'Called back'})).status).toBe(200)
    expect(await seatNotices()).toHaveLength(1)
    // The seat can be sold again.
    expect((await order(BATCHES.one._id, 'next@example.com')).status).toBe(200)
  })

  it('a partial refund keeps the seat; refunding the rest gives it back', async () => {
    const token = await loginToken()
    const paid = await paidOrder(BATCHES.two._id, 'seat2@example.com')
    expect(await leftIn(BATCHES.two)).toBe(1)
    const part = await refund(paid.id, token, 1000)
    expect(part.status, JSON.stringify(part.body)).toBe(201)
    expect((await getEnrolment(paid.id))?.status).toBe('partially-refunded')
    expect(await leftIn(BATCHES.two)).toBe(1)
    const rest = await refund(paid.id, token, paid.amount - 1000)
    expect(rest.status, JSON.stringify(rest.body)).toBe(201)
    expect((await getEnrolment(paid.id))?.status).toBe('refunded')
    expect(await leftIn(BATCHES.two)).toBe(2)
    expect((await readSeats([BATCHES.two._id])).get(BATCHES.two._id)?.bookings).toEqual([])
  })

  it("Razorpay's refund webhook for the whole payment gives the seat back too", async () => {
    const paid = await paidOrder(BATCHES.release._id, 'seat3@example.com')
    const before = await leftIn(BATCHES.release)
    const event = {
      event: 'refund.processed' as const,
      id: 'rfnd_SeatWebhook01',
      paymentId: paid.paymentId,
      amount: paid.amount,
      currency: 'USD',
      notes: {order_id: paid.id},
    }
    expect(await applyRefundEvent(paid.id, event)).toEqual({status: 'recorded', orderId: paid.id})
    expect((await getEnrolment(paid.id))?.status).toBe('refunded')
    expect(await leftIn(BATCHES.release)).toBe(before + 1)
    // The same event again changes nothing.
    expect(await applyRefundEvent(paid.id, event)).toEqual({status: 'unchanged', orderId: paid.id})
    expect(await leftIn(BATCHES.release)).toBe(before + 1)
  })
})
