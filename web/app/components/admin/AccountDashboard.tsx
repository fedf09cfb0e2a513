/**
 * /admin/account (docs/requirements.md#req-staff-accounts): the signed-in person's own account,
 * any role. Sections:
 *
 * - "Password": current and new password (12 characters or more); a 400 shows its messages under
 *   the fields, a 409 (the environment's owner: its password is the environment's) the server's
 *   message; success "Password changed. Your other sessions were signed out."
 * - "Authenticator app": set up or not; "Set up" / "Replace" shows a QR code and the key, then
 *   asks for a code; "Remove" while a passkey remains (never the last factor).
 * - "Passkeys": name and date of each, "Remove" (409: the last factor); "Add a passkey" with a
 *   name runs the browser's WebAuthn ceremony (@simplewebauthn/browser); a cancelled ceremony says
 *   "Passkey setup was cancelled."
 * - "Recovery codes": how many are left; "Make new codes" (after a confirmation).
 * - "Sessions": started, expires, client address, browser, "This session"; "End" (ending this
 *   one signs out).
 *
 * New recovery codes (a first factor, or new codes) are shown once with RecoveryCodes. Loading and
 * error states; a 401 signs out.
 */
import {browserSupportsWebAuthn, startRegistration, WebAuthnError, type PublicKeyCredentialCreationOptionsJSON} from '@simplewebauthn/browser'
import {useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode, type Ref} from 'react'
import {PasswordChangeSchema, type Account, type TotpSetup} from '#schemas/contracts/staff'
import {formatDate, formatDateTime} from '#schemas/rules/format'
import {ROLE_LABELS} from '#schemas/rules/staff-roles'
import {Field, inputClass} from '~/components/form/Field'
import {logout} from '~/lib/admin-session'
import {AdminPageHeader} from './AdminPageHeader'
import {AdminTable, columnsOf} from './AdminTable'
import {AdminApiError, UnauthorizedError} from './admin-fetch'
import {AuthenticatorSetup} from './AuthenticatorSetup'
import {ConfirmDialog} from './ConfirmDialog'
import {ErrorPanel} from './ErrorPanel'
import {Spinner} from './parts'
import {RecoveryCodes} from './RecoveryCodes'
import {
  ACCOUNT_MESSAGES,
  browserText,
  changePassword,
  confirmTotpSetup,
  endSession,
  fetchAccount,
  passkeyOptions,
  regenerateRecoveryCodes,
  registerPasskey,
  removeFactor,
  startTotpSetup,
} from './staff'
import {useAdminLoad} from './useAdminLoad'

const CELL = 'px-3 py-2.5 align-top'
const SECTION = 'min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6'
const SMALL_BUTTON = 'min-h-10 px-3 py-1.5 text-sm disabled:cursor-wait disabled:opacity-60'

/** A section's outcome line: a success (status) or a refusal (alert, focused). */
type Notice = {kind: 'done' | 'error'; text: string} | null

/** The account page's session: the token, what a 401 does, and the account's reload. */
type Context = {token: string; onUnauthorized: () => void; reload: () => void; showCodes: (codes: string[]) => void}

/** The text of a failure, or null after a 401 (the session switch has signed out). */
function failureText(error: unknown, context: Pick<Context, 'onUnauthorized'>): string | null {
  if (error instanceof UnauthorizedError) {
    context.onUnauthorized()
    return null
  }
  return error instanceof Error && error.message ? error.message : ACCOUNT_MESSAGES.failed
}

/**
 * Runs a section's `work`: clears its notice and marks it busy; a failure becomes the section's
 * notice in the words failureText gives (a 401 signs out instead); busy ends either way.
 */
async function attempt(
  section: {setBusy: (busy: boolean) => void; setNotice: (notice: Notice) => void; context: Parameters<typeof failureText>[1]},
  work: () => Promise<unknown>,
): Promise<void> {
  section.setNotice(null)
  section.setBusy(true)
  try {
    await work()
  } catch (error) {
    const text = failureText(error, section.context)
    if (text) section.setNotice({kind: 'error', text})
  } finally {
    section.setBusy(false)
  }
}

export function AccountDashboard({token, onUnauthorized}: {token: string; onUnauthorized: () => void}) {
  const {load, refreshing, reload} = useAdminLoad(fetchAccount, {token, onUnauthorized, failMessage: ACCOUNT_MESSAGES.loadFailed})
  const [codes, setCodes] = useState<string[] | null>(null)
  const codesHeading = useRef<HTMLHeadingElement>(null)
  const showCodes = useCallback((fresh: string[]) => setCodes(fresh), [])
  useEffect(() => {
    if (codes) codesHeading.current?.focus()
  }, [codes])
  const context: Context = {token, onUnauthorized, reload, showCodes}

  const account = load.state === 'loaded' ? load.data : null
  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="My account" refreshing={refreshing} onRefresh={reload} />
      {account ? (
        <p className="mt-3 text-sm text-slate-700">
          Signed in as <span className="font-semibold text-navy-900">{account.me.name}</span> ({account.me.email}), {ROLE_LABELS[account.me.role]}.
        </p>
      ) : null}
      {load.state === 'loading' ? (
        <Spinner label="Loading your account..." />
      ) : load.state === 'error' ? (
        <div className="mt-6">
          <ErrorPanel title="Error loading your account" message={load.message} />
        </div>
      ) : account ? (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <PasswordSection context={context} email={account.me.email} />
          <AuthenticatorSection context={context} account={account} />
          <PasskeysSection context={context} account={account} />
          <Section title="Recovery codes" headingRef={codesHeading}>
            {codes ? (
              <RecoveryCodes
                codes={codes}
                email={account.me.email}
                onDone={() => {
                  setCodes(null)
                  reload()
                }}
              />
            ) : (
              <RecoveryCodesSection context={context} left={account.factors.recoveryCodes} />
            )}
          </Section>
          <SessionsSection context={context} account={account} />
        </div>
      ) : null}
    </div>
  )
}

/** A titled part of the page (an h2). */
function Section({title, headingRef, wide = false, children}: {title: string; headingRef?: Ref<HTMLHeadingElement>; wide?: boolean; children: ReactNode}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className={`${SECTION} ${wide ? 'lg:col-span-2' : ''}`}>
      <h2 id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-lg font-semibold text-navy-900 outline-none">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

/** A section's outcome: a success line, or a refusal in an alert that takes focus. */
function NoticeLine({notice}: {notice: Notice}) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (notice?.kind === 'error') ref.current?.focus()
  }, [notice])
  return (
    <div aria-live="polite">
      {notice?.kind === 'done' ? <p className="mt-3 text-sm font-medium text-emerald-800">{notice.text}</p> : null}
      {notice?.kind === 'error' ? (
        <p ref={ref} tabIndex={-1} role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 outline-none">
          {notice.text}
        </p>
      ) : null}
    </div>
  )
}

type PasswordField = 'currentPassword' | 'password'

function PasswordSection({context, email}: {context: Context; email: string}) {
  const id = useId()
  const [values, setValues] = useState<Record<PasswordField, string>>({currentPassword: '', password: ''})
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({})
  const [notice, setNotice] = useState<Notice>(null)
  const [busy, setBusy] = useState(false)

  function showErrors(found: Partial<Record<PasswordField, string>>) {
    setErrors(found)
    const first = (['currentPassword', 'password'] as const).find((name) => found[name])
    if (first) document.getElementById(`${id}-${first}`)?.focus()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setNotice(null)
    const parsed = PasswordChangeSchema.safeParse(values)
    if (!parsed.success) {
      const fields = parsed.error.flatten().fieldErrors
      return showErrors({currentPassword: fields.currentPassword?.[0], password: fields.password?.[0]})
    }
    showErrors({})
    setBusy(true)
    try {
      await changePassword(context.token, parsed.data)
      setValues({currentPassword: '', password: ''})
      setNotice({kind: 'done', text: ACCOUNT_MESSAGES.passwordChanged})
    } catch (error) {
      const details = error instanceof AdminApiError ? error.details : {}
      const found = {currentPassword: details.currentPassword?.[0], password: details.password?.[0]}
      if (found.currentPassword || found.password) showErrors(found)
      else {
        const text = failureText(error, context)
        if (text) setNotice({kind: 'error', text})
      }
    } finally {
      setBusy(false)
    }
  }

  const field = (name: PasswordField, label: string, autoComplete: string, hint?: string) => {
    const error = errors[name]
    const ids = {id: `${id}-${name}`, errorId: `${id}-${name}-error`, descriptionId: `${id}-${name}-hint`, errors: error ? [error] : undefined}
    const describedBy = [error ? ids.errorId : null, hint ? ids.descriptionId : null].filter(Boolean).join(' ') || undefined
    return (
      <Field look="login" label={label} field={ids} hint={hint}>
        <input
          id={ids.id}
          name={name}
          type="password"
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues((previous) => ({...previous, [name]: event.target.value}))}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass(ids.errors, 'login')}
        />
      </Field>
    )
  }

  return (
    <Section title="Password">
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
        {/* The account's name for password managers, which file the new password under it. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {field('currentPassword', 'Current password', 'current-password')}
        {field('password', 'New password', 'new-password', 'At least 12 characters; avoid common words, names and patterns.')}
        <button type="submit" disabled={busy} className="btn-primary disabled:cursor-wait disabled:opacity-70">
          {busy ? 'Changing the password...' : 'Change password'}
        </button>
      </form>
      <NoticeLine notice={notice} />
    </Section>
  )
}

function AuthenticatorSection({context, account}: {context: Context; account: Account}) {
  const [setup, setSetup] = useState<TotpSetup | null>(null)
  const [codeError, setCodeError] = useState<string | null>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const [busy, setBusy] = useState(false)
  const has = account.factors.totp

  async function start() {
    await attempt({setBusy, setNotice, context}, async () => {
      setSetup(await startTotpSetup(context.token))
      setCodeError(null)
    })
  }

  async function confirm(code: string) {
    setBusy(true)
    setCodeError(null)
    try {
      const codes = await confirmTotpSetup(context.token, code)
      setSetup(null)
      setNotice({kind: 'done', text: ACCOUNT_MESSAGES.totpDone})
      if (codes) context.showCodes(codes)
      else context.reload()
    } catch (error) {
      const text = failureText(error, context)
      if (text) setCodeError(error instanceof AdminApiError ? (error.details.code?.[0] ?? text) : text)
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    await attempt({setBusy, setNotice, context}, async () => {
      await removeFactor(context.token, 'totp')
      context.reload()
    })
  }

  return (
    <Section title="Authenticator app">
      <p className="text-sm text-slate-700">{has ? 'Set up: sign-in asks for a code from your authenticator app.' : 'Not set up.'}</p>
      {setup ? (
        <div className="mt-4">
          <AuthenticatorSetup
            setup={setup}
            busy={busy}
            error={codeError}
            submitLabel="Confirm"
            busyLabel="Checking the code..."
            onSubmit={(code) => void confirm(code)}
            onCancel={() => setSetup(null)}
          />
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" disabled={busy} onClick={() => void start()} className="btn-primary disabled:cursor-wait disabled:opacity-70">
            {has ? 'Replace' : 'Set up'}
          </button>
          {has && account.passkeys.length > 0 ? (
            <button type="button" disabled={busy} onClick={() => void remove()} className="btn-outline" aria-label="Remove the authenticator app">
              Remove
            </button>
          ) : null}
        </div>
      )}
      <NoticeLine notice={notice} />
    </Section>
  )
}

function PasskeysSection({context, account}: {context: Context; account: Account}) {
  const id = useId()
  const [name, setName] = useState('')
  const [notice, setNotice] = useState<Notice>(null)
  const [busy, setBusy] = useState(false)

  async function add(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setNotice(null)
    if (!browserSupportsWebAuthn()) return setNotice({kind: 'error', text: ACCOUNT_MESSAGES.passkeyUnsupported})
    setBusy(true)
    try {
      const optionsJSON = (await passkeyOptions(context.token)) as unknown as PublicKeyCredentialCreationOptionsJSON
      let webauthn: unknown
      try {
        webauthn = await startRegistration({optionsJSON})
      } catch (error) {
        return setNotice({kind: 'error', text: ceremonyCancelled(error) ? ACCOUNT_MESSAGES.passkeyCancelled : ACCOUNT_MESSAGES.passkeyFailed})
      }
      const added = await registerPasskey(context.token, {name: name.trim() || 'Passkey', webauthn})
      setName('')
      setNotice({kind: 'done', text: ACCOUNT_MESSAGES.passkeyAdded})
      if (added.recoveryCodes) context.showCodes(added.recoveryCodes)
      else context.reload()
    } catch (error) {
      const text = failureText(error, context)
      if (text) setNotice({kind: 'error', text})
    } finally {
      setBusy(false)
    }
  }

  async function remove(passkeyId: string) {
    await attempt({setBusy, setNotice, context}, async () => {
      await removeFactor(context.token, passkeyId)
      context.reload()
    })
  }

  return (
    <Section title="Passkeys">
      {account.passkeys.length ? (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {account.passkeys.map((passkey) => (
            <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2.5">
              <span>
                <span className="font-medium text-navy-900">{passkey.name}</span>
                <span className="block text-xs text-slate-600">Added {formatDate(passkey.createdAt)}</span>
              </span>
              <button
                type="button"
                disabled={busy}
                onClick={() => void remove(passkey.id)}
                className={`btn-outline ${SMALL_BUTTON}`}
                aria-label={`Remove passkey ${passkey.name}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No passkeys yet. A passkey signs you in with this device’s screen lock or a security key.</p>
      )}
      <form onSubmit={add} noValidate className="mt-4 flex flex-wrap items-end gap-3" aria-busy={busy}>
        <div className="min-w-48 flex-1">
          <label htmlFor={`${id}-name`} className="block text-sm font-semibold text-navy-900">
            Passkey name
          </label>
          <input
            id={`${id}-name`}
            type="text"
            maxLength={60}
            autoComplete="off"
            placeholder="e.g. Work laptop"
            value={name}
            onChange={(event) => setName(event.target.value)}
            className={`mt-1.5 ${inputClass(undefined, 'login')}`}
          />
        </div>
        <button type="submit" disabled={busy} className="btn-primary disabled:cursor-wait disabled:opacity-70">
          {busy ? 'Adding...' : 'Add a passkey'}
        </button>
      </form>
      <NoticeLine notice={notice} />
    </Section>
  )
}

/** Whether the browser's passkey ceremony ended without a passkey because the person cancelled it (or let it time out). */
const ceremonyCancelled = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error instanceof WebAuthnError && error.code === 'ERROR_CEREMONY_ABORTED'))

function RecoveryCodesSection({context, left}: {context: Context; left: number}) {
  const [confirming, setConfirming] = useState(false)
  const [notice, setNotice] = useState<Notice>(null)
  const [busy, setBusy] = useState(false)

  async function regenerate() {
    await attempt({setBusy, setNotice, context}, async () => {
      context.showCodes(await regenerateRecoveryCodes(context.token))
    })
  }

  return (
    <>
      <p className="text-sm text-slate-700">
        {left === 1 ? '1 code left' : `${left} codes left`} of 10. Each signs you in once when you cannot use your authenticator app or a passkey.
      </p>
      <button type="button" disabled={busy} onClick={() => setConfirming(true)} className="btn-outline mt-4 disabled:cursor-wait disabled:opacity-70">
        Make new codes
      </button>
      {confirming ? (
        <ConfirmDialog
          title="Make new recovery codes?"
          text="The codes you have now stop working."
          confirmLabel="Make new codes"
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false)
            void regenerate()
          }}
        />
      ) : null}
      <NoticeLine notice={notice} />
    </>
  )
}

const SESSION_HEADERS = ['Started', 'Expires', 'Client address', 'Browser', 'Actions'] as const

function SessionsSection({context, account}: {context: Context; account: Account}) {
  const [notice, setNotice] = useState<Notice>(null)
  const [busy, setBusy] = useState(false)

  async function end(sessionId: string, current: boolean) {
    await attempt({setBusy, setNotice, context}, async () => {
      await endSession(context.token, sessionId)
      if (current) return logout()
      setNotice({kind: 'done', text: ACCOUNT_MESSAGES.sessionEnded})
      context.reload()
    })
  }

  return (
    <Section title="Sessions" wide>
      <p className="text-sm text-slate-700">Where you are signed in. A session lasts 12 hours; ending one signs that browser out.</p>
      <AdminTable caption="Your sessions" columns={columnsOf(SESSION_HEADERS)}>
        {account.sessions.map((session) => (
          <tr key={session.id} data-session-id={session.id}>
            <td className={`${CELL} whitespace-nowrap`}>{formatDateTime(session.createdAt)}</td>
            <td className={`${CELL} whitespace-nowrap`}>{formatDateTime(session.expiresAt)}</td>
            <td className={`${CELL} break-all`}>{session.client || '—'}</td>
            <td className={CELL}>
              <span title={session.userAgent}>{browserText(session.userAgent)}</span>
              {session.current ? (
                <span className="ml-2 inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-600/30 ring-inset">
                  This session
                </span>
              ) : null}
            </td>
            <td className={CELL}>
              <button
                type="button"
                disabled={busy}
                onClick={() => void end(session.id, session.current)}
                className={`btn-outline ${SMALL_BUTTON}`}
                aria-label={session.current ? 'End this session (sign out)' : `End the session started ${formatDateTime(session.createdAt)}`}
              >
                End
              </button>
            </td>
          </tr>
        ))}
      </AdminTable>
      <NoticeLine notice={notice} />
    </Section>
  )
}
