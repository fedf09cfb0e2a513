/**
 * A fixed-window rate limiter kept in the rate-limits Blobs store, shared by every instance
 * of a function: at most `limit` hits per `windowSeconds` for one `key` (usually the client's
 * address) in one `bucket` ("contact", "create-order", …). The window opens with the key's
 * first hit and closes `windowSeconds` later; the next hit after that opens a new one.
 * A failure budget (`reserveAttempt` / `settleAttempt`, below) counts failed attempts only.
 *
 * The count is changed through `updateJSON` (a conditional write retried until it lands),
 * so concurrent hits never lose each other's increment (updateJSON also runs one key's
 * updates one at a time within an instance, which keeps counts exact on the local Blobs
 * emulation). Keys are stored only as SHA-256 hashes: no raw address ever reaches storage.
 * A refused hit writes nothing.
 */
import {createHash} from 'node:crypto'
import {rateLimitOf, type RateLimitName} from '#netlify/platform/env'
import {ConflictError, openStore, STORES, updateJSON} from './blobs'
import {HttpError} from './http'

export type {RateLimitName} from '#netlify/platform/env'

/** The Blobs bucket of each named limit (RATE_LIMIT_<NAME> in the environment). */
export const RATE_LIMIT_BUCKETS: Readonly<Record<RateLimitName, string>> = {
  CONTACT: 'contact',
  CREATE_ORDER: 'create-order',
  UPLOAD_START: 'upload-start',
  LOGIN: 'admin-login',
  LOGIN_CLIENT: 'admin-login-client',
  VERIFY: 'certificate-verify',
  PASSWORD_RESET: 'password-reset',
  PASSWORD_RESET_CLIENT: 'password-reset-client',
  SIGN_IN_LINK: 'sign-in-link',
  SIGN_IN_LINK_ADDRESS: 'sign-in-link-address',
}

export type RateLimitOptions = {
  /** What is limited, e.g. "contact"; each bucket counts separately. */
  bucket: string
  /** Who is limited, e.g. the client's address (hashed before storage). */
  key: string
  /** Hits allowed per window (a positive integer). */
  limit: number
  /** Length of the window in seconds. */
  windowSeconds: number
  /** The time of the hit (tests inject it); defaults to now. */
  now?: Date
}

export type RateLimitResult = {
  /** Whether this hit is within the limit (and was counted). */
  allowed: boolean
  /** Hits still allowed in the current window after this one. */
  remaining: number
  /** Seconds until the window closes (the value of a Retry-After header); 0 while allowed with room left. */
  retryAfterSeconds: number
}

/** What is stored per bucket and hashed key. */
type WindowRecord = {windowStart: number; count: number}

/** Hex SHA-256 of `value`: how client identifiers are kept (rate-limit keys, message records). */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

/** The blob key of a bucket's key: "<bucket>/<sha256(bucket + key)>". */
export function rateLimitBlobKey(bucket: string, key: string): string {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(bucket)) throw new Error(`Invalid rate-limit bucket "${bucket}"`)
  return `${bucket}/${sha256Hex(`${bucket}\n${key}`)}`
}

/** Counts one hit of `key` in `bucket` and says whether it is within the limit. */
export async function checkRateLimit(options: RateLimitOptions): Promise<RateLimitResult> {
  const {bucket, key, limit, windowSeconds} = options
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`Invalid rate limit ${limit}`)
  if (!(windowSeconds > 0)) throw new Error(`Invalid rate-limit window ${windowSeconds}`)
  const blobKey = rateLimitBlobKey(bucket, key)
  return countHit(blobKey, limit, windowSeconds, options.now ?? new Date())
}

async function countHit(blobKey: string, limit: number, windowSeconds: number, now: Date): Promise<RateLimitResult> {
  const windowMs = windowSeconds * 1000
  const at = now.getTime()
  const secondsLeft = (windowStart: number) => Math.min(Math.ceil(windowSeconds), Math.max(1, Math.ceil((windowStart + windowMs - at) / 1000)))

  // The decision of the attempt that landed (updateJSON may call `change` more than once).
  let result: RateLimitResult = {allowed: false, remaining: 0, retryAfterSeconds: Math.ceil(windowSeconds)}
  try {
    await updateJSON<WindowRecord>(openStore(STORES.rateLimits), blobKey, (current) => {
      // A hit stamped a little before the window's start (clock skew between instances) still counts in it.
      const open = current !== null && at < current.windowStart + windowMs
      if (!open) {
        result = {allowed: true, remaining: limit - 1, retryAfterSeconds: limit === 1 ? Math.ceil(windowSeconds) : 0}
        return {windowStart: at, count: 1}
      }
      if (current.count >= limit) {
        result = {allowed: false, remaining: 0, retryAfterSeconds: secondsLeft(current.windowStart)}
        return undefined
      }
      const count = current.count + 1
      result = {allowed: true, remaining: limit - count, retryAfterSeconds: count >= limit ? secondsLeft(current.windowStart) : 0}
      return {windowStart: current.windowStart, count}
    })
  } catch (error) {
    // So many simultaneous hits on one key that no write landed: that client is over any limit.
    if (error instanceof ConflictError) return {allowed: false, remaining: 0, retryAfterSeconds: Math.ceil(windowSeconds)}
    throw error
  }
  return result
}

/**
 * Counts one hit of `key` (the client's address) against the named limit, whose count and
 * window come from RATE_LIMIT_<NAME> (defaults in env.server.ts).
 */
export function checkNamedRateLimit(name: RateLimitName, key: string, now?: Date): Promise<RateLimitResult> {
  const {count, windowSeconds} = rateLimitOf(name)
  return checkRateLimit({bucket: RATE_LIMIT_BUCKETS[name], key, limit: count, windowSeconds, now})
}

/**
 * checkNamedRateLimit for the functions: throws HttpError 429 with `message` and a Retry-After
 * header (seconds) when the client is over the limit; resolves with the result otherwise.
 */
export async function enforceRateLimit(name: RateLimitName, key: string, message: string, now?: Date): Promise<RateLimitResult> {
  const result = await checkNamedRateLimit(name, key, now)
  if (!result.allowed) throw new HttpError(429, message, undefined, {'Retry-After': String(result.retryAfterSeconds)})
  return result
}

/**
 * A failure budget (the login throttle): at most `limit` FAILED attempts per
 * `windowSeconds` for one `key` in one `bucket`; successful attempts never count.
 *
 * An attempt first reserves a place (`reserveAttempt`): one conditional write that refuses
 * while failures + attempts in flight have reached `limit`. The caller then does the work and
 * settles (`settleAttempt`): a failure stays counted; a success frees its place and clears
 * failures (all of them, or a given number). Reserving before the work is what keeps
 * concurrent failures exact: 10 simultaneous failures against a budget of 5 → 5 reserve a
 * place, 5 are refused.
 *
 * The window opens with a reservation when nothing is counted (no failures, nothing in flight)
 * and closes `windowSeconds` later, forgetting everything. An attempt that never settles (its
 * function died) counts as a failure until then, so the budget fails closed.
 */
type AttemptRecord = {windowStart: number; failures: number; pending: number}

/** A place reserved by `reserveAttempt`; pass it to `settleAttempt` once the outcome is known. */
export type AttemptReservation = {blobKey: string; windowStart: number; windowSeconds: number}

export type ReserveResult =
  /** `remaining`: failures still allowed in the window if this attempt fails too. */
  | {allowed: true; reservation: AttemptReservation; remaining: number}
  /** `retryAfterSeconds`: seconds until the window closes (the value of a Retry-After header). */
  | {allowed: false; retryAfterSeconds: number}

/** How an attempt ended: failed, or succeeded and clears `clear` failures ('all', or at most that many; 0 = none). */
export type AttemptOutcome = {failed: true} | {failed: false; clear: 'all' | number}

/** A stored value as an AttemptRecord; anything else (another shape) reads as nothing stored. */
function asAttemptRecord(value: unknown): AttemptRecord | null {
  const record = value as Partial<AttemptRecord> | null
  const count = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0
  return record && typeof record.windowStart === 'number' && count(record.failures) && count(record.pending) ? (record as AttemptRecord) : null
}

/**
 * Reserves a place for one attempt of `key` in `bucket` (see the failure budget above), or
 * refuses it (nothing written). Throws on an invalid limit, window or bucket; a record too
 * contended to update (ConflictError) is a refusal for the whole window.
 */
export async function reserveAttempt(options: RateLimitOptions): Promise<ReserveResult> {
  const {bucket, key, limit, windowSeconds} = options
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`Invalid rate limit ${limit}`)
  if (!(windowSeconds > 0)) throw new Error(`Invalid rate-limit window ${windowSeconds}`)
  const blobKey = rateLimitBlobKey(bucket, key)
  const windowMs = windowSeconds * 1000
  const at = (options.now ?? new Date()).getTime()
  let result: ReserveResult = {allowed: false, retryAfterSeconds: Math.ceil(windowSeconds)}
  try {
    await updateJSON<AttemptRecord>(openStore(STORES.rateLimits), blobKey, (stored) => {
      const current = asAttemptRecord(stored)
      if (current === null || at >= current.windowStart + windowMs || (current.failures === 0 && current.pending === 0)) {
        result = {allowed: true, reservation: {blobKey, windowStart: at, windowSeconds}, remaining: limit - 1}
        return {windowStart: at, failures: 0, pending: 1}
      }
      const counted = current.failures + current.pending
      if (counted >= limit) {
        const secondsLeft = Math.ceil((current.windowStart + windowMs - at) / 1000)
        result = {allowed: false, retryAfterSeconds: Math.min(Math.ceil(windowSeconds), Math.max(1, secondsLeft))}
        return undefined
      }
      result = {allowed: true, reservation: {blobKey, windowStart: current.windowStart, windowSeconds}, remaining: limit - counted - 1}
      return {...current, pending: current.pending + 1}
    })
  } catch (error) {
    if (error instanceof ConflictError) return {allowed: false, retryAfterSeconds: Math.ceil(windowSeconds)}
    throw error
  }
  return result
}

/**
 * Settles a reservation at `now` (default: now) with its outcome and resolves with the number
 * of failures cleared. A failure stays counted; a success frees the place and clears failures.
 * If the reservation's window closed meanwhile, a failure opens a new window (it happened now)
 * and a success changes nothing. Throws ConflictError when the record is too contended to
 * update (the place then stays taken: a failure until the window closes).
 */
export async function settleAttempt(reservation: AttemptReservation, outcome: AttemptOutcome, now?: Date): Promise<{cleared: number}> {
  const {blobKey, windowSeconds} = reservation
  const at = (now ?? new Date()).getTime()
  let cleared = 0
  await updateJSON<AttemptRecord>(openStore(STORES.rateLimits), blobKey, (stored) => {
    cleared = 0
    const current = asAttemptRecord(stored)
    if (current === null || at >= current.windowStart + windowSeconds * 1000) {
      return outcome.failed ? {windowStart: at, failures: 1, pending: 0} : undefined
    }
    // A reservation of an earlier window was never counted in this one.
    const pending = current.windowStart === reservation.windowStart ? Math.max(0, current.pending - 1) : current.pending
    if (outcome.failed) return {...current, failures: current.failures + 1, pending}
    cleared = outcome.clear === 'all' ? current.failures : Math.min(Math.max(0, outcome.clear), current.failures)
    return {...current, failures: current.failures - cleared, pending}
  })
  return {cleared}
}

/** The failure budget named `name` (RATE_LIMIT_<NAME>): reserveAttempt with its bucket, count and window. */
export function reserveNamedAttempt(name: RateLimitName, key: string, now?: Date): Promise<ReserveResult> {
  const {count, windowSeconds} = rateLimitOf(name)
  return reserveAttempt({bucket: RATE_LIMIT_BUCKETS[name], key, limit: count, windowSeconds, now})
}
