/**
 * POST /api/admin {email, password} → {authToken, expiresAt}.
 *
 * Order: configuration (503 'Admin login is not configured', before anything is counted) →
 * throttle → body (400) → credentials (401 'Invalid credentials') → token.
 * Throttle: EVERY attempt from one client counts (rate-limit bucket 'admin-login',
 * RATE_LIMIT_LOGIN, default 5 per 15 minutes, recorded in Blobs): the 6th attempt within the window gets 429 with Retry-After,
 * before any password hashing, so a blocked client cannot burn CPU either. (Counting every
 * attempt rather than failures only keeps the check a single atomic step; a token lasts two
 * hours, so an administrator rarely needs more than a few logins per quarter hour.)
 * The email and the password are both always checked (no early return on a wrong email) and
 * compared in constant time.
 */
import {AdminLoginSchema, type AdminLoginResponse} from '#schemas/api/admin'
import {clientAddress, HttpError, json, readJson} from '../http'
import {enforceRateLimit} from '../rate-limit'
import {requireAdminConfig, type AdminConfig} from './config'
import {safeEqual, verifyPassword} from './password'
import {signAdminToken} from './token'

export const INVALID_CREDENTIALS = 'Invalid credentials'
export const TOO_MANY_ATTEMPTS = 'Too many login attempts. Please try again later.'

/** Whether the credentials are the configured admin's; always runs both checks. */
export async function checkCredentials(config: AdminConfig, email: string, password: string): Promise<boolean> {
  const emailOk = safeEqual(email.trim().toLowerCase(), config.email)
  const passwordOk = config.password.kind === 'hash' ? await verifyPassword(password, config.password.hash) : safeEqual(password, config.password.password)
  return emailOk && passwordOk
}

/** Handles POST /api/admin (AdminLoginSchema → AdminLoginResponseSchema); the order of checks is the module's. */
export async function adminLogin(request: Request, context?: {ip?: string}): Promise<Response> {
  const config = requireAdminConfig()
  const limit = await enforceRateLimit('LOGIN', clientAddress(request, context), TOO_MANY_ATTEMPTS)
  const {email, password} = await readJson(request, AdminLoginSchema, 8 * 1024)
  if (!(await checkCredentials(config, email, password))) {
    console.warn(`[admin] failed login (${limit.remaining} attempts left in the window for this client)`)
    throw new HttpError(401, INVALID_CREDENTIALS)
  }
  const {token, expiresAt} = await signAdminToken(config.email, config.secret)
  const body: AdminLoginResponse = {authToken: token, expiresAt}
  return json(body)
}
