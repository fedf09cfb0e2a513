/**
 * What every payment gateway offers the services (PaymentGateway), the shapes it answers with,
 * its one error type (GatewayError) and the input checks both implementations share
 * (./razorpay.ts, ./sandbox.ts). Amounts are integers in minor units (cents, paise).
 */
import {randomBytes} from 'node:crypto'
import type {PaymentsMode} from './config'
import {verifyPaymentSignature} from './signature'

export type CreateOrderInput = {
  /** Integer amount in minor units (cents). */
  amountMinor: number
  currency: string
  /** Unique, at most 40 characters. */
  receipt: string
  notes: Record<string, string>
}

export type GatewayOrder = {id: string; amount: number; currency: string}

/** A payment of an order as the gateway reports it (the fields reconciliation reads; amount in minor units). */
export type GatewayPayment = {id: string; amount: number; currency: string; status: string}

/** A refund as the gateway reports it: its id, amount (minor units) and Razorpay's status ('pending' | 'processed' | 'failed'). */
export type GatewayRefund = {id: string; amount: number; status: string}

export type RefundInput = {
  amountMinor: number
  /** 10 to 100 of [A-Za-z0-9_-]: the same key is the same refund. */
  idempotencyKey: string
  notes: Record<string, string>
}

/** A payment link as the gateway made it: its id (`plink_…`), the URL the candidate pays at, the amount (minor units) and currency. */
export type GatewayPaymentLink = {id: string; shortUrl: string; amount: number; currency: string}

export type PaymentLinkInput = {
  amountMinor: number
  currency: string
  /** Unique per account, at most 40 characters (#schemas/rules/installments.ts linkReferenceId). */
  referenceId: string
  description: string
  customer: {name: string; email: string; contact: string}
  /** Unix seconds. */
  expireBy: number
  notes: Record<string, string>
  /**
   * What only the local sandbox uses (Razorpay ignores it): the URL of its payment-link page for
   * a link id, and how the caller keeps the link it made (that page reads it back).
   */
  sandbox: {url: (linkId: string) => string; keep: (link: GatewayPaymentLink) => Promise<unknown>}
}

/** An order or a payment as stored: its gateway id and the gateway that made it. */
export type GatewayReference = {mode: PaymentsMode}

/**
 * A payment gateway: Razorpay (./razorpay.ts) or the local sandbox (./sandbox.ts). Every method
 * refuses an order or payment made by the other gateway (a GatewayError, or `false` for a
 * signature): one site runs one gateway.
 */
export interface PaymentGateway {
  /** Which gateway this is; each order keeps it (`mode`) so later calls reach the same gateway. */
  readonly mode: PaymentsMode
  /** The key id Checkout receives for this gateway's orders. */
  readonly checkoutKeyId: string
  /** Creates an order. Throws GatewayError (the provider failed or timed out) or Error (input refused by the checks). */
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>
  /** The secret payment signatures of orders of `mode` are keyed with here, or null when none may verify them. */
  paymentSecret(mode: PaymentsMode): string | null
  /** Whether `signature` is the payment signature of (order id, payment id) under this gateway's secret for the order's mode. */
  verifyPayment(order: {orderId: string} & GatewayReference, payment: {paymentId: string; signature: unknown}): boolean
  /** The payments of an order. Throws GatewayError (a timeout has no statusCode); nothing changes. */
  fetchOrderPayments(order: {orderId: string} & GatewayReference): Promise<GatewayPayment[]>
  /** Refunds part or all of a payment, once per idempotency key. Throws GatewayError with the provider's reason, or on a timeout (no statusCode). */
  refundPayment(payment: {paymentId: string} & GatewayReference, input: RefundInput): Promise<GatewayRefund>
  /** Creates a payment link (cadetship installments). Throws GatewayError with the provider's reason, or on a timeout (no statusCode). */
  createPaymentLink(input: PaymentLinkInput): Promise<GatewayPaymentLink>
}

/** A failure of the payment provider (network, 4xx/5xx, unexpected answer); no statusCode for a timeout. */
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

/** The checks of an order's input, before any gateway is asked. */
export function checkOrderInput(input: CreateOrderInput): void {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new Error(`Invalid order amount ${input.amountMinor}`)
  if (!/^[A-Z]{3}$/.test(input.currency)) throw new Error(`Invalid currency ${input.currency}`)
  if (!input.receipt || input.receipt.length > 40) throw new Error('A receipt must have 1 to 40 characters')
}

/** The checks of a refund's input, before any gateway is asked. */
export function checkRefundInput(input: RefundInput): void {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new Error(`Invalid refund amount ${input.amountMinor}`)
  if (!/^[A-Za-z0-9_-]{10,100}$/.test(input.idempotencyKey)) throw new Error('An idempotency key has 10 to 100 letters, digits, - or _')
}

/** The checks of a payment link's input, before any gateway is asked. */
export function checkPaymentLinkInput(input: PaymentLinkInput): void {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) throw new Error(`Invalid payment link amount ${input.amountMinor}`)
  if (!/^[A-Z]{3}$/.test(input.currency)) throw new Error(`Invalid currency ${input.currency}`)
  if (!input.referenceId || input.referenceId.length > 40) throw new Error('A reference id must have 1 to 40 characters')
}

/** Refuses an order or payment another gateway made (`what` names it in the message). */
export function requireSameGateway(gateway: PaymentsMode, what: string, reference: GatewayReference): void {
  if (reference.mode !== gateway) throw new GatewayError(`${what} was made in ${reference.mode} mode; the site runs in ${gateway} mode`)
}

/**
 * The signature half of a gateway: `paymentSecret` as given, and `verifyPayment`, which checks a
 * payment signature under the secret of the order's mode and is false when that mode has none
 * (a sandbox order in production, a live order without a live key).
 */
export function signatureChecks(paymentSecret: (mode: PaymentsMode) => string | null): Pick<PaymentGateway, 'paymentSecret' | 'verifyPayment'> {
  return {
    paymentSecret,
    verifyPayment(order, payment) {
      const secret = paymentSecret(order.mode)
      return secret !== null && verifyPaymentSignature({orderId: order.orderId, paymentId: payment.paymentId, signature: payment.signature}, secret)
    },
  }
}
