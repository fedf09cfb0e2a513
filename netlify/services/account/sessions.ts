/**
 * My training's sign-in links and sessions (docs/requirements.md#req-account), Blobs store
 * `account-sessions`:
 *
 * - `link/{SHA-256 of the token}`: a SignInLink, valid SIGN_IN_LINK_TTL_MS (15 minutes) and used
 *   once: its use is a conditional write that sets `usedAt`, so two clicks racing open one session.
 *   Only the hash is stored: the link itself lives in the candidate's mailbox alone.
 * - `session/{SHA-256 of the address}/{id}`: an AccountSession, 30 days from the sign-in, ended by
 *   "Sign out" (that one) or "Sign out everywhere" (every session of the address). Keyed under the
 *   address, so ending them all is one listing.
 */
import {createHash, randomBytes} from 'node:crypto'
import type {Store} from '@netlify/blobs'
import {listKeys, openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {ACCOUNT_SESSION_TTL_SECONDS, LINK_GONE, SIGN_IN_AGAIN, SIGN_IN_LINK_TTL_MS} from '#schemas/contracts/account'
import {emailHash} from '../privacy/records'
import {signAccountToken, verifyAccountToken} from './token'

export type SignInLink = {
  emailHash: string
  /** Trimmed, lower-case. */
  email: string
  /** The portal page to open after signing in. */
  next: string | null
  createdAt: string
  expiresAt: string
  usedAt: string | null
}

export type AccountSession = {
  id: string
  emailHash: string
  email: string
  createdAt: string
  expiresAt: string
  endedAt: string | null
  /** 'sign-out' (this session) or 'everywhere' (all of the address's). */
  endedBy: 'sign-out' | 'everywhere' | null
}

/** A signed-in candidate as the portal's edges see them. */
export type Candidate = {email: string; emailHash: string; sessionId: string}

const store = (): Store => openStore(STORES.accountSessions)
const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
const linkKey = (tokenHash: string) => `link/${tokenHash}`
const sessionKey = (hash: string, id: string) => `session/${hash}/${id}`
const SESSION_KEY = /^session\/[0-9a-f]{64}\/[A-Za-z0-9_-]{43}$/

/** Files a new sign-in link for `email` at `now`: its token (43 base64url characters) and when it stops working. */
export async function createSignInLink(email: string, next: string | null, now = new Date()): Promise<{token: string; expiresAt: string}> {
  const token = randomBytes(32).toString('base64url')
  const link: SignInLink = {
    emailHash: emailHash(email),
    email,
    next,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MS).toISOString(),
    usedAt: null,
  }
  await store().setJSON(linkKey(sha256(token)), link, {onlyIfNew: true})
  return {token, expiresAt: link.expiresAt}
}

/**
 * Uses the link `token` at `now` (once: a conditional write) and opens a 30-day session of its
 * address. Resolves to the session, its cookie value (a signed token, ./token.ts) and the page to
 * open. Throws ServiceError 'gone' (410, LINK_GONE) for a used, expired or unknown link.
 */
export async function redeemSignInLink(token: string, now = new Date()): Promise<{session: AccountSession; cookieValue: string; next: string | null}> {
  const at = now.toISOString()
  const {value, changed} = await updateJSON<SignInLink, 'gone'>(store(), linkKey(sha256(token)), (current) => {
    if (!current || current.usedAt !== null || current.expiresAt <= at) return refuse('gone')
    return {...current, usedAt: at}
  })
  if (!changed || !value) throw new ServiceError('gone', LINK_GONE)
  const session: AccountSession = {
    id: randomBytes(32).toString('base64url'),
    emailHash: value.emailHash,
    email: value.email,
    createdAt: at,
    expiresAt: new Date(now.getTime() + ACCOUNT_SESSION_TTL_SECONDS * 1000).toISOString(),
    endedAt: null,
    endedBy: null,
  }
  await store().setJSON(sessionKey(session.emailHash, session.id), session, {onlyIfNew: true})
  const cookieValue = await signAccountToken({emailHash: session.emailHash, sessionId: session.id}, session.expiresAt, now)
  return {session, cookieValue, next: value.next}
}

/** What a cookie value amounts to: no cookie, one that no longer opens anything, or a live session. */
export type SessionState = {state: 'none'} | {state: 'expired'} | {state: 'live'; candidate: Candidate; session: AccountSession}

/**
 * The session named by the cookie value `token` at `now`: 'none' without one, 'expired' when the
 * token is invalid or its session ended or ran out, 'live' with the candidate otherwise.
 */
export async function readSession(token: string | null | undefined, now = new Date()): Promise<SessionState> {
  if (!token) return {state: 'none'}
  const claims = await verifyAccountToken(token, now)
  if (!claims) return {state: 'expired'}
  const session = (await store().get(sessionKey(claims.emailHash, claims.sessionId), {type: 'json'})) as AccountSession | null
  if (!session || session.endedAt !== null || session.expiresAt <= now.toISOString()) return {state: 'expired'}
  return {state: 'live', session, candidate: {email: session.email, emailHash: session.emailHash, sessionId: session.id}}
}

/** Ends the candidate's session (`everywhere`: every live session of their address) at `now`; the number ended. */
export async function endSessions(candidate: Candidate, everywhere: boolean, now = new Date()): Promise<number> {
  const keys = everywhere
    ? await listKeys(store(), (key) => SESSION_KEY.test(key), {prefix: `session/${candidate.emailHash}/`})
    : [sessionKey(candidate.emailHash, candidate.sessionId)]
  const endedBy = everywhere ? 'everywhere' : 'sign-out'
  let ended = 0
  for (const key of keys) {
    const {changed} = await updateJSON<AccountSession>(store(), key, (current) =>
      current && current.endedAt === null ? {...current, endedAt: now.toISOString(), endedBy} : undefined,
    )
    if (changed) ended++
  }
  return ended
}

/**
 * The candidate of the session cookie value `token` at `now`. Throws ServiceError 'unauthorized'
 * (401, SIGN_IN_AGAIN) without a live session.
 */
export async function requireCandidate(token: string | null | undefined, now = new Date()): Promise<Candidate> {
  const state = await readSession(token, now)
  if (state.state !== 'live') throw new ServiceError('unauthorized', SIGN_IN_AGAIN)
  return state.candidate
}
