/**
 * POST /api/sandbox/pay: the server side of the sandbox checkout (the embedded default, never
 * in production, never with Razorpay keys — then 404). "Pay" answers what Razorpay's checkout
 * hands the browser: a payment id and the signature HMAC-SHA256(`order_id|payment_id`) keyed
 * with RAZORPAY_SANDBOX_SECRET, computed here so the browser never holds a secret. It marks
 * nothing paid: the browser then calls /api/enroll/save, verified by the same code as a real
 * payment. "Fail payment" (`outcome: 'fail'`) answers Razorpay's payment.failed error shape.
 * "Pay" also records the captured payment in the sandbox's own store, as Razorpay would, so
 * reconciliation (./reconcile.ts) can find a payment whose browser never reached save.
 */
import {SandboxPaySchema, type SandboxPayResponse} from '#schemas/contracts/enrolment'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {getEnrolment} from '../enrolments/enrolments'
import {HttpError, json, readJson} from '#netlify/platform/http'
import {isProduction, requirePaymentsConfig, sandboxAvailable} from '#netlify/platform/payments/config'
import {sandboxPaymentId, signPayment} from '#netlify/platform/payments/gateway'
import {recordSandboxPayment} from '#netlify/platform/payments/sandbox-payments'

export const SANDBOX_FAILURE = {code: 'BAD_REQUEST_ERROR', description: 'Payment failed (sandbox)'} as const

/** Handles POST /api/sandbox/pay (SandboxPaySchema → SandboxPayResponseSchema). 404 in production, with Razorpay keys or for an unknown order; 409 when already paid or cancelled. */
export async function sandboxPay(request: Request): Promise<Response> {
  if (isProduction()) throw new HttpError(404, 'Not found')
  const config = requirePaymentsConfig()
  if (!sandboxAvailable(config)) throw new HttpError(404, 'Not found')

  const {orderId, outcome} = await readJson(request, SandboxPaySchema)
  const record = await getEnrolment(orderId)
  if (!record || record.mode !== 'sandbox') throw new HttpError(404, 'Unknown order')
  if (record.status !== 'pending') throw new HttpError(409, wasPaid(record) ? 'This order is already paid' : 'This order was cancelled')

  if (outcome === 'fail') {
    const failure: SandboxPayResponse = {
      error: {...SANDBOX_FAILURE, source: 'customer', step: 'payment_authorization', reason: 'payment_failed', metadata: {order_id: orderId}},
    }
    return json(failure)
  }
  const paymentId = sandboxPaymentId()
  // The sandbox gateway's own record of the capture: what "Check with gateway" finds when the
  // browser never called save (issue 15, ./reconcile.ts).
  await recordSandboxPayment(orderId, {
    id: paymentId,
    amount: record.amountMinor,
    currency: record.currency,
    status: 'captured',
    createdAt: new Date().toISOString(),
  })
  const result: SandboxPayResponse = {
    razorpay_payment_id: paymentId,
    razorpay_order_id: orderId,
    razorpay_signature: signPayment(orderId, paymentId, config.sandboxSecret),
  }
  return json(result)
}
