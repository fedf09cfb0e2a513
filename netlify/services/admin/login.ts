/**
 * Staff sign-in (docs/requirements.md#req-admin-login, #req-staff-accounts).
 *
 * POST /api/admin {email, password}: configuration (503 'Admin login is not configured', before
 * anything is counted) → body (400, not counted) → throttle (429 with Retry-After, ./throttle.ts)
 * → credentials (401 'Invalid credentials') → then either the token `{authToken, expiresAt}`
 * (no second step due) or `{secondFactor: 'required', challenge, methods}`, or
 * `{secondFactor: 'enrol', challenge}` for an account that has no second factor yet and must
 * enrol one now (an owner's `staff:reset-2fa`, or the bootstrap owner in production).
 *
 * - Who: the bootstrap owner (ADMIN_EMAIL, its password from the environment) or an active person
 *   of the directory (scrypt hash). Unknown, disabled, not-yet-accepted accounts and a wrong
 *   password answer alike, after the same scrypt work.
 * - Second step due: always when the person has a factor; always in production. Outside
 *   production the bootstrap owner without a factor signs in with the password alone, so a first
 *   start keeps the spec's one-step login.
 * - Directory unreachable: only the bootstrap owner signs in, outside production with the
 *   password alone and the notice DIRECTORY_UNREACHABLE; in production it answers 503 with it (a
 *   second factor that cannot be read is never skipped there).
 *
 * POST /api/admin/second-factor {challenge, code | webauthn}: the challenge (5 minutes, used once)
 * → throttle (the same budgets, on the challenge's account) → a TOTP code (±1 step, each step
 * once), a recovery code (each once) or a passkey answer → the token. Failures count on the
 * throttle and are audited.
 *
 * Every success opens a session (netlify/services/staff/sessions.ts) whose id the token names.
 */
import type {z} from 'zod'
import type {AdminLoginResponse, AdminLoginSchema} from '#schemas/contracts/admin'
import type {AdminSignInResponse, SecondFactorRequest, TotpSetup} from '#schemas/contracts/staff'
import {isProduction} from '#netlify/platform/env'
import {ServiceError} from '#netlify/platform/errors'
import {DEFAULT_SCRYPT, hashPassword, safeEqual, verifyPassword} from '#netlify/platform/password'
import {normaliseAccount, requireAdminConfig, type AdminConfig} from './config'
import {reserveLoginAttempt} from './throttle'
import {signAdminToken} from './token'
import {recordAudit, staffActor, UNKNOWN_ACCOUNT, type Actor} from '../staff/audit-trail'
import {BOOTSTRAP_ID, findStaffId, getStaff, hasSecondFactor, updateStaff, type StaffRecord} from '../staff/directory'
import {
  isTotpCode,
  matchTotp,
  newRecoveryCodes,
  newTotpSecret,
  passkeyAuthenticationOptions,
  relyingParty,
  useRecoveryCode,
  verifyPasskeyAuthentication,
} from '../staff/factors'
import {createChallenge, createSession, openChallenge, setPendingTotp, setWebAuthnChallenge, useChallenge} from '../staff/sessions'

/** Credentials as AdminLoginSchema parses them (email trimmed). */
export type AdminCredentials = z.infer<typeof AdminLoginSchema>

export const INVALID_CREDENTIALS = 'Invalid credentials'
/** A second step that failed: a wrong, used or expired code or passkey. */
export const INVALID_CODE = 'Invalid authentication code'
/** A challenge that is unknown, used or older than 5 minutes. */
export const CHALLENGE_EXPIRED = 'This sign-in step has expired. Please sign in again.'
export const DIRECTORY_UNREACHABLE = 'The staff directory cannot be reached: only the owner account from the environment can sign in.'

/** The largest login body the edge reads (bytes). */
export const MAX_LOGIN_BYTES = 8 * 1024

/** Who is signing in, from where: the throttle and the audit log count per client. */
export type SignInClient = {address: string; userAgent: string}

export type AdminLoginOptions = {
  /** The client's address (the throttle counts per account and client). */
  client: string
  userAgent?: string
  /** The time of the attempt (tests inject it); defaults to now. */
  now?: Date
}

/** A hash to check unknown accounts' passwords against, so they take as long as known ones. */
let decoyHash: Promise<string> | undefined
const decoy = () => (decoyHash ??= hashPassword('decoy password for unknown accounts', DEFAULT_SCRYPT))

/** Whether `password` is the bootstrap owner's (constant time). */
async function bootstrapPasswordOk(config: AdminConfig, password: string): Promise<boolean> {
  return config.password.kind === 'hash' ? verifyPassword(password, config.password.hash) : safeEqual(password, config.password.password)
}

type PasswordCheck = {ok: true; record: StaffRecord | null; unreachable: boolean} | {ok: false; record: StaffRecord | null}

/** Checks `email` and `password` against the bootstrap owner or the directory (see the module comment). */
async function checkPassword(config: AdminConfig, email: string, password: string, now: Date): Promise<PasswordCheck> {
  const account = normaliseAccount(email)
  if (safeEqual(account, config.email)) {
    const ok = await bootstrapPasswordOk(config, password)
    if (!ok) return {ok: false, record: null}
    try {
      return {ok: true, record: await getStaff(BOOTSTRAP_ID, {now}), unreachable: false}
    } catch (error) {
      console.error(`[admin] the staff directory is unreachable: ${error instanceof Error ? error.message : String(error)}`)
      return {ok: true, record: null, unreachable: true}
    }
  }
  let record: StaffRecord | null = null
  try {
    const id = await findStaffId(account)
    record = id ? await getStaff(id, {now}) : null
  } catch (error) {
    console.error(`[admin] the staff directory is unreachable: ${error instanceof Error ? error.message : String(error)}`)
  }
  const usable = record && record.status === 'active' && record.passwordHash ? record.passwordHash : null
  const ok = await verifyPassword(password, usable ?? (await decoy()))
  return ok && usable ? {ok: true, record, unreachable: false} : {ok: false, record}
}

/** Opens a session for `record` and signs its token; records the sign-in and the last login. */
async function openSession(config: AdminConfig, record: StaffRecord, client: SignInClient, now: Date, how: string): Promise<AdminLoginResponse> {
  const session = await createSession(record.id, client, now)
  await updateStaff(record.id, (current) => ({...current, lastLoginAt: now.toISOString()}), {now}).catch(() => undefined)
  await recordAudit(
    {actor: staffActor(record), client: client.address, action: 'sign-in', target: {type: 'session', id: session.id.slice(0, 8)}, summary: {method: how}},
    now,
  )
  const {token, expiresAt} = await signAdminToken({staffId: record.id, sessionId: session.id}, config.secret, {now})
  return {authToken: token, expiresAt}
}

/** The methods `record` can answer the second step with. */
function methodsOf(record: StaffRecord): Array<'totp' | 'recovery' | 'passkey'> {
  const methods: Array<'totp' | 'recovery' | 'passkey'> = []
  if (record.factors.totp) methods.push('totp')
  if (record.factors.recoveryCodes.length > 0) methods.push('recovery')
  if (record.factors.passkeys.length > 0) methods.push('passkey')
  return methods
}

/** The actor of a failed attempt on `email`: the person when known, else the address tried. */
const failedActor = (record: StaffRecord | null, email: string): Actor =>
  record ? staffActor(record) : {type: 'staff', id: UNKNOWN_ACCOUNT, email: normaliseAccount(email).slice(0, 254) || UNKNOWN_ACCOUNT}

/**
 * A sign-in with `credentials` (parsed with AdminLoginSchema) from `options.client`: the token,
 * the second step's challenge, or null for credentials that are not an active account's (the
 * edge's 401 INVALID_CREDENTIALS). Throws ServiceError 'unavailable' when the login is not
 * configured (or, in production, the directory is unreachable) and 'limited' (with
 * retryAfterSeconds) while the throttle refuses.
 */
export async function adminLogin(credentials: AdminCredentials, options: AdminLoginOptions): Promise<(AdminSignInResponse & {notice?: string}) | null> {
  const config = requireAdminConfig()
  const now = options.now ?? new Date()
  const client = {address: options.client, userAgent: options.userAgent ?? ''}
  const {email, password} = credentials
  const attempt = await reserveLoginAttempt(email, options.client, options.now)
  const check = await checkPassword(config, email, password, now)
  await attempt.settle(check.ok)
  if (!check.ok) {
    console.warn(`[admin] failed login (${attempt.remaining} more failures allowed in the window for this account and client)`)
    await recordAudit(
      {actor: failedActor(check.record, email), client: client.address, action: 'sign-in-failed', target: null, summary: {reason: 'password'}},
      now,
    )
    return null
  }
  if (check.unreachable) {
    if (config.production) throw new ServiceError('unavailable', DIRECTORY_UNREACHABLE)
    const {token, expiresAt} = await signAdminToken({staffId: BOOTSTRAP_ID, sessionId: FALLBACK_SESSION}, config.secret, {now})
    return {authToken: token, expiresAt, notice: DIRECTORY_UNREACHABLE}
  }
  const record = check.record!
  if (hasSecondFactor(record)) {
    const challenge = await createChallenge(record.id, now)
    return {secondFactor: 'required', challenge: challenge.id, methods: methodsOf(record)}
  }
  if (record.id === BOOTSTRAP_ID && !config.production) return openSession(config, record, client, now, 'password')
  const challenge = await createChallenge(record.id, now)
  return {secondFactor: 'enrol', challenge: challenge.id}
}

/** The session id of a token issued while the directory was unreachable (outside production only). */
export const FALLBACK_SESSION = 'directory-unreachable'

/** The open challenge `id` and its person, or ServiceError 'gone' CHALLENGE_EXPIRED. */
async function challengeAndPerson(id: string, now: Date): Promise<{record: StaffRecord; challenge: NonNullable<Awaited<ReturnType<typeof openChallenge>>>}> {
  const challenge = await openChallenge(id, now)
  const record = challenge ? await getStaff(challenge.staffId, {now}) : null
  if (!challenge || !record || record.status !== 'active') throw new ServiceError('gone', CHALLENGE_EXPIRED)
  return {record, challenge}
}

/**
 * The second step: `request.code` (TOTP or recovery) or `request.webauthn` for the challenge's
 * person, from `client` at `now`, with the site's `origin` (the passkey's relying party). Resolves
 * to the token, or (for an account enrolling its first factor) the token and its recovery codes.
 * Throws ServiceError 'gone' for a used or expired challenge, 'unauthorized' INVALID_CODE for a
 * wrong, replayed or unknown code or passkey, 'limited' while the throttle refuses.
 */
export async function secondFactorSignIn(
  request: SecondFactorRequest,
  options: {client: SignInClient; origin: string; now?: Date},
): Promise<AdminLoginResponse & {recoveryCodes?: string[]}> {
  const config = requireAdminConfig()
  const now = options.now ?? new Date()
  const {record, challenge} = await challengeAndPerson(request.challenge, now)
  const attempt = await reserveLoginAttempt(record.email, options.client.address, options.now)
  let method: string | null = null
  let recoveryCodes: string[] | undefined
  await updateStaff(
    record.id,
    (current) => {
      method = null
      recoveryCodes = undefined
      if ('webauthn' in request) return undefined
      const {code} = request
      if (challenge.pendingTotpSecret && !hasSecondFactor(current)) {
        const step = isTotpCode(code) ? matchTotp(challenge.pendingTotpSecret, code, now) : null
        if (step === null) return undefined
        const fresh = newRecoveryCodes()
        method = 'totp-enrolled'
        recoveryCodes = fresh.codes
        return {
          ...current,
          factors: {
            ...current.factors,
            totp: {secret: challenge.pendingTotpSecret, lastStep: step, enrolledAt: now.toISOString()},
            recoveryCodes: fresh.hashes,
          },
        }
      }
      if (isTotpCode(code)) {
        const totp = current.factors.totp
        const step = totp ? matchTotp(totp.secret, code, now, totp.lastStep) : null
        if (step === null || !totp) return undefined
        method = 'totp'
        return {...current, factors: {...current.factors, totp: {...totp, lastStep: step}}}
      }
      const factors = useRecoveryCode(current.factors, code)
      if (!factors) return undefined
      method = 'recovery-code'
      return {...current, factors}
    },
    {now},
  )
  if ('webauthn' in request && challenge.webauthnChallenge) {
    const factors = await verifyPasskeyAuthentication(record.factors, request.webauthn, challenge.webauthnChallenge, relyingParty(options.origin))
    if (factors) {
      await updateStaff(record.id, (current) => ({...current, factors: {...current.factors, passkeys: factors.passkeys}}), {now})
      method = 'passkey'
    }
  }
  const ok = method !== null && (await useChallenge(challenge.id, now))
  await attempt.settle(ok)
  if (!ok) {
    await recordAudit(
      {
        actor: staffActor(record),
        client: options.client.address,
        action: 'second-factor-failed',
        target: null,
        summary: {method: 'webauthn' in request ? 'passkey' : 'code'},
      },
      now,
    )
    throw new ServiceError('unauthorized', INVALID_CODE)
  }
  if (method === 'totp-enrolled')
    await recordAudit(
      {actor: staffActor(record), client: options.client.address, action: 'second-factor-enrolled', target: null, summary: {factor: 'totp'}},
      now,
    )
  const answer = await openSession(config, record, options.client, now, method!)
  return recoveryCodes ? {...answer, recoveryCodes} : answer
}

/** The WebAuthn options for the challenge's person's passkeys; ServiceError 'gone' for a closed challenge, 'invalid' without passkeys. */
export async function passkeySignInOptions(challengeId: string, options: {origin: string; now?: Date}) {
  const now = options.now ?? new Date()
  const {record} = await challengeAndPerson(challengeId, now)
  if (record.factors.passkeys.length === 0) throw new ServiceError('invalid', 'This account has no passkey', {field: 'challenge'})
  const webauthn = await passkeyAuthenticationOptions(record, relyingParty(options.origin))
  if (!(await setWebAuthnChallenge(challengeId, webauthn.challenge, now))) throw new ServiceError('gone', CHALLENGE_EXPIRED)
  return webauthn
}

/**
 * A new authenticator seed for an account enrolling its first factor at sign-in (answer
 * `secondFactor: 'enrol'`): kept on the challenge until a code from it is confirmed.
 * ServiceError 'gone' for a closed challenge, 'conflict' when the account already has a factor.
 */
export async function enrolmentTotpSetup(challengeId: string, options: {now?: Date} = {}): Promise<TotpSetup> {
  const now = options.now ?? new Date()
  const {record} = await challengeAndPerson(challengeId, now)
  if (hasSecondFactor(record)) throw new ServiceError('conflict', 'This account already has a second factor')
  const setup = newTotpSecret(record.email)
  if (!(await setPendingTotp(challengeId, setup.secret, now))) throw new ServiceError('gone', CHALLENGE_EXPIRED)
  return setup
}

/** Whether this environment requires every account's second factor (production). */
export const secondFactorRequired = (): boolean => isProduction()
