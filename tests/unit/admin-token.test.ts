import {SignJWT} from 'jose'
import {describe, expect, it} from 'vitest'
import {signAdminToken, TOKEN_AUDIENCE, TOKEN_ISSUER, verifyAdminToken} from '#netlify/services/admin/token'

const secret = new TextEncoder().encode('x'.repeat(32) + 'token-test-secret')
const CLAIMS = {staffId: 'stf_owner', sessionId: 'session-1'}
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('admin tokens (JWT HS256)', () => {
  it('signs and verifies: subject (the staff id), session, 12-hour expiry', async () => {
    const now = new Date('2026-01-01T10:00:00Z')
    const {token, expiresAt} = await signAdminToken(CLAIMS, secret, {now})
    expect(expiresAt).toBe('2026-01-01T22:00:00.000Z')
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({alg: 'HS256', typ: 'JWT'})
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString())
    expect(payload).toMatchObject({iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: 'stf_owner', sid: 'session-1'})
    expect(await verifyAdminToken(token, secret, {now: new Date('2026-01-01T21:59:00Z')})).toEqual(CLAIMS)
  })

  it('rejects an expired token', async () => {
    const {token} = await signAdminToken(CLAIMS, secret, {now: new Date('2026-01-01T10:00:00Z')})
    await expect(verifyAdminToken(token, secret, {now: new Date('2026-01-01T22:00:01Z')})).rejects.toThrow()
  })

  it('rejects a tampered signature, a tampered payload and another key', async () => {
    const {token} = await signAdminToken(CLAIMS, secret)
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)
    await expect(verifyAdminToken(`${header}.${payload}.${flipped}`, secret)).rejects.toThrow()
    const forgedPayload = b64url({...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'evil@example.com'})
    await expect(verifyAdminToken(`${header}.${forgedPayload}.${signature}`, secret)).rejects.toThrow()
    await expect(verifyAdminToken(token, new TextEncoder().encode('y'.repeat(48)))).rejects.toThrow()
  })

  it('rejects alg none', async () => {
    const now = Math.floor(Date.now() / 1000)
    const claims = {iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: 'admin@example.com', iat: now, exp: now + 3600}
    for (const header of [{alg: 'none'}, {alg: 'none', typ: 'JWT'}, {alg: 'NONE'}]) {
      await expect(verifyAdminToken(`${b64url(header)}.${b64url(claims)}.`, secret)).rejects.toThrow()
    }
  })

  it('rejects a wrong audience or issuer, and a token without subject', async () => {
    const make = (aud: string, iss: string, sub?: string) => {
      let jwt = new SignJWT({sid: 'session-1'}).setProtectedHeader({alg: 'HS256'}).setIssuer(iss).setAudience(aud).setIssuedAt().setExpirationTime('1h')
      if (sub) jwt = jwt.setSubject(sub)
      return jwt.sign(secret)
    }
    await expect(verifyAdminToken(await make('public', TOKEN_ISSUER, 'a@b.c'), secret)).rejects.toThrow()
    await expect(verifyAdminToken(await make(TOKEN_AUDIENCE, 'someone-else', 'a@b.c'), secret)).rejects.toThrow()
    await expect(verifyAdminToken(await make(TOKEN_AUDIENCE, TOKEN_ISSUER), secret)).rejects.toThrow()
    expect(await verifyAdminToken(await make(TOKEN_AUDIENCE, TOKEN_ISSUER, 'stf_a1b2c3'), secret)).toEqual({staffId: 'stf_a1b2c3', sessionId: 'session-1'})
  })

  it('rejects another HMAC algorithm (HS512) with the same key', async () => {
    const token = await new SignJWT({})
      .setProtectedHeader({alg: 'HS512'})
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject('a@b.c')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new Uint8Array(64).fill(7))
    await expect(verifyAdminToken(token, new Uint8Array(64).fill(7))).rejects.toThrow()
  })
})
