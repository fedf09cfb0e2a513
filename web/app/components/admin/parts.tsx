/** Small pieces of the administrator pages: status badges (enrolments, refunds, outbox, enquiries), the batch flags, spinner, the e-mail banner (dates and money: #schemas/rules/format). */
import type {ReactNode} from 'react'
import type {EnquiryStatus} from '#schemas/contracts/enquiries'
import {BATCH_CANCELLED, OVER_CAPACITY} from '#schemas/rules/batches'
import {ENROLMENT_STATUS_LABELS, isEnrolmentStatus, type EnrolmentStatus} from '#schemas/rules/enrolment-status'
import {REFUND_STATUS_LABELS, type RefundStatus} from '#schemas/rules/refunds'
import type {OutboxStatus} from '#schemas/contracts/outbox'
import {ENQUIRY_STATUS_LABELS} from './enquiries'
import {EMAIL_NOT_CONFIGURED, STATUS_LABELS} from './outbox'

/** The colours of each enrolment status's badge (text on its tint reaches 4.5:1). */
const ENROLMENT_BADGE: Record<EnrolmentStatus, string> = {
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  paid: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  contacted: 'bg-sky-50 text-sky-900 ring-sky-600/40',
  confirmed: 'bg-indigo-50 text-indigo-900 ring-indigo-600/30',
  completed: 'bg-slate-100 text-slate-800 ring-slate-500/40',
  cancelled: 'bg-red-50 text-red-800 ring-red-600/30',
  refunded: 'bg-purple-50 text-purple-900 ring-purple-600/30',
  'partially-refunded': 'bg-purple-50 text-purple-900 ring-purple-600/30',
}

/** An enrolment's status with its label (Pending, Paid, Contacted, Confirmed, Completed, Cancelled, Refunded, Partially refunded). */
export function StatusBadge({status}: {status: EnrolmentStatus | string}) {
  const known = isEnrolmentStatus(status)
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${
        known ? ENROLMENT_BADGE[status] : ENROLMENT_BADGE.pending
      }`}
    >
      {known ? ENROLMENT_STATUS_LABELS[status] : status}
    </span>
  )
}

const REFUND_BADGE: Record<RefundStatus, string> = {
  requested: 'bg-sky-50 text-sky-900 ring-sky-600/40',
  pending: 'bg-amber-50 text-amber-900 ring-amber-600/40',
  processed: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  failed: 'bg-red-50 text-red-800 ring-red-600/40',
}

/** A refund's state: Requested, Pending, Processed or Failed. */
export function RefundStatusBadge({status}: {status: RefundStatus}) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${REFUND_BADGE[status] ?? REFUND_BADGE.requested}`}
    >
      {REFUND_STATUS_LABELS[status] ?? status}
    </span>
  )
}

/** A loading state: a spinner and its label, announced politely. */
export function Spinner({label}: {label: string}) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-4 py-16 text-slate-600">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-ocean-100 border-t-ocean-600" />
      <span className="text-base font-medium">{label}</span>
    </div>
  )
}

const OUTBOX_BADGE: Record<OutboxStatus, string> = {
  queued: 'bg-sky-50 text-sky-900 ring-sky-600/40',
  sent: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  failed: 'bg-red-50 text-red-800 ring-red-600/40',
}

/** A status as a pill; `tone` is its colour classes. */
function StatusPill({tone, label}: {tone: string; label: string}) {
  return <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}>{label}</span>
}

/** An outbox message's status: Queued, Sent or Failed. */
export function OutboxStatusBadge({status}: {status: OutboxStatus}) {
  return <StatusPill tone={OUTBOX_BADGE[status]} label={STATUS_LABELS[status]} />
}

const ENQUIRY_BADGE: Record<EnquiryStatus, string> = {
  new: 'bg-sky-50 text-sky-900 ring-sky-600/40',
  handled: 'bg-slate-100 text-slate-800 ring-slate-500/40',
}

/** An enquiry's status: New or Handled. */
export function EnquiryStatusBadge({status}: {status: EnquiryStatus}) {
  return <StatusPill tone={ENQUIRY_BADGE[status]} label={ENQUIRY_STATUS_LABELS[status]} />
}

/** The admin pages' notice that e-mail is not configured (SMTP_URL unset): messages wait in the outbox. */
export function EmailNotConfiguredBanner() {
  return <AdminBanner>{EMAIL_NOT_CONFIGURED}</AdminBanner>
}

/** A notice across the admin area, under its navigation (role=status). */
export function AdminBanner({children}: {children: ReactNode}) {
  return (
    <div className="container-page pt-4">
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
        {children}
      </p>
    </div>
  )
}

/**
 * An urgent notice across the admin area, under its navigation, in red (role=alert): the daily
 * backup's warning (docs/requirements.md#req-backup-status) on every admin page.
 */
export function AdminAlertBanner({children}: {children: ReactNode}) {
  return (
    <div className="container-page pt-4">
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-semibold text-red-900">
        {children}
      </p>
    </div>
  )
}

/**
 * An enrolment's batch flags for staff: "Over capacity" (paid after its seat had gone)
 * and "Batch cancelled" (its batch was cancelled in the content); nothing when neither applies.
 */
export function BatchFlags({overCapacity, batchCancelled}: {overCapacity?: boolean; batchCancelled?: boolean}) {
  if (!overCapacity && !batchCancelled) return null
  const badge =
    'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset bg-red-50 text-red-800 ring-red-600/30'
  return (
    <span className="mt-1 flex flex-wrap gap-1">
      {overCapacity ? <span className={badge}>{OVER_CAPACITY}</span> : null}
      {batchCancelled ? <span className={badge}>{BATCH_CANCELLED}</span> : null}
    </span>
  )
}
