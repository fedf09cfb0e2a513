/**
 * Staff's batches (docs/requirements.md#req-batches-staff): GET /api/admin/batches
 * (upcoming batches with seats, booked, held, free and waitlist counts from the seats and
 * waitlist stores) and GET /api/admin/batches/:batchId (`{batch, roster, waitlist}`: the roster
 * from the admin list's index rows, over-capacity ones flagged); 401 without a token, 404 for a
 * malformed or unknown id; and the admin list's "Batch cancelled". Fixed clock (batches-fixtures.ts).
 */
import {describe, expect, it, vi} from 'vitest'
import batchFn from '#netlify/functions/admin-batch'
import batchesFn from '#netlify/functions/admin-batches'
import list from '#netlify/functions/admin-enrolments'
import createOrder from '#netlify/functions/enrolment-create-order'
import save from '#netlify/functions/enrolment-save'
import waitlist from '#netlify/functions/waitlist'
import {AdminBatchDetailSchema, AdminBatchListSchema} from '#schemas/contracts/batches'
import {EnrolmentListSchema} from '#schemas/contracts/admin'
import {indexEnrolment} from '#netlify/services/enrolments/index-store'
import {getEnrolment} from '#netlify/services/enrolments/enrolments'
import {testContext} from '../helpers/blobs'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {after, BATCHES, batchForm, useSeatsTestEnvironment} from './batches-fixtures'
import {call, jsonRequest, paymentId, sign} from './payments-fixtures'

useSeatsTestEnvironment()
useAdminEnv()

const order = (batchId: string, email: string, name = 'Ana Costa') =>
  call(createOrder, jsonRequest('/api/enroll/create-order', batchForm(batchId, {email, name})))
const pay = (orderId: string, payment = paymentId()) =>
  call(save, jsonRequest('/api/enroll/save', {razorpay_order_id: orderId, razorpay_payment_id: payment, razorpay_signature: sign(orderId, payment)}))
const wait = (batchId: string, email: string) =>
  waitlist(jsonRequest('/api/waitlist', {batchId, name: 'Rahul Mehta', email, mobile: '+91 98200 12345'}), testContext({}, '203.0.113.9'))
const detail = (batchId: string, token?: string) => callAs(batchFn, getRequest(`/api/admin/batches/${encodeURIComponent(batchId)}`, token), {params: {batchId}})

describe('GET /api/admin/batches', () => {
  it('answers 401 without a valid token', async () => {
    expect((await callAs(batchesFn, getRequest('/api/admin/batches'))).status).toBe(401)
    expect((await callAs(batchesFn, getRequest('/api/admin/batches', 'not-a-token'))).status).toBe(401)
  })

  it('lists the upcoming batches, earliest first, with seats, booked, held, free and waitlist counts; no-store', async () => {
    const held = await order(BATCHES.two._id, 'held@example.com')
    const booked = await order(BATCHES.two._id, 'booked@example.com')
    expect((await pay(booked.body.id)).status).toBe(200)
    expect(held.status).toBe(200)
    expect((await wait(BATCHES.two._id, 'w1@example.com')).status).toBe(200)
    expect((await wait(BATCHES.two._id, 'w2@example.com')).status).toBe(200)
    const token = await loginToken()
    const response = await callAs(batchesFn, getRequest('/api/admin/batches', token))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const {batches} = AdminBatchListSchema.parse(response.body)
    const two = batches.find((b) => b.id === BATCHES.two._id)
    expect(two).toMatchObject({startDate: '2027-02-23', city: 'Mumbai', status: 'open', counts: {seats: 2, booked: 1, held: 1, left: 0}, waitlist: 2})
    expect(two?.courseName).toBeTruthy()
    const ids = batches.map((b) => b.id)
    // Past and today's batches are not upcoming; closed and cancelled ones are listed for staff.
    expect(ids).not.toContain(BATCHES.past._id)
    expect(ids).not.toContain(BATCHES.today._id)
    expect(ids).toContain(BATCHES.cancelled._id)
    const starts = batches.map((b) => b.startDate)
    expect(starts).toEqual([...starts].sort())
    // The hold expires: counted free at once.
    vi.setSystemTime(after(30 * 60))
    const later = AdminBatchListSchema.parse((await callAs(batchesFn, getRequest('/api/admin/batches', token))).body)
    expect(later.batches.find((b) => b.id === BATCHES.two._id)?.counts).toEqual({seats: 2, booked: 1, held: 0, left: 1})
  })
})

describe('GET /api/admin/batches/:batchId', () => {
  it('answers 401 without a valid token, before looking at the id', async () => {
    expect((await detail(BATCHES.open._id)).status).toBe(401)
    expect((await detail('../x')).status).toBe(401)
  })

  it.each([
    ['unknown', 'test-batch-unknown'],
    ['malformed', '../seats'],
    ['a draft id', 'drafts.test-batch-psf-open'],
    ['empty', ''],
  ])('404 for an %s id', async (_, id) => {
    const response = await detail(id, await loginToken())
    expect(response.status).toBe(404)
    expect(response.body).toEqual({error: 'Batch not found'})
  })

  it('answers the batch, the roster of paid candidates from the index (over capacity flagged) and the waitlist', async () => {
    // Batch `one` has 1 seat: the first order's hold expires, a second order takes the seat and
    // pays, then the first pays late: booked over capacity.
    const late = await order(BATCHES.one._id, 'late@example.com', 'Zoe Late')
    vi.setSystemTime(after(31 * 60))
    const onTime = await order(BATCHES.one._id, 'ontime@example.com', 'Bob On-Time')
    expect(onTime.status).toBe(200)
    expect((await pay(onTime.body.id)).status).toBe(200)
    expect((await pay(late.body.id)).status).toBe(200)
    const unpaid = await order(BATCHES.open._id, 'unpaid@example.com', 'Una Paid')
    expect(unpaid.status).toBe(200)
    expect((await wait(BATCHES.one._id, 'waiting@example.com')).status).toBe(200)

    const token = await loginToken()
    const response = await detail(BATCHES.one._id, token)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = AdminBatchDetailSchema.parse(response.body)
    expect(body.batch).toMatchObject({id: BATCHES.one._id, counts: {seats: 1, booked: 2, held: 0, left: 0}, waitlist: 1})
    expect(body.roster).toEqual([
      expect.objectContaining({orderId: onTime.body.id, name: 'Bob On-Time', email: 'ontime@example.com', status: 'paid', overCapacity: false}),
      expect.objectContaining({orderId: late.body.id, name: 'Zoe Late', email: 'late@example.com', status: 'paid', overCapacity: true}),
    ])
    expect(body.roster[0]!.mobile).toBeTruthy()
    expect(body.waitlist).toEqual([expect.objectContaining({name: 'Rahul Mehta', email: 'waiting@example.com', notifiedAt: null})])
    // An unpaid order is never on a roster.
    const open = AdminBatchDetailSchema.parse((await detail(BATCHES.open._id, token)).body)
    expect(open.roster).toEqual([])
    expect(open.batch.counts.held).toBe(1)

    // The admin list carries the batch and the flag.
    const rows = EnrolmentListSchema.parse((await callAs(list, getRequest('/api/admin/enrollments', token))).body)
    expect(rows.find((r) => r.orderId === late.body.id)).toMatchObject({
      batch: {id: BATCHES.one._id, startDate: '2027-02-16', city: 'Mumbai'},
      overCapacity: true,
    })
    expect(rows.find((r) => r.orderId === onTime.body.id)).not.toHaveProperty('overCapacity')
  })

  it('the admin list marks enrolments of a batch cancelled in the content "batchCancelled"', async () => {
    const placed = await order(BATCHES.release._id, 'moved@example.com', 'Mo Ved')
    expect((await pay(placed.body.id)).status).toBe(200)
    const record = (await getEnrolment(placed.body.id))!
    // The same enrolment, as if its batch had been cancelled since: a row naming the cancelled batch.
    await indexEnrolment({...record, orderId: `${record.orderId}x`, batch: {...record.batch!, id: BATCHES.cancelled._id}})
    const token = await loginToken()
    const rows = EnrolmentListSchema.parse((await callAs(list, getRequest('/api/admin/enrollments', token))).body)
    expect(rows.find((r) => r.orderId === `${record.orderId}x`)?.batchCancelled).toBe(true)
    expect(rows.find((r) => r.orderId === record.orderId)).not.toHaveProperty('batchCancelled')
    const roster = AdminBatchDetailSchema.parse((await detail(BATCHES.cancelled._id, token)).body)
    expect(roster.batch.status).toBe('cancelled')
    expect(roster.roster.map((r) => r.orderId)).toEqual([`${record.orderId}x`])
  })
})
