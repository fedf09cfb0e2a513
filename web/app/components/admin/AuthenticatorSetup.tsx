/**
 * Setting up an authenticator app (docs/requirements.md#req-staff-accounts): a QR code of the
 * otpauth:// `uri` (made in the browser with `qrcode`; alt "QR code for your authenticator app"),
 * the same secret as text in groups of 4 for typing it in, and the "6-digit code" field with the
 * `submitLabel` button. The code is checked as the server checks it (TotpCodeSchema) before
 * `onSubmit(code)`; `error` is the server's refusal of the code, shown under the field (focused).
 * Used by the account page and the invite page.
 */
import QRCode from 'qrcode'
import {useEffect, useId, useRef, useState, type FormEvent} from 'react'
import {TotpCodeSchema, type TotpSetup} from '#schemas/contracts/staff'
import {Field, inputClass} from '~/components/form/Field'
import {groupedSecret} from './staff'

export function AuthenticatorSetup({
  setup,
  busy,
  error,
  submitLabel,
  busyLabel,
  onSubmit,
  onCancel,
}: {
  setup: TotpSetup
  busy: boolean
  error: string | null
  submitLabel: string
  busyLabel: string
  onSubmit: (code: string) => void
  onCancel?: () => void
}) {
  const id = useId()
  const [qr, setQr] = useState<string | null>(null)
  const [code, setCode] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const input = useRef<HTMLInputElement>(null)
  const shown = problem ?? error

  useEffect(() => {
    let current = true
    setQr(null)
    QRCode.toDataURL(setup.uri, {margin: 1, width: 200})
      .then((url) => current && setQr(url))
      // Without a QR code the secret below still sets the app up.
      .catch(() => undefined)
    return () => {
      current = false
    }
  }, [setup.uri])

  useEffect(() => {
    if (error) input.current?.focus()
  }, [error])

  function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const parsed = TotpCodeSchema.safeParse(code)
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code')
      input.current?.focus()
      return
    }
    setProblem(null)
    onSubmit(parsed.data)
  }

  const field = {id: `${id}-code`, errorId: `${id}-code-error`, descriptionId: `${id}-code-hint`, errors: shown ? [shown] : undefined}
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700">
        Scan the QR code with your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or type the key in. Then enter the 6-digit
        code it shows.
      </p>
      <div className="flex flex-wrap items-center gap-5">
        <div className="grid h-[200px] w-[200px] shrink-0 place-items-center rounded-lg border border-slate-200 bg-white">
          {qr ? <img src={qr} alt="QR code for your authenticator app" width={200} height={200} /> : <span className="text-sm text-slate-600">QR code…</span>}
        </div>
        <dl className="min-w-0">
          <dt className="text-sm font-semibold text-navy-900">Key</dt>
          <dd className="mt-1 font-mono text-lg tracking-wider break-all text-navy-900">{groupedSecret(setup.secret)}</dd>
        </dl>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
        <Field look="login" label="6-digit code" field={field} hint="From your authenticator app">
          <input
            ref={input}
            id={field.id}
            name="code"
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            aria-invalid={shown ? true : undefined}
            aria-describedby={`${shown ? `${field.errorId} ` : ''}${field.descriptionId}`}
            className={`${inputClass(field.errors, 'login')} max-w-40 font-mono tracking-widest`}
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy} className="btn-primary disabled:cursor-wait disabled:opacity-70">
            {busy ? busyLabel : submitLabel}
          </button>
          {onCancel ? (
            <button type="button" onClick={onCancel} className="btn-outline">
              Cancel
            </button>
          ) : null}
        </div>
      </form>
    </div>
  )
}
