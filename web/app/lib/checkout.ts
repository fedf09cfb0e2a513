/**
 * The browser's side of paying for an enrolment (docs/requirements.md#req-states-enrolment, #req-calls): ask the server for
 * an order, open the checkout (Razorpay's, or the local sandbox dialog), and save the
 * enrolment with the payment result. Messages are the spec's (ENROLMENT_MESSAGES).
 * Bodies and answers are the contracts of schemas/contracts/enrolment.ts: types, except the save
 * answer, which is parsed with its schema because the page acts on it (onPaid, usePayment).
 * Browser-only: no secrets, no server imports.
 */
import {ENROLMENT_MESSAGES} from '#schemas/rules/enrolment'
import {BATCH_MESSAGES} from '#schemas/rules/seats'
import {
  SaveResponseSchema,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type PaymentResult,
  type ReleaseRequest,
  type SandboxPayRequest,
  type SandboxPayResponse,
  type SaveEnrolmentRequest,
  type SaveResponse,
} from '#schemas/contracts/enrolment'
import type {ApiError} from '#schemas/contracts/errors'

/** POST /api/enroll/create-order's answer. `amount` is in minor units (cents). */
export type Order = CreateOrderResponse

/** Razorpay's three payment result fields, passed on to POST /api/enroll/save. */
export type {PaymentResult}

export class CheckoutError extends Error {}

/** create-order answered 409 'This batch is full': the message is exactly that; the form offers the waitlist. */
export class BatchFullError extends CheckoutError {
  constructor() {
    super(BATCH_MESSAGES.full)
  }
}

/** POSTs `body` as JSON; `data` is the answer (an unreadable one is `{}`). */
async function postJson<T>(url: string, body: unknown): Promise<{ok: boolean; status: number; data: T | Partial<ApiError>}> {
  const response = await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)})
  const data = (await response.json().catch(() => ({}))) as T | Partial<ApiError>
  return {ok: response.ok, status: response.status, data}
}

/**
 * Creates the order; throws CheckoutError('Payment failed to initialize.') or the server's 4xx
 * reason, and BatchFullError when the chosen batch has no seat left (409).
 */
export async function requestOrder(body: CreateOrderRequest): Promise<Order> {
  let result
  try {
    result = await postJson<Order>('/api/enroll/create-order', body)
  } catch {
    throw new CheckoutError(ENROLMENT_MESSAGES.paymentInitFailed)
  }
  if (!result.ok) {
    const reason = (result.data as Partial<ApiError>).error
    if (result.status === 409 && reason === BATCH_MESSAGES.full) throw new BatchFullError()
    throw new CheckoutError(
      result.status >= 400 && result.status < 500 && reason ? `${ENROLMENT_MESSAGES.paymentInitFailed} ${reason}` : ENROLMENT_MESSAGES.paymentInitFailed,
    )
  }
  return result.data as Order
}

/**
 * Saves the paid enrolment and resolves with the save answer (SaveResponseSchema); throws
 * CheckoutError('Failed to save enrollment data.') when the call fails, is refused, or answers
 * something that is not a save answer.
 */
export async function submitPaymentResult(body: SaveEnrolmentRequest): Promise<SaveResponse> {
  let result
  try {
    result = await postJson<SaveResponse>('/api/enroll/save', body)
  } catch {
    throw new CheckoutError(ENROLMENT_MESSAGES.saveFailed)
  }
  const saved = result.ok ? SaveResponseSchema.safeParse(result.data) : null
  if (!saved?.success) throw new CheckoutError(ENROLMENT_MESSAGES.saveFailed)
  return saved.data
}

/**
 * Gives back the seat an unpaid order holds (the payment failed or the checkout was
 * dismissed): POST /api/enroll/release `{orderId}`. Fire and forget — harmless if repeated, never
 * throws; a hold that is not released expires by itself after 30 minutes.
 */
export function releaseOrder(orderId: string): void {
  const request: ReleaseRequest = {orderId}
  try {
    void fetch('/api/enroll/release', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(request), keepalive: true}).catch(
      () => undefined,
    )
  } catch {
    // No fetch (an old browser): the hold expires.
  }
}

/** The sandbox gateway's "Pay" (a signed payment result) or "Fail payment" (a failure description). */
export async function sandboxPay(orderId: string, outcome: 'pay' | 'fail'): Promise<PaymentResult | {failed: string}> {
  const request: SandboxPayRequest = outcome === 'fail' ? {orderId, outcome} : {orderId}
  const result = await postJson<SandboxPayResponse>('/api/sandbox/pay', request)
  const data = result.data as Partial<PaymentResult> & {error?: {description?: string} | string}
  if (!result.ok || data.error) {
    const description = typeof data.error === 'object' ? data.error.description : data.error
    return {failed: description ?? 'Payment failed'}
  }
  return data as PaymentResult
}

const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js'

type RazorpayInstance = {open(): void; on(event: 'payment.failed', handler: (response: {error?: {description?: string}}) => void): void}
declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => RazorpayInstance
  }
}

/** Loads Razorpay's Checkout script (at submit time, docs/requirements.md#req-calls-checkout). Rejects with 'Failed to load Razorpay'. */
export function loadRazorpay(): Promise<void> {
  if (window.Razorpay) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const script = document.createElement('script')
    script.src = RAZORPAY_SCRIPT
    script.async = true
    script.onload = () => (window.Razorpay ? resolve() : reject(new CheckoutError(ENROLMENT_MESSAGES.scriptFailed('Razorpay'))))
    script.onerror = () => reject(new CheckoutError(ENROLMENT_MESSAGES.scriptFailed('Razorpay')))
    document.head.appendChild(script)
  })
}

/**
 * Opens Razorpay Checkout for `order` (order id, amount, currency, the course as description,
 * prefill of name, email and contact — docs/requirements.md#req-calls-checkout) and settles with the payment result,
 * `{failed}` on payment.failed, or `{dismissed: true}` when the visitor closes it.
 */
export function openRazorpay(order: Order): Promise<PaymentResult | {failed: string} | {dismissed: true}> {
  return new Promise((resolve) => {
    const Razorpay = window.Razorpay
    if (!Razorpay) throw new CheckoutError(ENROLMENT_MESSAGES.scriptFailed('Razorpay'))
    const checkout = new Razorpay({
      key: order.keyId,
      order_id: order.id,
      amount: order.amount,
      currency: order.currency,
      name: order.name,
      description: order.description,
      prefill: order.prefill,
      handler: (response: PaymentResult) => resolve(response),
      modal: {ondismiss: () => resolve({dismissed: true})},
    })
    checkout.on('payment.failed', (response) => resolve({failed: response.error?.description ?? 'Payment failed'}))
    checkout.open()
  })
}
