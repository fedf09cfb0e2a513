/** submitPaymentResult (web/app/lib/checkout.ts): resolves with the save answer, parsed with SaveResponseSchema; anything else is the spec's save failure. */
import {afterEach, describe, expect, it, vi} from 'vitest'
import {ENROLMENT_MESSAGES} from '#schemas/rules/enrolment'
import {CheckoutError, submitPaymentResult} from '~/lib/checkout'

const BODY = {razorpay_order_id: 'order_sandbox_abcdefghijklmn', razorpay_payment_id: 'pay_sandbox_abcdefghijklmn', razorpay_signature: 'a'.repeat(64)}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), {status, headers: {'Content-Type': 'application/json'}}))
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('submitPaymentResult', () => {
  it('posts the payment result to /api/enroll/save and resolves with the parsed answer', async () => {
    const saved = {
      status: 'paid',
      orderId: BODY.razorpay_order_id,
      paymentId: BODY.razorpay_payment_id,
      receiptNumber: 'MTC-2026-00007',
      confirmationUrl: `/enrolment/confirmation/${BODY.razorpay_order_id}/abcdefghijklmnopqrstuv`,
      skippedFiles: ['notes.txt'],
      message: 'skipped',
    }
    const fetch = answer(200, {...saved, extra: 'dropped'})
    await expect(submitPaymentResult(BODY)).resolves.toEqual(saved)
    expect(fetch).toHaveBeenCalledWith('/api/enroll/save', expect.objectContaining({method: 'POST', body: JSON.stringify(BODY)}))
  })

  it('a refused save, an unreadable answer or one that is not a save answer is the save failure', async () => {
    for (const [status, body] of [
      [400, {error: 'Payment signature is invalid'}],
      [200, 'not json'],
      [200, {status: 'pending', orderId: BODY.razorpay_order_id}],
    ] as const) {
      answer(status, body)
      const error = await submitPaymentResult(BODY).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(CheckoutError)
      expect((error as Error).message).toBe(ENROLMENT_MESSAGES.saveFailed)
    }
  })

  it('no connection is the save failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    )
    await expect(submitPaymentResult(BODY)).rejects.toMatchObject({message: ENROLMENT_MESSAGES.saveFailed})
  })
})
