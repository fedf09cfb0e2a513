/**
 * The server side of the sandbox checkout (POST /api/sandbox/pay; the embedded default, never in
 * production, never with Razorpay keys — then `not-found`). "Pay" answers what Razorpay's
 * checkout hands the browser: a payment id and the signature HMAC-SHA256(`order_id|payment_id`)
 * keyed with RAZORPAY_SANDBOX_SECRET, computed here so the browser never holds a secret. It marks
 * nothing paid: the browser then calls /api/enroll/save, verified by the same code as a real
 * payment. "Fail payment" (`outcome: 'fail'`) answers Razorpay's payment.failed error shape.
 * "Pay" also records the captured payment in the sandbox's own store, as Razorpay would, so
 * reconciliation (./reconcile.ts) can find a payment whose browser never reached save.
 */
import type {SandboxPayResponse} from '#schemas/contracts/enrolment'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {ServiceError} from '#netlify/platform/errors'
import {isProduction, isSandboxOrder, requirePaymentsConfig, sandboxAvailable, type PaymentsConfig} from '#netlify/platform/payments/config'
import {sandboxPaymentId, signPayment} from '#netlify/platform/payments/gateway'
import {recordSandboxPayment} from '#netlify/platform/payments/sandbox-payments'
import {getEnrolment} from '../enrolments/enrolments'

export const SANDBOX_FAILURE = {code: 'BAD_REQUEST_ERROR', description: 'Payment failed (sandbox)'} as const

/**
 * The configuration where the sandbox runs. Throws ServiceError `not-found` 'Not found' in
 * production or with Razorpay keys (the sandbox's pages and endpoints do not exist there), and
 * `unavailable` when payments are not configured.
 */
export function requireSandbox(): PaymentsConfig {
  if (isProduction()) throw new ServiceError('not-found', 'Not found')
  const config = requirePaymentsConfig()
  if (!sandboxAvailable(config)) throw new ServiceError('not-found', 'Not found')
  return config
}

/**
 * "Pay" or "Fail payment" of the sandbox checkout for a valid request (SandboxPaySchema);
 * resolves to SandboxPayResponse. Throws ServiceError `not-found` 'Unknown order' (also for an
 * order of Razorpay) and `conflict` when it is already paid or cancelled.
 */
export async function sandboxPay(input: {orderId: string; outcome: 'pay' | 'fail'}, config: PaymentsConfig = requireSandbox()): Promise<SandboxPayResponse> {
  const {orderId, outcome} = input
  const record = await getEnrolment(orderId)
  if (!record || !isSandboxOrder(record)) throw new ServiceError('not-found', 'Unknown order')
  if (record.status !== 'pending') throw new ServiceError('conflict', wasPaid(record) ? 'This order is already paid' : 'This order was cancelled')

  if (outcome === 'fail') {
    return {error: {...SANDBOX_FAILURE, source: 'customer', step: 'payment_authorization', reason: 'payment_failed', metadata: {order_id: orderId}}}
  }
  const paymentId = sandboxPaymentId()
  // The sandbox gateway's own record of the capture: what "Check with gateway" finds when the
  // browser never called save (./reconcile.ts).
  await recordSandboxPayment(orderId, {
    id: paymentId,
    amount: record.amountMinor,
    currency: record.currency,
    status: 'captured',
    createdAt: new Date().toISOString(),
  })
  return {
    razorpay_payment_id: paymentId,
    razorpay_order_id: orderId,
    razorpay_signature: signPayment(orderId, paymentId, config.sandboxSecret),
  }
}
