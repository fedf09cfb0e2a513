// @vitest-environment jsdom
/**
 * usePayment (web/app/components/payment/usePayment.ts): the payment steps of the enrolment form
 * with the checkout calls replaced (~/lib/checkout), against the seed catalogue: the sandbox
 * step, the success step through onPaid, and the failures' messages.
 */
import {act, createElement} from 'react'
import {createRoot, type Root} from 'react-dom/client'
import {afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {usePayment, type PaidEnrolment} from '~/components/payment/usePayment'
import {ENROLMENT_MESSAGES, quote, type EnrolmentCatalogue} from '#schemas/rules/enrolment'
import {CheckoutError, requestOrder, submitPaymentResult, type Order} from '~/lib/checkout'
import {fetchContent} from '#netlify/platform/content/client'
import {ENROLMENT_CATALOGUE_QUERY} from '#netlify/platform/content/queries'
import type {EnrolmentForm} from '#schemas/contracts/forms/enrolment'

vi.mock('~/lib/checkout', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/lib/checkout')>()),
  requestOrder: vi.fn(),
  submitPaymentResult: vi.fn(),
  loadRazorpay: vi.fn(),
  openRazorpay: vi.fn(),
}))

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true

const ORDER: Order = {
  id: 'order_sandbox_abcdefghijklmn',
  amount: 30000,
  currency: 'USD',
  keyId: 'rzp_sandbox',
  mode: 'sandbox',
  name: 'Maritime Training',
  description: 'H2S Safety',
  prefill: {name: 'Ravi Menon', email: 'ravi@example.com', contact: '+91 98470 12345'},
}
const PAYMENT = {razorpay_order_id: ORDER.id, razorpay_payment_id: 'pay_sandbox_abcdefghijklmn', razorpay_signature: 'a'.repeat(64)}
const SAVED = {
  status: 'paid' as const,
  orderId: ORDER.id,
  paymentId: PAYMENT.razorpay_payment_id,
  receiptNumber: 'MTC-2026-00001',
  confirmationUrl: `/enrolment/confirmation/${ORDER.id}/abcdefghijklmnopqrstuv`,
}
const FORM: EnrolmentForm = {
  name: 'Ravi Menon',
  email: 'ravi@example.com',
  mobile: '+91 98470 12345',
  trainingProgram: 'offshore-survival',
  course: 'H2S',
  amount: 300,
  currency: 'USD',
  termsAccepted: true,
}

let catalogue: EnrolmentCatalogue
beforeAll(async () => {
  catalogue = await fetchContent(ENROLMENT_CATALOGUE_QUERY)
})

/** Renders the hook; `current` is its latest return value. */
function renderPayment(onPaid: (paid: PaidEnrolment) => void = () => {}) {
  const hook: {current: ReturnType<typeof usePayment>} = {current: undefined as never}
  function Probe() {
    hook.current = usePayment({catalogue, attachments: [{uploadId: 'upl_aaaaaaaaaaaaaaaaaaaa'}], onPaid})
    return null
  }
  act(() => root.render(createElement(Probe)))
  return hook
}

let root: Root
beforeEach(() => {
  vi.mocked(requestOrder).mockResolvedValue(ORDER)
  vi.mocked(submitPaymentResult).mockResolvedValue(SAVED)
  root = createRoot(document.createElement('div'))
})
afterEach(() => {
  act(() => root.unmount())
  vi.clearAllMocks()
})

describe('usePayment', () => {
  it('idle → processing → sandbox → onPaid; the order carries the uploads and the save the payment result', async () => {
    const onPaid = vi.fn()
    const hook = renderPayment(onPaid)
    expect(hook.current.phase).toEqual({kind: 'idle'})
    let paying!: Promise<void>
    await act(async () => {
      paying = hook.current.pay(FORM)
    })
    expect(hook.current.phase).toMatchObject({kind: 'sandbox', order: ORDER, courseName: expect.any(String)})
    expect(hook.current.busy).toBe(true)
    expect(requestOrder).toHaveBeenCalledWith(expect.objectContaining({course: 'H2S', attachments: ['upl_aaaaaaaaaaaaaaaaaaaa']}))

    await act(async () => {
      hook.current.settleSandbox(PAYMENT)
      await paying
    })
    expect(submitPaymentResult).toHaveBeenCalledWith(expect.objectContaining({...PAYMENT, course: 'H2S', trainingProgramName: expect.any(String)}))
    expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({orderId: ORDER.id, amount: 300, currency: 'USD', saveResult: SAVED}))
    // Still busy while the page moves on to the confirmation: the form cannot be sent twice.
    expect(hook.current.busy).toBe(true)
    expect(hook.current.alert).toBeNull()
  })

  it('with onPaid, the success step is one call with the order, course, amount and the save answer', async () => {
    const onPaid = vi.fn()
    const hook = renderPayment(onPaid)
    let paying!: Promise<void>
    await act(async () => {
      paying = hook.current.pay(FORM)
    })
    await act(async () => {
      hook.current.settleSandbox(PAYMENT)
      await paying
    })
    expect(onPaid).toHaveBeenCalledTimes(1)
    const priced = quote(catalogue, FORM)
    expect(priced.ok).toBe(true)
    expect(onPaid).toHaveBeenCalledWith({orderId: ORDER.id, courseName: priced.ok && priced.courseName, amount: 300, currency: 'USD', saveResult: SAVED})
    expect(hook.current.phase).toEqual({kind: 'processing'})
  })

  it('a closed sandbox dialog cancels: idle again, with the message', async () => {
    const hook = renderPayment()
    let paying!: Promise<void>
    await act(async () => {
      paying = hook.current.pay(FORM)
    })
    await act(async () => {
      hook.current.settleSandbox({dismissed: true})
      await paying
    })
    expect(hook.current.phase).toEqual({kind: 'idle'})
    expect(hook.current.alert).toBe('Payment was cancelled. You have not been charged.')
    expect(submitPaymentResult).not.toHaveBeenCalled()
  })

  it('a failed save names the payment reference; a refused order shows the server’s reason', async () => {
    vi.mocked(submitPaymentResult).mockRejectedValueOnce(new CheckoutError('Failed to save enrollment data.'))
    const hook = renderPayment()
    let paying!: Promise<void>
    await act(async () => {
      paying = hook.current.pay(FORM)
    })
    await act(async () => {
      hook.current.settleSandbox(PAYMENT)
      await paying
    })
    expect(hook.current.phase).toEqual({kind: 'idle'})
    expect(hook.current.alert).toBe(`Failed to save enrollment data. Your payment reference is ${PAYMENT.razorpay_payment_id}: please contact us and quote it.`)

    vi.mocked(requestOrder).mockRejectedValueOnce(new CheckoutError('Payment failed to initialize. Too many orders.'))
    await act(() => hook.current.pay(FORM))
    expect(hook.current.phase).toEqual({kind: 'idle'})
    expect(hook.current.alert).toBe('Payment failed to initialize. Too many orders.')
  })

  it('a form whose amount disagrees with the catalogue is refused before any call', async () => {
    const hook = renderPayment()
    await act(() => hook.current.pay({...FORM, amount: 10}))
    expect(hook.current.phase).toEqual({kind: 'idle'})
    expect(hook.current.alert).toBe(ENROLMENT_MESSAGES.invalidAmount)
    expect(requestOrder).not.toHaveBeenCalled()
  })
})
