/**
 * A signed-in person's own account (/admin/account, docs/requirements.md#req-staff-accounts):
 * who they are, their second factors and live sessions; change the password (asks the current
 * one; other sessions end), set up or replace the authenticator app, add or remove passkeys
 * (never the last factor), make new recovery codes (the old ones stop working), end one of their
 * sessions, sign out. Every change is audited. Secrets (seeds, codes) are returned only when
 * just made, to be shown once.
 */
import {ServiceError} from '#netlify/platform/errors'
import {verifyPassword} from '#netlify/platform/password'
import type {Account, StaffIdentity, StaffMe, TotpSetup} from '#schemas/contracts/staff'
import {permissionsOf} from '#schemas/rules/staff-roles'
import {auditStaff} from './audit-trail'
import {BOOTSTRAP_ID, factorsOf, getStaff, hasSecondFactor, updateStaff, type StaffRecord} from './directory'
import {matchTotp, newRecoveryCodes, newTotpSecret, passkeyRegistrationOptions, relyingParty, verifyPasskeyRegistration} from './factors'
import {acceptableHash, CODE_MISMATCH} from './links'
import {endSession, endSessionsOf, liveSessions} from './sessions'
import {backupWarning} from '../backup/state'

/** The signed-in person: id, e-mail, name, session and client address. */
export type Me = {id: string; email: string; name: string; sessionId: string; client: string}

/** How long a setup started from /admin/account waits for its confirmation (ms). */
export const PENDING_TTL_MS = 10 * 60 * 1000
export const BOOTSTRAP_PASSWORD = 'The owner account’s password is set in the environment (ADMIN_PASSWORD_HASH): change it there.'
export const LAST_FACTOR = 'Keep at least one second factor: add another before removing this one.'

async function recordOf(me: Me, now: Date): Promise<StaffRecord> {
  const record = await getStaff(me.id, {now})
  if (!record) throw new ServiceError('not-found', 'No such staff member')
  return record
}

/** GET /api/admin/me for `record`. */
export const meOf = (record: StaffRecord): StaffIdentity => ({
  id: record.id,
  email: record.email,
  name: record.name,
  role: record.role,
  permissions: permissionsOf(record.role),
  secondFactorDue: !hasSecondFactor(record),
})

/** The account page's data: me, factors, passkeys (names, never keys), live sessions (the current one marked). */
export async function accountOf(me: Me, options: {now?: Date} = {}): Promise<Account> {
  const now = options.now ?? new Date()
  const record = await recordOf(me, now)
  const sessions = await liveSessions(me.id, now)
  return {
    me: meOf(record),
    factors: factorsOf(record),
    passkeys: record.factors.passkeys.map((p) => ({id: p.id, name: p.name, createdAt: p.createdAt})),
    sessions: sessions.map((s) => ({
      id: s.id,
      createdAt: s.createdAt,
      expiresAt: s.expiresAt,
      client: s.client,
      userAgent: s.userAgent,
      current: s.id === me.sessionId,
    })),
  }
}

/** Changes the password: 'invalid' for a wrong current password (field currentPassword) or a weak new one; the bootstrap owner's is the environment's ('conflict'). Other sessions end. */
export async function changePassword(me: Me, input: {currentPassword: string; password: string}, options: {now?: Date} = {}): Promise<void> {
  const now = options.now ?? new Date()
  if (me.id === BOOTSTRAP_ID) throw new ServiceError('conflict', BOOTSTRAP_PASSWORD)
  const record = await recordOf(me, now)
  if (!record.passwordHash || !(await verifyPassword(input.currentPassword, record.passwordHash)))
    throw new ServiceError('invalid', 'Your current password is not right', {
      field: 'currentPassword',
      details: {currentPassword: ['Your current password is not right']},
    })
  const passwordHash = await acceptableHash(input.password, record)
  await updateStaff(me.id, (current) => ({...current, passwordHash}), {now})
  await endSessionsOf(me.id, 'password', {now, except: me.sessionId})
  await auditStaff(me, 'password-changed', {type: 'staff', id: me.id}, undefined, now)
}

/** A new authenticator seed to set up (it replaces the current one once confirmed). */
export async function startTotpSetup(me: Me, options: {now?: Date} = {}): Promise<TotpSetup> {
  const now = options.now ?? new Date()
  const setup = newTotpSecret(me.email)
  const expiresAt = new Date(now.getTime() + PENDING_TTL_MS).toISOString()
  await updateStaff(me.id, (current) => ({...current, pending: {...current.pending, totpSecret: setup.secret, expiresAt}}), {now})
  return setup
}

/**
 * Confirms the seed of startTotpSetup with a current `code`; it becomes the authenticator. The
 * first factor also makes 10 recovery codes (returned, to show once). 'invalid' for a wrong code
 * or no setup in progress.
 */
export async function confirmTotpSetup(me: Me, code: string, options: {now?: Date} = {}): Promise<{recoveryCodes: string[] | null}> {
  const now = options.now ?? new Date()
  const record = await recordOf(me, now)
  const secret = record.pending?.totpSecret && record.pending.expiresAt > now.toISOString() ? record.pending.totpSecret : null
  if (!secret) throw new ServiceError('invalid', 'Start the authenticator setup again', {field: 'code'})
  const step = matchTotp(secret, code, now)
  if (step === null) throw new ServiceError('invalid', CODE_MISMATCH, {field: 'code', details: {code: [CODE_MISMATCH]}})
  const fresh = record.factors.recoveryCodes.length === 0 ? newRecoveryCodes() : null
  await updateStaff(
    me.id,
    (current) =>
      current.pending?.totpSecret === secret
        ? {
            ...current,
            pending: null,
            factors: {
              ...current.factors,
              totp: {secret, lastStep: step, enrolledAt: now.toISOString()},
              recoveryCodes: fresh ? fresh.hashes : current.factors.recoveryCodes,
            },
          }
        : {refuse: 'Start the authenticator setup again'},
    {now},
  )
  await auditStaff(me, 'second-factor-enrolled', {type: 'staff', id: me.id}, {factor: 'totp'}, now)
  return {recoveryCodes: fresh ? fresh.codes : null}
}

/** Ten new recovery codes (the old ones stop working); returned to show once. */
export async function regenerateRecoveryCodes(me: Me, options: {now?: Date} = {}): Promise<{recoveryCodes: string[]}> {
  const now = options.now ?? new Date()
  const fresh = newRecoveryCodes()
  await updateStaff(me.id, (current) => ({...current, factors: {...current.factors, recoveryCodes: fresh.hashes}}), {now})
  await auditStaff(me, 'recovery-codes-regenerated', {type: 'staff', id: me.id}, undefined, now)
  return {recoveryCodes: fresh.codes}
}

/** WebAuthn registration options for a new passkey of `me` at the site's `origin`. */
export async function startPasskeyRegistration(me: Me, options: {origin: string; now?: Date}) {
  const now = options.now ?? new Date()
  const record = await recordOf(me, now)
  const webauthn = await passkeyRegistrationOptions(record, relyingParty(options.origin))
  const expiresAt = new Date(now.getTime() + PENDING_TTL_MS).toISOString()
  await updateStaff(me.id, (current) => ({...current, pending: {...current.pending, webauthnChallenge: webauthn.challenge, expiresAt}}), {now})
  return webauthn
}

/** Registers the passkey of `response` under `name`; 'invalid' (field webauthn) when it does not verify. */
export async function finishPasskeyRegistration(me: Me, input: {name: string; webauthn: unknown}, options: {origin: string; now?: Date}) {
  const now = options.now ?? new Date()
  const record = await recordOf(me, now)
  const challenge = record.pending?.webauthnChallenge && record.pending.expiresAt > now.toISOString() ? record.pending.webauthnChallenge : null
  const passkey = challenge ? await verifyPasskeyRegistration(input.webauthn, challenge, relyingParty(options.origin), input.name, now) : null
  if (!passkey) throw new ServiceError('invalid', 'The passkey could not be verified. Try again.', {field: 'webauthn'})
  const fresh = record.factors.recoveryCodes.length === 0 ? newRecoveryCodes() : null
  await updateStaff(
    me.id,
    (current) => ({
      ...current,
      pending: null,
      factors: {
        ...current.factors,
        passkeys: [...current.factors.passkeys.filter((p) => p.id !== passkey.id), passkey],
        recoveryCodes: fresh ? fresh.hashes : current.factors.recoveryCodes,
      },
    }),
    {now},
  )
  await auditStaff(me, 'second-factor-enrolled', {type: 'staff', id: me.id}, {factor: 'passkey', name: input.name}, now)
  return {passkey: {id: passkey.id, name: passkey.name, createdAt: passkey.createdAt}, recoveryCodes: fresh ? fresh.codes : null}
}

/** Removes passkey `passkeyId` (or the authenticator app when `'totp'`), never the last factor ('conflict' LAST_FACTOR). */
export async function removeFactor(me: Me, factor: string, options: {now?: Date} = {}): Promise<void> {
  const now = options.now ?? new Date()
  await updateStaff(
    me.id,
    (current) => {
      const factors =
        factor === 'totp' ? {...current.factors, totp: null} : {...current.factors, passkeys: current.factors.passkeys.filter((p) => p.id !== factor)}
      if (factors.totp === current.factors.totp && factors.passkeys.length === current.factors.passkeys.length) return {refuse: 'No such second factor'}
      if (!factors.totp && factors.passkeys.length === 0) return {refuse: LAST_FACTOR}
      return {...current, factors}
    },
    {now},
  )
  await auditStaff(me, 'second-factor-removed', {type: 'staff', id: me.id}, {factor: factor === 'totp' ? 'totp' : 'passkey'}, now)
}

/** Ends one of `me`'s own sessions; 'not-found' when it is not a live session of theirs. */
export async function endOwnSession(me: Me, sessionId: string, options: {now?: Date} = {}): Promise<{ended: number}> {
  const now = options.now ?? new Date()
  if (!(await endSession(me.id, sessionId, 'self', now))) throw new ServiceError('not-found', 'No such session')
  await auditStaff(me, 'session-end', {type: 'session', id: sessionId.slice(0, 8)}, {by: 'self'}, now)
  return {ended: 1}
}

/** Signs out: ends the current session. */
export async function signOut(me: Me, options: {now?: Date} = {}): Promise<void> {
  const now = options.now ?? new Date()
  await endSession(me.id, me.sessionId, 'sign-out', now)
  await auditStaff(me, 'sign-out', {type: 'session', id: me.sessionId.slice(0, 8)}, undefined, now)
}

/**
 * GET /api/admin/me: who is signed in, and the daily backup's warning for the red banner of the
 * admin pages (../backup/state.ts backupWarning: null when fine; it never throws).
 */
export async function meNow(me: Me, options: {now?: Date} = {}): Promise<StaffMe> {
  const now = options.now ?? new Date()
  const [record, warning] = await Promise.all([recordOf(me, now), backupWarning(now)])
  return {...meOf(record), backupWarning: warning}
}
