/**
 * Staff sessions and sign-in challenges (docs/requirements.md#req-staff-accounts): Blobs store
 * `staff-sessions`.
 *
 * - `session/{staffId}/{sessionId}`: created at sign-in, absolute lifetime 12 hours
 *   (TOKEN_TTL_SECONDS); ended by sign-out, by its person, by an owner, by a disable or a password
 *   change. Keyed under the person so ending all of someone's sessions is one listing.
 * - `challenge/{id}`: the second sign-in step, 5 minutes, used once (a conditional write marks it).
 *   It names the person whose password was right, and for a passkey the WebAuthn challenge.
 */
import {randomBytes} from 'node:crypto'
import type {Store} from '@netlify/blobs'
import {listKeys, openStore, refuse, updateJSON} from '#netlify/platform/blobs'
import {TOKEN_TTL_SECONDS} from '../admin/token'

export const SESSIONS_STORE = 'staff-sessions'
/** How long the second sign-in step waits (ms). */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000

export type StaffSession = {
  id: string
  staffId: string
  createdAt: string
  expiresAt: string
  client: string
  userAgent: string
  endedAt: string | null
  /** Who or what ended it: 'sign-out', 'owner', 'self', 'disabled', 'password'. */
  endedBy: string | null
}

export type SignInChallenge = {
  id: string
  staffId: string
  createdAt: string
  expiresAt: string
  usedAt: string | null
  /** The WebAuthn challenge issued for this step's passkey, if asked for. */
  webauthnChallenge: string | null
  /** An authenticator seed being enrolled at this sign-in (an account without a factor). */
  pendingTotpSecret?: string | null
}

const store = (): Store => openStore(SESSIONS_STORE)
const sessionKey = (staffId: string, sessionId: string) => `session/${staffId}/${sessionId}`
const challengeKey = (id: string) => `challenge/${id}`
const randomId = () => randomBytes(32).toString('base64url')
const SESSION_KEY = /^session\/stf_[A-Za-z0-9_-]{5,40}\/[A-Za-z0-9_-]{43}$/

/** A new session of `staffId` from `client` at `now`, 12 hours long. */
export async function createSession(staffId: string, client: {address: string; userAgent: string}, now = new Date()): Promise<StaffSession> {
  const session: StaffSession = {
    id: randomId(),
    staffId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + TOKEN_TTL_SECONDS * 1000).toISOString(),
    client: client.address.slice(0, 64),
    userAgent: client.userAgent.slice(0, 200),
    endedAt: null,
    endedBy: null,
  }
  await store().setJSON(sessionKey(staffId, session.id), session, {onlyIfNew: true})
  return session
}

/** Whether `session` is live at `now`: not ended and not past its absolute lifetime. */
export const isLive = (session: StaffSession | null, now = new Date()): session is StaffSession =>
  session !== null && session.endedAt === null && session.expiresAt > now.toISOString()

/** The session `sessionId` of `staffId`, or null. */
export async function getSession(staffId: string, sessionId: string): Promise<StaffSession | null> {
  return (await store().get(sessionKey(staffId, sessionId), {type: 'json'})) as StaffSession | null
}

/** The live sessions of `staffId`, newest first. */
export async function liveSessions(staffId: string, now = new Date()): Promise<StaffSession[]> {
  const s = store()
  const keys = await listKeys(s, (key) => SESSION_KEY.test(key), {prefix: `session/${staffId}/`})
  const sessions = (await Promise.all(keys.map((key) => s.get(key, {type: 'json'}) as Promise<StaffSession | null>))).filter((x) => isLive(x, now))
  return sessions.sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

/** Ends session `sessionId` of `staffId` (`by` says why); resolves to whether it was live. */
export async function endSession(staffId: string, sessionId: string, by: string, now = new Date()): Promise<boolean> {
  const result = await updateJSON<StaffSession, 'not-live'>(store(), sessionKey(staffId, sessionId), (current) =>
    isLive(current, now) ? {...current, endedAt: now.toISOString(), endedBy: by} : refuse('not-live'),
  )
  return result.changed
}

/** Ends every live session of `staffId` but `except`; resolves to how many it ended. */
export async function endSessionsOf(staffId: string, by: string, options: {now?: Date; except?: string} = {}): Promise<number> {
  const now = options.now ?? new Date()
  const ended = await Promise.all((await liveSessions(staffId, now)).filter((s) => s.id !== options.except).map((s) => endSession(staffId, s.id, by, now)))
  return ended.filter(Boolean).length
}

/** A new second-step challenge for `staffId`, valid CHALLENGE_TTL_MS. */
export async function createChallenge(staffId: string, now = new Date()): Promise<SignInChallenge> {
  const challenge: SignInChallenge = {
    id: randomId(),
    staffId,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS).toISOString(),
    usedAt: null,
    webauthnChallenge: null,
  }
  await store().setJSON(challengeKey(challenge.id), challenge, {onlyIfNew: true})
  return challenge
}

/** The challenge `id` when it is unused and unexpired at `now`, else null. */
export async function openChallenge(id: string, now = new Date()): Promise<SignInChallenge | null> {
  const challenge = (await store().get(challengeKey(id), {type: 'json'})) as SignInChallenge | null
  return challenge && challenge.usedAt === null && challenge.expiresAt > now.toISOString() ? challenge : null
}

/** Records the WebAuthn challenge issued for challenge `id` (null when it is no longer open). */
export async function setWebAuthnChallenge(id: string, webauthnChallenge: string, now = new Date()): Promise<SignInChallenge | null> {
  const result = await updateJSON<SignInChallenge, 'closed'>(store(), challengeKey(id), (current) =>
    current && current.usedAt === null && current.expiresAt > now.toISOString() ? {...current, webauthnChallenge} : refuse('closed'),
  )
  return result.changed ? result.value : null
}

/** Keeps the authenticator seed `secret` being enrolled on challenge `id` (null when it is no longer open). */
export async function setPendingTotp(id: string, secret: string, now = new Date()): Promise<SignInChallenge | null> {
  const result = await updateJSON<SignInChallenge, 'closed'>(store(), challengeKey(id), (current) =>
    current && current.usedAt === null && current.expiresAt > now.toISOString() ? {...current, pendingTotpSecret: secret} : refuse('closed'),
  )
  return result.changed ? result.value : null
}

/** Marks challenge `id` used; resolves to false when it was already used or expired (a replay, or the race's loser). */
export async function useChallenge(id: string, now = new Date()): Promise<boolean> {
  const result = await updateJSON<SignInChallenge, 'closed'>(store(), challengeKey(id), (current) =>
    current && current.usedAt === null && current.expiresAt > now.toISOString() ? {...current, usedAt: now.toISOString()} : refuse('closed'),
  )
  return result.changed
}
