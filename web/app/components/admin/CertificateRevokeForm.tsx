/**
 * "Revoke" of a certificate (docs/requirements.md#req-issue-20-admin-certificates): a
 * required reason (1–500 characters), "Revoke certificate" and "Cancel". Used in the register's
 * dialog (/admin/certificates) and inline in the enrolment dialog's certificate section. While it
 * is sent the controls wait; a refusal (409 revoked already, 404, 400) shows the server's message
 * in an alert and keeps the reason; success hands the revoked certificate to `onRevoked`. A
 * revoked certificate stays in the register.
 */
import {useEffect, useId, useRef, useState, type FormEvent} from 'react'
import type {Certificate} from '#schemas/contracts/certificates'
import {UnauthorizedError} from './api'
import {CERTIFICATE_MESSAGES, revokeCertificate, revokeReasonProblem} from './certificates'

export function CertificateRevokeForm({
  certificate,
  token,
  onRevoked,
  onCancel,
  onUnauthorized,
}: {
  certificate: Certificate
  token: string
  onRevoked: (certificate: Certificate) => void
  onCancel: () => void
  onUnauthorized: () => void
}) {
  const ids = useId()
  const field = useRef<HTMLTextAreaElement>(null)
  const [reason, setReason] = useState('')
  const [error, setError] = useState<{message: string; field: boolean} | null>(null)
  const [sending, setSending] = useState(false)

  // After a frame: in the register's modal dialog, showModal() (run after this effect) would move
  // the focus to the dialog's close button.
  useEffect(() => {
    const frame = requestAnimationFrame(() => field.current?.focus())
    return () => cancelAnimationFrame(frame)
  }, [])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (sending) return
    const problem = revokeReasonProblem(reason)
    if (problem) {
      setError({message: problem, field: true})
      field.current?.focus()
      return
    }
    setSending(true)
    setError(null)
    try {
      onRevoked(await revokeCertificate(token, certificate.number, reason.trim()))
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setError({message: failure instanceof Error ? failure.message : CERTIFICATE_MESSAGES.revokeFailed, field: false})
    } finally {
      setSending(false)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${ids}-title`} className="rounded-lg border border-red-200 bg-red-50/50 p-4" data-testid="revoke-form">
      <h4 id={`${ids}-title`} className="text-sm font-semibold text-navy-900">
        Revoke {certificate.number}
      </h4>
      <p className="mt-1 text-sm text-slate-700">The certificate stays in the register, and verification will answer “Revoked” with today’s date.</p>
      <label htmlFor={`${ids}-reason`} className="mt-3 block text-sm font-semibold text-navy-900">
        Reason for revoking
        <span aria-hidden="true" className="ml-0.5 text-red-700">
          *
        </span>
      </label>
      <textarea
        ref={field}
        id={`${ids}-reason`}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        required
        maxLength={500}
        rows={3}
        aria-invalid={error?.field ? true : undefined}
        aria-describedby={error?.field ? `${ids}-error` : undefined}
        disabled={sending}
        className={`mt-1.5 block w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none ${error?.field ? 'border-red-500' : 'border-slate-300'}`}
      />
      {error ? (
        <p id={`${ids}-error`} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error.message}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-3">
        <button
          type="submit"
          className="btn min-h-10 bg-red-700 px-4 py-1.5 text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-70"
          disabled={sending}
        >
          {sending ? 'Revoking...' : 'Revoke certificate'}
        </button>
        <button type="button" className="btn-outline min-h-10 px-4 py-1.5" onClick={onCancel} disabled={sending}>
          Cancel
        </button>
      </div>
    </form>
  )
}
