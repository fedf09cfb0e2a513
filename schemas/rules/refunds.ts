/**
 * The refund rule (docs/requirements.md#req-refunds): why a refund is made, how much
 * of a payment can still be refunded, and which status the refunds leave an enrolment in. One
 * home: the contract (schemas/contracts/refunds.ts), the writer (netlify/services/refunds/refunds.ts), the admin
 * list's revenue (./revenue.ts) and the refund form all import it. Pure; nothing here throws.
 *
 * Units: every refund amount is in minor units (cents for USD), an integer, like the order's
 * `amountMinor`; the enrolment's `amount` stays in major units (the spec's field).
 */
import type {EnrolmentStatus} from './enrolment-status'
import {labelledValues} from './text'

/** Why staff refund (POST /api/admin/enrollments/:orderId/refunds `reason`), with what staff and the candidate read for each. */
export const REFUND_REASON_LABELS = Object.freeze({
  'duplicate-payment': 'Duplicate payment',
  'course-cancelled': 'Course cancelled',
  'requested-by-candidate': 'Requested by the candidate',
  other: 'Other',
})
export type RefundReason = keyof typeof REFUND_REASON_LABELS
export const REFUND_REASONS = labelledValues(REFUND_REASON_LABELS)

/**
 * A refund's state: `requested` (written before the gateway is asked; a retry with the same
 * idempotency key asks again), `pending` (the gateway accepted it and is processing it),
 * `processed` (the money is on its way back), `failed` (the gateway gave up: it no longer counts).
 */
export const REFUND_STATUS_LABELS = Object.freeze({requested: 'Requested', pending: 'Pending', processed: 'Processed', failed: 'Failed'})
export type RefundStatus = keyof typeof REFUND_STATUS_LABELS
export const REFUND_STATUSES = labelledValues(REFUND_STATUS_LABELS)

/** The part of a refund the rules read: its amount (minor units) and state. */
export type RefundAmount = {amount: number; status: RefundStatus}

/** Whether a refund counts against the payment: every state but `failed`. */
export const refundCounts = (refund: {status: RefundStatus}): boolean => refund.status !== 'failed'

/** The sum of the refunds that count (minor units). */
export const refundedMinor = (refunds: readonly RefundAmount[] | undefined): number =>
  (refunds ?? []).reduce((sum, refund) => (refundCounts(refund) ? sum + refund.amount : sum), 0)

/** What can still be refunded of a payment of `paidMinor` (minor units, never below 0). */
export const refundableMinor = (paidMinor: number, refunds: readonly RefundAmount[] | undefined): number => Math.max(0, paidMinor - refundedMinor(refunds))

/**
 * Why a refund of `amountMinor` is refused for a payment of `paidMinor` with `refunds` already
 * made, or null when it may go ahead: not a positive whole number of minor units, or more than
 * refundableMinor (the API answers 400 with this message; `format` writes minor units as money).
 */
export function refundAmountProblem(
  amountMinor: number,
  paidMinor: number,
  refunds: readonly RefundAmount[] | undefined,
  format: (minor: number) => string,
): string | null {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return 'The amount must be a positive whole number of minor units (cents).'
  const left = refundableMinor(paidMinor, refunds)
  if (left === 0) return 'Nothing is left to refund: the payment has been refunded in full.'
  if (amountMinor > left) return `The amount is more than can be refunded: at most ${format(left)}.`
  return null
}

/**
 * The status refunds leave a paid enrolment in: `refunded` when they cover the whole payment,
 * `partially-refunded` when they cover part of it, and `before` (the status the first refund
 * found) when none counts any more (every refund failed).
 */
export function statusAfterRefunds(paidMinor: number, refunds: readonly RefundAmount[], before: EnrolmentStatus): EnrolmentStatus {
  const refunded = refundedMinor(refunds)
  if (refunded === 0) return before
  return refunded >= paidMinor ? 'refunded' : 'partially-refunded'
}
