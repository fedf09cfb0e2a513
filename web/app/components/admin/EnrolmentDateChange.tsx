/**
 * The date-change part of the enrolment detail dialog (docs/account/date-change.md): a candidate's
 * pending request for another date — the booked and the asked-for batch, their note — with
 * "Approve" (moves the seat at once; "That date has just filled up" when the last seat went
 * meanwhile, and then nothing changed) and "Decline"; both e-mail the candidate. Decided requests
 * are listed with their outcome. While a decision is sent both buttons wait; success hands the
 * enrolment after it to `onUpdated` and is announced politely; a refusal shows the server's
 * reason (role="alert").
 */
import {useId, useState} from 'react'
import {DateChangeDecisionAnswerSchema, StoredDateChangeRequestSchema, type StoredDateChangeRequest} from '#schemas/contracts/date-change'
import {enrolmentBatchText} from '#schemas/rules/batches'
import {formatDateTime} from '#schemas/rules/format'
import type {EnrolmentSectionProps} from './AdminDialog'
import {adminFetch} from './admin-fetch'
import {UnauthorizedError} from './api'

const FAILED = 'The decision could not be saved. Please try again.'

const decisionUrl = (orderId: string, requestId: string) => `/api/admin/enrollments/${encodeURIComponent(orderId)}/date-change/${encodeURIComponent(requestId)}`

/** The requests stored on the detail (fields not of the contract are left out). */
function requestsOf(detail: EnrolmentSectionProps['detail']): StoredDateChangeRequest[] {
  const raw = (detail as {dateChangeRequests?: unknown}).dateChangeRequests
  const parsed = StoredDateChangeRequestSchema.array().safeParse(raw ?? [])
  return parsed.success ? parsed.data : []
}

export function EnrolmentDateChange({detail, token, onUpdated, onUnauthorized}: EnrolmentSectionProps) {
  const ids = useId()
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const requests = requestsOf(detail)
  if (requests.length === 0) return null
  const pending = requests.find((request) => request.status === 'pending')
  const decided = requests.filter((request) => request.status !== 'pending')

  async function decide(request: StoredDateChangeRequest, decision: 'approve' | 'decline') {
    if (busy) return
    setBusy(decision)
    setError(null)
    setDone(null)
    try {
      const answer = await adminFetch(decisionUrl(detail.orderId, request.id), {
        token,
        method: 'POST',
        body: {decision},
        schema: DateChangeDecisionAnswerSchema,
        failed: FAILED,
        serverMessage: (status) => status !== 500,
      })
      onUpdated(answer.enrolment)
      setDone(
        answer.decision === 'approved'
          ? `Moved to ${enrolmentBatchText(request.toBatch)}. The candidate was e-mailed.`
          : 'Declined: the booking stays on its date. The candidate was e-mailed.',
      )
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setError(failure instanceof Error ? failure.message : FAILED)
    } finally {
      setBusy(null)
    }
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-6 border-t border-slate-200 pt-5" data-testid="date-change">
      <h3 id={`${ids}-title`} className="text-base font-semibold text-navy-900">
        Change of date
      </h3>
      {pending ? (
        <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm">
          <p className="font-medium text-navy-900">Another date requested on {formatDateTime(pending.requestedAt)}</p>
          <p className="mt-1">Booked: {enrolmentBatchText(pending.fromBatch, {venue: true})}</p>
          <p>Asked for: {enrolmentBatchText(pending.toBatch, {venue: true})}</p>
          {pending.note ? <p className="mt-1 whitespace-pre-line text-slate-700">Note: {pending.note}</p> : null}
          <div className="mt-3 flex flex-wrap gap-2">
            <button type="button" className="btn-primary min-h-10 px-3 py-1.5" disabled={busy !== null} onClick={() => void decide(pending, 'approve')}>
              {busy === 'approve' ? 'Approving...' : 'Approve'}
            </button>
            <button type="button" className="btn-outline min-h-10 px-3 py-1.5" disabled={busy !== null} onClick={() => void decide(pending, 'decline')}>
              {busy === 'decline' ? 'Declining...' : 'Decline'}
            </button>
          </div>
        </div>
      ) : null}
      {decided.length > 0 ? (
        <ul className="mt-3 grid gap-1 text-sm text-slate-700">
          {decided.map((request) => (
            <li key={request.id}>
              {request.status === 'approved' ? 'Approved' : 'Declined'}: {enrolmentBatchText(request.fromBatch)} → {enrolmentBatchText(request.toBatch)}
              {request.decidedAt ? ` (${formatDateTime(request.decidedAt)}${request.decidedBy ? `, ${request.decidedBy}` : ''})` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-2 text-sm text-emerald-800">
        {done ?? ''}
      </p>
    </section>
  )
}
