/**
 * Administrator tokens: JWT HS256 (jose) with issuer, audience 'admin', subject = the admin's
 * email and a 2-hour expiry. Verification pins the algorithm to HS256 (so `alg: none` and any
 * other algorithm fail), checks issuer, audience, signature and expiry.
 */
import {jwtVerify, SignJWT} from 'jose'

export const TOKEN_ISSUER = 'maritime-training-site'
export const TOKEN_AUDIENCE = 'admin'
/** Lifetime of a token (the UI also logs out after 15 idle minutes). */
export const TOKEN_TTL_SECONDS = 2 * 60 * 60

export type SignOptions = {now?: Date; ttlSeconds?: number}

export async function signAdminToken(email: string, secret: Uint8Array, options: SignOptions = {}): Promise<{token: string; expiresAt: string}> {
  const issuedAt = Math.floor((options.now ?? new Date()).getTime() / 1000)
  const expires = issuedAt + (options.ttlSeconds ?? TOKEN_TTL_SECONDS)
  const token = await new SignJWT({})
    .setProtectedHeader({alg: 'HS256', typ: 'JWT'})
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(email)
    .setIssuedAt(issuedAt)
    .setExpirationTime(expires)
    .sign(secret)
  return {token, expiresAt: new Date(expires * 1000).toISOString()}
}

/** The token's subject (the admin email) when valid; throws (any jose error) otherwise. */
export async function verifyAdminToken(token: string, secret: Uint8Array, options: {now?: Date} = {}): Promise<{email: string}> {
  const {payload} = await jwtVerify(token, secret, {
    algorithms: ['HS256'],
    issuer: TOKEN_ISSUER,
    audience: TOKEN_AUDIENCE,
    requiredClaims: ['sub', 'exp', 'iat'],
    currentDate: options.now,
  })
  if (typeof payload.sub !== 'string' || payload.sub === '') throw new Error('The token has no subject')
  return {email: payload.sub}
}
