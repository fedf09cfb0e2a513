/**
 * The portal's session cookie value: a JWT HS256 (jose) with issuer, audience 'account', subject =
 * the SHA-256 of the address, `sid` = the session id, and an expiry at the session's end (30 days).
 * Signed with SESSION_SECRET (the staff tokens' key; the audience keeps the two apart: a staff
 * token is never a portal session, nor the other way round). Verification pins HS256. The token
 * only names the session: whether it is still live is read on every request (./sessions.ts).
 */
import {jwtVerify, SignJWT} from 'jose'
import {parseSessionSecret} from '../admin/config'
import {TOKEN_ISSUER} from '../admin/token'

export const ACCOUNT_AUDIENCE = 'account'

/** Who a portal token names: the address's hash and the session. */
export type AccountTokenClaims = {emailHash: string; sessionId: string}

/** A token for `claims` expiring at `expiresAt` (ISO 8601), issued at `now`. Throws AdminConfigError without a key in production. */
export async function signAccountToken(claims: AccountTokenClaims, expiresAt: string, now = new Date()): Promise<string> {
  return new SignJWT({sid: claims.sessionId})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuer(TOKEN_ISSUER)
    .setAudience(ACCOUNT_AUDIENCE)
    .setSubject(claims.emailHash)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(new Date(expiresAt).getTime() / 1000))
    .sign(parseSessionSecret())
}

/** The token's claims when valid at `now`, else null (a bad signature, another audience, expired, malformed). */
export async function verifyAccountToken(token: string, now = new Date()): Promise<AccountTokenClaims | null> {
  try {
    const {payload} = await jwtVerify(token, parseSessionSecret(), {
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
