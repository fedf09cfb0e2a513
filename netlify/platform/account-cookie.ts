/**
 * The cookie of a My training session (docs/requirements.md#req-account): `mt_account`, HttpOnly,
 * SameSite=Lax (a link from an e-mail still carries it), Path=/, Secure in production and on any
 * https request, Max-Age 30 days. Its value is the signed session token
 * (netlify/services/account/token.ts); parsing and serialising go through the `cookie` package.
 */
import {parse, serialize} from 'cookie'
import {ACCOUNT_SESSION_TTL_SECONDS} from '#schemas/contracts/account'
import {isProduction} from './env'

export const ACCOUNT_COOKIE = 'mt_account'

/** The session token the request's Cookie header carries, or null. */
export function readAccountCookie(request: Request): string | null {
  const header = request.headers.get('cookie')
  if (!header) return null
  const value = parse(header)[ACCOUNT_COOKIE]
  return value && value.length <= 2048 ? value : null
}

const secureFor = (request: Request) => isProduction() || new URL(request.url).protocol === 'https:'

/** The Set-Cookie header that stores `token` for 30 days. */
export const accountCookie = (request: Request, token: string): string =>
  serialize(ACCOUNT_COOKIE, token, {httpOnly: true, sameSite: 'lax', path: '/', secure: secureFor(request), maxAge: ACCOUNT_SESSION_TTL_SECONDS})

/** The Set-Cookie header that removes the cookie. */
export const clearAccountCookie = (request: Request): string =>
  serialize(ACCOUNT_COOKIE, '', {httpOnly: true, sameSite: 'lax', path: '/', secure: secureFor(request), maxAge: 0, expires: new Date(0)})
