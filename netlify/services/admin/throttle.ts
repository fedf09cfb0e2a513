/**
 * The staff login throttle (docs/requirements.md#req-issue-15-login-throttle; decision 011): it counts FAILED logins only, on two
 * failure budgets of netlify/platform/rate-limit.ts, both in the rate-limits Blobs store under
 * hashed keys:
 *
 * - account + client (bucket 'admin-login', RATE_LIMIT_LOGIN, default 5/15m): the submitted
 *   email (trimmed, lower-case: `normaliseAccount`) with the client's address. Unknown
 *   accounts count exactly like the real one. A successful login clears this key's failures.
 * - client (bucket 'admin-login-client', RATE_LIMIT_LOGIN_CLIENT, default 20/15m): every
 *   failure from the address, whatever the account, so one client cannot try account after
 *   account. A successful login takes its account's cleared failures off this count too;
 *   failures against other accounts stay.
 *
 * An attempt reserves a place on both budgets before the password is checked (client first);
 * when either is spent it is refused ('limited', 429) with TOO_MANY_ATTEMPTS and Retry-After (seconds until
 * that budget's window closes), whatever the password: the lock reveals nothing, and a locked
 * client costs no password hashing. The window of each key opens with its first counted attempt
 * and lasts the budget's window; a success that leaves nothing counted lets the next failure open
 * a new one. Successful logins never count, so staff who sign in and out all day are never
 * throttled.
 */
import {ServiceError} from '#netlify/platform/errors'
import {reserveNamedAttempt, settleAttempt} from '#netlify/platform/rate-limit'
import {normaliseAccount} from './config'

export const TOO_MANY_ATTEMPTS = 'Too many login attempts. Please try again later.'

/** A login attempt holding a place on both budgets; settle it once with the outcome. */
export type LoginAttempt = {
  /** Failures still allowed for this account and client if this attempt fails too. */
  remaining: number
  /** Records the outcome: a failure stays counted; a success clears the account's failures. Never throws (a lost update is logged and then counts as a failure). */
  settle: (succeeded: boolean) => Promise<void>
}

/** The account+client key before hashing: unambiguous whatever characters either holds. */
const accountKey = (account: string, client: string) => JSON.stringify([normaliseAccount(account), client])

/**
 * Reserves one login attempt of `account` (the submitted email) from `client` (its address) at
 * `now` (default: now). Throws ServiceError 'limited' (429) TOO_MANY_ATTEMPTS with Retry-After (seconds) when
 * the account+client key or the client has spent its failure budget.
 */
export async function reserveLoginAttempt(account: string, client: string, now?: Date): Promise<LoginAttempt> {
  const perClient = await reserveNamedAttempt('LOGIN_CLIENT', client, now)
  if (!perClient.allowed) throw tooMany(perClient.retryAfterSeconds)
  const perAccount = await reserveNamedAttempt('LOGIN', accountKey(account, client), now)
  if (!perAccount.allowed) {
    await settleQuietly(perClient.reservation, {failed: false, clear: 0}, now)
    throw tooMany(perAccount.retryAfterSeconds)
  }
  return {
    remaining: Math.min(perAccount.remaining, perClient.remaining),
    settle: async (succeeded) => {
      if (!succeeded) {
        await settleQuietly(perAccount.reservation, {failed: true}, now)
        await settleQuietly(perClient.reservation, {failed: true}, now)
        return
      }
      const {cleared} = await settleQuietly(perAccount.reservation, {failed: false, clear: 'all'}, now)
      await settleQuietly(perClient.reservation, {failed: false, clear: cleared}, now)
    },
  }
}

function tooMany(retryAfterSeconds: number): ServiceError {
  return new ServiceError('limited', TOO_MANY_ATTEMPTS, {retryAfterSeconds})
}

/** settleAttempt that logs instead of throwing: the place it could not free counts as a failure until its window closes. */
async function settleQuietly(...args: Parameters<typeof settleAttempt>): Promise<{cleared: number}> {
  try {
    return await settleAttempt(...args)
  } catch (error) {
    console.error(`[admin] could not record a login attempt's outcome: ${error instanceof Error ? error.message : String(error)}`)
    return {cleared: 0}
  }
}
