/**
 * 50 orders paid at once, each by its browser save AND its webhook, all in flight together
 * (Promise.all) over Netlify's Blobs emulation: every enrolment ends up paid, exactly once,
 * with its own payment. The save callback and the webhook run as their functions run them, with a
 * stub receipt renderer passed in: these tests count payments, and the receipt PDFs have their own.
 */
import {expect, it, vi} from 'vitest'
import createOrder from '#netlify/functions/enrolment-create-order'
import {listEnrolments} from '#netlify/services/enrolments/enrolments'
import {handle} from '#netlify/platform/http'
import {saveEndpoint} from '#netlify/functions/enrolment-save'
import {webhookEndpoint} from '#netlify/functions/razorpay-webhook'
import {stubPdf} from '../helpers/stub-pdf'
import {razorpayPaymentEvent} from '../mocks/razorpay'
import {call, jsonRequest, paymentId, sign, usePaymentsTestEnvironment, validForm, webhookRequest} from './payments-fixtures'

usePaymentsTestEnvironment()

const COUNT = 50

const save = handle(saveEndpoint({renderReceiptPdf: stubPdf}))
const webhook = handle(webhookEndpoint({renderReceiptPdf: stubPdf}))

it('50 concurrent saves and webhooks for 50 distinct orders store 50 paid enrolments', async () => {
  const courses = [
    {trainingProgram: 'pre-sea-training', course: 'PSF', amount: 50},
    {trainingProgram: 'stcw-courses', course: 'AFFA', amount: 900},
    {trainingProgram: 'competency-training', course: 'Master/Chief officer', country: 'vietnam', amount: 4400},
    {trainingProgram: 'cadetship-training', course: 'deck-cadet', amount: 3500},
  ]
  const orders = await Promise.all(
    Array.from({length: COUNT}, async (_, i) => {
      const selection = courses[i % courses.length]!
      const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({...selection, email: `cadet${i}@example.com`})))
      expect(status).toBe(200)
      return {id: body.id as string, amount: body.amount as number, email: `cadet${i}@example.com`, paymentId: paymentId(`pay_c${i}`)}
    }),
  )
  expect(new Set(orders.map((o) => o.id)).size).toBe(COUNT)

  const calls = orders.flatMap((order, i) => {
    const saveCall = () =>
      call(
        save,
        jsonRequest('/api/enroll/save', {
          razorpay_order_id: order.id,
          razorpay_payment_id: order.paymentId,
          razorpay_signature: sign(order.id, order.paymentId),
        }),
      )
    const event = razorpayPaymentEvent(i % 2 ? 'order.paid' : 'payment.captured', {id: order.paymentId, orderId: order.id, amount: order.amount})
    const webhookCall = () => call(webhook, webhookRequest(event, {eventId: `evt_Conc${i}x${Date.now().toString(36)}`}))
    return i % 2 ? [webhookCall, saveCall] : [saveCall, webhookCall]
  })
  const results = await Promise.all(calls.map((run) => run()))

  for (const result of results) expect(result.status, JSON.stringify(result.body)).toBe(200)
  const webhookStatuses = results.filter((r) => 'event' in r.body).map((r) => r.body.status)
  expect(webhookStatuses).toHaveLength(COUNT)
  for (const status of webhookStatuses) expect(['paid', 'already-paid']).toContain(status)

  const stored = await listEnrolments()
  expect(stored).toHaveLength(COUNT)
  for (const order of orders) {
    const record = stored.find((r) => r.orderId === order.id)
    expect(record, order.id).toMatchObject({status: 'paid', paymentId: order.paymentId, email: order.email, amountMinor: order.amount})
    expect(['callback', 'webhook']).toContain(record?.paidVia)
  }
  // Each order was marked paid by exactly one of its two calls.
  const markedByWebhook = webhookStatuses.filter((s) => s === 'paid').length
  expect(stored.filter((r) => r.paidVia === 'webhook')).toHaveLength(markedByWebhook)
  // Each payment also queues its receipt and staff notice: generous for a loaded 2-core machine.
}, 180_000)

it('10 different payments racing for one order: exactly one wins, the others are refused, nothing is overwritten', async () => {
  const {body: order} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  const payments = Array.from({length: 10}, (_, i) => paymentId(`pay_race${i}`))
  const results = await Promise.all(
    payments.map((pay, i) =>
      i % 2
        ? call(save, jsonRequest('/api/enroll/save', {razorpay_order_id: order.id, razorpay_payment_id: pay, razorpay_signature: sign(order.id, pay)}))
        : call(
            webhook,
            webhookRequest(razorpayPaymentEvent('payment.captured', {id: pay, orderId: order.id, amount: 5000}), {
              eventId: `evt_Race${i}x${Date.now().toString(36)}`,
            }),
          ),
    ),
  )
  const winners = results.flatMap((result, i) => (result.status === 200 && result.body.status === 'paid' ? [payments[i]] : []))
  expect(winners).toHaveLength(1)
  for (const [i, result] of results.entries()) {
    if (payments[i] === winners[0]) continue
    expect(result.status === 409 || result.body.status === 'conflict', JSON.stringify(result)).toBe(true)
  }
  const stored = (await listEnrolments()).find((r) => r.orderId === order.id)
  expect(stored).toMatchObject({status: 'paid', paymentId: winners[0]})
  errors.mockRestore()
})
