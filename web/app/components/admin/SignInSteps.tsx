/**
 * The sign-in form's steps after the password (docs/requirements.md#req-staff-accounts), shown
 * in the login card in place of the password form:
 *
 * - SecondFactorStep: "Authentication code" (6 digits of the authenticator app, or a recovery
 *   code), "Verify"; "Use a passkey" when the account has one; 'Invalid authentication code' on a
 *   wrong, used or old code; a step older than 5 minutes goes back to the password with the
 *   server's words.
 * - EnrolStep: an account without a second factor sets up its authenticator app (the secret as
 *   text and as a QR code, then a code from it) and sees its 10 recovery codes once.
 * - ForgotPassword: asks for the e-mail and answers alike for every address.
 */
import {useEffect, useRef, useState, type FormEvent, type ReactNode} from 'react'
import {inputClass} from '~/components/form/Field'
import type {TotpSetup} from '#schemas/contracts/staff'
import {AuthenticatorSetup} from './AuthenticatorSetup'
import {RecoveryCodes} from './RecoveryCodes'
import {answerSecondFactor, requestPasswordReset, signInWithPasskey, startEnrolment, type StepResult} from './sign-in'

type StepProps = {challenge: string; onSignedIn: (token: string) => void; onRestart: (message: string | null) => void}

const LABEL = 'mb-1.5 block text-sm font-semibold text-navy-900'
const LINK_BUTTON = 'font-medium text-ocean-700 underline-offset-2 hover:underline'

/** A refusal above the form, focused when it appears (role=alert). */
export function Alert({message}: {message: string | null}) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (message) ref.current?.focus()
  }, [message])
  if (!message) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className="mb-5 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 outline-none"
    >
      {message}
    </div>
  )
}

function Heading({children, intro}: {children: ReactNode; intro: ReactNode}) {
  return (
    <div className="mb-5">
      <h2 className="text-lg font-bold text-navy-900">{children}</h2>
      <p className="mt-1 text-sm text-slate-600">{intro}</p>
    </div>
  )
}

function Submit({busy, label, busyLabel}: {busy: boolean; label: string; busyLabel: string}) {
  return (
    <button type="submit" disabled={busy} className="btn-secondary w-full disabled:cursor-wait disabled:opacity-80">
      {busy ? busyLabel : label}
    </button>
  )
}

/** The second step: a code (TOTP or recovery) or a passkey. */
export function SecondFactorStep({challenge, methods, onSignedIn, onRestart}: StepProps & {methods: ReadonlyArray<'totp' | 'recovery' | 'passkey'>}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const codeRef = useRef<HTMLInputElement>(null)
  useEffect(() => codeRef.current?.focus(), [])

  const settle = (result: StepResult) => {
    if (result.ok) return onSignedIn(result.token)
    setBusy(false)
    if (result.restart) return onRestart(result.message)
    setError(result.message)
  }
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim()
    setBusy(true)
    setError(null)
    settle(await answerSecondFactor(challenge, {code}))
  }
  async function usePasskey() {
    if (busy) return
    setBusy(true)
    setError(null)
    settle(await signInWithPasskey(challenge))
  }
  const codes = methods.includes('totp') || methods.includes('recovery')
  return (
    <div>
      <Heading intro="Enter the 6-digit code from your authenticator app, or one of your recovery codes.">Two-step verification</Heading>
      <Alert message={error} />
      {codes ? (
        <form onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
          <div>
            <label htmlFor="second-factor-code" className={LABEL}>
              Authentication code
            </label>
            <input
              ref={codeRef}
              id="second-factor-code"
              name="code"
              required
              autoComplete="one-time-code"
              spellCheck={false}
              maxLength={32}
              aria-describedby="second-factor-hint"
              className={inputClass(error ? [error] : undefined, 'login')}
            />
            <p id="second-factor-hint" className="mt-1.5 text-xs text-slate-600">
              6 digits, or a recovery code such as abcde-fghij.
            </p>
          </div>
          <Submit busy={busy} label="Verify" busyLabel="Verifying..." />
        </form>
      ) : null}
      {methods.includes('passkey') ? (
        <button type="button" onClick={usePasskey} disabled={busy} className="btn-outline mt-4 w-full">
          Use a passkey
        </button>
      ) : null}
      <p className="mt-5 text-center text-sm">
        <button type="button" className={LINK_BUTTON} onClick={() => onRestart(null)}>
          Sign in again
        </button>
      </p>
    </div>
  )
}

/** A first authenticator at sign-in, then the recovery codes. */
export function EnrolStep({challenge, onSignedIn, onRestart}: StepProps) {
  const [setup, setSetup] = useState<TotpSetup | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<{token: string; codes: string[]} | null>(null)

  useEffect(() => {
    let live = true
    void startEnrolment(challenge).then((result) => {
      if (!live) return
      if (result.ok) setSetup(result.setup)
      else if (result.restart) onRestart(result.message)
      else setError(result.message)
    })
    return () => {
      live = false
    }
  }, [challenge, onRestart])

  async function confirm(code: string) {
    setBusy(true)
    setError(null)
    const result = await answerSecondFactor(challenge, {code})
    setBusy(false)
    if (!result.ok) return result.restart ? onRestart(result.message) : setError(result.message)
    if (result.recoveryCodes) setDone({token: result.token, codes: result.recoveryCodes})
    else onSignedIn(result.token)
  }

  if (done) return <RecoveryCodes codes={done.codes} onDone={() => onSignedIn(done.token)} />
  return (
    <div>
      <Heading intro="Your account needs a second factor. Set up an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password).">
        Set up your authenticator app
      </Heading>
      {setup ? null : <Alert message={error} />}
      {setup ? (
        <AuthenticatorSetup setup={setup} busy={busy} error={error} submitLabel="Verify" busyLabel="Verifying..." onSubmit={(code) => void confirm(code)} />
      ) : error ? null : (
        <p role="status" className="text-sm text-slate-600">
          Preparing your authenticator key...
        </p>
      )}
    </div>
  )
}

/** "Forgot password?": the e-mail, then the same words for every address. */
export function ForgotPassword({onBack}: {onBack: () => void}) {
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ok: boolean; message: string} | null>(null)
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    setBusy(true)
    setResult(await requestPasswordReset(email))
    setBusy(false)
  }
  return (
    <div>
      <Heading intro="Enter your staff e-mail address and we will send you a link to choose a new password.">Reset your password</Heading>
      {result?.ok ? (
        <p role="status" className="mb-5 rounded-lg border border-ocean-100 bg-ocean-50 px-4 py-3 text-sm text-navy-900">
          {result.message}
        </p>
      ) : (
        <>
          <Alert message={result?.message ?? null} />
          <form onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
            <div>
              <label htmlFor="reset-email" className={LABEL}>
                Email
              </label>
              <input id="reset-email" name="email" type="email" required autoComplete="username" className={inputClass(undefined, 'login')} />
            </div>
            <Submit busy={busy} label="Send reset link" busyLabel="Sending..." />
          </form>
        </>
      )}
      <p className="mt-5 text-center text-sm">
        <button type="button" className={LINK_BUTTON} onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </div>
  )
}
