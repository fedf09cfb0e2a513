/**
 * The payment gateway: Razorpay's Orders API through the official SDK, or the local sandbox
 * (the embedded default), chosen by the configuration (./config.ts). Both produce orders with
 * an id, an amount in minor units and a currency, and both are verified by the one signature
 * check of ./signature.ts, keyed with the secret of the mode (paymentSecret).
 */
import {createHash, randomBytes} from 'node:crypto'
import Razorpay from 'razorpay'
import type {PaymentsConfig, PaymentsMode} from './config'
import {sandboxPaymentsOf} from './sandbox-payments'
import {verifyPaymentSignature} from './signature'

export {signPayment, verifyPaymentSignature, verifyWebhookSignature} from './signature'

export type CreateOrderInput = {
  /** Integer amount in minor units (cents). */
  amountMinor: number
  currency: string
  /** Unique, at most 40 characters. */
  receipt: string
  notes: Record<string, string>
}

export type GatewayOrder = {id: string; amount: number; currency: string}

/** A failure of the payment provider (network, 4xx/5xx, unexpected answer). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly statusCode?: number,
    readonly detail?: unknown,
  ) {
    super(message)
    this.name = 'GatewayError'
  }
}

/** How long a Razorpay API call may take before the order is given up (ms). */
export const RAZORPAY_TIMEOUT_MS = 8000

/** The wait in force (ms): RAZORPAY_TIMEOUT_MS, except while a test shortens it (shortenRazorpayTimeoutForTests). */
let razorpayTimeoutMs = RAZORPAY_TIMEOUT_MS

/**
 * Tests only: waits `ms` instead of RAZORPAY_TIMEOUT_MS for Razorpay until the returned function
 * is called, so a never-answering gateway is tested with real timers in milliseconds (fake
 * timers also stop the Blobs client's own timers, and the test became load-dependent).
 */
export function shortenRazorpayTimeoutForTests(ms: number): () => void {
  razorpayTimeoutMs = ms
  return () => {
    razorpayTimeoutMs = RAZORPAY_TIMEOUT_MS
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** `length` random letters and digits (crypto-random, unbiased). */
export function randomId(length: number): string {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // 248 = 4 × 62: rejecting larger bytes keeps every character equally likely.
      if (byte < 248 && out.length < length) out += ALPHANUMERIC[byte % 62]
    }
  }
  return out
}

export const sandboxOrderId = () => `order_sandbox_${randomId(14)}`
export const sandboxPaymentId = () => `pay_sandbox_${randomId(14)}`
/** The sandbox's refund id of an idempotency key: `rfnd_sandbox_` + 14 hex digits of its SHA-256 (one key, one refund). */
export const sandboxRefundId = (idempotencyKey: string) => `rfnd_sandbox_${createHash('sha256').update(idempotencyKey, 'utf8').digest('hex').slice(0, 14)}`

function validateInput(input: CreateOrderInput): void {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new Error(`Invalid order amount ${input.amountMinor}`)
  if (!/^[A-Z]{3}$/.test(input.currency)) throw new Error(`Invalid currency ${input.currency}`)
  if (!input.receipt || input.receipt.length > 40) throw new Error('A receipt must have 1 to 40 characters')
}

let client: {keyId: string; keySecret: string; sdk: Razorpay} | undefined

function razorpayClient(config: PaymentsConfig): Razorpay {
  if (!config.keyId || !config.keySecret) throw new Error('Razorpay keys are not configured')
  if (client?.keyId !== config.keyId || client.keySecret !== config.keySecret) {
    client = {keyId: config.keyId, keySecret: config.keySecret, sdk: new Razorpay({key_id: config.keyId, key_secret: config.keySecret})}
  }
  return client.sdk
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayError(`Razorpay did not answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * Creates an order. Razorpay mode: POST /v1/orders through the SDK; any failure (network,
 * error answer, an answer that does not echo the amount and currency) is a GatewayError.
 * Sandbox mode: a local `order_sandbox_…` id, nothing leaves the process.
 */
export async function createOrder(config: PaymentsConfig, input: CreateOrderInput): Promise<GatewayOrder> {
  validateInput(input)
  if (config.mode === 'sandbox') return {id: sandboxOrderId(), amount: input.amountMinor, currency: input.currency}

  let order: {id?: unknown; amount?: unknown; currency?: unknown}
  try {
    order = await withTimeout(
      razorpayClient(config).orders.create({amount: input.amountMinor, currency: input.currency, receipt: input.receipt, notes: input.notes}),
      razorpayTimeoutMs,
    )
  } catch (error) {
    if (error instanceof GatewayError) throw error
    // The SDK rejects with {statusCode, error: {code, description, …}} for API errors.
    const failure = error as {statusCode?: number; error?: {code?: string; description?: string}; message?: string}
    throw new GatewayError(
      `Razorpay order creation failed: ${failure?.statusCode ?? 'no status'} ${failure?.error?.code ?? ''} ${failure?.error?.description ?? failure?.message ?? ''}`.trim(),
      failure?.statusCode,
      failure?.error,
    )
  }
  const amount = Number(order?.amount)
  if (typeof order?.id !== 'string' || !/^order_[A-Za-z0-9]+$/.test(order.id) || amount !== input.amountMinor || order.currency !== input.currency) {
    throw new GatewayError(`Razorpay answered an unexpected order: ${JSON.stringify({id: order?.id, amount: order?.amount, currency: order?.currency})}`)
  }
  return {id: order.id, amount, currency: order.currency}
}

/** The secret payment signatures of orders of `mode` are keyed with, or null if unavailable. */
export function paymentSecret(config: PaymentsConfig, mode: PaymentsMode): string | null {
  if (mode !== config.mode) return null
  if (mode === 'razorpay') return config.keySecret
  return config.production ? null : config.sandboxSecret
}

/**
 * THE payment verification of both modes: the signature must be the HMAC of the stored order
 * id and the payment id under the secret of the order's mode, which must be this process's
 * mode (a sandbox signature never pays a Razorpay order, and the reverse).
 */
export function verifyPayment(config: PaymentsConfig, order: {orderId: string; mode: PaymentsMode}, payment: {paymentId: string; signature: unknown}): boolean {
  const secret = paymentSecret(config, order.mode)
  if (!secret) return false
  return verifyPaymentSignature({orderId: order.orderId, paymentId: payment.paymentId, signature: payment.signature}, secret)
}

/** A payment of an order as the gateway reports it (the fields reconciliation reads; amount in minor units). */
export type GatewayPayment = {id: string; amount: number; currency: string; status: string}

/**
 * The payments of an order at the gateway (issue 15, reconciliation). Razorpay mode: GET
 * /v1/orders/:id/payments through the SDK (`orders.fetchPayments`), within RAZORPAY_TIMEOUT_MS;
 * sandbox mode: the sandbox's own record (./sandbox.ts). Throws GatewayError (a timeout has no
 * statusCode) for any failure; nothing is changed.
 */
export async function fetchOrderPayments(config: PaymentsConfig, order: {orderId: string; mode: PaymentsMode}): Promise<GatewayPayment[]> {
  if (order.mode !== config.mode) throw new GatewayError(`Order ${order.orderId} was made in ${order.mode} mode; the site runs in ${config.mode} mode`)
  if (order.mode === 'sandbox') {
    return (await sandboxPaymentsOf(order.orderId)).map(({id, amount, currency, status}) => ({id, amount, currency, status}))
  }
  let answer: {items?: Array<{id?: unknown; amount?: unknown; currency?: unknown; status?: unknown}>}
  try {
    answer = await withTimeout(razorpayClient(config).orders.fetchPayments(order.orderId), razorpayTimeoutMs)
  } catch (error) {
    if (error instanceof GatewayError) throw error
    const failure = error as {statusCode?: number; error?: {code?: string; description?: string}; message?: string}
    throw new GatewayError(
      `Razorpay payments of ${order.orderId} could not be fetched: ${failure?.statusCode ?? 'no status'} ${failure?.error?.description ?? failure?.message ?? ''}`.trim(),
      failure?.statusCode,
      failure?.error,
    )
  }
  return (answer.items ?? []).flatMap((item) =>
    typeof item.id === 'string' && typeof item.currency === 'string' && typeof item.status === 'string' && Number.isSafeInteger(Number(item.amount))
      ? [{id: item.id, amount: Number(item.amount), currency: item.currency, status: item.status}]
      : [],
  )
}

/** A refund as the gateway reports it: its id, amount (minor units) and Razorpay's status ('pending' | 'processed' | 'failed'). */
export type GatewayRefund = {id: string; amount: number; status: string}

/**
 * Refunds `amountMinor` of payment `paymentId` (issue 15). Razorpay mode: POST
 * /v1/payments/:id/refund through the SDK with the header `X-Refund-Idempotency: {idempotencyKey}`
 * (10+ characters of [A-Za-z0-9_-]), so a retry of the same request refunds once; `notes` go to
 * Razorpay (the order id and our refund id, read back by the refund webhooks). Sandbox mode: a
 * local `rfnd_sandbox_…` id derived from the idempotency key (the same key is the same refund,
 * as at Razorpay), processed at once. Throws GatewayError with Razorpay's description
 * (e.g. "The refund amount provided is greater than amount captured") or on a timeout (no statusCode).
 */
export async function refundPayment(
  config: PaymentsConfig,
  payment: {paymentId: string; mode: PaymentsMode},
  input: {amountMinor: number; idempotencyKey: string; notes: Record<string, string>},
): Promise<GatewayRefund> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new Error(`Invalid refund amount ${input.amountMinor}`)
  if (!/^[A-Za-z0-9_-]{10,100}$/.test(input.idempotencyKey)) throw new Error('An idempotency key has 10 to 100 letters, digits, - or _')
  if (payment.mode !== config.mode)
    throw new GatewayError(`Payment ${payment.paymentId} was made in ${payment.mode} mode; the site runs in ${config.mode} mode`)
  if (payment.mode === 'sandbox') return {id: sandboxRefundId(input.idempotencyKey), amount: input.amountMinor, status: 'processed'}
  if (!config.keyId || !config.keySecret) throw new Error('Razorpay keys are not configured')
  const sdk = new Razorpay({key_id: config.keyId, key_secret: config.keySecret})
  // The SDK sends headers per client, not per call, and its `headers` option keeps only
  // X-Razorpay-Account (razorpay 2.9 dist/api.js getValidHeaders): the header goes on this
  // refund's own client's axios instance instead (tests/integration/refunds.test.ts checks it arrives).
  const api = (sdk as unknown as {api?: {rq?: {defaults: {headers: {common: Record<string, string>}}}}}).api
  if (!api?.rq) throw new Error('The razorpay SDK has changed: its API client was not found (the refund needs X-Refund-Idempotency)')
  api.rq.defaults.headers.common['X-Refund-Idempotency'] = input.idempotencyKey
  let refund: {id?: unknown; amount?: unknown; status?: unknown}
  try {
    refund = await withTimeout(sdk.payments.refund(payment.paymentId, {amount: input.amountMinor, speed: 'normal', notes: input.notes}), razorpayTimeoutMs)
  } catch (error) {
    if (error instanceof GatewayError) throw error
    const failure = error as {statusCode?: number; error?: {code?: string; description?: string}; message?: string}
    throw new GatewayError(failure?.error?.description ?? failure?.message ?? 'Razorpay refused the refund', failure?.statusCode, failure?.error)
  }
  if (typeof refund?.id !== 'string' || Number(refund.amount) !== input.amountMinor) {
    throw new GatewayError(`Razorpay answered an unexpected refund: ${JSON.stringify({id: refund?.id, amount: refund?.amount})}`)
  }
  return {id: refund.id, amount: input.amountMinor, status: typeof refund.status === 'string' ? refund.status : 'pending'}
}

/** A payment link as the gateway made it: its id (`plink_…`), the URL the candidate pays at, the amount (minor units) and currency. */
export type GatewayPaymentLink = {id: string; shortUrl: string; amount: number; currency: string}

export const sandboxPaymentLinkId = () => `plink_sandbox_${randomId(14)}`

/**
 * Creates a Razorpay Payment Link (issue 17, cadetship installments). Razorpay mode: POST
 * /v1/payment_links through the SDK (`paymentLink.create`) with the amount in minor units, the
 * currency, `reference_id` (unique per account: #schemas/rules/installments.ts linkReferenceId), the
 * candidate as customer {name, email, contact}, `expire_by` (Unix seconds) and `notes`; Razorpay
 * neither e-mails nor texts it (`notify` off: the outbox does). Sandbox mode: a local
 * `plink_sandbox_…` id whose URL is `sandboxUrl(id)` (the local payment-link page); nothing
 * leaves the process. Throws GatewayError with Razorpay's description, or on a timeout (no
 * statusCode), or for an answer that does not echo the amount and currency.
 */
export async function createPaymentLink(
  config: PaymentsConfig,
  input: {
    amountMinor: number
    currency: string
    referenceId: string
    description: string
    customer: {name: string; email: string; contact: string}
    expireBy: number
    notes: Record<string, string>
    sandboxUrl: (linkId: string) => string
  },
): Promise<GatewayPaymentLink> {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new Error(`Invalid payment link amount ${input.amountMinor}`)
  if (!/^[A-Z]{3}$/.test(input.currency)) throw new Error(`Invalid currency ${input.currency}`)
  if (!input.referenceId || input.referenceId.length > 40) throw new Error('A reference id must have 1 to 40 characters')
  if (config.mode === 'sandbox') {
    const id = sandboxPaymentLinkId()
    return {id, shortUrl: input.sandboxUrl(id), amount: input.amountMinor, currency: input.currency}
  }
  let link: {id?: unknown; short_url?: unknown; amount?: unknown; currency?: unknown}
  try {
    link = await withTimeout(
      razorpayClient(config).paymentLink.create({
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
      razorpayTimeoutMs,
    )
  } catch (error) {
    if (error instanceof GatewayError) throw error
    const failure = error as {statusCode?: number; error?: {code?: string; description?: string}; message?: string}
    throw new GatewayError(failure?.error?.description ?? failure?.message ?? 'Razorpay refused the payment link', failure?.statusCode, failure?.error)
  }
  if (
    typeof link?.id !== 'string' ||
    !/^plink_[A-Za-z0-9]+$/.test(link.id) ||
    typeof link.short_url !== 'string' ||
    Number(link.amount) !== input.amountMinor ||
    link.currency !== input.currency
  ) {
    throw new GatewayError(`Razorpay answered an unexpected payment link: ${JSON.stringify({id: link?.id, amount: link?.amount, currency: link?.currency})}`)
  }
  return {id: link.id, shortUrl: link.short_url, amount: input.amountMinor, currency: input.currency}
}
