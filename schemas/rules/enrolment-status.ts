/**
 * The enrolment follow-up rule (docs/requirements.md#req-enrolment-status): an
 * enrolment's statuses, their labels, the moves staff may make, the moves a refund makes, which
 * statuses count as paid, and the rule for a staff note. One home: the contracts
 * (schemas/contracts/admin.ts), the record writer (netlify/services/enrolments/enrolments.ts changeEnrolment), the
 * admin list's index, receipts, the purge and the admin pages all import it. Pure; only
 * ./text.ts is imported.
 *
 * Life of an enrolment:
 *
 *   pending ──payment──▶ paid ──▶ contacted ──▶ confirmed ──▶ completed
 *      │                  │           │             │
 *      └──────────────────┴───────────┴─────────────┴──▶ cancelled          (staff)
 *   paid, contacted, confirmed, completed, partially-refunded, or cancelled after payment
 *      ──refund──▶ partially-refunded or refunded                             (refunds, not staff)
 *   partially-refunded ──▶ completed or cancelled                             (staff)
 *
 * - `pending` becomes `paid` only through its payment (netlify/services/enrolments/enrolments.ts markPaid), never
 *   by hand; staff can only cancel it.
 * - Staff move one step at a time (paid → contacted → confirmed → completed), or cancel: a skip,
 *   a step back, the same status again, or any move out of `completed`, `cancelled` or `refunded`
 *   is refused (the API answers 409 with checkStaffMove's message).
 * - `refunded` and `partially-refunded` are set by refunds (checkRefundMove), never by staff.
 *   Cancelling a paid enrolment does NOT refund it: the payment stays until a refund is made.
 * - A note alone never changes the status and is allowed in every status.
 */
import {hasControlCharacter, labelledValues} from './text'

/**
 * What staff read for each status (badges, the status filter, the history), the statuses in the
 * order of an enrolment's life (the status column sorts in this order).
 */
export const ENROLMENT_STATUS_LABELS = Object.freeze({
  pending: 'Pending',
  paid: 'Paid',
  contacted: 'Contacted',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  'partially-refunded': 'Partially refunded',
})
export type EnrolmentStatus = keyof typeof ENROLMENT_STATUS_LABELS
/** Every status, in the order of an enrolment's life. */
export const ENROLMENT_STATUSES = labelledValues(ENROLMENT_STATUS_LABELS)

/** Whether `value` is one of ENROLMENT_STATUSES. */
export const isEnrolmentStatus = (value: unknown): value is EnrolmentStatus => (ENROLMENT_STATUSES as readonly unknown[]).includes(value)

/** The statuses staff may move an enrolment to, from each status (PATCH /api/admin/enrollments/:orderId). */
export const STAFF_MOVES: Readonly<Record<EnrolmentStatus, readonly EnrolmentStatus[]>> = {
  pending: ['cancelled'],
  paid: ['contacted', 'cancelled'],
  contacted: ['confirmed', 'cancelled'],
  confirmed: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
  refunded: [],
  'partially-refunded': ['completed', 'cancelled'],
}

/** The statuses staff can choose at all (targets of STAFF_MOVES). */
export type StaffTarget = 'contacted' | 'confirmed' | 'completed' | 'cancelled'

/** The detail dialog's button for each move staff can make. */
export const STAFF_MOVE_LABELS: Readonly<Record<StaffTarget, string>> = {
  contacted: 'Mark as contacted',
  confirmed: 'Mark as confirmed',
  completed: 'Mark as completed',
  cancelled: 'Cancel enrolment',
}

/** The statuses only a refund sets. */
export const REFUND_STATUSES = ['refunded', 'partially-refunded'] as const satisfies readonly EnrolmentStatus[]

/**
 * Paid and going on (or done): `paid`, `contacted`, `confirmed`, `completed`,
 * `partially-refunded`. The candidate's confirmation page and receipt download are open in these
 * statuses; `pending`, `cancelled` and `refunded` are not paid-like.
 */
export const PAID_STATUSES = ['paid', 'contacted', 'confirmed', 'completed', 'partially-refunded'] as const satisfies readonly EnrolmentStatus[]

/** Whether `status` is one of PAID_STATUSES. */
export const isPaidStatus = (status: string): boolean => (PAID_STATUSES as readonly string[]).includes(status)

/**
 * Whether the enrolment's payment was received at some time: a paid-like status, or any other
 * status but `pending` with `paidAt` set (so a paid enrolment that was cancelled or refunded
 * still counts; one cancelled before paying does not). Receipts are owed for these, the admin
 * list shows them by default, the index ranks them above unpaid rows, and revenue counts their
 * payment minus its refunds (./revenue.ts netRevenueMinor: a cancelled paid enrolment keeps its
 * payment until a refund is made).
 */
export const wasPaid = (enrolment: {status: string; paidAt?: string | null}): boolean =>
  isPaidStatus(enrolment.status) || (enrolment.status !== 'pending' && Boolean(enrolment.paidAt))

/** Whether the enrolment awaits contact: paid, and nobody has contacted the candidate yet (the "Awaiting contact" card). */
export const isAwaitingContact = (status: string): boolean => status === 'paid'

/** A move's verdict: allowed, or refused with the message the API answers (409). */
export type MoveCheck = {ok: true} | {ok: false; message: string}

const label = (status: EnrolmentStatus) => ENROLMENT_STATUS_LABELS[status]

/** "Contacted", "Contacted or Cancelled", "Contacted, Confirmed or Cancelled". */
function orList(statuses: readonly EnrolmentStatus[]): string {
  const labels = statuses.map(label)
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} or ${labels.at(-1)}`
}

/** The staff moves out of `from` (empty for a final status). */
export const staffMovesFrom = (from: EnrolmentStatus): readonly EnrolmentStatus[] => STAFF_MOVES[from]

/**
 * Whether staff may move an enrolment from `from` to `to` (STAFF_MOVES), with the reason when
 * not: the same status, a status only a payment or a refund sets, a final status, or a move that
 * is not the next step or a cancellation.
 */
export function checkStaffMove(from: EnrolmentStatus, to: EnrolmentStatus): MoveCheck {
  if (STAFF_MOVES[from].includes(to)) return {ok: true}
  if (from === to) return {ok: false, message: `The enrolment is already ${label(to)}.`}
  if ((REFUND_STATUSES as readonly string[]).includes(to))
    return {ok: false, message: `${label(to)} is set when a refund is made, not by hand. Cancelling an enrolment does not refund its payment.`}
  if (to === 'paid') return {ok: false, message: 'An enrolment becomes Paid only when its payment arrives.'}
  const allowed = STAFF_MOVES[from]
  if (allowed.length === 0) return {ok: false, message: `A ${label(from).toLowerCase()} enrolment cannot change status any more.`}
  return {ok: false, message: `A ${label(from).toLowerCase()} enrolment cannot become ${label(to)}: it can only become ${orList(allowed)}.`}
}

/**
 * For the refunds work (not built yet): whether a refund may set `to` (`refunded` or
 * `partially-refunded`) on an enrolment as it is — one whose payment was received and is not
 * refunded in full already (any paid-like status, or `cancelled` after payment).
 */
export function checkRefundMove(current: {status: EnrolmentStatus; paidAt?: string | null}, to: EnrolmentStatus): MoveCheck {
  if (!(REFUND_STATUSES as readonly string[]).includes(to)) return {ok: false, message: `A refund cannot set ${label(to)}.`}
  if (!wasPaid(current)) return {ok: false, message: 'An enrolment that was never paid cannot be refunded.'}
  if (current.status === 'refunded') return {ok: false, message: 'The enrolment is already Refunded.'}
  return {ok: true}
}

/** The longest staff note, in characters (UTF-16 code units, as the textarea's maxLength counts). */
export const NOTE_MAX_LENGTH = 2000

/** A note as it is stored: line breaks as `\n` (CR LF and CR converted), leading and trailing white space removed. */
export const normaliseNote = (text: string): string => text.replace(/\r\n?/g, '\n').trim()

/**
 * Why a note (already normalised) is refused, or null when it is fine: empty, longer than
 * NOTE_MAX_LENGTH, or holding a control character other than a line break (./text.ts's rule:
 * a tab too). The messages name the field; the API answers them as 400.
 */
export function noteProblem(note: string): string | null {
  if (note.length === 0) return 'The note is empty: write something first.'
  if (note.length > NOTE_MAX_LENGTH) return `The note is too long: at most ${NOTE_MAX_LENGTH} characters.`
  if (hasControlCharacter(note.replaceAll('\n', ''))) return 'The note must not contain control characters (only line breaks are allowed).'
  return null
}
