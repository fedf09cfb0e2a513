/**
 * POST /api/admin and the token guard of GET /api/admin/enrollments over Netlify's Blobs
 * emulation: success, wrong credentials, throttle per client, fail-closed production.
 */
import {SignJWT} from 'jose'
import {describe, expect, it, vi} from 'vitest'
import login from '#netlify/functions/admin-login'
import list from '#netlify/functions/admin-enrolments'
import {hashPassword} from '#netlify/lib/admin/password'
import {signAdminToken, TOKEN_AUDIENCE, TOKEN_ISSUER} from '#netlify/lib/admin/token'
import {ADMIN_EMAIL, ADMIN_PASSWORD, callAs, freshIp, getRequest, loginRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

const SECRET = 'a-production-session-secret-of-48-characters-xx'
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('POST /api/admin', () => {
  it('logs in (email case-insensitive) and the token opens the list', async () => {
    const {status, body, headers} = await callAs(login, loginRequest({email: `  ${ADMIN_EMAIL.toUpperCase()} `, password: ADMIN_PASSWORD}))
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(Object.keys(body).sort()).toEqual(['authToken', 'expiresAt'])
    const expires = Date.parse(body.expiresAt)
    expect(expires - Date.now()).toBeGreaterThan(2 * 3600_000 - 60_000)
    expect(expires - Date.now()).toBeLessThanOrEqual(2 * 3600_000)
    const listed = await callAs(list, getRequest('/api/admin/enrollments', body.authToken))
    expect(listed.status).toBe(200)
    expect(listed.headers.get('cache-control')).toBe('no-store')
    expect(Array.isArray(listed.body)).toBe(true)
  })

  it('answers 401 Invalid credentials for a wrong password or email', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ip = freshIp()
    for (const body of [
      {email: ADMIN_EMAIL, password: 'wrong'},
      {email: 'other@maritime.example', password: ADMIN_PASSWORD},
      {email: ADMIN_EMAIL, password: ADMIN_PASSWORD.toLowerCase()},
    ]) {
      const result = await callAs(login, loginRequest(body), {ip})
      expect(result.status).toBe(401)
      expect(result.body).toEqual({error: 'Invalid credentials'})
    }
  })

  it('answers 400 for a bad body, 415 for a non-JSON body, 405 for GET', async () => {
    expect((await callAs(login, loginRequest({email: ADMIN_EMAIL}))).status).toBe(400)
    expect((await callAs(login, loginRequest('{not json'))).status).toBe(400)
    expect((await callAs(login, loginRequest([1, 2]))).status).toBe(400)
    const form = new Request('http://localhost/api/admin', {method: 'POST', headers: {'content-type': 'text/plain'}, body: 'x'})
    expect((await callAs(login, form)).status).toBe(415)
    expect((await callAs(login, new Request('http://localhost/api/admin'))).status).toBe(405)
  })

  it('throttles a client after 5 attempts in 15 minutes (429 + Retry-After); another client is fine', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ip = freshIp()
    for (let i = 0; i < 5; i++) expect((await callAs(login, loginRequest({email: ADMIN_EMAIL, password: `guess${i}`}), {ip})).status).toBe(401)
    const blocked = await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}), {ip})
    expect(blocked.status).toBe(429)
    expect(blocked.body).toEqual({error: 'Too many login attempts. Please try again later.'})
    const retryAfter = Number(blocked.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(800)
    expect(retryAfter).toBeLessThanOrEqual(900)
    expect((await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}), {ip: freshIp()})).status).toBe(200)
  })

  it('checks a scrypt ADMIN_PASSWORD_HASH (and ignores a plain password then)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubEnv('ADMIN_PASSWORD_HASH', await hashPassword('hashed secret', {N: 1024, r: 8, p: 1}))
    expect((await callAs(login, loginRequest({email: ADMIN_EMAIL, password: 'hashed secret'}))).status).toBe(200)
    expect((await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}))).status).toBe(401)
  })

  it('answers 503 when no admin is configured', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.stubEnv('ADMIN_EMAIL', '')
    const result = await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}))
    expect(result.status).toBe(503)
    expect(result.body).toEqual({error: 'Admin login is not configured'})
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/ADMIN_EMAIL/))
  })

  it('fails closed in production: no SESSION_SECRET → 503 (logged); plain ADMIN_PASSWORD refused → 503', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.stubEnv('CONTEXT', 'production')
    vi.stubEnv('SITE_URL', 'https://www.example.com')
    vi.stubEnv('ADMIN_PASSWORD_HASH', await hashPassword(ADMIN_PASSWORD, {N: 1024, r: 8, p: 1}))
    const noSecret = await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}))
    expect(noSecret.status).toBe(503)
    expect(noSecret.body).toEqual({error: 'Admin login is not configured'})
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/SESSION_SECRET/))

    vi.stubEnv('SESSION_SECRET', SECRET)
    vi.stubEnv('ADMIN_PASSWORD_HASH', '')
    const plain = await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}))
    expect(plain.status).toBe(503)
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/plain ADMIN_PASSWORD is refused/))

    vi.stubEnv('ADMIN_PASSWORD_HASH', await hashPassword(ADMIN_PASSWORD, {N: 1024, r: 8, p: 1}))
    const ok = await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}))
    expect(ok.status).toBe(200)
    expect((await callAs(list, getRequest('/api/admin/enrollments', ok.body.authToken))).status).toBe(200)
  })
})

describe('GET /api/admin/enrollments token guard', () => {
  const listWith = (token?: string | null, scheme?: string) => callAs(list, getRequest('/api/admin/enrollments', token, scheme))

  it('401 No authentication token found without a header', async () => {
    const result = await listWith(null)
    expect(result.status).toBe(401)
    expect(result.body).toEqual({error: 'No authentication token found'})
    expect(result.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })

  it('401 Invalid or expired token for forged, tampered, expired, alg none, other-scheme and other-account tokens', async () => {
    const good = await loginToken()
    const [header, payload, signature] = good.split('.') as [string, string, string]
    const now = Math.floor(Date.now() / 1000)
    const claims = {iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, sub: ADMIN_EMAIL, iat: now, exp: now + 3600}
    const forgedKey = await new SignJWT({})
      .setProtectedHeader({alg: 'HS256'})
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setSubject(ADMIN_EMAIL)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('f'.repeat(40)))
    const secret = (await import('#netlify/lib/admin/config')).parseSessionSecret({})
    const expired = (await signAdminToken(ADMIN_EMAIL, secret, {now: new Date(Date.now() - 3 * 3600_000)})).token
    const otherAccount = (await signAdminToken('someone@maritime.example', secret)).token
    const wrongAudience = await new SignJWT({})
      .setProtectedHeader({alg: 'HS256'})
      .setIssuer(TOKEN_ISSUER)
      .setAudience('public')
      .setSubject(ADMIN_EMAIL)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret)
    const cases: Array<[string, string | undefined]> = [
      ['garbage', undefined],
      [`${header}.${payload}.${(signature[0] === 'A' ? 'B' : 'A') + signature.slice(1)}`, undefined],
      [`${header}.${b64url({...claims, sub: 'evil@x.y'})}.${signature}`, undefined],
      [`${b64url({alg: 'none', typ: 'JWT'})}.${b64url(claims)}.`, undefined],
      [`${b64url({alg: 'none'})}.${b64url(claims)}.${signature}`, undefined],
      [forgedKey, undefined],
      [expired, undefined],
      [otherAccount, undefined],
      [wrongAudience, undefined],
      [good, 'Basic'],
    ]
    for (const [token, scheme] of cases) {
      const result = await listWith(token, scheme)
      expect(result.status, token).toBe(401)
      expect(result.body).toEqual({error: 'Invalid or expired token'})
    }
    expect((await listWith(good)).status).toBe(200)
    expect((await listWith(good, 'bearer')).status).toBe(200)
  })
})
