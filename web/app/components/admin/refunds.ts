/**
 * The refund form's words and checks, free of React (docs/requirements.md#req-refunds),
 * used by ./EnrolmentRefunds.tsx. The rule itself (reasons, what can still be refunded, the
 * amount's verdict) is #schemas/rules/refunds.ts; the amount's text rule is #schemas/rules/price.ts
 * parseAmountUsd; the note rule is #schemas/rules/enrolment-status.ts. This module only joins them
 * for the form and writes the sentences staff read.
 *
 * Units: the form's amount text is in MAJOR units (dollars: "25", "25.50"); everything else here
 * (refunds, what was paid, the request's `amount`) is in MINOR units (cents), integers.
 */
import type {EnrolmentDetail, Refund} from '#schemas/contracts/admin'
import type {RefundRequest} from '#schemas/contracts/refunds'
import {normaliseNote, noteProblem, wasPaid} from '#schemas/rules/enrolment-status'
import {formatMoney} from '#schemas/rules/format'
import {fromMinorUnits, parseAmountUsd, toMinorUnits} from '#schemas/rules/price'
import {REFUND_REASONS, REFUND_STATUS_LABELS, refundableMinor, refundAmountProblem, refundedMinor, type RefundReason} from '#schemas/rules/refunds'

/** `minor` units of `currency` as the admin pages write money: 2500 → '$25 USD', 2550 → '$25.50 USD'. */
export const formatMinor = (minor: number, currency: string): string => formatMoney(fromMinorUnits(minor), currency || 'USD')

/**
 * What the enrolment's payment was, in minor units: the record's `amountMinor` (always written
 * with the order), or `amount` (major units) × 100 for an answer without it.
 */
export const paidMinorOf = (detail: Pick<EnrolmentDetail, 'amount' | 'amountMinor'>): number =>
  Number.isSafeInteger(detail.amountMinor) ? detail.amountMinor : toMinorUnits(Number(detail.amount))

/** What can still be refunded of the enrolment's payment (minor units; 0 when it was never paid). */
export function leftToRefund(detail: Pick<EnrolmentDetail, 'amount' | 'amountMinor' | 'status' | 'paidAt' | 'refunds'>): number {
  if (!wasPaid(detail)) return 0
  const left = refundableMinor(paidMinorOf(detail), detail.refunds ?? [])
  return Number.isFinite(left) ? left : 0
}

/** Whether staff may start a refund: the payment was received and something of it is left to refund. */
export const canRefund = (detail: Pick<EnrolmentDetail, 'amount' | 'amountMinor' | 'status' | 'paidAt' | 'refunds'>): boolean => leftToRefund(detail) > 0

/** The amount field's text for `minor` units (the form opens with what is left): 12500 → '125', 2550 → '25.50'. */
export const amountInputText = (minor: number): string => (minor % 100 === 0 ? String(minor / 100) : (minor / 100).toFixed(2))

/**
 * 'Refunded so far: $25 USD of $150 USD ($125 USD left).' / '… (refunded in full).' — only the
 * refunds that count (failed ones are left out: #schemas/rules/refunds refundCounts).
 */
export function refundedSoFarText(paidMinor: number, refunds: readonly Pick<Refund, 'amount' | 'status'>[], currency: string): string {
  const refunded = refundedMinor(refunds)
  const left = refundableMinor(paidMinor, refunds)
  const rest = left === 0 ? 'refunded in full' : `${formatMinor(left, currency)} left`
  return `Refunded so far: ${formatMinor(refunded, currency)} of ${formatMinor(paidMinor, currency)} (${rest}).`
}

/** The confirm step's question: 'Refund $25 USD to Maria Santos? This cannot be undone.' */
export const refundConfirmText = (amountMinor: number, currency: string, name: string): string =>
  `Refund ${formatMinor(amountMinor, currency)} to ${name}? This cannot be undone.`

/** What is announced once the API accepted a refund: 'Refund of $25 USD requested: Processed.' (the refund's state at the gateway). */
export const refundAnnouncement = (refund: Pick<Refund, 'amount' | 'currency' | 'status'>): string =>
  `Refund of ${formatMinor(refund.amount, refund.currency)} requested: ${REFUND_STATUS_LABELS[refund.status] ?? refund.status}.`

/** The form as typed: the amount in major units, the reason ('' until one is chosen) and the note. */
export type RefundFormInput = {amountText: string; reason: RefundReason | ''; note: string}

/** The form's verdict: the request to send, or the first problem with the field it concerns. */
export type RefundFormCheck = {ok: true; request: RefundRequest} | {ok: false; field: 'amount' | 'reason' | 'note'; message: string}

/**
 * Checks the form before anything is sent: the amount (digits with at most two decimals,
 * parseAmountUsd; then refundAmountProblem against what was paid and refunded), a reason, and
 * the note (optional; when given, the note rule). The request carries the amount in minor
 * units and the note normalised, without `note` when it is empty.
 */
export function checkRefundForm(
  input: RefundFormInput,
  payment: {paidMinor: number; refunds: readonly Pick<Refund, 'amount' | 'status'>[]; currency: string},
): RefundFormCheck {
  const major = parseAmountUsd(input.amountText.trim())
  if (major === null) return {ok: false, field: 'amount', message: 'Enter the amount as a number such as 25 or 25.50 (at most two decimals).'}
  const amount = toMinorUnits(major)
  const problem = refundAmountProblem(amount, payment.paidMinor, payment.refunds, (minor) => formatMinor(minor, payment.currency))
  if (problem) return {ok: false, field: 'amount', message: problem}
  const reason = input.reason
  if (!reason || !(REFUND_REASONS as readonly string[]).includes(reason)) return {ok: false, field: 'reason', message: 'Choose the reason for the refund.'}
  const note = normaliseNote(input.note)
  if (!note) return {ok: true, request: {amount, reason}}
  const noteError = noteProblem(note)
  if (noteError) return {ok: false, field: 'note', message: noteError}
  return {ok: true, request: {amount, reason, note}}
}

/**
 * A new Idempotency-Key (schemas/contracts/refunds.ts: 10–100 of [A-Za-z0-9_-]): a UUID, or 32 hex
 * digits where crypto.randomUUID is missing (a page served over plain http to another host).
 * Made once when the form opens; every retry of that refund sends it again.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('')
}
