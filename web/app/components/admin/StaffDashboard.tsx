/**
 * /admin/staff (docs/requirements.md#req-staff-accounts, #req-staff-roles): the owner's list of
 * everyone with a staff account — Name, E-mail, Role, Status ("Active", "Disabled", "Invited — link
 * expires …"), Last login ("Never"), Second factors ("Authenticator, 1 passkey, 8 recovery codes",
 * "None") — in a table that scrolls sideways in its own focusable region on a narrow screen.
 *
 * - "Invite" opens the form (E-mail, Name, Role), checked as the server checks it; a 400 shows
 *   its field messages, a 409 the server's message; success adds the row and says "Invitation
 *   sent to {email}".
 * - Each row's actions: a role select with "Save role", "Disable" (after "Disable {name}? They are
 *   signed out at once.") or "Enable", "End sessions" ("Ended N sessions") and, while the invite
 *   is pending, "Resend invite". A change is sent with If-Match (the row's version): a 409 shows the
 *   server's message and reloads the list. The environment's owner account shows "Owner account
 *   (environment)" instead; nobody changes their own role or status.
 * - Loading, error and empty states; a 401 signs out.
 */
import {useCallback, useEffect, useId, useRef, useState, type FormEvent} from 'react'
import {StaffInviteRequestSchema, type StaffMember} from '#schemas/contracts/staff'
import {ROLE_LABELS, ROLES, type Role} from '#schemas/rules/staff-roles'
import {EmptyState} from '~/components/ui/EmptyState'
import {Field, inputClass} from '~/components/form/Field'
import {AdminPageHeader} from './AdminPageHeader'
import {AdminTable, columnsOf} from './AdminTable'
import {AdminApiError, UnauthorizedError} from './admin-fetch'
import {ConfirmDialog} from './ConfirmDialog'
import {ErrorPanel} from './ErrorPanel'
import {Spinner} from './parts'
import {
  endedText,
  endStaffSessions,
  factorsText,
  fetchStaff,
  inviteStaff,
  lastLoginText,
  patchStaff,
  resendInvite,
  STAFF_MESSAGES,
  staffStatusText,
} from './staff'
import {useAdminLoad} from './useAdminLoad'

const CELL = 'px-3 py-2.5 align-top'
const HEADERS = ['Name', 'E-mail', 'Role', 'Status', 'Last login', 'Second factors', 'Actions'] as const
const SMALL_BUTTON = 'min-h-10 px-3 py-1.5 text-sm disabled:cursor-wait disabled:opacity-60'

/** What the page says after an action: a success (status) or a refusal (alert). */
type Notice = {kind: 'done' | 'error'; text: string} | null

/** The staff page of a signed-in owner; `meId` is the signed-in person (their row has no role or status controls). */
export function StaffDashboard({token, onUnauthorized, meId}: {token: string; onUnauthorized: () => void; meId: string | null}) {
  const {load, setLoad, refreshing, reload} = useAdminLoad(fetchStaff, {token, onUnauthorized, failMessage: STAFF_MESSAGES.loadFailed})
  const [inviting, setInviting] = useState(false)
  const [notice, setNotice] = useState<Notice>(null)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const inviteButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (notice?.kind === 'error') noticeRef.current?.focus()
  }, [notice])

  const replace = useCallback(
    (member: StaffMember) =>
      setLoad((previous) =>
        previous.state === 'loaded' ? {state: 'loaded', data: previous.data.map((row) => (row.id === member.id ? member : row))} : previous,
      ),
    [setLoad],
  )

  /** Runs a row's action: its success text, or the refusal (a 409 reloads the list: the row changed meanwhile). */
  const act = useCallback(
    async (action: () => Promise<string>) => {
      setNotice(null)
      try {
        setNotice({kind: 'done', text: await action()})
      } catch (error) {
        if (error instanceof UnauthorizedError) return onUnauthorized()
        setNotice({kind: 'error', text: error instanceof Error && error.message ? error.message : STAFF_MESSAGES.saveFailed})
        if (error instanceof AdminApiError && error.status === 409) reload()
      }
    },
    [onUnauthorized, reload],
  )

  function invited(member: StaffMember) {
    setLoad((previous) => (previous.state === 'loaded' ? {state: 'loaded', data: [...previous.data, member]} : previous))
    setInviting(false)
    setNotice({kind: 'done', text: `Invitation sent to ${member.email}`})
  }

  const people = load.state === 'loaded' ? load.data : null

  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="Staff" refreshing={refreshing} onRefresh={reload} />
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Everyone who can sign in to the back office, and what their role lets them do. An invited person chooses a password and sets up an authenticator app
        from the link in their e-mail.
      </p>

      <div className="mt-6">
        {inviting ? (
          <InviteForm
            token={token}
            onUnauthorized={onUnauthorized}
            onInvited={invited}
            onCancel={() => {
              setInviting(false)
              inviteButton.current?.focus()
            }}
          />
        ) : (
          <button
            ref={inviteButton}
            type="button"
            className="btn-primary"
            onClick={() => {
              setNotice(null)
              setInviting(true)
            }}
          >
            Invite
          </button>
        )}
      </div>

      <div aria-live="polite" className="mt-4 min-h-6 text-sm">
        {notice?.kind === 'done' ? <p className="font-medium text-emerald-800">{notice.text}</p> : null}
        {refreshing && load.state !== 'loading' ? <p className="text-slate-700">Updating the staff list...</p> : null}
      </div>
      {notice?.kind === 'error' ? (
        <p ref={noticeRef} tabIndex={-1} role="alert" className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 outline-none">
          {notice.text}
        </p>
      ) : null}

      {load.state === 'loading' ? (
        <Spinner label="Loading staff..." />
      ) : load.state === 'error' ? (
        <div className="mt-4">
          <ErrorPanel title="Error loading staff" message={load.message} />
        </div>
      ) : people && people.length === 0 ? (
        <EmptyState title={STAFF_MESSAGES.empty} className="mt-2 py-10" />
      ) : people ? (
        <AdminTable caption="Staff accounts" columns={columnsOf(HEADERS)}>
          {people.map((member) => (
            <StaffRow key={member.id} member={member} self={member.id === meId} token={token} act={act} onChanged={replace} />
          ))}
        </AdminTable>
      ) : null}
    </div>
  )
}

/** The invite form: E-mail, Name, Role; field errors from the contract, then from the server's 400. */
function InviteForm({
  token,
  onUnauthorized,
  onInvited,
  onCancel,
}: {
  token: string
  onUnauthorized: () => void
  onInvited: (member: StaffMember) => void
  onCancel: () => void
}) {
  const id = useId()
  const [values, setValues] = useState<{email: string; name: string; role: Role | ''}>({email: '', name: '', role: ''})
  const [errors, setErrors] = useState<Partial<Record<'email' | 'name' | 'role', string>>>({})
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const form = useRef<HTMLFormElement>(null)
  const failureRef = useRef<HTMLParagraphElement>(null)

  useEffect(() => {
    form.current?.querySelector<HTMLInputElement>('input')?.focus()
  }, [])

  function showErrors(found: Partial<Record<'email' | 'name' | 'role', string>>) {
    setErrors(found)
    const first = (['email', 'name', 'role'] as const).find((name) => found[name])
    if (first) document.getElementById(`${id}-${first}`)?.focus()
  }

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (busy) return
    setFailure(null)
    const parsed = StaffInviteRequestSchema.safeParse(values)
    if (!parsed.success) {
      const fields = parsed.error.flatten().fieldErrors
      return showErrors({email: fields.email?.[0], name: fields.name?.[0], role: values.role ? fields.role?.[0] : 'Choose a role'})
    }
    showErrors({})
    setBusy(true)
    try {
      onInvited(await inviteStaff(token, parsed.data))
    } catch (error) {
      setBusy(false)
      if (error instanceof UnauthorizedError) return onUnauthorized()
      const details = error instanceof AdminApiError ? error.details : {}
      const found = {email: details.email?.[0], name: details.name?.[0], role: details.role?.[0]}
      if (found.email || found.name || found.role) return showErrors(found)
      setFailure(error instanceof Error && error.message ? error.message : STAFF_MESSAGES.inviteFailed)
      requestAnimationFrame(() => failureRef.current?.focus())
    }
  }

  const fieldOf = (name: 'email' | 'name' | 'role') => ({
    id: `${id}-${name}`,
    errorId: `${id}-${name}-error`,
    descriptionId: `${id}-${name}-hint`,
    errors: errors[name] ? [errors[name]] : undefined,
  })
  const control = (name: 'email' | 'name' | 'role') => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    className: inputClass(errors[name] ? [errors[name]] : undefined, 'login'),
  })
  const set = (name: 'email' | 'name' | 'role') => (event: {target: {value: string}}) => setValues((previous) => ({...previous, [name]: event.target.value}))

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      className="max-w-3xl rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-navy-900">
        Invite a person
      </h2>
      {failure ? (
        <p ref={failureRef} tabIndex={-1} role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 outline-none">
          {failure}
        </p>
      ) : null}
      <div className="mt-3 grid gap-4 sm:grid-cols-3">
        <Field look="login" label="E-mail" field={fieldOf('email')}>
          <input {...control('email')} type="email" autoComplete="off" spellCheck={false} value={values.email} onChange={set('email')} />
        </Field>
        <Field look="login" label="Name" field={fieldOf('name')}>
          <input {...control('name')} type="text" autoComplete="off" value={values.name} onChange={set('name')} />
        </Field>
        <Field look="login" label="Role" field={fieldOf('role')}>
          <select {...control('role')} value={values.role} onChange={set('role')}>
            <option value="">Choose a role</option>
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="mt-4 flex flex-wrap gap-3">
        <button type="submit" disabled={busy} className="btn-primary disabled:cursor-wait disabled:opacity-70">
          {busy ? 'Sending the invitation...' : 'Send invitation'}
        </button>
        <button type="button" onClick={onCancel} className="btn-outline">
          Cancel
        </button>
      </div>
    </form>
  )
}

/** One person and, for others than oneself and the environment's owner, the actions on them. */
function StaffRow({
  member,
  self,
  token,
  act,
  onChanged,
}: {
  member: StaffMember
  self: boolean
  token: string
  act: (action: () => Promise<string>) => Promise<void>
  onChanged: (member: StaffMember) => void
}) {
  const id = useId()
  const [role, setRole] = useState<Role>(member.role)
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  useEffect(() => setRole(member.role), [member.role])

  const run = (action: () => Promise<string>) => async () => {
    setBusy(true)
    await act(action)
    setBusy(false)
  }
  const change = (patch: {role?: Role; status?: 'active' | 'disabled'}, done: (member: StaffMember) => string) =>
    run(async () => {
      const changed = await patchStaff(token, member, patch)
      onChanged(changed)
      return done(changed)
    })

  return (
    <tr data-staff-id={member.id}>
      <td className={`${CELL} font-medium text-navy-900`}>
        {member.name}
        {self ? <span className="block text-xs font-normal text-slate-600">You</span> : null}
      </td>
      <td className={`${CELL} break-all`}>{member.email}</td>
      <td className={`${CELL} whitespace-nowrap`}>{ROLE_LABELS[member.role]}</td>
      <td className={`${CELL} min-w-36`}>{staffStatusText(member)}</td>
      <td className={`${CELL} whitespace-nowrap`}>{lastLoginText(member.lastLoginAt)}</td>
      <td className={`${CELL} min-w-40`}>{factorsText(member.factors)}</td>
      <td className={`${CELL} min-w-64`}>
        {member.bootstrap ? (
          <span className="text-slate-700">{STAFF_MESSAGES.bootstrap}</span>
        ) : (
          <div className="flex flex-wrap items-center gap-2" aria-busy={busy}>
            {self ? null : (
              <>
                <label htmlFor={`${id}-role`} className="sr-only">
                  Role of {member.name}
                </label>
                <select
                  id={`${id}-role`}
                  value={role}
                  onChange={(event) => setRole(event.target.value as Role)}
                  className="min-h-10 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none"
                >
                  {ROLES.map((value) => (
                    <option key={value} value={value}>
                      {ROLE_LABELS[value]}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  disabled={busy || role === member.role}
                  onClick={() => void change({role}, (changed) => `${changed.name} is now ${ROLE_LABELS[changed.role]}`)()}
                  className={`btn-outline ${SMALL_BUTTON} disabled:cursor-not-allowed`}
                  aria-label={`Save role of ${member.name}`}
                >
                  Save role
                </button>
                {member.status === 'active' ? (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => setConfirming(true)}
                    className={`btn-outline ${SMALL_BUTTON}`}
                    aria-label={`Disable ${member.name}`}
                  >
                    Disable
                  </button>
                ) : (
                  <button
                    type="button"
                    disabled={busy}
                    onClick={() => void change({status: 'active'}, (changed) => `${changed.name} is enabled`)()}
                    className={`btn-outline ${SMALL_BUTTON}`}
                    aria-label={`Enable ${member.name}`}
                  >
                    Enable
                  </button>
                )}
              </>
            )}
            <button
              type="button"
              disabled={busy}
              onClick={() => void run(async () => endedText(await endStaffSessions(token, member.id)))()}
              className={`btn-outline ${SMALL_BUTTON}`}
              aria-label={`End sessions of ${member.name}`}
            >
              End sessions
            </button>
            {member.invitePendingUntil && member.status === 'active' ? (
              <button
                type="button"
                disabled={busy}
                onClick={() =>
                  void run(async () => {
                    const changed = await resendInvite(token, member.id)
                    onChanged(changed)
                    return `Invitation sent again to ${changed.email}`
                  })()
                }
                className={`btn-outline ${SMALL_BUTTON}`}
                aria-label={`Resend invite to ${member.name}`}
              >
                Resend invite
              </button>
            ) : null}
          </div>
        )}
        {confirming ? (
          <ConfirmDialog
            title={`Disable ${member.name}?`}
            text="They are signed out at once."
            confirmLabel="Disable"
            onCancel={() => setConfirming(false)}
            onConfirm={() => {
              setConfirming(false)
              void change({status: 'disabled'}, (changed) => `${changed.name} is disabled`)()
            }}
          />
        ) : null}
      </td>
    </tr>
  )
}
