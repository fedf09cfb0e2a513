/**
 * The Razorpay gateway: the Orders, Payments, Refunds and Payment Links APIs through the official
 * `razorpay` SDK (axios underneath; msw answers for it in tests). Every call is given up after
 * `timeoutMs` (RAZORPAY_TIMEOUT_MS) as a GatewayError without statusCode; an error answer is a
 * GatewayError with Razorpay's status and description; an answer that does not echo what was
 * asked (id shape, amount, currency) is a GatewayError too. Payment signatures are keyed with
 * the key secret (./signature.ts).
 */
import Razorpay from 'razorpay'
import type {PaymentsConfig, PaymentsMode} from './config'
import {
  checkOrderInput,
  checkPaymentLinkInput,
  checkRefundInput,
  GatewayError,
  requireSameGateway,
  signatureChecks,
  type GatewayPayment,
  type PaymentGateway,
} from './gateway-types'

/** How long a Razorpay API call may take before it is given up (ms). */
export const RAZORPAY_TIMEOUT_MS = 8000

/** The SDK's rejection of an API error: {statusCode, error: {code, description, …}}. */
type SdkFailure = {statusCode?: number; error?: {code?: string; description?: string}; message?: string}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayError(`Razorpay did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** Runs one SDK call within the time limit; an SDK rejection becomes the GatewayError `describe` words. */
async function call<T>(promise: Promise<T>, ms: number, describe: (failure: SdkFailure) => string): Promise<T> {
  try {
    return await withTimeout(promise, ms)
  } catch (error) {
    if (error instanceof GatewayError) throw error
    const failure = error as SdkFailure
    throw new GatewayError(describe(failure), failure?.statusCode, failure?.error)
  }
}

/**
 * The Razorpay gateway of `config` (its key id and secret are required). `options.timeoutMs`
 * replaces RAZORPAY_TIMEOUT_MS (the tests of a never-answering Razorpay).
 */
export function razorpayGateway(config: PaymentsConfig, options: {timeoutMs?: number} = {}): PaymentGateway {
  const {keyId, keySecret} = config
  if (!keyId || !keySecret) throw new Error('Razorpay keys are not configured')
  const timeoutMs = options.timeoutMs ?? RAZORPAY_TIMEOUT_MS
  const sdk = new Razorpay({key_id: keyId, key_secret: keySecret})
  const paymentSecret = (mode: PaymentsMode) => (mode === 'razorpay' ? keySecret : null)

  return {
    mode: 'razorpay',
    checkoutKeyId: keyId,

    /** POST /v1/orders. */
    async createOrder(input) {
      checkOrderInput(input)
      const order: {id?: unknown; amount?: unknown; currency?: unknown} = await call(
        sdk.orders.create({amount: input.amountMinor, currency: input.currency, receipt: input.receipt, notes: input.notes}),
        timeoutMs,
        (failure) =>
          `Razorpay order creation failed: ${failure?.statusCode ?? 'no status'} ${failure?.error?.code ?? ''} ${failure?.error?.description ?? failure?.message ?? ''}`.trim(),
      )
      const amount = Number(order?.amount)
      if (typeof order?.id !== 'string' || !/^order_[A-Za-z0-9]+$/.test(order.id) || amount !== input.amountMinor || order.currency !== input.currency) {
        throw new GatewayError(`Razorpay answered an unexpected order: ${JSON.stringify({id: order?.id, amount: order?.amount, currency: order?.currency})}`)
      }
      return {id: order.id, amount, currency: order.currency}
    },

    ...signatureChecks(paymentSecret),

    /** GET /v1/orders/:id/payments (`orders.fetchPayments`). */
    async fetchOrderPayments(order) {
      requireSameGateway('razorpay', `Order ${order.orderId}`, order)
      const answer: {items?: Array<{id?: unknown; amount?: unknown; currency?: unknown; status?: unknown}>} = await call(
        sdk.orders.fetchPayments(order.orderId),
        timeoutMs,
        (failure) =>
          `Razorpay payments of ${order.orderId} could not be fetched: ${failure?.statusCode ?? 'no status'} ${failure?.error?.description ?? failure?.message ?? ''}`.trim(),
      )
      return (answer.items ?? []).flatMap((item): GatewayPayment[] =>
        typeof item.id === 'string' && typeof item.currency === 'string' && typeof item.status === 'string' && Number.isSafeInteger(Number(item.amount))
          ? [{id: item.id, amount: Number(item.amount), currency: item.currency, status: item.status}]
          : [],
      )
    },

    /**
     * POST /v1/payments/:id/refund with the header `X-Refund-Idempotency: {idempotencyKey}`, so a
     * retry of the same request refunds once; `notes` go to Razorpay (the order id and our refund
     * id, read back by the refund webhooks).
     */
    async refundPayment(payment, input) {
      checkRefundInput(input)
      requireSameGateway('razorpay', `Payment ${payment.paymentId}`, payment)
      // The SDK sends headers per client, not per call, and its `headers` option keeps only
      // X-Razorpay-Account (razorpay 2.9 dist/api.js getValidHeaders): the header goes on this
      // refund's own client's axios instance instead (tests/integration/refunds.test.ts checks it arrives).
      const own = new Razorpay({key_id: keyId, key_secret: keySecret})
      const api = (own as unknown as {api?: {rq?: {defaults: {headers: {common: Record<string, string>}}}}}).api
      if (!api?.rq) throw new Error('The razorpay SDK has changed: its API client was not found (the refund needs X-Refund-Idempotency)')
      api.rq.defaults.headers.common['X-Refund-Idempotency'] = input.idempotencyKey
      const refund: {id?: unknown; amount?: unknown; status?: unknown} = await call(
        own.payments.refund(payment.paymentId, {amount: input.amountMinor, speed: 'normal', notes: input.notes}),
        timeoutMs,
        (failure) => failure?.error?.description ?? failure?.message ?? 'Razorpay refused the refund',
      )
      if (typeof refund?.id !== 'string' || Number(refund.amount) !== input.amountMinor) {
        throw new GatewayError(`Razorpay answered an unexpected refund: ${JSON.stringify({id: refund?.id, amount: refund?.amount})}`)
      }
      return {id: refund.id, amount: input.amountMinor, status: typeof refund.status === 'string' ? refund.status : 'pending'}
    },

    /**
     * POST /v1/payment_links (`paymentLink.create`) with `reference_id`, the candidate as customer,
     * `expire_by` and `notes`; Razorpay neither e-mails nor texts it (`notify` off: the outbox does).
     */
    async createPaymentLink(input) {
      checkPaymentLinkInput(input)
      const link: {id?: unknown; short_url?: unknown; amount?: unknown; currency?: unknown} = await call(
        sdk.paymentLink.create({
          amount: input.amountMinor,
          currency: input.currency,
          accept_partial: false,
          reference_id: input.referenceId,
          description: input.description.slice(0, 2048),
          customer: input.customer,
          notify: {sms: false, email: false},
          reminder_enable: false,
          expire_by: input.expireBy,
          notes: input.notes,
        }),
        timeoutMs,
        (failure) => failure?.error?.description ?? failure?.message ?? 'Razorpay refused the payment link',
      )
      if (
        typeof link?.id !== 'string' ||
        !/^plink_[A-Za-z0-9]+$/.test(link.id) ||
        typeof link.short_url !== 'string' ||
        Number(link.amount) !== input.amountMinor ||
        link.currency !== input.currency
      ) {
        throw new GatewayError(
          `Razorpay answered an unexpected payment link: ${JSON.stringify({id: link?.id, amount: link?.amount, currency: link?.currency})}`,
        )
      }
      return {id: link.id, shortUrl: link.short_url, amount: input.amountMinor, currency: input.currency}
    },
  }
}
