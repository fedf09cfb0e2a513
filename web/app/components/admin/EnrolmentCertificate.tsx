/**
 * The certificate part of the enrolment detail dialog
 * (docs/requirements.md#req-issue-20-admin-certificates).
 *
 * - An enrolment that is not `completed`: the section says that a certificate can be issued once
 *   the enrolment is completed, and, while staff can still move it on, to mark it completed in
 *   the follow-up above (not for a pending, cancelled or refunded one).
 * - A completed one: its certificates (GET /api/admin/certificates?orderId=), each with its number,
 *   status, issue and expiry days, "Download PDF" (with the bearer token) and "Revoke" (a reason,
 *   ./CertificateRevokeForm.tsx). Without a valid certificate, "Issue certificate" opens the form:
 *   staff confirm the holder's full name as printed (prefilled with the name for certificates the
 *   candidate gave in My training, else the enrolment's name), the date of birth (prefilled likewise), optionally the INDoS or passport number, and the course dates (prefilled from the
 *   enrolment's batch when it has one). The form is checked with IssueCertificateRequestSchema (the
 *   API's own messages, the field named by its label) and sent as POST /api/admin/certificates; a
 *   refusal (400, 404, 409 not completed or a valid certificate already) is shown inline as the
 *   server says it and keeps what was typed; success shows the new certificate and is announced.
 */
import {useEffect, useId, useRef, useState, type FormEvent} from 'react'
import type {EnrolmentBatchSummary} from '#schemas/contracts/admin'
import {defaultCourseDates} from '#schemas/rules/certificates'
import {staffMovesFrom} from '#schemas/rules/enrolment-status'
import {IssueCertificateRequestSchema, type Certificate, type IssueCertificateRequest} from '#schemas/contracts/certificates'
import {CertificateStatusBadge} from '~/components/verify/CertificateStatusBadge'
import {certificateDay} from '~/components/verify/verify-text'
import type {EnrolmentSectionProps} from './AdminDialog'
import {UnauthorizedError} from './api'
import {CertificateRevokeForm} from './CertificateRevokeForm'
import {CertificatePdfButton, useCertificatePdf} from './CertificatePdfButton'
import {
  CERTIFICATE_MESSAGES,
  fetchCertificates,
  ISSUE_FIELDS as FIELDS,
  ISSUE_LABELS,
  issueCertificate,
  withLabel,
  type IssueField as FieldName,
} from './certificates'

type Form = Record<FieldName, string>
type Load = {state: 'loading'} | {state: 'error'; message: string} | {state: 'loaded'; certificates: Certificate[]}

const inputClass = (invalid: boolean) =>
  `mt-1.5 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none ${invalid ? 'border-red-500' : 'border-slate-300'}`

export function EnrolmentCertificate({detail, token, onUnauthorized}: EnrolmentSectionProps) {
  const ids = useId()
  const section = useRef<HTMLElement>(null)
  const completed = detail.status === 'completed'
  const [load, setLoad] = useState<Load>({state: 'loading'})
  const [issuing, setIssuing] = useState(false)
  const [form, setForm] = useState<Form>(() => initialForm(detail))
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [error, setError] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [announcement, setAnnouncement] = useState('')
  const [revoking, setRevoking] = useState<string | null>(null)
  const [focusTarget, setFocusTarget] = useState<string | null>(null)

  useEffect(() => {
    if (!completed) return
    const controller = new AbortController()
    setLoad({state: 'loading'})
    fetchCertificates(token, controller.signal, {orderId: detail.orderId})
      .then((register) => setLoad({state: 'loaded', certificates: register.certificates}))
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return
        if (failure instanceof UnauthorizedError) return onUnauthorized()
        setLoad({state: 'error', message: CERTIFICATE_MESSAGES.loadFailed})
      })
    return () => controller.abort()
  }, [completed, token, detail.orderId, onUnauthorized])

  useEffect(() => {
    if (!focusTarget) return
    section.current?.querySelector<HTMLElement>(`[data-focus="${focusTarget}"]`)?.focus()
    setFocusTarget(null)
  }, [focusTarget])

  const certificates = load.state === 'loaded' ? load.certificates : []
  const hasValid = certificates.some((certificate) => certificate.status === 'valid')

  function replace(certificate: Certificate) {
    setLoad((previous) =>
      previous.state === 'loaded'
        ? {
            state: 'loaded',
            certificates: previous.certificates.some((c) => c.number === certificate.number)
              ? previous.certificates.map((c) => (c.number === certificate.number ? certificate : c))
              : [certificate, ...previous.certificates],
          }
        : previous,
    )
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const body: IssueCertificateRequest = {
      orderId: detail.orderId,
      holderName: form.holderName,
      dateOfBirth: form.dateOfBirth,
      ...(form.idNumber.trim() ? {idNumber: form.idNumber} : {}),
      courseStart: form.courseStart,
      courseEnd: form.courseEnd,
    }
    const check = IssueCertificateRequestSchema.safeParse(body)
    if (!check.success) {
      const errors: Partial<Record<FieldName, string>> = {}
      for (const issue of check.error.issues) {
        const field = issue.path[0] as FieldName
        if (FIELDS.includes(field) && !errors[field]) errors[field] = withLabel(issue.message)
      }
      setFieldErrors(errors)
      setError(null)
      setFocusTarget(FIELDS.find((name) => errors[name]) ?? null)
      return
    }
    setFieldErrors({})
    setError(null)
    setSending(true)
    try {
      const certificate = await issueCertificate(token, body)
      replace(certificate)
      setIssuing(false)
      setAnnouncement(`Certificate ${certificate.number} was issued.`)
      setFocusTarget(`certificate-${certificate.number}`)
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setError(withLabel(failure instanceof Error ? failure.message : CERTIFICATE_MESSAGES.issueFailed))
      setFocusTarget('submit')
    } finally {
      setSending(false)
    }
  }

  const pdf = useCertificatePdf({token, onUnauthorized, onError: setError})

  const field = (name: FieldName, type: 'text' | 'date', extra: {optional?: boolean; autoComplete?: string} = {}) => (
    <div>
      <label htmlFor={`${ids}-${name}`} className="block text-sm font-semibold text-navy-900">
        {ISSUE_LABELS[name]}
        {extra.optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
      </label>
      <input
        id={`${ids}-${name}`}
        type={type}
        data-focus={name}
        value={form[name]}
        onChange={(event) => setForm((previous) => ({...previous, [name]: event.target.value}))}
        required={!extra.optional}
        autoComplete={extra.autoComplete ?? 'off'}
        aria-invalid={fieldErrors[name] ? true : undefined}
        aria-describedby={fieldErrors[name] ? `${ids}-${name}-error` : undefined}
        disabled={sending}
        className={inputClass(Boolean(fieldErrors[name]))}
      />
      {fieldErrors[name] ? (
        <p id={`${ids}-${name}-error`} className="mt-1 text-sm font-medium text-red-700">
          {fieldErrors[name]}
        </p>
      ) : null}
    </div>
  )

  return (
    <section ref={section} aria-labelledby={`${ids}-title`} className="mt-6 border-t border-slate-200 pt-5" data-testid="enrolment-certificate">
      <h3 id={`${ids}-title`} className="text-base font-semibold text-navy-900">
        Certificate
      </h3>
      {!completed ? (
        <p className="mt-2 text-sm text-slate-700">
          {CERTIFICATE_MESSAGES.notCompleted}
          {staffMovesFrom(detail.status).some((to) => to !== 'cancelled') ? ` ${CERTIFICATE_MESSAGES.markCompleted}` : ''}
        </p>
      ) : load.state === 'loading' ? (
        <p role="status" className="mt-2 text-sm text-slate-600">
          Loading the certificate...
        </p>
      ) : load.state === 'error' ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {load.message}
        </p>
      ) : (
        <>
          {certificates.length > 0 ? (
            <ul className="mt-3 space-y-3">
              {certificates.map((certificate) => (
                <li key={certificate.number} className="rounded-lg border border-slate-200 px-4 py-3" data-testid="enrolment-certificate-item">
                  <p className="flex flex-wrap items-center gap-2">
                    <span
                      tabIndex={-1}
                      data-focus={`certificate-${certificate.number}`}
                      className="font-semibold break-all text-navy-900 focus:outline-none"
                      data-testid="certificate-number"
                    >
                      {certificate.number}
                    </span>
                    <CertificateStatusBadge status={certificate.status} />
                  </p>
                  <p className="mt-1 text-sm text-slate-700">
                    {certificate.holderName} · issued {certificateDay(certificate.issuedOn)} ·{' '}
                    {certificate.expiresOn ? `expires ${certificateDay(certificate.expiresOn)}` : 'does not expire'}
                    {certificate.revokedOn ? ` · revoked ${certificateDay(certificate.revokedOn)}` : ''}
                    {certificate.revocationReason ? ` (${certificate.revocationReason})` : ''}
                  </p>
                  <div className="mt-2 flex flex-wrap gap-2">
                    <CertificatePdfButton number={certificate.number} pdf={pdf} />
                    {certificate.status !== 'revoked' && revoking !== certificate.number ? (
                      <button type="button" className="btn-outline min-h-10 px-3 py-1.5" onClick={() => setRevoking(certificate.number)}>
                        Revoke<span className="sr-only"> {certificate.number}</span>
                      </button>
                    ) : null}
                  </div>
                  {revoking === certificate.number ? (
                    <div className="mt-3">
                      <CertificateRevokeForm
                        certificate={certificate}
                        token={token}
                        onRevoked={(next) => {
                          replace(next)
                          setRevoking(null)
                          setAnnouncement(`Certificate ${next.number} was revoked.`)
                          setFocusTarget(`certificate-${next.number}`)
                        }}
                        onCancel={() => setRevoking(null)}
                        onUnauthorized={onUnauthorized}
                      />
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-sm text-slate-700">No certificate has been issued for this enrolment yet.</p>
          )}
          {!hasValid && !issuing ? (
            <button
              type="button"
              className="btn-secondary mt-3"
              onClick={() => {
                setForm(initialForm(detail))
                setFieldErrors({})
                setError(null)
                setIssuing(true)
                setFocusTarget('holderName')
              }}
            >
              Issue certificate
            </button>
          ) : null}
          {issuing ? (
            <form
              onSubmit={submit}
              noValidate
              aria-labelledby={`${ids}-form-title`}
              className="mt-3 rounded-lg border border-slate-200 p-4"
              data-testid="issue-certificate-form"
            >
              <h4 id={`${ids}-form-title`} className="text-sm font-semibold text-navy-900">
                Issue certificate
              </h4>
              <p className="mt-1 text-sm text-slate-700">Check the details exactly as they should be printed. The PDF is e-mailed to {detail.email}.</p>
              <div className="mt-3 grid gap-4 sm:grid-cols-2">
                <div className="sm:col-span-2">{field('holderName', 'text', {autoComplete: 'off'})}</div>
                {field('dateOfBirth', 'date')}
                {field('idNumber', 'text', {optional: true})}
                {field('courseStart', 'date')}
                {field('courseEnd', 'date')}
              </div>
              {error ? (
                <p role="alert" className="mt-3 text-sm font-medium text-red-700" data-testid="issue-certificate-error">
                  {error}
                </p>
              ) : null}
              <div className="mt-4 flex flex-wrap gap-3">
                <button type="submit" data-focus="submit" className="btn-secondary disabled:cursor-wait disabled:opacity-70" disabled={sending}>
                  {sending ? 'Issuing...' : 'Issue certificate'}
                </button>
                <button type="button" className="btn-outline" onClick={() => setIssuing(false)} disabled={sending}>
                  Cancel
                </button>
              </div>
            </form>
          ) : null}
        </>
      )}
      {error && !issuing ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      <p role="status" className="mt-2 text-sm text-emerald-800">
        {announcement}
      </p>
    </section>
  )
}

/**
 * The form as it opens: the name and date of birth the candidate gave for certificates in My
 * training, else the enrolment's name; the batch's days when it has a batch.
 */
function initialForm(detail: EnrolmentSectionProps['detail']): Form {
  // The detail passes through the record's other fields: a batch and, should enrolments ever ask for it, a date of birth.
  const record = detail as {dateOfBirth?: unknown; batch?: Partial<EnrolmentBatchSummary> | null}
  const holder = detail.certificateHolder
  return {
    holderName: holder?.name ?? detail.name ?? '',
    dateOfBirth: holder?.dateOfBirth ?? (typeof record.dateOfBirth === 'string' ? record.dateOfBirth : ''),
    idNumber: '',
    ...defaultCourseDates(record.batch),
  }
}
