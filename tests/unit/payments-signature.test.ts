/** Payment and webhook signatures (netlify/platform/payments/signature.ts, gateway.ts verifyPayment). */
import {createHmac} from 'node:crypto'
import {describe, expect, it} from 'vitest'
import {parsePaymentsConfig} from '#netlify/platform/payments/config'
import {paymentSecret, verifyPayment} from '#netlify/platform/payments/gateway'
import {safeEqualHex, signPayment, verifyPaymentSignature, verifyWebhookSignature} from '#netlify/platform/payments/signature'

const ORDER = 'order_abc123'
const PAYMENT = 'pay_def456'
// openssl: printf 'order_abc123|pay_def456' | openssl dgst -sha256 -hmac sandbox_secret
const KNOWN = '836c29c77442d0ee29d9afae90ab56fa6c1ed153b061375cbe2fc75d73239f74'

describe('payment signature (Razorpay checkout and sandbox)', () => {
  it('is the hex HMAC-SHA256 of "order_id|payment_id"', () => {
    expect(signPayment(ORDER, PAYMENT, 'sandbox_secret')).toBe(KNOWN)
  })

  it('accepts the valid signature', () => {
    expect(verifyPaymentSignature({orderId: ORDER, paymentId: PAYMENT, signature: KNOWN}, 'sandbox_secret')).toBe(true)
  })

  it('refuses a tampered order id, payment id or secret', () => {
    expect(verifyPaymentSignature({orderId: 'order_abc124', paymentId: PAYMENT, signature: KNOWN}, 'sandbox_secret')).toBe(false)
    expect(verifyPaymentSignature({orderId: ORDER, paymentId: 'pay_def457', signature: KNOWN}, 'sandbox_secret')).toBe(false)
    expect(verifyPaymentSignature({orderId: ORDER, paymentId: PAYMENT, signature: KNOWN}, 'other_secret')).toBe(false)
    // "order|pay" must not be confusable with a shifted separator.
    expect(verifyPaymentSignature({orderId: `${ORDER}|pay`, paymentId: '_def456', signature: KNOWN}, 'sandbox_secret')).toBe(false)
  })

  it('refuses a signature of the wrong length, non-hex characters, or not a string', () => {
    for (const signature of [
      KNOWN.slice(0, 63),
      `${KNOWN}0`,
      KNOWN.slice(0, 32),
      '',
      `${KNOWN.slice(0, 62)}zz`,
      KNOWN.toUpperCase(),
      ` ${KNOWN.slice(1)}`,
      null,
      undefined,
      42,
      [KNOWN],
    ]) {
      expect(verifyPaymentSignature({orderId: ORDER, paymentId: PAYMENT, signature}, 'sandbox_secret'), String(signature)).toBe(false)
    }
  })

  it('refuses everything with an empty secret', () => {
    const unkeyed = createHmac('sha256', '').update(`${ORDER}|${PAYMENT}`).digest('hex')
    expect(verifyPaymentSignature({orderId: ORDER, paymentId: PAYMENT, signature: unkeyed}, '')).toBe(false)
  })

  it('safeEqualHex compares digests, not strings of another length', () => {
    expect(safeEqualHex(KNOWN, KNOWN)).toBe(true)
    expect(
      safeEqualHex(
        KNOWN,
        KNOWN.replace(/.$/, (c) => (c === '4' ? '5' : '4')),
      ),
    ).toBe(false)
  })
})

describe('verifyPayment: the secret of the order mode, only in that mode', () => {
  const sandbox = parsePaymentsConfig({})
  const razorpay = parsePaymentsConfig({RAZORPAY_KEY_ID: 'rzp_test_Key0001', RAZORPAY_KEY_SECRET: 'key_secret_1'})

  it('verifies sandbox orders with the sandbox secret in sandbox mode', () => {
    expect(verifyPayment(sandbox, {orderId: ORDER, mode: 'sandbox'}, {paymentId: PAYMENT, signature: KNOWN})).toBe(true)
  })

  it('verifies Razorpay orders with the key secret', () => {
    const signature = signPayment(ORDER, PAYMENT, 'key_secret_1')
    expect(verifyPayment(razorpay, {orderId: ORDER, mode: 'razorpay'}, {paymentId: PAYMENT, signature})).toBe(true)
    expect(verifyPayment(razorpay, {orderId: ORDER, mode: 'razorpay'}, {paymentId: PAYMENT, signature: KNOWN})).toBe(false)
  })

  it('never crosses modes', () => {
    expect(verifyPayment(razorpay, {orderId: ORDER, mode: 'sandbox'}, {paymentId: PAYMENT, signature: KNOWN})).toBe(false)
    expect(paymentSecret(razorpay, 'sandbox')).toBeNull()
    expect(paymentSecret(sandbox, 'razorpay')).toBeNull()
  })
})

describe('webhook signature', () => {
  const body = '{"event":"payment.captured","payload":{}}'
  const signature = createHmac('sha256', 'whsec').update(body).digest('hex')

  it('accepts the HMAC of the raw body, as text or bytes', () => {
    expect(verifyWebhookSignature(body, signature, 'whsec')).toBe(true)
    expect(verifyWebhookSignature(new TextEncoder().encode(body), signature, 'whsec')).toBe(true)
  })

  it('refuses a re-serialised or altered body, a missing header and another secret', () => {
    expect(verifyWebhookSignature(JSON.stringify(JSON.parse(body), null, 1), signature, 'whsec')).toBe(false)
    expect(verifyWebhookSignature(body.replace('captured', 'failed'), signature, 'whsec')).toBe(false)
    expect(verifyWebhookSignature(body, null, 'whsec')).toBe(false)
    expect(verifyWebhookSignature(body, signature, 'whsec2')).toBe(false)
    expect(verifyWebhookSignature(body, signature, '')).toBe(false)
  })
})
