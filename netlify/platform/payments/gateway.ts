/**
 * The payment gateway the configuration chooses (./config.ts): Razorpay through the official SDK
 * (./razorpay.ts) when its keys are set, else the local sandbox (./sandbox.ts), the embedded
 * default. Both implement PaymentGateway (./gateway-types.ts): orders with an id, an amount in
 * minor units and a currency, the payments of an order, refunds, payment links, and the one
 * payment signature check (./signature.ts) keyed with the secret of the gateway's mode.
 *
 * The choice is made once per configuration (paymentGateway); tests put a fake in its place
 * (setPaymentGatewayForTests) to make a gateway fail or time out at once. Whether the site runs
 * the sandbox is decided here and in the sandbox's own endpoints only; everywhere else asks the
 * gateway (or isSandboxOrder for a stored order).
 */
import {requirePaymentsConfig, type PaymentsConfig, type PaymentsMode} from './config'
import type {
  CreateOrderInput,
  GatewayOrder,
  GatewayPaymentLink,
  GatewayPayment,
  GatewayRefund,
  PaymentGateway,
  PaymentLinkInput,
  RefundInput,
} from './gateway-types'
import {razorpayGateway} from './razorpay'
import {sandboxGateway} from './sandbox'

export type {
  CreateOrderInput,
  GatewayOrder,
  GatewayPayment,
  GatewayPaymentLink,
  GatewayReference,
  GatewayRefund,
  PaymentGateway,
  PaymentLinkInput,
  RefundInput,
} from './gateway-types'
export {isSandboxOrder} from './config'
export {GatewayError, randomId} from './gateway-types'
export {RAZORPAY_TIMEOUT_MS, razorpayGateway} from './razorpay'
export {SANDBOX_KEY_ID, sandboxGateway, sandboxOrderId, sandboxPaymentId, sandboxPaymentLinkId, sandboxRefundId} from './sandbox'
export {signPayment, verifyPaymentSignature, verifyWebhookSignature} from './signature'

const GATEWAYS: Readonly<Record<PaymentsMode, (config: PaymentsConfig) => PaymentGateway>> = {razorpay: razorpayGateway, sandbox: sandboxGateway}

/** One gateway per configuration object (getPaymentsConfig keeps the object until the environment changes). */
const chosen = new WeakMap<PaymentsConfig, PaymentGateway>()
let replacement: PaymentGateway | null = null

/**
 * The gateway of `config` (default: this process's configuration, or a ServiceError
 * `unavailable` 'Payments are not configured'), made once per configuration.
 */
export function paymentGateway(config: PaymentsConfig = requirePaymentsConfig()): PaymentGateway {
  if (replacement) return replacement
  let gateway = chosen.get(config)
  if (!gateway) {
    gateway = GATEWAYS[config.mode](config)
    chosen.set(config, gateway)
  }
  return gateway
}

/**
 * Tests only: every paymentGateway() answers `gateway` until this is called again with null
 * (e.g. a copy of the real gateway whose refundPayment throws a timeout's GatewayError at once).
 */
export function setPaymentGatewayForTests(gateway: PaymentGateway | null): void {
  replacement = gateway
}

// The operations for callers that hold a configuration: each asks that configuration's gateway.

/** paymentGateway(config).createOrder. */
export const createOrder = (config: PaymentsConfig, input: CreateOrderInput): Promise<GatewayOrder> => paymentGateway(config).createOrder(input)

/** The secret payment signatures of orders of `mode` are keyed with under `config`, or null if unavailable. */
export const paymentSecret = (config: PaymentsConfig, mode: PaymentsMode): string | null => paymentGateway(config).paymentSecret(mode)

/**
 * THE payment verification of both gateways: the signature must be the HMAC of the stored order
 * id and the payment id under the secret of the order's mode, which must be this site's
 * gateway (a sandbox signature never pays a Razorpay order, and the reverse).
 */
export const verifyPayment = (
  config: PaymentsConfig,
  order: {orderId: string; mode: PaymentsMode},
  payment: {paymentId: string; signature: unknown},
): boolean => paymentGateway(config).verifyPayment(order, payment)

/** paymentGateway(config).fetchOrderPayments (reconciliation). */
export const fetchOrderPayments = (config: PaymentsConfig, order: {orderId: string; mode: PaymentsMode}): Promise<GatewayPayment[]> =>
  paymentGateway(config).fetchOrderPayments(order)

/** paymentGateway(config).refundPayment. */
export const refundPayment = (config: PaymentsConfig, payment: {paymentId: string; mode: PaymentsMode}, input: RefundInput): Promise<GatewayRefund> =>
  paymentGateway(config).refundPayment(payment, input)

/** paymentGateway(config).createPaymentLink (cadetship installments). */
export const createPaymentLink = (config: PaymentsConfig, input: PaymentLinkInput): Promise<GatewayPaymentLink> =>
  paymentGateway(config).createPaymentLink(input)
