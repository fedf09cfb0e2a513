/**
 * POST /api/admin and the token guard of GET /api/admin/enrollments over Netlify's Blobs
 * emulation: success, wrong credentials, fail-closed production, and the login throttle of
 * (failures only, per account and client, plus a per-client ceiling) with an injected
 * clock.
 */
import {SignJWT} from 'jose'
import {describe, expect, it, vi} from 'vitest'
import login, {adminLoginHandler} from '#netlify/functions/admin-login'
import list from '#netlify/functions/admin-enrolments'
import {openStore, STORES} from '#netlify/platform/blobs'
import {hashPassword} from '#netlify/platform/password'
import {handle} from '#netlify/platform/http'
import {signAdminToken, TOKEN_AUDIENCE, TOKEN_ISSUER} from '#netlify/services/admin/token'
import {ADMIN_EMAIL, ADMIN_PASSWORD, callAs, freshIp, getRequest, loginRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

const SECRET = 'a-production-session-secret-of-48-characters-xx'
const TOO_MANY = {error: 'Too many login attempts. Please try again later.'}
const INVALID = {error: 'Invalid credentials'}

const t0 = new Date('2026-03-02T09:00:00.000Z')
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000)
let clientCounter = 1
/** A client address no other test uses (documentation range, IPv6). */
const newClient = () => `2001:db8::${(clientCounter++).toString(16)}`

/** POST /api/admin from `ip` at `now` (the throttle's clock), through the function's error handling. */
function loginAt(body: {email: string; password: string}, ip: string, now: Date) {
  const handler = handle(adminLoginHandler({now}))
  return callAs(handler, loginRequest(body), {ip})
}
const correct = {email: ADMIN_EMAIL, password: ADMIN_PASSWORD}
const wrong = (i: number | string, email = ADMIN_EMAIL) => ({email, password: `guess-${i}`})
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('POST /api/admin', () => {
  it('logs in (email case-insensitive) and the token opens the list', async () => {
    const {status, body, headers} = await callAs(login, loginRequest({email: `  ${ADMIN_EMAIL.toUpperCase()} `, password: ADMIN_PASSWORD}))
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(Object.keys(body).sort()).toEqual(['authToken', 'expiresAt'])
    const expires = Date.parse(body.expiresAt)
    expect(expires - Date.now()).toBeGreaterThan(12 * 3600_000 - 60_000)
    expect(expires - Date.now()).toBeLessThanOrEqual(12 * 3600_000)
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
    // Configured: the right password leads to the second step (production never skips it).
    const ok = await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}))
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({secondFactor: 'enrol', challenge: expect.any(String)})
  })
})

describe('POST /api/admin throttle: failed logins per account and client', () => {
  it('never throttles successful logins: 20 in a row from one client pass', async () => {
    const ip = newClient()
    for (let i = 0; i < 20; i++) expect((await loginAt(correct, ip, at(i * 30))).status, `login ${i + 1}`).toBe(200)
    expect((await loginAt(correct, ip, at(20 * 30))).status).toBe(200)
  })

  it('locks account and client after 5 failures in 15 minutes: the 6th attempt, even correct, is 429 with the same body and Retry-After as a wrong one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ip = newClient()
    for (let i = 0; i < 5; i++) {
      const failed = await loginAt(wrong(i), ip, at(i * 60))
      expect(failed.status).toBe(401)
      expect(failed.body).toEqual(INVALID)
      expect(failed.headers.get('retry-after')).toBeNull()
    }
    // The window opened with the first failure (t0) and closes at t0 + 900 s.
    const right = await loginAt(correct, ip, at(300))
    const wrongAgain = await loginAt(wrong('x'), ip, at(300))
    for (const locked of [right, wrongAgain]) {
      expect(locked.status).toBe(429)
      expect(locked.body).toEqual(TOO_MANY)
      expect(locked.headers.get('retry-after')).toBe('600')
    }
    expect(right.headers.get('content-type')).toBe(wrongAgain.headers.get('content-type'))
    expect((await loginAt(correct, ip, at(899))).headers.get('retry-after')).toBe('1')
    // Locked attempts are not failures: the lock ends with the window.
    expect((await loginAt(correct, ip, at(900))).status).toBe(200)
    // Another client is not locked meanwhile, and the same e-mail spelt differently is the same account.
    const other = newClient()
    for (let i = 0; i < 5; i++) expect((await loginAt(wrong(i, `  ${ADMIN_EMAIL.toUpperCase()} `), other, at(i))).status).toBe(401)
    expect((await loginAt(correct, other, at(10))).status).toBe(429)
    expect((await loginAt(correct, newClient(), at(10))).status).toBe(200)
  })

  it("a success clears that key's failures: 4 failures, success, 4 failures → no lock; the count starts again", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ip = newClient()
    for (let i = 0; i < 4; i++) expect((await loginAt(wrong(i), ip, at(i))).status).toBe(401)
    expect((await loginAt(correct, ip, at(10))).status).toBe(200)
    for (let i = 0; i < 4; i++) expect((await loginAt(wrong(i), ip, at(20 + i))).status).toBe(401)
    expect((await loginAt(correct, ip, at(30))).status).toBe(200)
    // Five failures after the last success lock again, with a window that opened at the first of them.
    for (let i = 0; i < 5; i++) expect((await loginAt(wrong(i), ip, at(100 + i))).status).toBe(401)
    const locked = await loginAt(correct, ip, at(110))
    expect(locked.status).toBe(429)
    expect(locked.headers.get('retry-after')).toBe('890')
  })

  it('an unknown account counts and answers like a wrong password, and its lock does not reach another account from the same client', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ip = newClient()
    const unknown = 'nobody@maritime.example'
    for (let i = 0; i < 5; i++) {
      const failed = await loginAt({email: unknown, password: ADMIN_PASSWORD}, ip, at(i))
      expect(failed.status).toBe(401)
      expect(failed.body).toEqual(INVALID)
    }
    const locked = await loginAt({email: unknown, password: ADMIN_PASSWORD}, ip, at(10))
    expect(locked.status).toBe(429)
    expect(locked.body).toEqual(TOO_MANY)
    // Account B (the staff account) from the same client, below the client ceiling: not locked.
    expect((await loginAt(wrong(1), ip, at(11))).status).toBe(401)
    expect((await loginAt(correct, ip, at(12))).status).toBe(200)
  })

  it('keeps a per-client ceiling of 20 failures per 15 minutes whatever the account (RATE_LIMIT_LOGIN_CLIENT)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ip = newClient()
    // 4 failures on the staff account, then a success: those 4 leave the client's count too.
    for (let i = 0; i < 4; i++) expect((await loginAt(wrong(i), ip, at(i))).status).toBe(401)
    expect((await loginAt(correct, ip, at(5))).status).toBe(200)
    // 20 failures over 5 other accounts, 4 each: no account is locked, the client is now.
    for (let i = 0; i < 20; i++) expect((await loginAt(wrong(i, `user${i % 5}@maritime.example`), ip, at(60 + i))).status, `failure ${i + 1}`).toBe(401)
    for (const body of [wrong('x', 'user9@maritime.example'), correct]) {
      const refused = await loginAt(body, ip, at(100))
      expect(refused.status).toBe(429)
      expect(refused.body).toEqual(TOO_MANY)
      // The success left nothing counted, so the client's window reopened with the next failure (t0 + 60 s).
      expect(refused.headers.get('retry-after')).toBe('860')
    }
    expect((await loginAt(correct, newClient(), at(100))).status).toBe(200)
    expect((await loginAt(correct, ip, at(959))).status).toBe(429)
    expect((await loginAt(correct, ip, at(960))).status).toBe(200)

    vi.stubEnv('RATE_LIMIT_LOGIN_CLIENT', '3/1m')
    const small = newClient()
    for (let i = 0; i < 3; i++) expect((await loginAt(wrong(i, `other${i}@maritime.example`), small, at(i))).status).toBe(401)
    const capped = await loginAt(correct, small, at(10))
    expect(capped.status).toBe(429)
    expect(capped.headers.get('retry-after')).toBe('50')
  })

  it('counts concurrent failures exactly: 10 wrong passwords at once → 5 answered 401, 5 answered 429', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ip = newClient()
    const results = await Promise.all(Array.from({length: 10}, (_, i) => loginAt(wrong(i), ip, t0)))
    const statuses = results.map((result) => result.status).sort()
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429])
    for (const result of results.filter((r) => r.status === 429)) expect(result.headers.get('retry-after')).toBe('900')
    expect((await loginAt(correct, ip, at(1))).status).toBe(429)
  })

  it('keeps the client ceiling exact under concurrency: 30 failures at once over 10 accounts → 20 answered 401, 10 answered 429', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ip = newClient()
    const results = await Promise.all(Array.from({length: 30}, (_, i) => loginAt(wrong(i, `user${i % 10}@maritime.example`), ip, t0)))
    const count = (status: number) => results.filter((result) => result.status === status).length
    expect([count(401), count(429)]).toEqual([20, 10])
  })

  it('does not count a body it refuses (400), and stores only hashes', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const ip = newClient()
    for (let i = 0; i < 10; i++) expect((await callAs(login, loginRequest({email: ADMIN_EMAIL}), {ip})).status).toBe(400)
    expect((await loginAt(wrong('stored', 'hash-me@maritime.example'), ip, t0)).status).toBe(401)
    expect((await loginAt(correct, ip, t0)).status).toBe(200)
    const store = openStore(STORES.rateLimits)
    const {blobs} = await store.list({prefix: 'admin-login'})
    expect(blobs.length).toBeGreaterThan(0)
    for (const {key} of blobs) {
      expect(key).toMatch(/^admin-login(-client)?\/[0-9a-f]{64}$/)
      const text = (await store.get(key, {type: 'text'})) ?? ''
      expect(text).not.toMatch(/hash-me|2001:db8|maritime/)
    }
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
    const secret = (await import('#netlify/services/admin/config')).parseSessionSecret({})
    const expired = (await signAdminToken({staffId: 'stf_owner', sessionId: 'x'.repeat(43)}, secret, {now: new Date(Date.now() - 13 * 3600_000)})).token
    const otherAccount = (await signAdminToken({staffId: 'stf_someone', sessionId: 'x'.repeat(43)}, secret)).token
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
