/**
 * The payment steps of the enrolment form (/payment; docs/requirements.md#req-states-enrolment, #req-calls, #req-errors):
 *
 *   idle → processing (create the order) → sandbox (the local checkout dialog is open; Razorpay's
 *   own checkout keeps 'processing') → processing (save) → onPaid
 *
 * `pay(value)` runs them for a valid form; every failure goes back to idle with the spec's message
 * in `alert`. The sandbox dialog reports its outcome with `settleSandbox`.
 *
 * With a batch (docs/requirements.md#req-batches-form) the order holds a seat: when the
 * payment fails or the checkout is dismissed, the seat is given back at once (releaseOrder, fire
 * and forget); when create-order answers 409, `alert` is exactly 'This batch is full' and
 * `fullBatchId` names the batch (the page offers its waitlist) until `clearFullBatch()` or the
 * next payment.
 *
 * The success step is one seam, `onPaid({orderId, courseName, amount, currency, saveResult})` (`amount` in major units of the
 * paid `currency`, USD or INR), where
 * `saveResult` is the save call's answer (SaveResponseSchema); the phase stays 'processing' while
 * the caller moves on (the payment page navigates to `saveResult.confirmationUrl`).
 *
 * The checkout calls (~/lib/checkout, with the zod schemas of the API's answers) load when the
 * visitor starts using the form (`preloadCheckout`) or at the latest when paying, not with the
 * page (docs/performance.md); a module that cannot be loaded fails like an order that cannot be
 * created ('Payment failed to initialize.').
 */
import {useRef, useState} from 'react'
import type {UploadedDocument} from '~/components/DocumentUpload'
import type {SandboxOutcome} from '~/components/SandboxCheckout'
import {checkEnrolmentPrice, ENROLMENT_MESSAGES, type EnrolmentCatalogue} from '#schemas/rules/enrolment'
import type {Currency} from '#schemas/rules/price'
import type {Order} from '~/lib/checkout'
import type {SaveResponse} from '#schemas/contracts/enrolment'
import type {EnrolmentForm} from '#schemas/contracts/forms/enrolment'

/** What the checkout's outcomes say (the enrolment form's and the group booking form's). */
export const CHECKOUT_MESSAGES = {
  cancelled: 'Payment was cancelled. You have not been charged.',
  failed: (reason: string) => `Payment failed: ${reason}. Please try again.`,
  /** The payment went through but could not be saved: the visitor quotes its reference. */
  notSaved: (message: string, paymentId: string) => `${message} Your payment reference is ${paymentId}: please contact us and quote it.`,
} as const

/** A paid and saved enrolment: what a confirmation shows. */
export type PaidEnrolment = {orderId: string; courseName: string; amount: number; currency: Currency; saveResult: SaveResponse}

export type PaymentPhase = {kind: 'idle'} | {kind: 'processing'} | {kind: 'sandbox'; order: Order; courseName: string}

let checkoutModule: Promise<typeof import('~/lib/checkout')> | undefined

/** The checkout calls' module, loaded once (asked again after a failed load). */
export function loadCheckout(): Promise<typeof import('~/lib/checkout')> {
  checkoutModule ??= import('~/lib/checkout').catch((error: unknown) => {
    checkoutModule = undefined
    throw error
  })
  return checkoutModule
}

/** Starts loading the checkout calls ahead of the first payment (a failure is retried when paying). */
export function preloadCheckout(): void {
  loadCheckout().catch(() => undefined)
}

export type UsePaymentOptions = {
  catalogue: EnrolmentCatalogue
  /** The completed document uploads (cadetship) sent with the order. */
  attachments: readonly Pick<UploadedDocument, 'uploadId'>[]
  /** The success step: the payment is verified and saved. */
  onPaid: (paid: PaidEnrolment) => void
}

export function usePayment({catalogue, attachments, onPaid}: UsePaymentOptions) {
  const [phase, setPhase] = useState<PaymentPhase>({kind: 'idle'})
  const [alert, setAlert] = useState<string | null>(null)
  const [fullBatchId, setFullBatchId] = useState<string | null>(null)
  const sandboxSettle = useRef<((outcome: SandboxOutcome) => void) | null>(null)

  async function pay(value: EnrolmentForm): Promise<void> {
    const check = checkEnrolmentPrice(catalogue, value)
    if (!check.ok) return setAlert(check.message)
    const {courseName, trainingProgramName} = check.quote
    const {amount, currency} = check
    setAlert(null)
    setFullBatchId(null)
    setPhase({kind: 'processing'})
    const fail = (message: string) => {
      setAlert(message)
      setPhase({kind: 'idle'})
    }
    let paid: PaidEnrolment
    let checkout: typeof import('~/lib/checkout') | undefined
    try {
      checkout = await loadCheckout()
      const {loadRazorpay, openRazorpay, releaseOrder, requestOrder, submitPaymentResult} = checkout
      const order = await requestOrder({...value, attachments: attachments.map((a) => a.uploadId)})
      let outcome: SandboxOutcome
      if (order.mode === 'sandbox') {
        outcome = await new Promise<SandboxOutcome>((resolve) => {
          sandboxSettle.current = resolve
          setPhase({kind: 'sandbox', order, courseName})
        })
        setPhase({kind: 'processing'})
      } else {
        await loadRazorpay()
        outcome = await openRazorpay(order)
      }
      // Unpaid: the order's seat (if it holds one) goes back at once rather than after 30 minutes.
      if ('dismissed' in outcome || 'failed' in outcome) releaseOrder(order.id)
      if ('dismissed' in outcome) return fail(CHECKOUT_MESSAGES.cancelled)
      if ('failed' in outcome) return fail(CHECKOUT_MESSAGES.failed(outcome.failed))
      try {
        const saveResult = await submitPaymentResult({...value, trainingProgramName, courseName, ...outcome})
        paid = {orderId: order.id, courseName, amount, currency, saveResult}
      } catch (error) {
        return fail(CHECKOUT_MESSAGES.notSaved((error as Error).message, outcome.razorpay_payment_id))
      }
    } catch (error) {
      if (checkout && error instanceof checkout.BatchFullError) setFullBatchId(value.batchId ?? null)
      return fail(checkout && error instanceof checkout.CheckoutError ? error.message : ENROLMENT_MESSAGES.paymentInitFailed)
    }
    onPaid(paid)
  }

  /** The sandbox dialog's outcome: Pay, Fail payment, or closed. */
  function settleSandbox(outcome: SandboxOutcome) {
    sandboxSettle.current?.(outcome)
    sandboxSettle.current = null
  }

  /** Leaves the "batch is full" state (the visitor chose another date). */
  function clearFullBatch() {
    setFullBatchId(null)
    setAlert(null)
  }

  const busy = phase.kind === 'processing' || phase.kind === 'sandbox'
  return {phase, busy, alert, fullBatchId, pay, settleSandbox, clearFullBatch}
}
