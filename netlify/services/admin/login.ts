/**
 * POST /api/admin {email, password} → {authToken, expiresAt}.
 *
 * Order: configuration (503 'Admin login is not configured', before anything is counted) →
 * body (400, not counted) → throttle (429 with Retry-After, ./throttle.ts) → credentials
 * (401 'Invalid credentials') → token.
 * Throttle (issue 15): FAILED logins count, per account (the submitted email, normalised) and
 * client (RATE_LIMIT_LOGIN, default 5 per 15 minutes) and per client whatever the account
 * (RATE_LIMIT_LOGIN_CLIENT, default 20 per 15 minutes); a success clears that account and
 * client's failures. While locked, every attempt (a correct password too) gets the same 429,
 * before any password hashing. An unknown account and a wrong password count and answer alike.
 * The email and the password are both always checked (no early return on a wrong email) and
 * compared in constant time.
 */
import {AdminLoginSchema, type AdminLoginResponse} from '#schemas/contracts/admin'
import {clientAddress, HttpError, json, readJson} from '#netlify/platform/http'
import {normaliseAccount, requireAdminConfig, type AdminConfig} from './config'
import {safeEqual, verifyPassword} from '#netlify/platform/password'
import {reserveLoginAttempt} from './throttle'
import {signAdminToken} from './token'

export const INVALID_CREDENTIALS = 'Invalid credentials'

/** Whether the credentials are the configured admin's; always runs both checks. */
export async function checkCredentials(config: AdminConfig, email: string, password: string): Promise<boolean> {
  const emailOk = safeEqual(normaliseAccount(email), config.email)
  const passwordOk = config.password.kind === 'hash' ? await verifyPassword(password, config.password.hash) : safeEqual(password, config.password.password)
  return emailOk && passwordOk
}

export type AdminLoginOptions = {
  /** The time of the attempt for the throttle (tests inject it); defaults to now. */
  now?: Date
}

/** Handles POST /api/admin (AdminLoginSchema → AdminLoginResponseSchema); the order of checks is the module's. */
export async function adminLogin(request: Request, context?: {ip?: string}, options: AdminLoginOptions = {}): Promise<Response> {
  const config = requireAdminConfig()
  const {email, password} = await readJson(request, AdminLoginSchema, 8 * 1024)
  const attempt = await reserveLoginAttempt(email, clientAddress(request, context), options.now)
  const ok = await checkCredentials(config, email, password)
  await attempt.settle(ok)
  if (!ok) {
    console.warn(`[admin] failed login (${attempt.remaining} more failures allowed in the window for this account and client)`)
    throw new HttpError(401, INVALID_CREDENTIALS)
  }
  const {token, expiresAt} = await signAdminToken(config.email, config.secret)
  const body: AdminLoginResponse = {authToken: token, expiresAt}
  return json(body)
}
