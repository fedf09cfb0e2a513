/**
 * The steps of the group booking form (/book/group, docs/requirements.md#req-group-bookings), as
 * the enrolment form's (../payment/usePayment.ts):
 *
 *   idle → processing (POST /api/group-bookings) → invoice: `onBooked(booking page)`
 *                                                → card: sandbox (the local checkout dialog is open;
 *                                                  Razorpay's own keeps 'processing') → processing
 *                                                  (save) → `onBooked(save's confirmationUrl)`
 *
 * `book(value)` runs them for a valid form. A refusal goes back to idle with the server's message
 * in `alert` and its field errors in `fieldErrors` (keyed as the body's paths: 'company.taxId',
 * 'seats'); a 409 (fewer seats left than asked) also calls `onSeatsConflict` (the page reads the
 * seats left again). An unpaid card order (checkout dismissed, payment failed) gives its seats
 * back at once (releaseOrder), as the enrolment form does. The sandbox dialog reports its outcome
 * with `settleSandbox`.
 */
import {useRef, useState} from 'react'
import type {SandboxOutcome} from '~/components/SandboxCheckout'
import {CHECKOUT_MESSAGES, loadCheckout} from '~/components/payment/usePayment'
import {requestGroupBooking} from '~/lib/group-booking'
import type {Order} from '~/lib/checkout'
import type {GroupBookingBody} from '#schemas/contracts/group-bookings'
import {ENROLMENT_MESSAGES} from '#schemas/rules/enrolment'
import {groupBookingPath} from '#schemas/rules/paths'

export type GroupBookingPhase = {kind: 'idle'} | {kind: 'processing'} | {kind: 'sandbox'; order: Order}

export type UseGroupBookingOptions = {
  /** The booking is made (and paid, by card): go to its page. */
  onBooked: (path: string) => void
  /** POST /api/group-bookings answered 409: fewer seats are left than asked. */
  onSeatsConflict: () => void
}

export function useGroupBooking({onBooked, onSeatsConflict}: UseGroupBookingOptions) {
  const [phase, setPhase] = useState<GroupBookingPhase>({kind: 'idle'})
  const [alert, setAlert] = useState<string | null>(null)
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const sandboxSettle = useRef<((outcome: SandboxOutcome) => void) | null>(null)

  async function book(value: GroupBookingBody): Promise<void> {
    setAlert(null)
    setFieldErrors({})
    setPhase({kind: 'processing'})
    const fail = (message: string) => {
      setAlert(message)
      setPhase({kind: 'idle'})
    }
    const outcome = await requestGroupBooking(value)
    if (!outcome.ok) {
      setFieldErrors(outcome.fieldErrors)
      if (outcome.seatsConflict) onSeatsConflict()
      return fail(outcome.message)
    }
    if (outcome.payBy === 'invoice') return onBooked(groupBookingPath(outcome.booking.bookingId, outcome.booking.key))

    const order = outcome.order
    let checkout: typeof import('~/lib/checkout')
    try {
      checkout = await loadCheckout()
    } catch {
      // Without the checkout calls nothing can give the seats back now: the hold expires by itself.
      return fail(ENROLMENT_MESSAGES.paymentInitFailed)
    }
    let paid: SandboxOutcome
    try {
      if (order.mode === 'sandbox') {
        paid = await new Promise<SandboxOutcome>((resolve) => {
          sandboxSettle.current = resolve
          setPhase({kind: 'sandbox', order})
        })
        setPhase({kind: 'processing'})
      } else {
        await checkout.loadRazorpay()
        paid = await checkout.openRazorpay(order)
      }
    } catch (error) {
      checkout.releaseOrder(order.id)
      return fail(error instanceof checkout.CheckoutError ? error.message : ENROLMENT_MESSAGES.paymentInitFailed)
    }
    // Unpaid: the booking's seats go back at once rather than when the hold expires.
    if ('dismissed' in paid || 'failed' in paid) checkout.releaseOrder(order.id)
    if ('dismissed' in paid) return fail(CHECKOUT_MESSAGES.cancelled)
    if ('failed' in paid) return fail(CHECKOUT_MESSAGES.failed(paid.failed))
    try {
      const saved = await checkout.submitPaymentResult(paid)
      onBooked(saved.confirmationUrl)
    } catch (error) {
      fail(CHECKOUT_MESSAGES.notSaved((error as Error).message, paid.razorpay_payment_id))
    }
  }

  /** The sandbox dialog's outcome: Pay, Fail payment, or closed. */
  function settleSandbox(outcome: SandboxOutcome) {
    sandboxSettle.current?.(outcome)
    sandboxSettle.current = null
  }

  const busy = phase.kind === 'processing' || phase.kind === 'sandbox'
  return {phase, busy, alert, fieldErrors, book, settleSandbox}
}
