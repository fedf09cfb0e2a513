/**
 * Razorpay's signatures, computed and checked in one place for both modes:
 * - payment (checkout callback): hex HMAC-SHA256 of `${order_id}|${payment_id}` keyed with the
 *   key secret (razorpay) or RAZORPAY_SANDBOX_SECRET (sandbox) — the sandbox signs exactly as
 *   Razorpay does, so the save endpoint verifies both by the same code path;
 * - webhook: hex HMAC-SHA256 of the raw request body keyed with the webhook secret.
 * Comparisons are constant-time (crypto.timingSafeEqual after a length check).
 */
import {createHmac, timingSafeEqual} from 'node:crypto'

const HEX_SHA256 = /^[0-9a-f]{64}$/

export function hmacSha256Hex(secret: string, data: string | Uint8Array): string {
  return createHmac('sha256', secret).update(data).digest('hex')
}

/** Constant-time equality of an expected hex digest and a received one (any string). */
export function safeEqualHex(expected: string, received: unknown): boolean {
  if (typeof received !== 'string' || !HEX_SHA256.test(received)) return false
  const a = Buffer.from(expected, 'hex')
  const b = Buffer.from(received, 'hex')
  if (a.length !== b.length || a.length === 0) return false
  return timingSafeEqual(a, b)
}

/** The signature Razorpay's checkout returns for a payment of an order. */
export function signPayment(orderId: string, paymentId: string, secret: string): string {
  return hmacSha256Hex(secret, `${orderId}|${paymentId}`)
}

/** Whether `signature` is the payment signature of (orderId, paymentId) under `secret`. */
export function verifyPaymentSignature(input: {orderId: string; paymentId: string; signature: unknown}, secret: string): boolean {
  if (!secret) return false
  return safeEqualHex(signPayment(input.orderId, input.paymentId, secret), input.signature)
}

/** Whether `signature` (X-Razorpay-Signature) signs the raw webhook body under `secret`. */
export function verifyWebhookSignature(rawBody: Uint8Array | string, signature: unknown, secret: string): boolean {
  if (!secret) return false
  return safeEqualHex(hmacSha256Hex(secret, rawBody), signature)
}
