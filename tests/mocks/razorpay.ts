/**
 * msw handlers for Razorpay's REST API (https://api.razorpay.com/v1), as the `razorpay` SDK
 * calls it through axios. Each handler records the requests it saw (body and Basic auth) so
 * tests can assert on what the SDK sent.
 */
import {randomBytes} from 'node:crypto'
import {http, HttpResponse} from 'msw'

export const RAZORPAY_API = 'https://api.razorpay.com/v1'

export type RecordedOrderRequest = {body: Record<string, unknown>; authorization: string | null; url: string}

/** A Razorpay-looking order id: "order_" + 14 letters and digits. */
export const fakeOrderId = () =>
  `order_${randomBytes(12)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .slice(0, 14)
    .padEnd(14, 'x')}`

/** POST /v1/orders answering like Razorpay (status "created"), recording each request in `log`. */
export function razorpayCreateOrderHandler(log: RecordedOrderRequest[] = []) {
  return http.post(`${RAZORPAY_API}/orders`, async ({request}) => {
    const body = (await request.json()) as Record<string, unknown>
    log.push({body, authorization: request.headers.get('authorization'), url: request.url})
    const amount = Number(body.amount)
    return HttpResponse.json({
      id: fakeOrderId(),
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency: body.currency,
      receipt: body.receipt ?? null,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: body.notes ?? [],
      created_at: Math.floor(Date.now() / 1000),
    })
  })
}

/** POST /v1/orders failing as Razorpay does (e.g. 400 BAD_REQUEST_ERROR, 401 bad keys, 500). */
export function razorpayCreateOrderFailure(status = 400, description = 'The currency is not supported for this merchant', log: RecordedOrderRequest[] = []) {
  return http.post(`${RAZORPAY_API}/orders`, async ({request}) => {
    log.push({body: (await request.json()) as Record<string, unknown>, authorization: request.headers.get('authorization'), url: request.url})
    return HttpResponse.json(
      {
        error: {
          code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR',
          description,
          source: 'business',
          step: 'payment_initiation',
          reason: 'input_validation_failed',
          metadata: {},
        },
      },
      {status},
    )
  })
}

/** A Razorpay webhook body for a payment event (order.paid / payment.captured / …). */
export function razorpayPaymentEvent(event: string, payment: {id: string; orderId: string; amount: number; currency?: string}) {
  const entity = {
    id: payment.id,
    entity: 'payment',
    amount: payment.amount,
    currency: payment.currency ?? 'USD',
    status: 'captured',
    order_id: payment.orderId,
    method: 'card',
    captured: true,
    created_at: Math.floor(Date.now() / 1000),
  }
  const payload: Record<string, unknown> = {payment: {entity}}
  if (event === 'order.paid') {
    payload.order = {
      entity: {
        id: payment.orderId,
        entity: 'order',
        amount: payment.amount,
        amount_paid: payment.amount,
        amount_due: 0,
        currency: entity.currency,
        status: 'paid',
      },
    }
  }
  return {entity: 'event', account_id: 'acc_TestAccount01', event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000)}
}

export type RecordedLinkRequest = {body: Record<string, unknown>; authorization: string | null}

/** A Razorpay-looking payment link id: "plink_" + 14 letters and digits. */
export const fakePaymentLinkId = () => `plink_${fakeOrderId().slice('order_'.length)}`

/**
 * POST /v1/payment_links answering like Razorpay (status "created", a short_url), recording each
 * request in `log`; a reference_id seen before is refused as Razorpay refuses it (400).
 */
export function razorpayPaymentLinkHandler(log: RecordedLinkRequest[] = []) {
  const references = new Set<string>()
  return http.post(`${RAZORPAY_API}/payment_links`, async ({request}) => {
    const body = (await request.json()) as Record<string, unknown>
    log.push({body, authorization: request.headers.get('authorization')})
    const reference = String(body.reference_id ?? '')
    if (reference && references.has(reference)) {
      return HttpResponse.json(
        {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: `Payment Link with reference id ${reference} already exists`,
            source: 'business',
            reason: 'input_validation_failed',
          },
        },
        {status: 400},
      )
    }
    references.add(reference)
    const id = fakePaymentLinkId()
    return HttpResponse.json({
      id,
      entity: 'payment_link',
      amount: body.amount,
      amount_paid: 0,
      currency: body.currency,
      accept_partial: false,
      reference_id: reference,
      description: body.description,
      customer: body.customer,
      expire_by: body.expire_by,
      notes: body.notes ?? [],
      short_url: `https://rzp.io/i/${id.slice(-8)}`,
      status: 'created',
      created_at: Math.floor(Date.now() / 1000),
    })
  })
}

/** A Razorpay webhook body for payment_link.paid (with its payment) or payment_link.expired. */
export function razorpayPaymentLinkEvent(
  event: 'payment_link.paid' | 'payment_link.expired',
  link: {id: string; referenceId: string; amount: number; currency?: string; notes?: Record<string, string>},
  payment?: {id: string; amount: number; currency?: string},
) {
  const currency = link.currency ?? 'USD'
  const payload: Record<string, unknown> = {
    payment_link: {
      entity: {
        id: link.id,
        entity: 'payment_link',
        amount: link.amount,
        amount_paid: payment?.amount ?? 0,
        currency,
        reference_id: link.referenceId,
        status: event === 'payment_link.paid' ? 'paid' : 'expired',
        notes: link.notes ?? [],
      },
    },
  }
  if (payment) {
    payload.payment = {
      entity: {
        id: payment.id,
        entity: 'payment',
        amount: payment.amount,
        currency: payment.currency ?? currency,
        status: 'captured',
        order_id: fakeOrderId(),
        method: 'card',
      },
    }
    payload.order = {entity: {id: fakeOrderId(), entity: 'order', amount: payment.amount, status: 'paid'}}
  }
  return {entity: 'event', account_id: 'acc_TestAccount01', event, contains: Object.keys(payload), payload, created_at: Math.floor(Date.now() / 1000)}
}
