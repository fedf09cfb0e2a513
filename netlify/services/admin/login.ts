/**
 * POST /api/admin {email, password} → {authToken, expiresAt}.
 *
 * Order: configuration (503 'Admin login is not configured', before anything is counted) →
 * body (400, not counted) → throttle (429 with Retry-After, ./throttle.ts) → credentials
 * (401 'Invalid credentials') → token.
 * Throttle: FAILED logins count, per account (the submitted email, normalised) and
 * client (RATE_LIMIT_LOGIN, default 5 per 15 minutes) and per client whatever the account
 * (RATE_LIMIT_LOGIN_CLIENT, default 20 per 15 minutes); a success clears that account and
 * client's failures. While locked, every attempt (a correct password too) gets the same 429,
 * before any password hashing. An unknown account and a wrong password count and answer alike.
 * The email and the password are both always checked (no early return on a wrong email) and
 * compared in constant time.
 */
import type {z} from 'zod'
import type {AdminLoginResponse, AdminLoginSchema} from '#schemas/contracts/admin'
import {normaliseAccount, requireAdminConfig, type AdminConfig} from './config'
import {safeEqual, verifyPassword} from '#netlify/platform/password'
import {reserveLoginAttempt} from './throttle'
import {signAdminToken} from './token'

/** Credentials as AdminLoginSchema parses them (email trimmed). */
export type AdminCredentials = z.infer<typeof AdminLoginSchema>

export const INVALID_CREDENTIALS = 'Invalid credentials'

/** The largest login body the edge reads (bytes). */
export const MAX_LOGIN_BYTES = 8 * 1024

/** Whether the credentials are the configured admin's; always runs both checks. */
export async function checkCredentials(config: AdminConfig, email: string, password: string): Promise<boolean> {
  const emailOk = safeEqual(normaliseAccount(email), config.email)
  const passwordOk = config.password.kind === 'hash' ? await verifyPassword(password, config.password.hash) : safeEqual(password, config.password.password)
  return emailOk && passwordOk
}

export type AdminLoginOptions = {
  /** The client's address (the throttle counts per account and client). */
  client: string
  /** The time of the attempt for the throttle (tests inject it); defaults to now. */
  now?: Date
}

/**
 * A login with `credentials` (already parsed with AdminLoginSchema) from `options.client`: the
 * token (AdminLoginResponseSchema), or null for credentials that are not the admin's (the edge's
 * 401 INVALID_CREDENTIALS). Throws ServiceError 'unavailable' when the login is not configured
 * and 'limited' (with retryAfterSeconds) while the throttle refuses. The edge calls
 * requireAdminConfig() before it reads the body, so a misconfiguration answers before anything else.
 */
export async function adminLogin(credentials: AdminCredentials, options: AdminLoginOptions): Promise<AdminLoginResponse | null> {
  const config = requireAdminConfig()
  const {email, password} = credentials
  const attempt = await reserveLoginAttempt(email, options.client, options.now)
  const ok = await checkCredentials(config, email, password)
  await attempt.settle(ok)
  if (!ok) {
    console.warn(`[admin] failed login (${attempt.remaining} more failures allowed in the window for this account and client)`)
    return null
  }
  const {token, expiresAt} = await signAdminToken(config.email, config.secret)
  return {authToken: token, expiresAt}
}
