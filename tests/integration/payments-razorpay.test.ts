/**
 * Razorpay mode: the real `razorpay` SDK (axios) against msw handlers for
 * https://api.razorpay.com/v1/orders (tests/mocks/razorpay.ts), over Netlify's Blobs
 * emulation (localhost, bypassed by msw). Any other unhandled request is an error.
 */
import {setupServer} from 'msw/node'
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import createOrder from '#netlify/functions/enrolment-create-order'
import save from '#netlify/functions/enrolment-save'
import sandboxPay from '#netlify/functions/sandbox-pay'
import {getEnrolment, listEnrolments} from '#netlify/services/enrolments/enrolments'
import {startBlobs} from '../helpers/blobs'
import {razorpayCreateOrderFailure, razorpayCreateOrderHandler, type RecordedOrderRequest} from '../mocks/razorpay'
import {call, jsonRequest, KEY_ID, KEY_SECRET, paymentId, sign, stubRazorpayEnv, useTestSeed, validForm, savedAnswer} from './payments-fixtures'

const log: RecordedOrderRequest[] = []
const server = setupServer(razorpayCreateOrderHandler(log))
let blobs: Awaited<ReturnType<typeof startBlobs>>

beforeAll(async () => {
  useTestSeed()
  server.listen({
    onUnhandledRequest: (request, print) => {
      const {hostname} = new URL(request.url)
      if (hostname === 'localhost' || hostname === '127.0.0.1') return
      print.error()
    },
  })
  blobs = await startBlobs()
})
afterAll(async () => {
  server.close()
  await blobs.stop()
  delete process.env.SEED_FILE
})
beforeEach(() => {
  log.length = 0
  stubRazorpayEnv()
})
afterEach(() => {
  server.resetHandlers()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

describe('create-order and save with Razorpay keys', () => {
  it('creates the order through the SDK: minor units, currency, receipt, notes, Basic auth', async () => {
    const form = validForm({trainingProgram: 'competency-training', course: 'Master/Chief officer', country: 'vietnam', amount: 4400})
    const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', form))
    expect(status, JSON.stringify(body)).toBe(200)
    expect(log).toHaveLength(1)
    const sent = log[0]!
    expect(sent.url).toBe('https://api.razorpay.com/v1/orders')
    expect(sent.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`)
    expect(sent.body).toEqual({
      amount: 440000,
      currency: 'USD',
      receipt: expect.stringMatching(/^enr_[A-Za-z0-9]+$/),
      notes: {enrolment: sent.body.receipt, course: 'Master/Chief officer', program: 'competency-training'},
    })
    expect((sent.body.receipt as string).length).toBeLessThanOrEqual(40)

    expect(body).toMatchObject({
      id: expect.stringMatching(/^order_(?!sandbox_)[A-Za-z0-9]+$/),
      amount: 440000,
      currency: 'USD',
      keyId: KEY_ID,
      mode: 'razorpay',
      description: 'Master/Chief officer',
    })
    const record = await getEnrolment(body.id)
    expect(record).toMatchObject({
      orderId: body.id,
      receipt: sent.body.receipt,
      status: 'pending',
      mode: 'razorpay',
      amount: 4400,
      amountMinor: 440000,
      country: 'vietnam',
    })
  })

  it('uses a new receipt for every order', async () => {
    await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
    await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
    expect(log).toHaveLength(2)
    expect(log[0]!.body.receipt).not.toBe(log[1]!.body.receipt)
  })

  it('verifies the checkout signature with the key secret, never the sandbox secret', async () => {
    const {body: order} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
    const pay = paymentId('pay_Rzp')
    const sandboxSigned = await call(
      save,
      jsonRequest('/api/enroll/save', {razorpay_order_id: order.id, razorpay_payment_id: pay, razorpay_signature: sign(order.id, pay)}),
    )
    expect(sandboxSigned.status).toBe(400)
    expect((await getEnrolment(order.id))?.status).toBe('pending')

    const saved = await call(
      save,
      jsonRequest('/api/enroll/save', {razorpay_order_id: order.id, razorpay_payment_id: pay, razorpay_signature: sign(order.id, pay, KEY_SECRET)}),
    )
    const record = await getEnrolment(order.id)
    expect(saved).toEqual({
      status: 200,
      body: savedAnswer(record!, pay),
    })
    expect(record).toMatchObject({
      status: 'paid',
      paymentId: pay,
      paidVia: 'callback',
      mode: 'razorpay',
      receiptNumber: expect.stringMatching(/^MTC-\d{4}-\d{5}$/),
    })
  })

  it('answers 502 "Payment failed to initialize." when Razorpay refuses, storing nothing', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const before = (await listEnrolments()).length
    for (const status of [400, 401, 500]) {
      server.use(razorpayCreateOrderFailure(status, 'Authentication failed', log))
      const result = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
      expect(result).toEqual({status: 502, body: {error: 'Payment failed to initialize.'}})
    }
    expect(log).toHaveLength(3)
    expect((await listEnrolments()).length).toBe(before)
    expect(errors.mock.calls.flat().join(' ')).toMatch(/Razorpay order creation failed: 401 BAD_REQUEST_ERROR Authentication failed/)
  })

  it('never calls Razorpay for a price that does not match', async () => {
    const {status} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({amount: 1})))
    expect(status).toBe(400)
    expect(log).toHaveLength(0)
  })

  it('runs in production with keys and a webhook secret; the sandbox is 404 there', async () => {
    stubRazorpayEnv({production: true})
    const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
    expect(status).toBe(200)
    expect(body.mode).toBe('razorpay')
    expect((await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: 'order_sandbox_Anything0001'}))).status).toBe(404)
  })

  it('fails closed in production without the webhook secret', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    stubRazorpayEnv({production: true})
    vi.stubEnv('RAZORPAY_WEBHOOK_SECRET', '')
    const result = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
    expect(result).toEqual({status: 503, body: {error: 'Payments are not configured'}})
    expect(log).toHaveLength(0)
  })
})
