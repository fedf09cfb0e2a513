/**
 * Reconciliation: "Check with gateway" and the scheduled check find a payment whose
 * browser never called save — through the sandbox's own record, and through the real `razorpay`
 * SDK against msw (`GET /v1/orders/:id/payments`, its error shapes and a timeout) — and mark the
 * order paid exactly once (one receipt number, one receipt) while a webhook races it. Plus the
 * admin payments overview (orders needing attention, the webhook event log) and its auth.
 */
import {http, HttpResponse} from 'msw'
import {describe, expect, it} from 'vitest'
import checkGateway from '#netlify/functions/admin-enrolment-check-gateway'
import payments from '#netlify/functions/admin-payments'
import createOrder from '#netlify/functions/enrolment-create-order'
import reconciliation from '#netlify/functions/payment-reconciliation'
import webhook from '#netlify/functions/razorpay-webhook'
import sandboxPay from '#netlify/functions/sandbox-pay'
import {getEnrolment} from '#netlify/services/enrolments/enrolments'
import {listOutbox} from '#netlify/services/mail/outbox'
import {ordersNeedingAttention, reconcilePendingOrders} from '#netlify/services/payments/reconcile'
import {RAZORPAY_API, razorpayPaymentEvent} from '../mocks/razorpay'
import {gatewayTimingOut, useGatewayTestSetup} from './gateway-fixtures'
import {callAs, getRequest, loginToken} from './admin-fixtures'
import {call, jsonRequest, paymentId, stubRazorpayEnv, validForm, webhookRequest} from './payments-fixtures'

const server = useGatewayTestSetup()

const HOUR = 60 * 60 * 1000
const newOrder = async () => {
  const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
  expect(status, JSON.stringify(body)).toBe(200)
  return body as {id: string; amount: number}
}
const check = (orderId: string, token: string) =>
  callAs(
    checkGateway,
    new Request(`http://localhost/api/admin/enrollments/${orderId}/check-gateway`, {method: 'POST', headers: {authorization: `Bearer ${token}`}}),
    {
      params: {orderId},
    },
  )
const receiptsOf = async (receiptNumber: string) => (await listOutbox()).filter((m) => m.id === `receipt:${receiptNumber}`)

describe('Check with gateway (sandbox)', () => {
  it('finds the sandbox payment of an order whose browser never saved, and marks it paid once while a webhook races it', async () => {
    const token = await loginToken()
    const order = await newOrder()
    // "Pay" in the sandbox checkout, then the browser closes: no save call.
    const paid = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id}))
    const pay = paid.body.razorpay_payment_id as string
    expect((await getEnrolment(order.id))?.status).toBe('pending')

    const event = razorpayPaymentEvent('payment.captured', {id: pay, orderId: order.id, amount: order.amount})
    const [checked, hooked] = await Promise.all([check(order.id, token), call(webhook, webhookRequest(event, {eventId: `evt_Recon${Date.now()}`}))])
    expect(checked.status, JSON.stringify(checked.body)).toBe(200)
    expect(hooked.status).toBe(200)
    expect(['paid', 'already-paid']).toContain(checked.body.outcome)
    const record = await getEnrolment(order.id)
    expect(record).toMatchObject({status: 'paid', paymentId: pay, receiptNumber: expect.stringMatching(/^MTC-\d{4}-\d{5}$/)})
    expect(['reconciliation', 'webhook']).toContain(record?.paidVia)
    expect(await receiptsOf(record!.receiptNumber!)).toHaveLength(1)

    // Checking again: nothing to do.
    expect((await check(order.id, token)).body).toMatchObject({outcome: 'already-paid', receiptNumber: record!.receiptNumber})
  })

  it('an order without a captured payment stays pending: "no-payment", nothing changed', async () => {
    const token = await loginToken()
    const order = await newOrder()
    const {status, body} = await check(order.id, token)
    expect(status).toBe(200)
    expect(body).toMatchObject({outcome: 'no-payment', paymentId: null, message: 'The gateway has no captured payment for this order. Nothing was changed.'})
    expect((await getEnrolment(order.id))?.status).toBe('pending')
  })

  it('401 without a valid token; 404 for an unknown or malformed order id', async () => {
    const order = await newOrder()
    expect((await check(order.id, 'not-a-token')).status).toBe(401)
    const token = await loginToken()
    expect((await check('order_sandbox_nosuchorderxyz', token)).status).toBe(404)
    expect((await check('nope', token)).status).toBe(404)
    expect((await callAs(payments, getRequest('/api/admin/payments', null))).status).toBe(401)
  })
})

describe('Check with gateway (Razorpay, through the SDK)', () => {
  const paymentsOf = (items: unknown[]) =>
    http.get(`${RAZORPAY_API}/orders/:orderId/payments`, () => HttpResponse.json({entity: 'collection', count: items.length, items}))

  it('a captured payment marks the order paid; an authorized-only or wrong-amount one does not', async () => {
    stubRazorpayEnv()
    const token = await loginToken()
    const order = await newOrder()
    const pay = paymentId('pay_Cap')
    server.use(paymentsOf([{id: paymentId('pay_Auth'), entity: 'payment', amount: order.amount, currency: 'USD', status: 'authorized', order_id: order.id}]))
    expect((await check(order.id, token)).body.outcome).toBe('no-payment')
    server.use(paymentsOf([{id: pay, entity: 'payment', amount: order.amount - 1, currency: 'USD', status: 'captured', order_id: order.id}]))
    expect((await check(order.id, token)).body.outcome).toBe('no-payment')
    server.use(paymentsOf([{id: pay, entity: 'payment', amount: order.amount, currency: 'USD', status: 'captured', order_id: order.id}]))
    const {body} = await check(order.id, token)
    expect(body).toMatchObject({outcome: 'paid', paymentId: pay, receiptNumber: expect.stringMatching(/^MTC-/)})
    expect(await getEnrolment(order.id)).toMatchObject({status: 'paid', paymentId: pay, paidVia: 'reconciliation'})
  })

  it('a gateway error is 502 and a timeout 504, with a clear message, and nothing changed', async () => {
    stubRazorpayEnv()
    const token = await loginToken()
    const order = await newOrder()
    server.use(
      http.get(`${RAZORPAY_API}/orders/:orderId/payments`, () =>
        HttpResponse.json(
          {error: {code: 'SERVER_ERROR', description: 'The server encountered an error', source: 'NA', step: 'NA', reason: 'NA'}},
          {status: 500},
        ),
      ),
    )
    const failed = await check(order.id, token)
    expect(failed.status).toBe(502)
    expect(failed.body.error).toContain('Nothing was changed')

    // The gateway does not answer in time: a fake gateway gives up at once.
    const restore = gatewayTimingOut('fetchOrderPayments')
    const timedOut = await check(order.id, token).finally(restore)
    expect(timedOut.status).toBe(504)
    expect(timedOut.body.error).toBe('The payment gateway did not answer in time. Nothing was changed: try again in a minute.')
    expect((await getEnrolment(order.id))?.status).toBe('pending')
  })
})

describe('orders needing attention and the scheduled check', () => {
  it('lists pending orders older than 30 minutes, and the scheduled check pays the captured ones between 30 minutes and 3 days old', async () => {
    const order = await newOrder()
    await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id}))
    const created = Date.parse((await getEnrolment(order.id))!.createdAt)
    expect((await ordersNeedingAttention(new Date(created + 10 * 60_000))).map((o) => o.orderId)).not.toContain(order.id)
    expect((await ordersNeedingAttention(new Date(created + HOUR))).map((o) => o.orderId)).toContain(order.id)

    // Older than 3 days: left to staff.
    expect((await reconcilePendingOrders({now: new Date(created + 4 * 24 * HOUR)})).paid).not.toContain(order.id)
    expect((await getEnrolment(order.id))?.status).toBe('pending')
    const report = await reconcilePendingOrders({now: new Date(created + HOUR)})
    expect(report.paid).toContain(order.id)
    expect((await getEnrolment(order.id))?.status).toBe('paid')

    // The scheduled function runs the same check (nothing left to pay now) and answers its counts.
    const run = await call(
      reconciliation,
      new Request('http://localhost/.netlify/functions/payment-reconciliation', {method: 'POST', body: '{"next_run":null}'}),
    )
    expect(run.status).toBe(200)
    expect(run.body.reconciliation).toMatchObject({paid: 0, failed: 0})
  })
})

describe('the webhook event log', () => {
  it('records processed, duplicate, rejected and ignored deliveries, newest first, in the payments overview', async () => {
    const token = await loginToken()
    const order = await newOrder()
    const pay = paymentId()
    const eventId = `evt_Log${Date.now()}`
    const event = razorpayPaymentEvent('order.paid', {id: pay, orderId: order.id, amount: order.amount})
    await call(webhook, webhookRequest(event, {eventId}))
    await call(webhook, webhookRequest(event, {eventId}))
    expect((await call(webhook, webhookRequest(event, {eventId: `${eventId}b`, signature: 'bad'}))).status).toBe(401)
    await call(webhook, webhookRequest({event: 'refund.created', payload: {}}, {eventId: `${eventId}c`}))

    const {status, body} = await callAs(payments, getRequest('/api/admin/payments', token))
    expect(status).toBe(200)
    const mine = (body.webhookEvents as Array<{id: string | null; result: string; orderId: string | null; type: string | null}>).filter((e) =>
      e.id?.startsWith(eventId),
    )
    expect(mine.map((e) => [e.id, e.result])).toEqual([
      [`${eventId}c`, 'ignored'],
      [`${eventId}b`, 'rejected'],
      [eventId, 'duplicate'],
      [eventId, 'processed'],
    ])
    expect(mine.at(-1)).toMatchObject({type: 'order.paid', orderId: order.id})
  })
})
