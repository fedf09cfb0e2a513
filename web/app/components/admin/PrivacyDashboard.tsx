/**
 * /admin/privacy (docs/requirements.md#req-privacy): the owner answers a privacy request.
 *
 * - "Look up": an e-mail address (checked before asking); while the server looks, the button says
 *   "Looking up…"; a 400 or 404 ("No records name this e-mail address") shows in an alert.
 * - The records that name the person, by kind, with their counts (each kind a section with its
 *   records' label and date), and the address's past erasures.
 * - "Export" downloads the zip of their data and documents.
 * - "Erase" is a form of its own: the reason, the address typed again, and whether the person
 *   objects to their name staying in the certificate register; problems show beside their field.
 *   The result's counts are announced, and the records are looked up again.
 * - The pending "Ask us to erase my data" requests from My training (./ErasureRequests.tsx), each
 *   with "Look up"; an erasure closes the request and the list is read again.
 * A 401 signs out.
 */
import {useId, useRef, useState, type FormEvent} from 'react'
import {PRIVACY_KIND_LABELS, PRIVACY_KINDS, type PrivacyCounts, type PrivacyLookup} from '#schemas/contracts/privacy'
import {UnauthorizedError} from './admin-fetch'
import {ErasureRequests} from './ErasureRequests'
import {
  countsText,
  downloadPrivacyExport,
  emailProblem,
  erasePrivacy,
  eraseFormProblems,
  lookupPrivacy,
  PRIVACY_MESSAGES,
  privacyDateText,
  type EraseForm,
} from './privacy'

const INPUT =
  'mt-1.5 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none aria-invalid:border-red-600'
const LABEL = 'block text-sm font-semibold text-navy-900'
const ALERT = 'mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800'

const messageOf = (failure: unknown, fallback: string) => (failure instanceof Error && failure.message ? failure.message : fallback)

/** The privacy requests page of the owner. */
export function PrivacyDashboard({token, onUnauthorized}: {token: string; onUnauthorized: () => void}) {
  const ids = useId()
  const emailField = useRef<HTMLInputElement>(null)
  const [email, setEmail] = useState('')
  const [emailError, setEmailError] = useState<string | null>(null)
  const [looking, setLooking] = useState(false)
  const [lookupError, setLookupError] = useState<string | null>(null)
  const [lookup, setLookup] = useState<PrivacyLookup | null>(null)
  const [erased, setErased] = useState<PrivacyCounts | null>(null)
  const [requestsVersion, setRequestsVersion] = useState(0)

  async function find(address: string): Promise<void> {
    setLooking(true)
    setLookupError(null)
    try {
      setLookup(await lookupPrivacy(token, address))
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setLookup(null)
      setLookupError(messageOf(failure, PRIVACY_MESSAGES.lookupFailed))
    } finally {
      setLooking(false)
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    if (looking) return
    const problem = emailProblem(email)
    setEmailError(problem)
    if (problem) {
      emailField.current?.focus()
      return
    }
    setErased(null)
    void find(email.trim().toLowerCase())
  }

  return (
    <div className="container-page py-8 sm:py-10">
      <header>
        <p className="text-sm font-semibold tracking-widest text-ocean-600 uppercase">Administration</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Privacy requests</h1>
      </header>
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Find everything the site holds about a person by their e-mail address, export it for them, or erase it. An erasure keeps what the law requires: receipt
        and refund amounts, numbers and dates, and a valid certificate in the register unless the person objects. Every export and erasure is written to the
        audit log.
      </p>

      <ErasureRequests
        token={token}
        reload={requestsVersion}
        onUnauthorized={onUnauthorized}
        onLookUp={(address) => {
          setEmail(address)
          setEmailError(null)
          setErased(null)
          void find(address)
        }}
      />

      <form onSubmit={submit} noValidate aria-labelledby={`${ids}-find`} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id={`${ids}-find`} className="text-base font-semibold text-navy-900">
          Look up a person
        </h2>
        <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="sm:w-96">
            <label htmlFor={`${ids}-email`} className={LABEL}>
              E-mail address
            </label>
            <input
              ref={emailField}
              id={`${ids}-email`}
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              required
              aria-invalid={emailError ? true : undefined}
              aria-describedby={emailError ? `${ids}-email-error` : undefined}
              className={INPUT}
            />
          </div>
          <button type="submit" aria-disabled={looking} className="btn-primary aria-disabled:cursor-wait aria-disabled:opacity-70">
            {looking ? 'Looking up…' : 'Look up'}
          </button>
        </div>
        {emailError ? (
          <p id={`${ids}-email-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
            {emailError}
          </p>
        ) : null}
        {lookupError ? (
          <p role="alert" className={ALERT}>
            {lookupError}
          </p>
        ) : null}
      </form>

      <div aria-live="polite" className="mt-4 min-h-6 text-sm text-slate-700">
        {looking ? 'Looking up the records…' : ''}
        {erased ? (
          <p role="status" data-testid="erase-result" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-emerald-900">
            Erased: {countsText(erased)}.
          </p>
        ) : null}
      </div>

      {lookup ? (
        <PersonRecords
          key={lookup.emailHash}
          lookup={lookup}
          token={token}
          onUnauthorized={onUnauthorized}
          onErased={(counts) => {
            setErased(counts)
            setRequestsVersion((version) => version + 1)
            void find(lookup.email)
          }}
        />
      ) : null}
    </div>
  )
}

/** The records of one person, "Export" and the erase form. */
function PersonRecords({
  lookup,
  token,
  onUnauthorized,
  onErased,
}: {
  lookup: PrivacyLookup
  token: string
  onUnauthorized: () => void
  onErased: (counts: PrivacyCounts) => void
}) {
  const ids = useId()
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<string | null>(null)
  const [exported, setExported] = useState<string | null>(null)

  async function exportData() {
    if (exporting) return
    setExporting(true)
    setExportError(null)
    setExported(null)
    try {
      setExported(await downloadPrivacyExport(token, lookup.email, lookup.emailHash))
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setExportError(messageOf(failure, PRIVACY_MESSAGES.exportFailed))
    } finally {
      setExporting(false)
    }
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="mt-2">
      <h2 id={`${ids}-title`} className="text-xl font-semibold break-all text-navy-900">
        Records naming {lookup.email}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {lookup.total === 0 ? 'No record names this address any more.' : `${lookup.total} record${lookup.total === 1 ? '' : 's'} in all.`}
        {lookup.erasures.length > 0
          ? ` Erased before: ${lookup.erasures.map((e) => `${privacyDateText(e.at)} UTC${e.objection ? ' (objected to the register)' : ''}`).join('; ')}.`
          : ''}
      </p>

      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7" data-testid="privacy-counts">
        {PRIVACY_KINDS.map((kind) => (
          <div key={kind} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs font-medium text-slate-600">{PRIVACY_KIND_LABELS[kind]}</dt>
            <dd className="mt-1 text-2xl font-semibold text-navy-900 tabular-nums">{lookup.counts[kind]}</dd>
          </div>
        ))}
      </dl>

      {PRIVACY_KINDS.filter((kind) => lookup.records[kind].length > 0).map((kind) => (
        <section key={kind} aria-labelledby={`${ids}-${kind}`} className="mt-5">
          <h3 id={`${ids}-${kind}`} className="text-base font-semibold text-navy-900">
            {PRIVACY_KIND_LABELS[kind]} ({lookup.records[kind].length})
          </h3>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {lookup.records[kind].map((item) => (
              <li key={item.id} className="flex flex-col gap-1 px-3 py-2 text-sm sm:flex-row sm:justify-between sm:gap-4">
                <span className="break-words text-slate-900">{item.label}</span>
                <span className="shrink-0 text-slate-600 tabular-nums">{item.date ? <time dateTime={item.date}>{privacyDateText(item.date)}</time> : '—'}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}

      {lookup.total > 0 ? (
        <>
          <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
            <h3 className="text-base font-semibold text-navy-900">Export</h3>
            <p className="mt-1 text-sm text-slate-700">A zip of these records as JSON, with the person’s uploaded documents.</p>
            <button
              type="button"
              onClick={() => void exportData()}
              aria-disabled={exporting}
              className="btn-secondary mt-3 aria-disabled:cursor-wait aria-disabled:opacity-70"
            >
              {exporting ? 'Exporting…' : 'Export'}
            </button>
            {exportError ? (
              <p role="alert" className={ALERT}>
                {exportError}
              </p>
            ) : null}
            {exported ? (
              <p role="status" className="mt-3 text-sm text-emerald-800">
                Downloaded {exported}.
              </p>
            ) : null}
          </div>
          <EraseForm email={lookup.email} token={token} onUnauthorized={onUnauthorized} onErased={onErased} />
        </>
      ) : null}
    </section>
  )
}

/** "Erase": the reason, the address typed again and the objection; the server's refusal (409: a payment pending) in an alert. */
function EraseForm({
  email,
  token,
  onUnauthorized,
  onErased,
}: {
  email: string
  token: string
  onUnauthorized: () => void
  onErased: (counts: PrivacyCounts) => void
}) {
  const ids = useId()
  const reasonField = useRef<HTMLTextAreaElement>(null)
  const confirmField = useRef<HTMLInputElement>(null)
  const [form, setForm] = useState<Omit<EraseForm, 'email'>>({reason: '', confirm: '', objection: false})
  const [problems, setProblems] = useState<Partial<Record<'reason' | 'confirm', string>>>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const found = eraseFormProblems({email, ...form})
    setProblems(found)
    if (found.reason) return reasonField.current?.focus()
    if (found.confirm) return confirmField.current?.focus()
    setSending(true)
    setError(null)
    try {
      const {erased} = await erasePrivacy(token, {email, ...form})
      onErased(erased)
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setError(messageOf(failure, PRIVACY_MESSAGES.eraseFailed))
    } finally {
      setSending(false)
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={`${ids}-title`}
      className="mt-6 rounded-xl border border-red-200 bg-red-50/50 p-4 sm:p-5"
      data-testid="erase-form"
    >
      <h3 id={`${ids}-title`} className="text-base font-semibold text-navy-900">
        Erase
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Deletes the documents, and replaces the name and contacts in every record with a pseudonym. This cannot be undone.
      </p>
      <div className="mt-3 grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-reason`} className={LABEL}>
            Reason
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          </label>
          <textarea
            ref={reasonField}
            id={`${ids}-reason`}
            value={form.reason}
            onChange={(event) => setForm((previous) => ({...previous, reason: event.target.value}))}
            required
            maxLength={500}
            rows={3}
            disabled={sending}
            aria-invalid={problems.reason ? true : undefined}
            aria-describedby={problems.reason ? `${ids}-reason-error` : undefined}
            className={INPUT}
          />
          {problems.reason ? (
            <p id={`${ids}-reason-error`} className="mt-1 text-sm font-medium text-red-700">
              {problems.reason}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={`${ids}-confirm`} className={LABEL}>
            Type the e-mail address again to confirm
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          </label>
          <input
            ref={confirmField}
            id={`${ids}-confirm`}
            type="email"
            value={form.confirm}
            onChange={(event) => setForm((previous) => ({...previous, confirm: event.target.value}))}
            autoComplete="off"
            spellCheck={false}
            required
            disabled={sending}
            aria-invalid={problems.confirm ? true : undefined}
            aria-describedby={problems.confirm ? `${ids}-confirm-error` : undefined}
            className={INPUT}
          />
          {problems.confirm ? (
            <p id={`${ids}-confirm-error`} className="mt-1 text-sm font-medium text-red-700">
              {problems.confirm}
            </p>
          ) : null}
        </div>
        <div className="flex items-start gap-3 sm:col-span-2">
          <input
            id={`${ids}-objection`}
            type="checkbox"
            checked={form.objection}
            onChange={(event) => setForm((previous) => ({...previous, objection: event.target.checked}))}
            disabled={sending}
            className="mt-1 h-5 w-5 shrink-0 rounded border-slate-400 text-ocean-600 focus:ring-2 focus:ring-ocean-100"
          />
          <label htmlFor={`${ids}-objection`} className="text-sm text-slate-800">
            The person objects to their name staying in the certificate register (a valid certificate keeps the holder’s name otherwise)
          </label>
        </div>
      </div>
      {error ? (
        <p role="alert" className={ALERT}>
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={sending}
        className="btn mt-4 min-h-11 bg-red-700 px-4 py-2 text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70"
      >
        {sending ? 'Erasing…' : 'Erase'}
      </button>
    </form>
  )
}
