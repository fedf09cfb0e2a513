/**
 * Staff tokens: JWT HS256 (jose) with issuer, audience 'admin', subject = the staff id, `sid` =
 * the session id, and an expiry at the session's end (12 hours). Verification pins the algorithm
 * to HS256 (so `alg: none` and any other algorithm fail), checks issuer, audience, signature,
 * expiry and both claims. The token only names the session: whether it is still live and what
 * its person may do are read on every request (netlify/services/staff/auth.ts).
 */
import {jwtVerify, SignJWT} from 'jose'

export const TOKEN_ISSUER = 'maritime-training-site'
export const TOKEN_AUDIENCE = 'admin'
/** A session's absolute lifetime, and so its token's (the UI also logs out after 15 idle minutes). */
export const TOKEN_TTL_SECONDS = 12 * 60 * 60

export type SignOptions = {now?: Date; ttlSeconds?: number}

/** Who a token was issued to: the staff id and the session. */
export type TokenClaims = {staffId: string; sessionId: string}

/** A token for `claims`, valid `ttlSeconds` (default TOKEN_TTL_SECONDS) from `now`: `{token, expiresAt}` (ISO 8601). */
export async function signAdminToken(claims: TokenClaims, secret: Uint8Array, options: SignOptions = {}): Promise<{token: string; expiresAt: string}> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000)
  const expires = issuedAt + (options.ttlSeconds ?? TOKEN_TTL_SECONDS)
  const token = await new SignJWT({sid: claims.sessionId})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(claims.staffId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expires)
    .sign(secret)
  return {token, expiresAt: new Date(expires * 1000).toISOString()}
}

/** The token's claims when valid; throws (any jose error, or a missing claim) otherwise. */
export async function verifyAdminToken(token: string, secret: Uint8Array, options: {now?: Date} = {}): Promise<TokenClaims> {
  const {payload} = await jwtVerify(token, secret, {
    algorithms: ['HS256'],
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    requiredClaims: ['sub', 'exp', 'iat', 'sid'],
    currentDate: options.now,
  })
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('The token has no subject')
  if (typeof payload.sid !== 'string' || payload.sid === '') throw new Error('The token names no session')
  return {staffId: payload.sub, sessionId: payload.sid}
}
