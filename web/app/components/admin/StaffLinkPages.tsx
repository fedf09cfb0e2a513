/**
 * The pages of the staff e-mails' secret links, for a person who is not signed in
 * (docs/requirements.md#req-staff-accounts). Before hydration they show only a loading line, so a
 * password can never be submitted natively (in the address).
 *
 * - InvitePage (/admin/invite/:token): "Welcome, {name}" with the e-mail and role of the invite
 *   (GET), then three steps: (1) choose a password (12 characters or more; the server's strength
 *   check answers at the end and brings the person back here with its message), (2) set up the
 *   authenticator app (a QR code and the key, then a code: POST …/totp, then POST {password,
 *   code}), (3) the 10 recovery codes; "I have saved them" stores the session's token and calls
 *   `onSignedIn` (the route opens the enrolment list). A used or expired link (410) shows the
 *   server's message and a link to /login.
 * - ResetPage (/admin/reset/:token): the new password → 204 "Your password was changed. Sign in
 *   with it and your authenticator app." with a link to /login; 410 the server's message and "Ask
 *   for a new link" (/login, where "Forgot password?" is).
 */
import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type RefObject} from 'react'
import {NewPasswordSchema, type TotpSetup} from '#schemas/contracts/staff'
import {ROLE_LABELS, type Role} from '#schemas/rules/staff-roles'
import {Field, inputClass} from '~/components/form/Field'
import {AnchorIcon} from '~/components/Icons'
import {storeToken} from '~/lib/admin-session'
import {AdminApiError} from './admin-fetch'
import {AuthenticatorSetup} from './AuthenticatorSetup'
import {Spinner} from './parts'
import {RecoveryCodes} from './RecoveryCodes'
import {acceptInvite, completePasswordReset, inviteTotpSetup, LINK_MESSAGES, viewInvite} from './staff'

const LOGIN_PATH = '/login'
const PASSWORD_HINT = 'At least 12 characters. A few unrelated words make a strong one; avoid common words, names and patterns.'

/** Whether React has hydrated the page (false in the server's HTML). */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}

/** The card the link pages sit in, under the site navigation. */
function LinkFrame({children}: {children: ReactNode}) {
  return (
    <div className="flex min-h-screen items-start justify-center bg-gradient-to-b from-ocean-50 to-slate-100 px-4 pt-24 pb-12">
      <div className="w-full max-w-xl">
        <div className="mb-6 flex justify-center">
          <span className="grid h-14 w-14 place-items-center rounded-full bg-navy-900 text-brass-300 shadow-lg">
            <AnchorIcon width={28} height={28} />
          </span>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl sm:p-8">{children}</div>
      </div>
    </div>
  )
}

const H1 = 'text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl outline-none'

/** A link that cannot be used (410) or could not be read: the message, and a way on. */
function LinkProblem({title, message, linkLabel}: {title: string; message: string; linkLabel: string}) {
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className={H1}>
        {title}
      </h1>
      <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
        {message}
      </p>
      <p className="mt-6">
        <a href={LOGIN_PATH} className="btn-secondary">
          {linkLabel}
        </a>
      </p>
    </>
  )
}

function useFocusOnMount<T extends HTMLElement>(): RefObject<T> {
  const ref = useRef<T>(null)
  useEffect(() => ref.current?.focus(), [])
  return ref
}

/** A general refusal above a form, focused when it appears. */
function FormAlert({message}: {message: string | null}) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (message) ref.current?.focus()
  }, [message])
  if (!message) return null
  return (
    <p ref={ref} tabIndex={-1} role="alert" className="mb-5 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800 outline-none">
      {message}
    </p>
  )
}

/** The new password field, its hint and its error; `inputRef` to focus it. */
function NewPasswordField({
  value,
  onChange,
  error,
  inputRef,
  email,
}: {
  value: string
  onChange: (value: string) => void
  error: string | null
  inputRef: RefObject<HTMLInputElement>
  email?: string
}) {
  const id = useId()
  const field = {id: `${id}-password`, errorId: `${id}-password-error`, descriptionId: `${id}-password-hint`, errors: error ? [error] : undefined}
  return (
    <>
      {/* The account's name for password managers, which file the new password under it. */}
      {email ? <input type="email" name="username" autoComplete="username" value={email} readOnly hidden /> : null}
      <Field look="login" label="New password" field={field} hint={PASSWORD_HINT}>
        <input
          ref={inputRef}
          id={field.id}
          name="password"
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${error ? `${field.errorId} ` : ''}${field.descriptionId}`}
          className={inputClass(field.errors, 'login')}
        />
      </Field>
    </>
  )
}

/** The password's problem by the contract (length), or null. */
function passwordProblem(password: string): string | null {
  const parsed = NewPasswordSchema.safeParse({password})
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Use at least 12 characters')
}

type InviteState =
  | {kind: 'loading'}
  | {kind: 'gone'; message: string}
  | {kind: 'failed'; message: string}
  | {kind: 'open'; email: string; name: string; role: Role; expiresAt: string}

type Step = 'password' | 'authenticator' | 'codes'

/** /admin/invite/:token (see the module comment). */
export function InvitePage({token, onSignedIn}: {token: string; onSignedIn: () => void}) {
  const hydrated = useHydrated()
  const [invite, setInvite] = useState<InviteState>({kind: 'loading'})

  useEffect(() => {
    if (!hydrated) return
    let current = true
    viewInvite(token)
      .then((view) => current && setInvite({kind: 'open', ...view}))
      .catch((error: unknown) => {
        if (!current) return
        const message = error instanceof Error ? error.message : LINK_MESSAGES.failed
        setInvite(error instanceof AdminApiError && error.status === 410 ? {kind: 'gone', message} : {kind: 'failed', message})
      })
    return () => {
      current = false
    }
  }, [hydrated, token])

  return (
    <LinkFrame>
      {invite.kind === 'loading' ? (
        <Spinner label="Opening your invitation..." />
      ) : invite.kind === 'gone' ? (
        <LinkProblem title="This invitation cannot be used" message={invite.message} linkLabel="Go to the sign-in page" />
      ) : invite.kind === 'failed' ? (
        <LinkProblem title="Your invitation could not be opened" message={invite.message} linkLabel="Go to the sign-in page" />
      ) : (
        <InviteSteps token={token} invite={invite} onGone={(message) => setInvite({kind: 'gone', message})} onSignedIn={onSignedIn} />
      )}
    </LinkFrame>
  )
}

function InviteSteps({
  token,
  invite,
  onGone,
  onSignedIn,
}: {
  token: string
  invite: Extract<InviteState, {kind: 'open'}>
  onGone: (message: string) => void
  onSignedIn: () => void
}) {
  const [step, setStep] = useState<Step>('password')
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const [setup, setSetup] = useState<TotpSetup | null>(null)
  const [codeError, setCodeError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [accepted, setAccepted] = useState<{recoveryCodes: string[]; authToken: string} | null>(null)
  const passwordInput = useRef<HTMLInputElement>(null)
  const stepHeading = useRef<HTMLHeadingElement>(null)
  const first = useRef(true)

  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    if (step === 'password' && passwordError) passwordInput.current?.focus()
    else stepHeading.current?.focus()
    // Focus follows the step only (an error on the same step focuses its own field).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step])

  /** A refusal: 410 ends the invite; otherwise its message. */
  function refused(error: unknown): string | null {
    const message = error instanceof Error && error.message ? error.message : LINK_MESSAGES.failed
    if (error instanceof AdminApiError && error.status === 410) {
      onGone(message)
      return null
    }
    return message
  }

  async function choosePassword(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    const problem = passwordProblem(password)
    setPasswordError(problem)
    setFailure(null)
    if (problem) return passwordInput.current?.focus()
    if (setup) return setStep('authenticator')
    setBusy(true)
    try {
      setSetup(await inviteTotpSetup(token))
      setStep('authenticator')
    } catch (error) {
      setFailure(refused(error))
    } finally {
      setBusy(false)
    }
  }

  async function finish(code: string) {
    setBusy(true)
    setCodeError(null)
    setFailure(null)
    try {
      const done = await acceptInvite(token, {password, code})
      setAccepted({recoveryCodes: done.recoveryCodes, authToken: done.authToken})
      setStep('codes')
    } catch (error) {
      const details = error instanceof AdminApiError ? error.details : {}
      if (details.password?.[0]) {
        setPasswordError(details.password[0])
        setStep('password')
      } else if (details.code?.[0]) setCodeError(details.code[0])
      else setFailure(refused(error))
    } finally {
      setBusy(false)
    }
  }

  const stepNumber = step === 'password' ? 1 : step === 'authenticator' ? 2 : 3
  const headingClass = 'text-lg font-semibold text-navy-900 outline-none'
  return (
    <>
      <h1 className={H1}>Welcome, {invite.name}</h1>
      <p className="mt-2 text-sm text-slate-700">
        Your staff account: <span className="font-semibold text-navy-900">{invite.email}</span>, role {ROLE_LABELS[invite.role]}.
      </p>
      <p className="mt-6 text-sm font-semibold tracking-widest text-ocean-700 uppercase">Step {stepNumber} of 3</p>
      <div className="mt-2">
        {step === 'password' ? (
          <form onSubmit={choosePassword} noValidate aria-busy={busy}>
            <h2 ref={stepHeading} tabIndex={-1} className={`${headingClass} mb-4`}>
              Choose a password
            </h2>
            <FormAlert message={failure} />
            <NewPasswordField value={password} onChange={setPassword} error={passwordError} inputRef={passwordInput} email={invite.email} />
            <button type="submit" disabled={busy} className="btn-primary mt-5 disabled:cursor-wait disabled:opacity-70">
              {busy ? 'One moment...' : 'Continue'}
            </button>
          </form>
        ) : step === 'authenticator' && setup ? (
          <>
            <h2 ref={stepHeading} tabIndex={-1} className={`${headingClass} mb-4`}>
              Set up your authenticator app
            </h2>
            <FormAlert message={failure} />
            <AuthenticatorSetup
              setup={setup}
              busy={busy}
              error={codeError}
              submitLabel="Finish"
              busyLabel="Setting up your account..."
              onSubmit={(code) => void finish(code)}
              onCancel={() => setStep('password')}
            />
          </>
        ) : accepted ? (
          <>
            <h2 ref={stepHeading} tabIndex={-1} className={`${headingClass} mb-4`}>
              Save your recovery codes
            </h2>
            <p className="mb-4 text-sm text-slate-700">Your account is ready. A recovery code signs you in once if you lose your phone.</p>
            <RecoveryCodes
              codes={accepted.recoveryCodes}
              email={invite.email}
              onDone={() => {
                storeToken(accepted.authToken)
                onSignedIn()
              }}
            />
          </>
        ) : null}
      </div>
    </>
  )
}

type ResetState = {kind: 'form'} | {kind: 'done'} | {kind: 'gone'; message: string}

/** /admin/reset/:token (see the module comment). */
export function ResetPage({token}: {token: string}) {
  const hydrated = useHydrated()
  const [state, setState] = useState<ResetState>({kind: 'form'})
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const input = useRef<HTMLInputElement>(null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setFailure(null)
    const problem = passwordProblem(password)
    setError(problem)
    if (problem) return input.current?.focus()
    setBusy(true)
    try {
      await completePasswordReset(token, password)
      setState({kind: 'done'})
    } catch (refusal) {
      const message = refusal instanceof Error && refusal.message ? refusal.message : LINK_MESSAGES.failed
      const details = refusal instanceof AdminApiError ? refusal.details : {}
      if (refusal instanceof AdminApiError && refusal.status === 410) setState({kind: 'gone', message})
      else if (details.password?.[0]) {
        setError(details.password[0])
        input.current?.focus()
      } else setFailure(message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <LinkFrame>
      {!hydrated ? (
        <Spinner label="Loading..." />
      ) : state.kind === 'gone' ? (
        <LinkProblem title="This link cannot be used" message={state.message} linkLabel="Ask for a new link" />
      ) : state.kind === 'done' ? (
        <ResetDone />
      ) : (
        <>
          <h1 className={H1}>Choose a new password</h1>
          <p className="mt-2 mb-6 text-sm text-slate-700">Your sessions end when the password changes; signing in still asks for your second factor.</p>
          <FormAlert message={failure} />
          <form onSubmit={submit} noValidate aria-busy={busy}>
            <NewPasswordField value={password} onChange={setPassword} error={error} inputRef={input} />
            <button type="submit" disabled={busy} className="btn-primary mt-5 disabled:cursor-wait disabled:opacity-70">
              {busy ? 'Changing the password...' : 'Change password'}
            </button>
          </form>
        </>
      )}
    </LinkFrame>
  )
}

function ResetDone() {
  const heading = useFocusOnMount<HTMLHeadingElement>()
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className={H1}>
        Password changed
      </h1>
      <p role="status" className="mt-4 text-base text-slate-800">
        {LINK_MESSAGES.resetDone}
      </p>
      <p className="mt-6">
        <a href={LOGIN_PATH} className="btn-secondary">
          Sign in
        </a>
      </p>
    </>
  )
}
