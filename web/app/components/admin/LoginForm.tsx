/**
 * The administrator login form (docs/requirements.md#req-admin-login, #req-states-admin-list, #req-validation-admin-login, #req-errors): email (email type, required) and
 * password (required); 'Sign In', 'Signing in...' while the request runs; a red box above the
 * form with 'Invalid credentials' on 401, the server's message for throttling (429) or an
 * unavailable service (503), else 'Login failed'. On success the token is stored and
 * `onSignedIn` is called.
 *
 * The form is only rendered after hydration (see AdminArea), so it can never be submitted
 * natively with the password in the address.
 *
 * The controls get their id, name, form and `required` from conform's helpers; the browser
 * itself checks the two fields (no noValidate, no field errors of our own), as before.
 *
 * After a right password the server may ask for the second step (docs/requirements.md#req-staff-accounts):
 * "Authentication code" (6 digits of the authenticator app, or a recovery code) or "Use a
 * passkey" (SecondFactorStep); an account without a factor sets up its authenticator there and
 * sees its recovery codes once (EnrolStep). "Forgot password?" asks for a reset link.
 */
import {getInputProps, useForm} from '@conform-to/react'
import {useCallback, useState, type FormEvent} from 'react'
import {Field, inputClass} from '~/components/form/Field'
import {AnchorIcon} from '~/components/Icons'
import {storeToken} from '~/lib/admin-session'
import {login} from './api'
import {Alert, EnrolStep, ForgotPassword, SecondFactorStep} from './SignInSteps'

type Step =
  | {kind: 'password'}
  | {kind: 'second-factor'; challenge: string; methods: Array<'totp' | 'recovery' | 'passkey'>}
  | {kind: 'enrol'; challenge: string}
  | {kind: 'forgot'}

export function LoginForm({onSignedIn, notice}: {onSignedIn: (token: string, notice?: string) => void; notice?: string | null}) {
  const [form, fields] = useForm<{email: string; password: string}>({constraint: {email: {required: true}, password: {required: true}}})
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [step, setStep] = useState<Step>({kind: 'password'})
  const signedIn = useCallback(
    (token: string) => {
      storeToken(token)
      onSignedIn(token)
    },
    [onSignedIn],
  )
  const restart = useCallback((message: string | null) => {
    setBusy(false)
    setError(message)
    setStep({kind: 'password'})
  }, [])

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (busy) return
    const data = new FormData(event.currentTarget)
    const email = String(data.get('email') ?? '').trim()
    const password = String(data.get('password') ?? '')
    setBusy(true)
    setError(null)
    const result = await login(email, password)
    if (result.ok === true) {
      storeToken(result.token)
      return onSignedIn(result.token, result.notice)
    }
    setBusy(false)
    if (result.ok === 'second-factor') return setStep({kind: 'second-factor', challenge: result.challenge, methods: result.methods})
    if (result.ok === 'enrol') return setStep({kind: 'enrol', challenge: result.challenge})
    setError(result.message)
  }

  return (
    <div className="w-full max-w-md">
      <div className="mb-6 flex flex-col items-center text-center">
        <span className="grid h-14 w-14 place-items-center rounded-full bg-navy-900 text-brass-300 shadow-lg">
          <AnchorIcon width={28} height={28} />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">Administrator Sign In</h1>
        <p className="mt-2 text-sm text-slate-600">Staff access to enrolment records.</p>
      </div>
      <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8">
        {notice && !error ? (
          <p role="status" className="mb-5 rounded-lg border border-ocean-100 bg-ocean-50 px-4 py-3 text-sm text-navy-900">
            {notice}
          </p>
        ) : null}
        <Alert message={step.kind === 'password' ? error : null} />
        {step.kind === 'second-factor' ? (
          <SecondFactorStep challenge={step.challenge} methods={step.methods} onSignedIn={signedIn} onRestart={restart} />
        ) : step.kind === 'enrol' ? (
          <EnrolStep challenge={step.challenge} onSignedIn={signedIn} onRestart={restart} />
        ) : step.kind === 'forgot' ? (
          <ForgotPassword onBack={() => restart(null)} />
        ) : (
          <form id={form.id} onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
            <Field look="login" label="Email" field={fields.email}>
              <input
                {...getInputProps(fields.email, {type: 'email'})}
                autoComplete="username"
                inputMode="email"
                spellCheck={false}
                className={inputClass(fields.email.errors, 'login')}
              />
            </Field>
            <Field look="login" label="Password" field={fields.password}>
              <input
                {...getInputProps(fields.password, {type: 'password'})}
                autoComplete="current-password"
                className={inputClass(fields.password.errors, 'login')}
              />
            </Field>
            <button type="submit" disabled={busy} className="btn-secondary w-full disabled:cursor-wait disabled:opacity-80">
              {busy ? (
                <>
                  <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />
                  Signing in...
                </>
              ) : (
                'Sign In'
              )}
            </button>
            <p className="text-center text-sm">
              <button type="button" className="font-medium text-ocean-700 underline-offset-2 hover:underline" onClick={() => setStep({kind: 'forgot'})}>
                Forgot password?
              </button>
            </p>
          </form>
        )}
      </div>
    </div>
  )
}
