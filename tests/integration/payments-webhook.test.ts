/**
 * POST /api/razorpay/webhook over Netlify's Blobs emulation: signature over the raw body,
 * de-duplication by x-razorpay-event-id, order.paid / payment.captured marking the order paid
 * (with or without the browser's save, in any order), amount checks.
 */
import {describe, expect, it, vi} from 'vitest'
import createOrder from '#netlify/functions/enrolment-create-order'
import save from '#netlify/functions/enrolment-save'
import webhook from '#netlify/functions/razorpay-webhook'
import {openStore, STORES} from '#netlify/platform/blobs'
import {getEnrolment} from '#netlify/services/enrolments/enrolments'
import {razorpayPaymentEvent} from '../mocks/razorpay'
import {call, jsonRequest, paymentId, sign, usePaymentsTestEnvironment, validForm, webhookRequest, webhookSignature, savedAnswer} from './payments-fixtures'

usePaymentsTestEnvironment()

const newOrder = async (form: Record<string, unknown> = {}) => {
  const result = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm(form)))
  expect(result.status).toBe(200)
  return result.body as {id: string; amount: number}
}

let eventCounter = 0
const eventId = () => `evt_Test${Date.now().toString(36)}${eventCounter++}`

describe('POST /api/razorpay/webhook', () => {
  it('answers 401 to a bad or missing signature and changes nothing', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const order = await newOrder()
    const event = razorpayPaymentEvent('payment.captured', {id: paymentId(), orderId: order.id, amount: order.amount})
    const attempts = [
      webhookRequest(event, {eventId: eventId(), secret: 'not_the_secret'}),
      webhookRequest(event, {eventId: eventId(), signature: null}),
      webhookRequest(event, {eventId: eventId(), signature: 'abc'}),
      webhookRequest(event, {eventId: eventId(), signature: webhookSignature(JSON.stringify({...event, event: 'order.paid'}))}),
    ]
    for (const request of attempts) {
      expect(await call(webhook, request)).toEqual({status: 401, body: {error: 'Invalid webhook signature'}})
    }
    expect((await getEnrolment(order.id))?.status).toBe('pending')
  })

  it('marks the order paid on payment.captured when the browser never called save', async () => {
    const order = await newOrder()
    const pay = paymentId()
    const id = eventId()
    const {status, body} = await call(
      webhook,
      webhookRequest(razorpayPaymentEvent('payment.captured', {id: pay, orderId: order.id, amount: 5000}), {eventId: id}),
    )
    expect(status).toBe(200)
    expect(body).toMatchObject({status: 'paid', orderId: order.id, eventId: id})
    expect(await getEnrolment(order.id)).toMatchObject({status: 'paid', paymentId: pay, paidVia: 'webhook'})
    expect(await openStore(STORES.webhookEvents).get(id, {type: 'json'})).toMatchObject({eventId: id, status: 'done', result: 'paid'})
  })

  it('marks the order paid on order.paid', async () => {
    const order = await newOrder({trainingProgram: 'competency-training', course: 'CDC', country: 'thailand', amount: 125})
    const pay = paymentId()
    const {status, body} = await call(
      webhook,
      webhookRequest(razorpayPaymentEvent('order.paid', {id: pay, orderId: order.id, amount: 12500}), {eventId: eventId()}),
    )
    expect(status).toBe(200)
    expect(body.status).toBe('paid')
    expect(await getEnrolment(order.id)).toMatchObject({status: 'paid', paymentId: pay, paidVia: 'webhook'})
  })

  it('processes an event id once: a redelivery is a duplicate, whatever it carries', async () => {
    const order = await newOrder()
    const first = paymentId()
    const id = eventId()
    expect(
      (await call(webhook, webhookRequest(razorpayPaymentEvent('payment.captured', {id: first, orderId: order.id, amount: 5000}), {eventId: id}))).body.status,
    ).toBe('paid')
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    // Without de-duplication this different payment would be processed (and refused as a conflict).
    const redelivery = await call(
      webhook,
      webhookRequest(razorpayPaymentEvent('payment.captured', {id: paymentId(), orderId: order.id, amount: 5000}), {eventId: id}),
    )
    expect(redelivery).toEqual({status: 200, body: {status: 'duplicate', event: 'payment.captured', eventId: id}})
    expect(errors).not.toHaveBeenCalled()
    expect(await getEnrolment(order.id)).toMatchObject({paymentId: first, paidVia: 'webhook'})
  })

  it('webhook first, then the browser save (out of order): paid once, save still answers 200', async () => {
    const order = await newOrder()
    const pay = paymentId()
    await call(webhook, webhookRequest(razorpayPaymentEvent('order.paid', {id: pay, orderId: order.id, amount: 5000}), {eventId: eventId()}))
    const paidAt = (await getEnrolment(order.id))?.paidAt
    const saved = await call(
      save,
      jsonRequest('/api/enroll/save', {razorpay_order_id: order.id, razorpay_payment_id: pay, razorpay_signature: sign(order.id, pay)}),
    )
    const record = await getEnrolment(order.id)
    // The webhook gave the receipt number; the save answers the same one.
    expect(saved).toEqual({
      status: 200,
      body: savedAnswer(record!, pay),
    })
    expect(record).toMatchObject({status: 'paid', paymentId: pay, paidVia: 'webhook', paidAt, receiptNumber: expect.stringMatching(/^MTC-\d{4}-\d{5}$/)})
  })

  it('save first, then both events: already paid, nothing changes', async () => {
    const order = await newOrder()
    const pay = paymentId()
    expect(
      (await call(save, jsonRequest('/api/enroll/save', {razorpay_order_id: order.id, razorpay_payment_id: pay, razorpay_signature: sign(order.id, pay)})))
        .status,
    ).toBe(200)
    const before = await getEnrolment(order.id)
    for (const name of ['payment.captured', 'order.paid']) {
      const {status, body} = await call(webhook, webhookRequest(razorpayPaymentEvent(name, {id: pay, orderId: order.id, amount: 5000}), {eventId: eventId()}))
      expect(status).toBe(200)
      expect(body.status).toBe('already-paid')
    }
    expect(await getEnrolment(order.id)).toEqual(before)
    expect(before).toMatchObject({paidVia: 'callback'})
  })

  it('does not mark paid when the amount or currency differs from the order', async () => {
    const order = await newOrder()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const cheap = await call(
      webhook,
      webhookRequest(razorpayPaymentEvent('payment.captured', {id: paymentId(), orderId: order.id, amount: 50}), {eventId: eventId()}),
    )
    expect(cheap).toMatchObject({status: 200, body: {status: 'ignored'}})
    const rupees = await call(
      webhook,
      webhookRequest(razorpayPaymentEvent('payment.captured', {id: paymentId(), orderId: order.id, amount: 5000, currency: 'INR'}), {eventId: eventId()}),
    )
    expect(rupees).toMatchObject({status: 200, body: {status: 'ignored'}})
    expect((await getEnrolment(order.id))?.status).toBe('pending')
    expect(errors.mock.calls.flat().join(' ')).toMatch(/NOT marked paid/)
  })

  it('answers 200 ignored for unknown orders and other events', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const unknown = await call(
      webhook,
      webhookRequest(razorpayPaymentEvent('payment.captured', {id: paymentId(), orderId: 'order_NotOurs00000001', amount: 5000}), {eventId: eventId()}),
    )
    expect(unknown).toMatchObject({status: 200, body: {status: 'ignored'}})
    expect(await getEnrolment('order_NotOurs00000001')).toBeNull()

    const order = await newOrder()
    for (const name of ['payment.failed', 'payment.authorized', 'refund.created']) {
      const other = await call(webhook, webhookRequest(razorpayPaymentEvent(name, {id: paymentId(), orderId: order.id, amount: 5000}), {eventId: eventId()}))
      expect(other).toEqual({status: 200, body: {status: 'ignored', event: name}})
    }
    expect((await getEnrolment(order.id))?.status).toBe('pending')
  })

  it('keeps the first payment when another payment for a paid order arrives (200 conflict, logged)', async () => {
    const order = await newOrder()
    const first = paymentId()
    await call(webhook, webhookRequest(razorpayPaymentEvent('payment.captured', {id: first, orderId: order.id, amount: 5000}), {eventId: eventId()}))
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const second = paymentId()
    const {status, body} = await call(
      webhook,
      webhookRequest(razorpayPaymentEvent('payment.captured', {id: second, orderId: order.id, amount: 5000}), {eventId: eventId()}),
    )
    expect(status).toBe(200)
    expect(body.status).toBe('conflict')
    expect((await getEnrolment(order.id))?.paymentId).toBe(first)
    expect(errors.mock.calls.flat().join(' ')).toContain(second)
  })

  it('answers 400 to a signed body that is not an event, and 503 without a webhook secret', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const raw = 'not json'
    const garbage = new Request('http://localhost/api/razorpay/webhook', {method: 'POST', headers: {'x-razorpay-signature': webhookSignature(raw)}, body: raw})
    expect((await call(webhook, garbage)).status).toBe(400)
    vi.stubEnv('RAZORPAY_WEBHOOK_SECRET', '')
    const order = await newOrder()
    const unconfigured = await call(
      webhook,
      webhookRequest(razorpayPaymentEvent('payment.captured', {id: paymentId(), orderId: order.id, amount: 5000}), {eventId: eventId()}),
    )
    expect(unconfigured).toEqual({status: 503, body: {error: 'Payments are not configured'}})
    expect((await getEnrolment(order.id))?.status).toBe('pending')
  })
})
