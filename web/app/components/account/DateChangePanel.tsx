/**
 * "Request another date" on an enrolment in My training (docs/account/date-change.md): the
 * pending request ("Requested: {date} — waiting for our answer") or the last outcome, and, while
 * a request can be made, a disclosure with the form — the dates of the same course with seats
 * left, an optional note (at most 500 characters) and "Request this date". The form posts JSON to
 * POST /api/account/enrolments/:orderId/date-change (the cookie goes along), shows the server's
 * refusal inline (role="alert"), and refreshes the page's data once the request is filed.
 */
import {useId, useState, type FormEvent} from 'react'
import {useRevalidator} from '@remix-run/react'
import type {PortalDateChange} from '#schemas/contracts/account'
import {DateChangeRequestBodySchema, MAX_DATE_CHANGE_NOTE} from '#schemas/contracts/date-change'
import {dateChangeStatusText} from '#schemas/rules/date-change'
import {FormError} from './FormError'

/** The address of the panel's request. */
const requestUrl = (orderId: string) => `/api/account/enrolments/${encodeURIComponent(orderId)}/date-change`

const FAILED = 'Your request could not be sent. Please try again.'

export function DateChangePanel({orderId, dateChange}: {orderId: string; dateChange: PortalDateChange}) {
  const ids = useId()
  const revalidator = useRevalidator()
  const [batchId, setBatchId] = useState('')
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [sent, setSent] = useState<string | null>(null)
  const {request, canRequest, options} = dateChange

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const parsed = DateChangeRequestBodySchema.safeParse({batchId, note})
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? FAILED)
    setBusy(true)
    setError(null)
    try {
      const response = await fetch(requestUrl(orderId), {
        method: 'POST',
        headers: {'Content-Type': 'application/json', Accept: 'application/json'},
        body: JSON.stringify(parsed.data),
      })
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as {error?: string} | null
        setError(response.status < 500 && body?.error ? body.error : FAILED)
        return
      }
      setSent('Your request is sent. We will e-mail you our answer.')
      revalidator.revalidate()
    } catch {
      setError(FAILED)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section id={`date-change-${orderId}`} aria-labelledby={`${ids}-title`} className="mt-4">
      <h4 id={`${ids}-title`} className="font-semibold text-navy-900">
        Change of date
      </h4>
      {request ? (
        <p className="mt-1 text-sm text-slate-800" data-testid="date-change-request">
          {dateChangeStatusText(request)}
        </p>
      ) : null}
      <p role="status" className="text-sm text-emerald-800">
        {sent ?? ''}
      </p>
      {canRequest ? (
        <details className="mt-2 min-w-0 rounded-lg border border-slate-200">
          <summary className="flex min-h-11 cursor-pointer items-center px-3 font-semibold text-ocean-800">Request another date</summary>
          {options.length === 0 ? (
            <p className="px-3 pb-3 text-sm text-slate-700">No other date of this course has seats at the moment. Please contact us.</p>
          ) : (
            <form className="grid min-w-0 gap-3 px-3 pb-3" noValidate onSubmit={(event) => void submit(event)}>
              <div className="grid min-w-0 gap-1">
                <label htmlFor={`${ids}-batch`} className="text-sm font-semibold text-slate-800">
                  New date
                </label>
                <select
                  id={`${ids}-batch`}
                  className="min-h-11 w-full min-w-0 rounded-md border border-slate-400 bg-white px-2 text-sm"
                  value={batchId}
                  required
                  aria-invalid={error !== null && !batchId ? true : undefined}
                  onChange={(event) => setBatchId(event.target.value)}
                >
                  <option value="">Choose a date</option>
                  {options.map((option) => (
                    <option key={option.batchId} value={option.batchId}>
                      {option.text}
                    </option>
                  ))}
                </select>
              </div>
              <div className="grid gap-1">
                <label htmlFor={`${ids}-note`} className="text-sm font-semibold text-slate-800">
                  Note (optional)
                </label>
                <textarea
                  id={`${ids}-note`}
                  className="min-h-20 rounded-md border border-slate-400 px-2 py-1 text-sm"
                  maxLength={MAX_DATE_CHANGE_NOTE}
                  aria-describedby={`${ids}-note-hint`}
                  value={note}
                  onChange={(event) => setNote(event.target.value)}
                />
                <p id={`${ids}-note-hint`} className="text-xs text-slate-600">
                  Why you need another date, at most {MAX_DATE_CHANGE_NOTE} characters. No money moves: the new date costs the same.
                </p>
              </div>
              <FormError message={error} />
              <button type="submit" className="btn-primary min-h-11 justify-self-start" disabled={busy}>
                {busy ? 'Sending...' : 'Request this date'}
              </button>
            </form>
          )}
        </details>
      ) : null}
    </section>
  )
}
