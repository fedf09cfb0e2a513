/**
 * Refunds (docs/requirements.md#req-refunds): POST /api/admin/enrollments/:orderId/refunds
 * through the sandbox and through the real `razorpay` SDK against msw (the Idempotency-Key sent as
 * X-Refund-Idempotency, the SDK's error shapes, a timeout), the rules (what is left, never paid,
 * the same key refunds once — also when two requests race), the refund webhooks
 * (refund.processed, refund.failed, a refund we never heard back about), the refund receipt in the
 * outbox, the list row and the detail.
 */
import {http, HttpResponse} from 'msw'
import {describe, expect, it} from 'vitest'
import enrolmentDetail from '#netlify/functions/admin-enrolment'
import refunds from '#netlify/functions/admin-enrolment-refunds'
import createOrder from '#netlify/functions/enrolment-create-order'
import webhook from '#netlify/functions/razorpay-webhook'
import {listIndexedEnrolments} from '#netlify/services/enrolments/index-store'
import {getEnrolment} from '#netlify/services/enrolments/enrolments'
import {getOutboxRecord, listOutbox} from '#netlify/services/mail/outbox'
import {sandboxRefundId} from '#netlify/platform/payments/gateway'
import {formatMoney} from '#schemas/rules/format'
import {RAZORPAY_API, razorpayPaymentEvent} from '../mocks/razorpay'
import {gatewayTimingOut, useGatewayTestSetup} from './gateway-fixtures'
import {queryAudit} from '#netlify/services/audit/audit'
import {ADMIN_ACCOUNT, callAs, getRequest, loginToken} from './admin-fixtures'
import {call, jsonRequest, paymentId, stubRazorpayEnv, validForm, webhookRequest} from './payments-fixtures'

const server = useGatewayTestSetup()

let keys = 0
const newKey = () => `key-${Date.now().toString(36)}-${(keys++).toString(36).padStart(4, '0')}`

/** A paid order (created, then paid by a payment.captured webhook), with its amount in minor units. */
async function paidOrder(): Promise<{id: string; amount: number; paymentId: string}> {
  const created = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const order = created.body as {id: string; amount: number}
  const pay = paymentId()
  const event = razorpayPaymentEvent('payment.captured', {id: pay, orderId: order.id, amount: order.amount})
  expect((await call(webhook, webhookRequest(event, {eventId: `evt_${pay}`}))).status).toBe(200)
  expect((await getEnrolment(order.id))?.status).toBe('paid')
  return {id: order.id, amount: order.amount, paymentId: pay}
}

const refund = (orderId: string, token: string | null, body: unknown, key: string | null = newKey()) =>
  callAs(
    refunds,
    new Request(`http://localhost/api/admin/enrollments/${orderId}/refunds`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? {authorization: `Bearer ${token}`} : {}),
        ...(key ? {'idempotency-key': key} : {}),
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    }),
    {params: {orderId}},
  )

/** The refund receipts in the outbox of the refunds of `orderId`. */
const refundReceipts = async (orderId: string) => {
  const ids = new Set(((await getEnrolment(orderId))?.refunds ?? []).map((r) => `refund-receipt:${r.id}`))
  return (await listOutbox()).filter((m) => ids.has(m.id))
}

describe('refunds through the sandbox', () => {
  it('a partial refund is 201, sets partially-refunded with a history entry, lists the refund and queues one refund receipt; the rest makes it refunded', async () => {
    const token = await loginToken()
    const order = await paidOrder()
    const key = newKey()
    const first = await refund(order.id, token, {amount: 2500, reason: 'duplicate-payment', note: 'Paid twice by card'}, key)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.refund).toMatchObject({
      id: expect.stringMatching(/^rf_[A-Za-z0-9]{16}$/),
      gatewayRefundId: sandboxRefundId(key),
      amount: 2500,
      currency: 'USD',
      reason: 'duplicate-payment',
      note: 'Paid twice by card',
      status: 'processed',
      by: ADMIN_ACCOUNT,
    })
    expect(first.body.refund).not.toHaveProperty('idempotencyKey')
    expect(first.body.enrolment).toMatchObject({orderId: order.id, status: 'partially-refunded'})
    const audited = (await queryAudit({target: order.id})).rows.map((r) => [r.action, r.summary])
    expect(audited).toEqual(
      expect.arrayContaining([
        ['refund-requested', {amount: 2500, reason: 'duplicate-payment'}],
        ['refund-outcome', expect.objectContaining({outcome: first.body.refund.status, amount: 2500})],
      ]),
    )
    expect(first.body.enrolment.history.at(-1)).toMatchObject({
      by: ADMIN_ACCOUNT,
      from: 'paid',
      to: 'partially-refunded',
      note: `Refund of $25 USD (Duplicate payment), ${sandboxRefundId(key)}\nPaid twice by card`,
    })

    // Stored, in the detail and in the list row.
    const detail = await callAs(enrolmentDetail, getRequest(`/api/admin/enrollments/${order.id}`, token), {params: {orderId: order.id}})
    expect(detail.body.refunds).toEqual([first.body.refund])
    const row = (await listIndexedEnrolments({status: 'all'})).find((r) => r.orderId === order.id)
    expect(row).toMatchObject({status: 'partially-refunded', refunds: [{amount: 2500, status: 'processed', createdAt: first.body.refund.createdAt}]})

    // The candidate's refund receipt, once.
    const record = await getEnrolment(order.id)
    const receipts = await refundReceipts(order.id)
    expect(receipts.map((m) => m.id)).toEqual([`refund-receipt:${first.body.refund.id}`])
    expect(receipts[0]!.subject).toBe(`Refund receipt ${record!.receiptNumber}: ${record!.courseName}`)
    const stored = await getOutboxRecord(receipts[0]!.id)
    expect(stored?.text).toContain('Amount refunded: USD 25.00')
    expect(stored?.text).toContain('Reason: Duplicate payment')
    expect(stored?.text).toContain(`Refund reference: ${sandboxRefundId(key)}`)
    expect(stored?.text).toContain('Sandbox (test) payment')

    // The same key again: the same refund, 200, nothing new.
    const again = await refund(order.id, token, {amount: 2500, reason: 'duplicate-payment', note: 'Paid twice by card'}, key)
    expect(again.status).toBe(200)
    expect(again.body.refund).toEqual(first.body.refund)
    expect((await getEnrolment(order.id))?.refunds).toHaveLength(1)
    expect(await refundReceipts(order.id)).toHaveLength(1)

    // More than is left: 400 with the most that can be refunded.
    const over = await refund(order.id, token, {amount: order.amount - 2500 + 1, reason: 'other'})
    expect(over.status).toBe(400)
    expect(over.body.error).toBe(`The amount is more than can be refunded: at most ${formatMoney((order.amount - 2500) / 100, 'USD')}.`)

    // The rest: refunded in full; nothing left after that.
    const rest = await refund(order.id, token, {amount: order.amount - 2500, reason: 'course-cancelled'})
    expect(rest.status).toBe(201)
    expect(rest.body.enrolment.status).toBe('refunded')
    const nothing = await refund(order.id, token, {amount: 1, reason: 'other'})
    expect(nothing.status).toBe(400)
    expect(nothing.body.error).toBe('Nothing is left to refund: the payment has been refunded in full.')
  })

  it('a double click (two requests with one key at once) refunds once; two different refunds at once never exceed the payment', async () => {
    const token = await loginToken()
    const order = await paidOrder()
    const key = newKey()
    const body = {amount: 1000, reason: 'requested-by-candidate'}
    const [a, b] = await Promise.all([refund(order.id, token, body, key), refund(order.id, token, body, key)])
    expect([a.status, b.status].sort()).toEqual([200, 201])
    expect(a.body.refund.id).toBe(b.body.refund.id)
    const record = await getEnrolment(order.id)
    expect(record?.refunds).toHaveLength(1)
    expect(record?.history?.filter((entry) => entry.note?.startsWith('Refund of'))).toHaveLength(1)
    expect(await refundReceipts(order.id)).toHaveLength(1)

    // What is left is order.amount - 1000: two refunds of 60 % of it each, at once — one lands.
    const part = Math.floor((order.amount - 1000) * 0.6)
    const results = await Promise.all([refund(order.id, token, {amount: part, reason: 'other'}), refund(order.id, token, {amount: part, reason: 'other'})])
    expect(results.map((r) => r.status).sort()).toEqual([201, 400])
    expect((await getEnrolment(order.id))?.refunds).toHaveLength(2)
  })

  it('the same key with another amount is 409; an order never paid is 409; staff cannot set refunded by hand', async () => {
    const token = await loginToken()
    const order = await paidOrder()
    const key = newKey()
    expect((await refund(order.id, token, {amount: 500, reason: 'other'}, key)).status).toBe(201)
    const reused = await refund(order.id, token, {amount: 600, reason: 'other'}, key)
    expect(reused.status).toBe(409)
    expect(reused.body.error).toBe('This Idempotency-Key was already used for a different refund.')

    const created = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
    const pending = await refund(created.body.id, token, {amount: 500, reason: 'other'})
    expect(pending.status).toBe(409)
    expect(pending.body.error).toBe('An enrolment that was never paid cannot be refunded.')
    expect((await getEnrolment(created.body.id))?.refunds).toBeUndefined()
  })

  it('401 without a valid token; 404 unknown or malformed ids; 400 naming the field or the header; 415 not JSON', async () => {
    const order = await paidOrder()
    expect((await refund(order.id, null, {amount: 100, reason: 'other'})).status).toBe(401)
    expect((await refund(order.id, 'forged', {amount: 100, reason: 'other'})).status).toBe(401)
    const token = await loginToken()
    expect((await refund('order_sandbox_nosuchorder00', token, {amount: 100, reason: 'other'})).status).toBe(404)
    expect((await refund('nope', token, {amount: 100, reason: 'other'})).status).toBe(404)

    const noKey = await refund(order.id, token, {amount: 100, reason: 'other'}, null)
    expect(noKey).toMatchObject({status: 400, body: {error: 'The Idempotency-Key header is required'}})
    expect((await refund(order.id, token, {amount: 100, reason: 'other'}, 'short')).status).toBe(400)
    const reason = await refund(order.id, token, {amount: 100, reason: 'because'})
    expect(reason.status).toBe(400)
    expect(reason.body.details.reason[0]).toBe('reason must be one of: duplicate-payment, course-cancelled, requested-by-candidate, other')
    for (const amount of [0, -5, 12.5, '100', null]) {
      const bad = await refund(order.id, token, {amount, reason: 'other'})
      expect(bad.status, String(amount)).toBe(400)
      expect(bad.body.details).toHaveProperty('amount')
    }
    expect((await refund(order.id, token, {amount: 100, reason: 'other', extra: 1})).status).toBe(400)
    const text = await callAs(
      refunds,
      new Request(`http://localhost/api/admin/enrollments/${order.id}/refunds`, {
        method: 'POST',
        headers: {'content-type': 'text/plain', authorization: `Bearer ${token}`, 'idempotency-key': newKey()},
        body: 'amount=100',
      }),
      {params: {orderId: order.id}},
    )
    expect(text.status).toBe(415)
    // Nothing of the above was stored.
    const record = await getEnrolment(order.id)
    expect(record).toMatchObject({status: 'paid'})
    expect(record?.refunds).toBeUndefined()
  })
})

describe('refunds through Razorpay (the razorpay SDK against msw)', () => {
  type Seen = {paymentId: string; key: string | null; body: Record<string, unknown>}
  /** POST /v1/payments/:id/refund as Razorpay answers it, idempotent by X-Refund-Idempotency like Razorpay. */
  function refundHandler(seen: Seen[], status: 'processed' | 'pending' = 'processed') {
    const byKey = new Map<string, Record<string, unknown>>()
    return http.post(`${RAZORPAY_API}/payments/:paymentId/refund`, async ({request, params}) => {
      const body = (await request.json()) as Record<string, unknown>
      const key = request.headers.get('x-refund-idempotency')
      seen.push({paymentId: String(params.paymentId), key, body})
      const existing = key ? byKey.get(key) : undefined
      if (existing) return HttpResponse.json(existing)
      const answer = {
        id: `rfnd_${Math.random().toString(36).slice(2, 16).padEnd(14, 'x')}`,
        entity: 'refund',
        amount: body.amount,
        currency: 'USD',
        payment_id: params.paymentId,
        notes: body.notes,
        receipt: null,
        acquirer_data: {arn: null},
        created_at: Math.floor(Date.now() / 1000),
        batch_id: null,
        status,
        speed_processed: 'normal',
        speed_requested: 'normal',
      }
      if (key) byKey.set(key, answer)
      return HttpResponse.json(answer)
    })
  }

  it('sends the amount, the notes and the Idempotency-Key as X-Refund-Idempotency; a retry with the key refunds once', async () => {
    stubRazorpayEnv()
    const token = await loginToken()
    const order = await paidOrder()
    const seen: Seen[] = []
    server.use(refundHandler(seen))
    const key = newKey()
    const first = await refund(order.id, token, {amount: 1500, reason: 'course-cancelled'}, key)
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({
      paymentId: order.paymentId,
      key,
      body: {amount: 1500, speed: 'normal', notes: {order_id: order.id, refund_id: first.body.refund.id, reason: 'course-cancelled'}},
    })
    expect(first.body.refund).toMatchObject({gatewayRefundId: expect.stringMatching(/^rfnd_/), status: 'processed'})
    expect(first.body.enrolment.status).toBe('partially-refunded')
    const again = await refund(order.id, token, {amount: 1500, reason: 'course-cancelled'}, key)
    expect(again.status).toBe(200)
    expect(again.body.refund.gatewayRefundId).toBe(first.body.refund.gatewayRefundId)
    expect((await getEnrolment(order.id))?.refunds).toHaveLength(1)
  })

  it("a refusal (Razorpay's error shape) is 502 with its reason and changes nothing; a timeout is 504 and changes nothing", async () => {
    stubRazorpayEnv()
    const token = await loginToken()
    const order = await paidOrder()
    const before = await getEnrolment(order.id)
    server.use(
      http.post(`${RAZORPAY_API}/payments/:paymentId/refund`, () =>
        HttpResponse.json(
          {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'The refund amount provided is greater than amount captured',
              source: 'business',
              step: 'payment_initiation',
              reason: 'input_validation_failed',
              metadata: {},
            },
          },
          {status: 400},
        ),
      ),
    )
    const refused = await refund(order.id, token, {amount: 1000, reason: 'other'})
    expect(refused.status).toBe(502)
    expect(refused.body.error).toBe('The payment gateway refused the refund: The refund amount provided is greater than amount captured. Nothing was changed.')
    const after = await getEnrolment(order.id)
    // The record is as it was (only its version moved: the reserved refund was written and removed).
    expect({...after, updatedAt: null}).toEqual({...before, updatedAt: null})

    // The gateway does not answer in time: a fake gateway gives up at once.
    const restore = gatewayTimingOut('refundPayment')
    const timedOut = await refund(order.id, token, {amount: 1000, reason: 'other'}).finally(restore)
    expect(timedOut.status).toBe(504)
    expect(timedOut.body.error).toContain('did not answer in time')
    expect((await getEnrolment(order.id))?.refunds).toBeUndefined()
    expect((await getEnrolment(order.id))?.status).toBe('paid')
  })

  it('refund.processed completes a pending refund (and queues its receipt once); refund.failed makes it stop counting; an unknown refund is recorded', async () => {
    stubRazorpayEnv()
    const token = await loginToken()
    const order = await paidOrder()
    const seen: Seen[] = []
    server.use(refundHandler(seen, 'pending'))
    const a = await refund(order.id, token, {amount: 1000, reason: 'duplicate-payment'})
    const b = await refund(order.id, token, {amount: 2000, reason: 'other'})
    expect(a.body.refund.status).toBe('pending')
    expect(b.body.enrolment.status).toBe('partially-refunded')
    expect(await refundReceipts(order.id)).toHaveLength(0)

    const refundEvent = (event: string, r: {gatewayRefundId: string; amount: number; id?: string}, notes: unknown = {order_id: order.id, refund_id: r.id}) => ({
      entity: 'event',
      event,
      payload: {
        refund: {
          entity: {id: r.gatewayRefundId, entity: 'refund', amount: r.amount, currency: 'USD', payment_id: order.paymentId, notes, status: event.slice(7)},
        },
      },
    })
    const processed = await call(webhook, webhookRequest(refundEvent('refund.processed', a.body.refund), {eventId: `evt_rp_${a.body.refund.id}`}))
    expect(processed.body).toMatchObject({status: 'refund-updated', orderId: order.id})
    const duplicate = await call(webhook, webhookRequest(refundEvent('refund.processed', a.body.refund), {eventId: `evt_rp_${a.body.refund.id}`}))
    expect(duplicate.body.status).toBe('duplicate')
    let record = await getEnrolment(order.id)
    expect(record?.refunds?.find((r) => r.id === a.body.refund.id)).toMatchObject({status: 'processed', processedAt: expect.any(String)})
    expect((await refundReceipts(order.id)).map((m) => m.id)).toEqual([`refund-receipt:${a.body.refund.id}`])

    // refund.failed, with Razorpay's empty notes ([]): found by its gateway id; it no longer counts.
    const failed = await call(webhook, webhookRequest(refundEvent('refund.failed', b.body.refund, []), {eventId: `evt_rf_${b.body.refund.id}`}))
    expect(failed.body).toMatchObject({status: 'refund-updated', orderId: order.id})
    record = await getEnrolment(order.id)
    expect(record?.refunds?.find((r) => r.id === b.body.refund.id)).toMatchObject({status: 'failed', failureReason: expect.any(String)})
    expect(record?.status).toBe('partially-refunded')
    const row = (await listIndexedEnrolments({status: 'all'})).find((r) => r.orderId === order.id)
    expect(row?.refunds?.map((r) => r.status)).toEqual(['processed', 'failed'])

    // A refund made at Razorpay that we never heard back about (a timeout): the webhook records it.
    const lost = {gatewayRefundId: 'rfnd_LostInTransit01', amount: 700}
    const recorded = await call(
      webhook,
      webhookRequest(refundEvent('refund.processed', lost, {order_id: order.id, reason: 'requested-by-candidate'}), {eventId: 'evt_rp_lost'}),
    )
    expect(recorded.body).toMatchObject({status: 'refund-recorded', orderId: order.id})
    record = await getEnrolment(order.id)
    expect(record?.refunds?.at(-1)).toMatchObject({gatewayRefundId: 'rfnd_LostInTransit01', amount: 700, reason: 'requested-by-candidate', status: 'processed'})

    // A refund event for a payment that is not the order's: ignored.
    const stranger = refundEvent('refund.processed', {gatewayRefundId: 'rfnd_Stranger00001', amount: 100}, {order_id: order.id})
    ;(stranger.payload.refund.entity as {payment_id: string}).payment_id = 'pay_SomeoneElse001'
    expect((await call(webhook, webhookRequest(stranger, {eventId: 'evt_rp_stranger'}))).body.status).toBe('ignored')
  })

  it('when every refund fails, the status the first refund found comes back', async () => {
    stubRazorpayEnv()
    const token = await loginToken()
    const order = await paidOrder()
    server.use(refundHandler([], 'pending'))
    const a = await refund(order.id, token, {amount: order.amount, reason: 'other'})
    expect(a.body.enrolment.status).toBe('refunded')
    const event = {
      event: 'refund.failed',
      payload: {
        refund: {entity: {id: a.body.refund.gatewayRefundId, amount: order.amount, currency: 'USD', payment_id: order.paymentId, notes: {order_id: order.id}}},
      },
    }
    expect((await call(webhook, webhookRequest(event, {eventId: `evt_rf_${a.body.refund.id}`}))).body.status).toBe('refund-updated')
    const record = await getEnrolment(order.id)
    expect(record?.status).toBe('paid')
    expect(record?.history?.at(-1)).toMatchObject({by: 'Razorpay (webhook)', from: 'refunded', to: 'paid'})
  })
})
