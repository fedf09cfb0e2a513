/**
 * The refunds part of the enrolment detail dialog (docs/requirements.md#req-refunds):
 * how much of the payment was refunded so far, each refund (newest first: amount, state, reason,
 * time and account, the gateway's refund id or ours, the failure reason), and "Refund…" for a
 * paid enrolment with something left to refund.
 *
 * The form: the amount in MAJOR units (text, decimal keyboard, opened with what is left), a
 * reason (none chosen at first) and an optional note; checked here (./refunds.ts
 * checkRefundForm: #schemas/rules/refunds refundAmountProblem, the note rule) before a confirm step
 * ("Refund $25 USD to Maria Santos? This cannot be undone.", "Confirm refund" / "Back").
 *
 * Sent once: the Idempotency-Key is made when the form opens and sent with every attempt of
 * that refund ("Try again" after a failure, also after Back and an edit), so a refund whose
 * answer was lost is answered again, never made twice; the next refund gets a new key (after
 * success or Cancel). While it is sent every control of the form waits, and a second click on
 * "Confirm refund" sends nothing. Success hands the enrolment after the refund to `onUpdated`
 * (the dialog and the list row follow) and is announced politely; a failure shows the
 * server's reason (role="alert") and keeps what was typed. Focus never drops to the page: to
 * the amount when the form opens or comes back, to "Confirm refund" on the confirm step and
 * after a failure, to the field at fault, to the totals line after success, and back to
 * "Refund…" after Cancel.
 */
import {useEffect, useId, useRef, useState, type FormEvent} from 'react'
import {NOTE_MAX_LENGTH, wasPaid} from '#schemas/rules/enrolment-status'
import {formatDateTime} from '#schemas/rules/format'
import {REFUND_REASON_LABELS, REFUND_REASONS, type RefundReason} from '#schemas/rules/refunds'
import type {RefundRequest} from '#schemas/contracts/refunds'
import type {EnrolmentSectionProps} from './AdminDialog'
import {createRefund, UnauthorizedError} from './api'
import {RefundStatusBadge} from './parts'
import {
  amountInputText,
  canRefund,
  checkRefundForm,
  formatMinor,
  leftToRefund,
  newIdempotencyKey,
  paidMinorOf,
  refundAnnouncement,
  refundConfirmText,
  refundedSoFarText,
  type RefundFormInput,
} from './refunds'

type Step = 'closed' | 'edit' | 'confirm'
type FieldName = 'amount' | 'reason' | 'note'
/** Where focus goes once the step has rendered. */
type FocusTarget = null | 'open' | 'totals' | 'confirm' | FieldName

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none'

export function EnrolmentRefunds({detail, token, onUpdated, onUnauthorized}: EnrolmentSectionProps) {
  const ids = useId()
  const section = useRef<HTMLElement>(null)
  const [step, setStep] = useState<Step>('closed')
  const [form, setForm] = useState<RefundFormInput>({amountText: '', reason: '', note: ''})
  /** The refund being confirmed (minor units), once the form passed its checks. */
  const [request, setRequest] = useState<RefundRequest | null>(null)
  /** One key per refund: made when the form opens, kept for every retry, dropped after success or Cancel. */
  const key = useRef<string | null>(null)
  /** Set synchronously on the first click, so a double click sends once. */
  const inFlight = useRef(false)
  const [sending, setSending] = useState(false)
  const [failed, setFailed] = useState(false)
  const [error, setError] = useState<{field: FieldName | 'request'; message: string} | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [focusTarget, setFocusTarget] = useState<FocusTarget>(null)

  const refunds = detail.refunds ?? []
  const currency = detail.currency || 'USD'
  const paidMinor = paidMinorOf(detail)
  const paid = wasPaid(detail)
  const newestFirst = [...refunds].reverse()

  useEffect(() => {
    if (!focusTarget) return
    section.current?.querySelector<HTMLElement>(`[data-focus="${focusTarget}"]`)?.focus()
    setFocusTarget(null)
  }, [focusTarget])

  function open() {
    key.current = newIdempotencyKey()
    setForm({amountText: amountInputText(leftToRefund(detail)), reason: '', note: ''})
    setRequest(null)
    setError(null)
    setFailed(false)
    setAnnouncement('')
    setStep('edit')
    setFocusTarget('amount')
  }

  function cancel() {
    key.current = null
    setStep('closed')
    setRequest(null)
    setError(null)
    setFailed(false)
    setFocusTarget('open')
  }

  function review(event: FormEvent) {
    event.preventDefault()
    const check = checkRefundForm(form, {paidMinor, refunds, currency})
    if (!check.ok) {
      setError({field: check.field, message: check.message})
      setFocusTarget(check.field)
      return
    }
    setError(null)
    setFailed(false)
    setRequest(check.request)
    setStep('confirm')
    setFocusTarget('confirm')
  }

  function back() {
    setStep('edit')
    setFocusTarget('amount')
  }

  async function confirm() {
    if (inFlight.current || !request || !key.current) return
    inFlight.current = true
    setSending(true)
    setError(null)
    setAnnouncement('')
    try {
      const {refund, enrolment} = await createRefund(token, detail.orderId, request, key.current)
      onUpdated(enrolment)
      key.current = null
      setStep('closed')
      setRequest(null)
      setFailed(false)
      setAnnouncement(refundAnnouncement(refund))
      setFocusTarget('totals')
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setError({field: 'request', message: failure instanceof Error ? failure.message : 'The refund could not be requested. Please try again.'})
      setFailed(true)
      setFocusTarget('confirm')
    } finally {
      inFlight.current = false
      setSending(false)
    }
  }

  const fieldError = (field: FieldName) => (error?.field === field ? error.message : null)
  const describedBy = (field: FieldName, hint?: boolean) =>
    [hint ? `${ids}-${field}-hint` : '', fieldError(field) ? `${ids}-${field}-error` : ''].filter(Boolean).join(' ') || undefined
  const left = leftToRefund(detail)

  return (
    <section ref={section} aria-labelledby={`${ids}-title`} className="mt-6 border-t border-slate-200 pt-5">
      <h3 id={`${ids}-title`} className="text-base font-semibold text-navy-900">
        Refunds
      </h3>
      <p data-focus="totals" tabIndex={-1} className="mt-2 text-sm font-medium text-slate-800 focus:outline-none">
        {paid ? refundedSoFarText(paidMinor, refunds, currency) : 'Not paid: there is nothing to refund.'}
      </p>

      {canRefund(detail) && step === 'closed' ? (
        <button type="button" data-focus="open" onClick={open} className="btn-outline mt-3 min-h-11 px-4">
          Refund…
        </button>
      ) : null}

      {step !== 'closed' ? (
        <div className="mt-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
          {step === 'edit' ? (
            <form onSubmit={review} noValidate aria-labelledby={`${ids}-form-title`}>
              <h4 id={`${ids}-form-title`} className="text-sm font-semibold text-navy-900">
                New refund
              </h4>
              <label htmlFor={`${ids}-amount`} className="mt-3 block text-sm font-semibold text-navy-900">
                Amount ({currency.toUpperCase()})
              </label>
              <input
                id={`${ids}-amount`}
                data-focus="amount"
                type="text"
                inputMode="decimal"
                autoComplete="off"
                value={form.amountText}
                onChange={(event) => setForm({...form, amountText: event.target.value})}
                aria-invalid={fieldError('amount') ? true : undefined}
                aria-describedby={describedBy('amount', true)}
                className={`${inputClass} max-w-xs`}
              />
              <p id={`${ids}-amount-hint`} className="mt-1 text-xs text-slate-600">
                At most {formatMinor(left, currency)}, for example 25 or 25.50.
              </p>
              {fieldError('amount') ? (
                <p id={`${ids}-amount-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {fieldError('amount')}
                </p>
              ) : null}

              <label htmlFor={`${ids}-reason`} className="mt-4 block text-sm font-semibold text-navy-900">
                Reason
              </label>
              <select
                id={`${ids}-reason`}
                data-focus="reason"
                required
                value={form.reason}
                onChange={(event) => setForm({...form, reason: event.target.value as RefundReason | ''})}
                aria-invalid={fieldError('reason') ? true : undefined}
                aria-describedby={describedBy('reason')}
                className={`${inputClass} max-w-xs`}
              >
                <option value="">Choose a reason</option>
                {REFUND_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {REFUND_REASON_LABELS[reason]}
                  </option>
                ))}
              </select>
              {fieldError('reason') ? (
                <p id={`${ids}-reason-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {fieldError('reason')}
                </p>
              ) : null}

              <label htmlFor={`${ids}-note`} className="mt-4 block text-sm font-semibold text-navy-900">
                Note (optional)
              </label>
              <textarea
                id={`${ids}-note`}
                data-focus="note"
                rows={2}
                maxLength={NOTE_MAX_LENGTH}
                value={form.note}
                onChange={(event) => setForm({...form, note: event.target.value})}
                aria-invalid={fieldError('note') ? true : undefined}
                aria-describedby={describedBy('note', true)}
                className={inputClass}
              />
              <p id={`${ids}-note-hint`} className="mt-1 text-xs text-slate-600">
                Kept with the refund and in the history; up to {NOTE_MAX_LENGTH} characters.
              </p>
              {fieldError('note') ? (
                <p id={`${ids}-note-error`} role="alert" className="mt-1 text-sm text-red-700">
                  {fieldError('note')}
                </p>
              ) : null}

              <div className="mt-4 flex flex-wrap gap-2">
                <button type="submit" className="btn-secondary min-h-11 px-4">
                  Continue
                </button>
                <button type="button" onClick={cancel} className="btn-outline min-h-11 px-4">
                  Cancel
                </button>
              </div>
            </form>
          ) : request ? (
            <div role="group" aria-labelledby={`${ids}-confirm`} aria-describedby={`${ids}-confirm-detail`}>
              <p id={`${ids}-confirm`} className="text-sm font-semibold text-red-900">
                {refundConfirmText(request.amount, currency, detail.name)}
              </p>
              <p id={`${ids}-confirm-detail`} className="mt-1 text-sm break-words text-slate-800">
                {`Reason: ${REFUND_REASON_LABELS[request.reason]}.`}
                {request.note ? ` Note: ${request.note}` : ''}
              </p>
              <div className="mt-3 flex flex-wrap gap-2">
                <button
                  type="button"
                  data-focus="confirm"
                  disabled={sending}
                  onClick={() => void confirm()}
                  className="btn min-h-11 bg-red-700 px-4 text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
                >
                  {sending ? 'Refunding...' : failed ? 'Try again' : 'Confirm refund'}
                </button>
                <button type="button" disabled={sending} onClick={back} className="btn-outline min-h-11 px-4 disabled:cursor-not-allowed disabled:opacity-60">
                  Back
                </button>
              </div>
            </div>
          ) : null}
          {error?.field === 'request' ? (
            <p role="alert" className="mt-3 text-sm break-words text-red-700">
              {error.message}
            </p>
          ) : null}
        </div>
      ) : null}

      <p role="status" className="mt-3 text-sm font-medium text-emerald-800">
        {announcement}
      </p>

      {newestFirst.length === 0 ? (
        paid ? (
          <p className="mt-1 text-sm text-slate-600">No refunds yet.</p>
        ) : null
      ) : (
        <ol aria-labelledby={`${ids}-title`} className="mt-2 space-y-2">
          {newestFirst.map((refund) => (
            <li key={refund.id} className="rounded-lg border border-slate-200 px-3 py-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm font-semibold text-navy-900">{formatMinor(refund.amount, refund.currency)}</p>
                <RefundStatusBadge status={refund.status} />
              </div>
              <p className="mt-0.5 text-sm text-slate-800">{REFUND_REASON_LABELS[refund.reason] ?? refund.reason}</p>
              <p className="mt-0.5 text-xs break-words text-slate-600">
                <time dateTime={refund.createdAt}>{formatDateTime(refund.createdAt)}</time> · {refund.by}
                {refund.processedAt ? (
                  <>
                    {' · processed '}
                    <time dateTime={refund.processedAt}>{formatDateTime(refund.processedAt)}</time>
                  </>
                ) : null}
              </p>
              <p className="mt-0.5 text-xs break-all text-slate-600">
                Refund ID: <span className="font-mono text-slate-800">{refund.gatewayRefundId ?? refund.id}</span>
              </p>
              {refund.status === 'failed' && refund.failureReason ? (
                <p className="mt-0.5 text-sm break-words text-red-700">{`Failed: ${refund.failureReason}`}</p>
              ) : null}
              {refund.note ? <p className="mt-0.5 text-sm break-words whitespace-pre-wrap text-slate-800">{refund.note}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
