/**
 * The local sandbox gateway, the embedded default (never in production: ./config.ts). Nothing
 * leaves the process: orders, refunds and payment links get local `…_sandbox_…` ids at once, and
 * the payments of an order are the sandbox checkout's own record (./sandbox-payments.ts). Its
 * checkout signs exactly as Razorpay's does, keyed with RAZORPAY_SANDBOX_SECRET, so the one
 * signature check (./signature.ts) verifies both gateways' payments.
 */
import {createHash} from 'node:crypto'
import type {PaymentsConfig, PaymentsMode} from './config'
import {checkOrderInput, checkPaymentLinkInput, checkRefundInput, randomId, requireSameGateway, signatureChecks, type PaymentGateway} from './gateway-types'
import {sandboxPaymentsOf} from './sandbox-payments'

/** The key id the checkout receives in sandbox mode. */
export const SANDBOX_KEY_ID = 'rzp_sandbox'

export const sandboxOrderId = () => `order_sandbox_${randomId(14)}`
export const sandboxPaymentId = () => `pay_sandbox_${randomId(14)}`
export const sandboxPaymentLinkId = () => `plink_sandbox_${randomId(14)}`
/** The sandbox's refund id of an idempotency key: `rfnd_sandbox_` + 14 hex digits of its SHA-256 (one key, one refund). */
export const sandboxRefundId = (idempotencyKey: string) => `rfnd_sandbox_${createHash('sha256').update(idempotencyKey, 'utf8').digest('hex').slice(0, 14)}`

/** The sandbox gateway of `config`: its signatures are keyed with config.sandboxSecret, and none verifies in production. */
export function sandboxGateway(config: PaymentsConfig): PaymentGateway {
  const paymentSecret = (mode: PaymentsMode) => (mode === 'sandbox' && !config.production ? config.sandboxSecret : null)
  return {
    mode: 'sandbox',
    checkoutKeyId: SANDBOX_KEY_ID,

    async createOrder(input) {
      checkOrderInput(input)
      return {id: sandboxOrderId(), amount: input.amountMinor, currency: input.currency}
    },

    ...signatureChecks(paymentSecret),

    async fetchOrderPayments(order) {
      requireSameGateway('sandbox', `Order ${order.orderId}`, order)
      return (await sandboxPaymentsOf(order.orderId)).map(({id, amount, currency, status}) => ({id, amount, currency, status}))
    },

    /** Processed at once; the id derives from the idempotency key (the same key is the same refund, as at Razorpay). */
    async refundPayment(payment, input) {
      checkRefundInput(input)
      requireSameGateway('sandbox', `Payment ${payment.paymentId}`, payment)
      return {id: sandboxRefundId(input.idempotencyKey), amount: input.amountMinor, status: 'processed'}
    },

    /** A `plink_sandbox_…` link whose URL is the local payment-link page, kept by `input.sandbox.keep` before it is returned. */
    async createPaymentLink(input) {
      checkPaymentLinkInput(input)
      const id = sandboxPaymentLinkId()
      const link = {id, shortUrl: input.sandbox.url(id), amount: input.amountMinor, currency: input.currency}
      await input.sandbox.keep(link)
      return link
    },
  }
}
