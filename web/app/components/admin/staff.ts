/**
 * The staff pages' client and words (docs/requirements.md#req-staff-accounts), free of React.
 * Every answer is parsed with its contract (schemas/contracts/staff.ts).
 *
 * Signed in (bearer token, ./admin-fetch.ts: a 401 throws UnauthorizedError, a refusal under 500
 * throws AdminApiError with the server's message, its status and its `details` per field):
 * - the owner's list: `fetchStaff`, `inviteStaff`, `patchStaff` (If-Match: the person's
 *   updatedAt; 409 when changed meanwhile), `resendInvite`, `endStaffSessions`;
 * - one's own account: `fetchAccount`, `changePassword`, `startTotpSetup`, `confirmTotpSetup`,
 *   `removeFactor`, `passkeyOptions`, `registerPasskey`, `regenerateRecoveryCodes`, `endSession`.
 *
 * Without a session (the link's token stands for the person, no bearer header is sent): the
 * invite (`viewInvite`, `inviteTotpSetup`, `acceptInvite`) and the password reset
 * (`completePasswordReset`). A refusal throws AdminApiError with the server's message (410: the
 * link is used or expired).
 */
import {z} from 'zod'
import {
  AccountSchema,
  FirstFactorCodesSchema,
  InviteAcceptedSchema,
  InviteViewSchema,
  PasskeyRegisteredSchema,
  RecoveryCodesSchema,
  StaffListSchema,
  StaffMemberSchema,
  TotpSetupSchema,
  WebAuthnOptionsSchema,
  type Factors,
  type StaffInviteRequest,
  type StaffMember,
  type StaffPatch,
} from '#schemas/contracts/staff'
import {formatDateTime} from '#schemas/rules/format'
import {AdminApiError, adminFetch, adminRequest, clientErrors, errorBody} from './admin-fetch'

export const STAFF_MESSAGES = {
  loadFailed: 'Failed to load staff',
  inviteFailed: 'The invitation could not be sent. Please try again.',
  saveFailed: 'The change could not be saved. Please try again.',
  endFailed: 'The sessions could not be ended. Please try again.',
  empty: 'No staff accounts yet.',
  bootstrap: 'Owner account (environment)',
} as const

export const ACCOUNT_MESSAGES = {
  loadFailed: 'Failed to load your account',
  failed: 'That did not work. Please try again.',
  passwordChanged: 'Password changed. Your other sessions were signed out.',
  totpDone: 'Your authenticator app is set up.',
  passkeyAdded: 'Passkey added.',
  passkeyCancelled: 'Passkey setup was cancelled.',
  passkeyUnsupported: 'This browser cannot create passkeys.',
  passkeyFailed: 'The passkey could not be added. Please try again.',
  sessionEnded: 'Session ended.',
} as const

export const LINK_MESSAGES = {
  failed: 'Something went wrong. Please try again.',
  resetDone: 'Your password was changed. Sign in with it and your authenticator app.',
  recoveryNotice: 'Keep these codes somewhere safe. Each works once, and they are shown only now.',
} as const

// ---------------------------------------------------------------------------------------------
// The owner's staff list

const staffPath = (id?: string, action?: 'invite' | 'sessions/end') =>
  ['/api/admin/staff', id ? encodeURIComponent(id) : null, action ?? null].filter(Boolean).join('/')

/** Everyone with an account, the environment's owner first. */
export const fetchStaff = (token: string, signal?: AbortSignal) =>
  adminFetch(staffPath(), {token, signal, schema: StaffListSchema, failed: STAFF_MESSAGES.loadFailed, serverMessage: clientErrors})

/** Invites a person (201 the new row; 400 names the fields, 409 an address that has an account). */
export const inviteStaff = (token: string, body: StaffInviteRequest) =>
  adminFetch(staffPath(), {token, method: 'POST', body, schema: StaffMemberSchema, failed: STAFF_MESSAGES.inviteFailed, serverMessage: clientErrors})

/** Changes `member`'s role or status, as of the version shown (If-Match: its updatedAt). */
export const patchStaff = (token: string, member: Pick<StaffMember, 'id' | 'updatedAt'>, patch: StaffPatch) =>
  adminFetch(staffPath(member.id), {
    token,
    method: 'PATCH',
    body: patch,
    headers: {'If-Match': `"${member.updatedAt}"`},
    schema: StaffMemberSchema,
    failed: STAFF_MESSAGES.saveFailed,
    serverMessage: clientErrors,
  })

/** Sends a new invite to `id` (the old link stops working). */
export const resendInvite = (token: string, id: string) =>
  adminFetch(staffPath(id, 'invite'), {token, method: 'POST', schema: StaffMemberSchema, failed: STAFF_MESSAGES.inviteFailed, serverMessage: clientErrors})

/** Ends every live session of `id`: how many ended. */
export const endStaffSessions = async (token: string, id: string) =>
  (
    await adminFetch(staffPath(id, 'sessions/end'), {
      token,
      method: 'POST',
      schema: z.object({ended: z.number().int().nonnegative()}),
      failed: STAFF_MESSAGES.endFailed,
      serverMessage: clientErrors,
    })
  ).ended

// ---------------------------------------------------------------------------------------------
// One's own account

const own = {failed: ACCOUNT_MESSAGES.failed, serverMessage: clientErrors}

export const fetchAccount = (token: string, signal?: AbortSignal) =>
  adminFetch('/api/admin/account', {token, signal, schema: AccountSchema, failed: ACCOUNT_MESSAGES.loadFailed, serverMessage: clientErrors})

/** 204; 400 names `currentPassword` or `password`; 409 for the environment's owner. */
export const changePassword = async (token: string, body: {currentPassword: string; password: string}) => {
  await adminRequest('/api/admin/account/password', {token, method: 'POST', body, ...own})
}

/** A new authenticator secret to confirm (the current one stays until then). */
export const startTotpSetup = (token: string) => adminFetch('/api/admin/account/totp', {token, method: 'POST', schema: TotpSetupSchema, ...own})

/** Confirms the new authenticator with its code: the recovery codes when it is the first factor. */
export const confirmTotpSetup = async (token: string, code: string) =>
  (await adminFetch('/api/admin/account/totp/confirm', {token, method: 'POST', body: {code}, schema: FirstFactorCodesSchema, ...own})).recoveryCodes

/** Removes the authenticator app (`'totp'`) or a passkey; 409 for the last factor. */
export const removeFactor = async (token: string, factor: string) => {
  await adminRequest(`/api/admin/account/factors/${encodeURIComponent(factor)}`, {token, method: 'DELETE', ...own})
}

/** The WebAuthn registration options of a new passkey. */
export const passkeyOptions = (token: string) =>
  adminFetch('/api/admin/account/passkeys/options', {
    token,
    method: 'POST',
    schema: WebAuthnOptionsSchema,
    failed: ACCOUNT_MESSAGES.passkeyFailed,
    serverMessage: clientErrors,
  })

/** Stores the passkey the browser made (201): it, and the recovery codes when it is the first factor. */
export const registerPasskey = (token: string, body: {name: string; webauthn: unknown}) =>
  adminFetch('/api/admin/account/passkeys', {
    token,
    method: 'POST',
    body,
    schema: PasskeyRegisteredSchema,
    failed: ACCOUNT_MESSAGES.passkeyFailed,
    serverMessage: clientErrors,
  })

/** Ten new recovery codes (the old ones stop working). */
export const regenerateRecoveryCodes = async (token: string) =>
  (await adminFetch('/api/admin/account/recovery-codes', {token, method: 'POST', schema: RecoveryCodesSchema, ...own})).recoveryCodes

/** Ends one of one's sessions. */
export const endSession = async (token: string, sessionId: string) => {
  await adminRequest(`/api/admin/account/sessions/${encodeURIComponent(sessionId)}/end`, {token, method: 'POST', ...own})
}

// ---------------------------------------------------------------------------------------------
// The secret links (no session)

/** A call of a link page: the parsed answer; AdminApiError with the server's message and details. */
async function linkFetch<S extends z.ZodTypeAny>(path: string, options: {method?: 'GET' | 'POST'; body?: unknown; schema: S | null}): Promise<z.output<S>> {
  let response: Response
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers: options.body === undefined ? {Accept: 'application/json'} : {Accept: 'application/json', 'Content-Type': 'application/json'},
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: 'no-store',
    })
  } catch {
    throw new AdminApiError(LINK_MESSAGES.failed)
  }
  if (!response.ok) {
    const refusal = response.status < 500 ? await errorBody(response) : null
    throw new AdminApiError(refusal?.error ?? LINK_MESSAGES.failed, {status: response.status, details: refusal?.details})
  }
  if (!options.schema) return undefined as z.output<S>
  const parsed = options.schema.safeParse(await response.json().catch(() => null))
  if (!parsed.success) throw new AdminApiError(LINK_MESSAGES.failed)
  return parsed.data as z.output<S>
}

const invitePath = (token: string) => `/api/admin/invite/${encodeURIComponent(token)}`

/** Who the invite is for (410: used or expired). */
export const viewInvite = (token: string) => linkFetch(invitePath(token), {schema: InviteViewSchema})

/** The authenticator to set up for the invite. */
export const inviteTotpSetup = (token: string) => linkFetch(`${invitePath(token)}/totp`, {method: 'POST', schema: TotpSetupSchema})

/** Accepts the invite: the recovery codes and the new session's token (400 names `password` or `code`). */
export const acceptInvite = (token: string, body: {password: string; code: string}) =>
  linkFetch(invitePath(token), {method: 'POST', body, schema: InviteAcceptedSchema})

/** Sets a new password with a reset link (204; 400 a weak password; 410 used or expired). */
export const completePasswordReset = async (token: string, password: string) => {
  await linkFetch(`/api/admin/password-reset/${encodeURIComponent(token)}`, {method: 'POST', body: {password}, schema: null})
}

// ---------------------------------------------------------------------------------------------
// How things read

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

/** "Active", "Disabled", or "Invited — link expires 24 Nov 2026, 09:00". */
export function staffStatusText(member: Pick<StaffMember, 'status' | 'invitePendingUntil'>): string {
  if (member.status === 'disabled') return 'Disabled'
  return member.invitePendingUntil ? `Invited — link expires ${formatDateTime(member.invitePendingUntil)}` : 'Active'
}

/** "Authenticator, 1 passkey, 8 recovery codes", or "None". */
export function factorsText(factors: Factors): string {
  const parts = [
    factors.totp ? 'Authenticator' : null,
    factors.passkeys ? plural(factors.passkeys, 'passkey') : null,
    factors.recoveryCodes ? plural(factors.recoveryCodes, 'recovery code') : null,
  ].filter(Boolean)
  return parts.length ? parts.join(', ') : 'None'
}

/** The last sign-in, or "Never". */
export const lastLoginText = (at: string | null): string => (at ? formatDateTime(at) : 'Never')

/** "Ended 2 sessions", "Ended 1 session". */
export const endedText = (count: number): string => `Ended ${plural(count, 'session')}`

/** An authenticator secret in groups of 4 ("JBSW Y3DP …"), easier to type. */
export const groupedSecret = (secret: string): string => (secret.match(/.{1,4}/g) ?? []).join(' ')

/** A browser's User-Agent as "Chrome 131 on macOS"; the raw text cut short when unknown. */
export function browserText(userAgent: string): string {
  const ua = userAgent.trim()
  if (!ua) return 'Unknown'
  const browsers: ReadonlyArray<[string, RegExp]> = [
    ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
    ['Opera', /OPR\/(\d+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
    ['Safari', /Version\/(\d+)[\d.]* .*Safari\//],
  ]
  const systems: ReadonlyArray<[string, RegExp]> = [
    ['Android', /Android/],
    ['iOS', /iPhone|iPad|iPod/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['ChromeOS', /CrOS/],
    ['Linux', /Linux/],
  ]
  const browser = browsers.map(([name, pattern]) => [name, pattern.exec(ua)?.[1]] as const).find(([, version]) => version)
  const system = systems.find(([, pattern]) => pattern.test(ua))?.[0]
  if (!browser) return ua.length > 40 ? `${ua.slice(0, 39)}…` : ua
  return `${browser[0]} ${browser[1]}${system ? ` on ${system}` : ''}`
}

/** The text file of recovery codes ("Download"). */
export function recoveryCodesFile(codes: readonly string[], email?: string): string {
  return [`Staff recovery codes${email ? ` for ${email}` : ''}`, LINK_MESSAGES.recoveryNotice, '', ...codes, ''].join('\n')
}

export const RECOVERY_CODES_FILE_NAME = 'staff-recovery-codes.txt'
