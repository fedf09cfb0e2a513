/**
 * My training's sign-in: one e-mail field and "Send me a sign-in link". Works without JavaScript
 * (a plain POST to /account); with it, the answer appears in place and the button shows the wait.
 * After a session ends, "Please sign in again" stands above the form.
 */
import {Form, useActionData, useNavigation} from '@remix-run/react'
import {useEffect, useRef} from 'react'
import {SIGN_IN_AGAIN, type AccountActionData} from '#schemas/contracts/account'

export function SignInForm({email, next, expired}: {email: string; next: string | null; expired: boolean}) {
  const answer = useActionData<AccountActionData | null>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'sign-in-link'
  const statusRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (answer) statusRef.current?.focus()
  }, [answer])
  const error = answer && !answer.ok ? answer.message : null
  return (
    <div className="grid gap-5">
      {expired && !answer ? (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900">
          {SIGN_IN_AGAIN}
        </p>
      ) : null}
      <div ref={statusRef} tabIndex={-1} aria-live="polite" className="outline-none">
        {answer?.ok ? (
          <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 font-semibold text-emerald-900">
            {answer.message}
          </p>
        ) : null}
      </div>
      <Form method="post" noValidate className="grid gap-4" aria-describedby="sign-in-help">
        <input type="hidden" name="intent" value="sign-in-link" />
        {next ? <input type="hidden" name="next" value={next} /> : null}
        <div>
          <label htmlFor="account-email" className="block text-sm font-semibold text-navy-900">
            E-mail address
          </label>
          <p id="sign-in-help" className="mt-1 text-sm text-slate-600">
            The address you enrolled with. We e-mail you a link that signs you in: no password needed.
          </p>
          <input
            id="account-email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            defaultValue={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'account-email-error sign-in-help' : 'sign-in-help'}
            className={`mt-2 block min-h-11 w-full rounded-lg border px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none ${error ? 'border-red-600' : 'border-slate-400'}`}
          />
          <p id="account-email-error" className="mt-1.5 text-sm font-medium text-red-700 empty:hidden">
            {error}
          </p>
        </div>
        <div>
          <button type="submit" className="btn-primary w-full disabled:cursor-wait disabled:opacity-70 sm:w-auto" disabled={busy}>
            {busy ? 'Sending…' : 'Send me a sign-in link'}
          </button>
        </div>
      </Form>
    </div>
  )
}
