/**
 * The portal's session cookie value: a JWT HS256 (jose) with issuer, audience 'account', subject =
 * the SHA-256 of the address, `sid` = the session id, and an expiry at the session's end (30 days).
 * Signed with SESSION_SECRET (the staff tokens' key; the audience keeps the two apart: a staff
 * token is never a portal session, nor the other way round). Verification pins HS256. The token
 * only names the session: whether it is still live is read on every request (./sessions.ts).
 */
import {jwtVerify, SignJWT} from 'jose'
import {ServiceError} from '#netlify/platform/errors'
import {AdminConfigError, parseSessionSecret} from '../admin/config'
import {TOKEN_ISSUER} from '../admin/token'

export const ACCOUNT_AUDIENCE = 'account'

/** What signing in answers when the key is missing in production (503). */
export const ACCOUNT_UNAVAILABLE = 'My training is not available right now. Please try again later.'

/** The signing key; ServiceError 'unavailable' (503, logged) when production lacks SESSION_SECRET. */
function signingKey(): Uint8Array {
  try {
    return parseSessionSecret()
  } catch (error) {
    if (!(error instanceof AdminConfigError)) throw error
    console.error('[account] sessions cannot be signed:', error.message)
    throw new ServiceError('unavailable', ACCOUNT_UNAVAILABLE)
  }
}

/** Who a portal token names: the address's hash and the session. */
export type AccountTokenClaims = {emailHash: string; sessionId: string}

/** A token for `claims` expiring at `expiresAt` (ISO 8601), issued at `now`. Throws ServiceError 'unavailable' without a key in production. */
export async function signAccountToken(claims: AccountTokenClaims, expiresAt: string, now = new Date()): Promise<string> {
  return new SignJWT({sid: claims.sessionId})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuer(TOKEN_ISSUER)
    .setAudience(ACCOUNT_AUDIENCE)
    .setSubject(claims.emailHash)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(new Date(expiresAt).getTime() / 1000))
    .sign(signingKey())
}

/** The token's claims when valid at `now`, else null (a bad signature, another audience, expired, malformed). Throws ServiceError 'unavailable' without a key in production. */
export async function verifyAccountToken(token: string, now = new Date()): Promise<AccountTokenClaims | null> {
  const key = signingKey()
  try {
    const {payload} = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: TOKEN_ISSUER,
      audience: ACCOUNT_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'sid'],
      currentDate: now,
    })
    if (typeof payload.sub !== 'string' || !/^[0-9a-f]{64}$/.test(payload.sub)) return null
    if (typeof payload.sid !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(payload.sid)) return null
    return {emailHash: payload.sub, sessionId: payload.sid}
  } catch {
    return null
  }
}
