/**
 * My training's sign-in (docs/requirements.md#req-account) on in-memory Blobs: the link request
 * answers alike for every address and mails only addresses with records; a link works once and for
 * 15 minutes (injected clock); the per-address and per-client limits; the session cookie's
 * attributes; the session's 30 days, "Sign out" and "Sign out everywhere"; forged tokens.
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {SignJWT} from 'jose'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import accountFn from '#netlify/functions/account'
import signInLinkFn from '#netlify/functions/account-sign-in-link'
import {ACCOUNT_COOKIE} from '#netlify/platform/account-cookie'
import {parseSessionSecret} from '#netlify/services/admin/config'
import {signAdminToken} from '#netlify/services/admin/token'
import {createSignInLink, readSession, redeemSignInLink} from '#netlify/services/account/sessions'
import {requestSignInLink} from '#netlify/services/account/sign-in'
import {listOutboxRecords} from '#netlify/services/mail/outbox'
import {LINK_GONE, SIGN_IN_AGAIN, SIGN_IN_LINK_SENT, TOO_MANY_LINKS, type AccountOverview} from '#schemas/contracts/account'
import {loader as signInLoader} from '~/routes/account.sign-in.$token'
import {useAdminEnv} from './admin-fixtures'
import {callPortal, paidEnrolmentOf, sessionCookie} from './account-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

const NOW = new Date('2026-11-25T08:00:00.000Z')
const MINUTE = 60_000

beforeEach(() => {
  vi.stubEnv('SMTP_URL', '')
  vi.stubEnv('SITE_URL', 'https://www.example.com')
})
afterEach(() => vi.useRealTimers())

let people = 0
const newAddress = (name: string) => `${name}.${++people}@example.com`

/** The sign-in messages queued for `email`. */
async function linksFor(email: string) {
  return (await listOutboxRecords()).filter((record) => record.kind === 'sign-in-link' && record.to.includes(email))
}

/** The link's token out of a queued message's text. */
const tokenIn = (text: string) => /\/account\/sign-in\/([A-Za-z0-9_-]{43})/.exec(text)?.[1]

/** The sign-in route's loader for `token`: its status and headers (a thrown 303 redirect, or Remix `data` with 410 and the message). */
async function openLink(token: string, origin = 'https://www.example.com'): Promise<{status: number; headers: Headers; message?: string}> {
  try {
    const answer = (await signInLoader({
      request: new Request(`${origin}/account/sign-in/${token}`),
      params: {token},
      context: {},
    } as unknown as LoaderFunctionArgs)) as unknown as {
      data: {message: string}
      init: {status: number; headers: HeadersInit}
    }
    return {status: answer.init.status, headers: new Headers(answer.init.headers), message: answer.data.message}
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}

describe('asking for a sign-in link', () => {
  it('answers 202 with the same message for an address with records and one without; only the first gets "Your sign-in link"', async () => {
    const known = newAddress('known')
    await paidEnrolmentOf(known, NOW)
    const unknown = newAddress('nobody')
    for (const email of [known, unknown]) {
      const {status, body, headers} = await callPortal(signInLinkFn, '/api/account/sign-in-link', {body: {email: email.toUpperCase()}})
      expect(status).toBe(202)
      expect(body).toEqual({message: SIGN_IN_LINK_SENT})
      expect(headers.get('cache-control')).toBe('no-store')
    }
    // The work after the answer, run to its end here.
    expect(await requestSignInLink(known, {origin: 'https://www.example.com'})).toBe(true)
    expect(await requestSignInLink(unknown, {origin: 'https://www.example.com'})).toBe(false)
    const messages = await linksFor(known)
    expect(messages.length).toBeGreaterThanOrEqual(1)
    expect(messages[0]!.subject).toBe('Your sign-in link')
    expect(tokenIn(messages[0]!.text)).toBeTruthy()
    expect(messages[0]!.text).toContain('https://www.example.com/account/sign-in/')
    expect(await linksFor(unknown)).toEqual([])
  })

  it('with the mail server down, the link still waits in the outbox (queued, retried later)', async () => {
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:9')
    vi.stubEnv('MAIL_FROM', 'Maritime Training <no-reply@example.com>')
    const email = newAddress('smtp-down')
    await paidEnrolmentOf(email, NOW)
    expect(await requestSignInLink(email, {origin: 'https://www.example.com'})).toBe(true)
    const [message] = await linksFor(email)
    expect(message?.status).toBe('queued')
    expect(message?.attempts).toBe(1)
  })

  it('refuses a malformed address with 400 and a message', async () => {
    const {status, body} = await callPortal(signInLinkFn, '/api/account/sign-in-link', {body: {email: 'not an address'}})
    expect(status).toBe(400)
    expect(JSON.stringify(body)).toContain('Enter a valid e-mail address')
  })

  it('allows 5 links per address per hour, whoever asks, known or not: the 6th answers 429 with Retry-After', async () => {
    for (const email of [newAddress('limited'), newAddress('limited-unknown')]) {
      for (let i = 0; i < 5; i++) {
        const {status} = await callPortal(signInLinkFn, '/api/account/sign-in-link', {body: {email}})
        expect(status).toBe(202)
      }
      const {status, body, headers} = await callPortal(signInLinkFn, '/api/account/sign-in-link', {body: {email}})
      expect(status).toBe(429)
      expect(body).toMatchObject({error: TOO_MANY_LINKS})
      expect(Number(headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  it('limits one client to RATE_LIMIT_SIGN_IN_LINK whatever the addresses', async () => {
    vi.stubEnv('RATE_LIMIT_SIGN_IN_LINK', '3/10m')
    const call = (email: string) =>
      signInLinkFn(
        new Request('https://www.example.com/api/account/sign-in-link', {
          method: 'POST',
          headers: {'content-type': 'application/json'},
          body: JSON.stringify({email}),
        }),
        {ip: '192.0.2.200'} as never,
      )
    for (let i = 0; i < 3; i++) expect((await call(newAddress('client'))).status).toBe(202)
    expect((await call(newAddress('client'))).status).toBe(429)
  })
})

describe('the link', () => {
  it('opens a session once: a second use, and any use after 15 minutes, answers 410 with LINK_GONE', async () => {
    const email = newAddress('once')
    await paidEnrolmentOf(email, NOW)
    const {token} = await createSignInLink(email, null, NOW)
    const first = await redeemSignInLink(token, new Date(NOW.getTime() + 14 * MINUTE))
    expect(first.session.email).toBe(email)
    await expect(redeemSignInLink(token, new Date(NOW.getTime() + 14 * MINUTE))).rejects.toMatchObject({kind: 'gone', message: LINK_GONE})

    const late = await createSignInLink(email, null, NOW)
    await expect(redeemSignInLink(late.token, new Date(NOW.getTime() + 15 * MINUTE))).rejects.toMatchObject({kind: 'gone'})
    await expect(redeemSignInLink('x'.repeat(43), NOW)).rejects.toMatchObject({kind: 'gone'})
  })

  it('two clicks at once open one session', async () => {
    const email = newAddress('race')
    const {token} = await createSignInLink(email, null, new Date())
    const results = await Promise.allSettled([redeemSignInLink(token), redeemSignInLink(token), redeemSignInLink(token)])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
  })

  it('the route sets an HttpOnly, SameSite=Lax, Secure (https) cookie for 30 days and goes to /account, or to the page asked for', async () => {
    const email = newAddress('cookie')
    await paidEnrolmentOf(email, NOW)
    const {token} = await createSignInLink(email, null, new Date())
    const answer = await openLink(token)
    expect(answer.status).toBe(303)
    expect(answer.headers.get('location')).toBe('/account')
    const cookie = answer.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(new RegExp(`^${ACCOUNT_COOKIE}=`))
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Secure/i)
    expect(cookie).toMatch(/Max-Age=2592000/)
    expect(answer.headers.get('cache-control')).toContain('no-store')

    const next = await createSignInLink(email, '/account/enrolments/x/receipts/y.pdf', new Date())
    expect((await openLink(next.token)).headers.get('location')).toBe('/account/enrolments/x/receipts/y.pdf')
    // Plain http (the local site): no Secure.
    const local = await createSignInLink(email, null, new Date())
    expect((await openLink(local.token, 'http://localhost:8888')).headers.get('set-cookie')).not.toMatch(/Secure/i)
  })

  it('the route answers a used or malformed link 410 with the message', async () => {
    const email = newAddress('gone')
    const {token} = await createSignInLink(email, null, new Date())
    expect((await openLink(token)).status).toBe(303)
    for (const used of [token, 'short']) {
      const answer = await openLink(used)
      expect(answer.status).toBe(410)
      expect(answer.message).toBe(LINK_GONE)
      expect(answer.headers.get('cache-control')).toContain('no-store')
    }
  })
})

describe('"View in My training"', () => {
  it('closes the receipt e-mail with a link to /account with the candidate’s address filled in', async () => {
    const email = newAddress('receipt')
    const record = await paidEnrolmentOf(email, NOW)
    const receipt = (await listOutboxRecords()).find((message) => message.id === `receipt:${record.receiptNumber}`)
    expect(receipt?.text).toContain('View in My training')
    expect(receipt?.html).toContain(`/account?email=${encodeURIComponent(email)}`)
  })
})

describe('the session', () => {
  it('shows the candidate their own enrolments; 401 "Please sign in again" without a cookie or with a forged one', async () => {
    const email = newAddress('mine')
    const other = newAddress('theirs')
    const mine = await paidEnrolmentOf(email, NOW)
    await paidEnrolmentOf(other, NOW)
    const cookie = await sessionCookie(email)
    const {status, body, headers} = await callPortal(accountFn, '/api/account', {cookie})
    expect(status).toBe(200)
    expect(headers.get('cache-control')).toBe('no-store')
    const overview = body as AccountOverview
    expect(overview.email).toBe(email)
    expect(overview.enrolments.map((e) => e.orderId)).toEqual([mine.orderId])
    expect(overview.enrolments[0]!.status).toBe('Paid — we will contact you')
    expect(overview.enrolments[0]!.receipts[0]!.href).toBe(`/account/enrolments/${mine.orderId}/receipts/${mine.receiptNumber}.pdf`)

    expect(await callPortal(accountFn, '/api/account')).toMatchObject({status: 401, body: {error: SIGN_IN_AGAIN}})
    // A staff token is not a portal session; nor is a token signed with another key.
    const staff = await signAdminToken({staffId: 'stf_owner', sessionId: 'x'.repeat(43)}, parseSessionSecret())
    const forged = await new SignJWT({sid: 'y'.repeat(43)})
      .setProtectedHeader({alg: 'HS256'})
      .setIssuer('maritime-training-site')
      .setAudience('account')
      .setSubject('a'.repeat(64))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'))
    for (const value of [staff.token, forged, 'garbage']) {
      expect((await callPortal(accountFn, '/api/account', {cookie: `${ACCOUNT_COOKIE}=${value}`})).status).toBe(401)
    }
  })

  it('lasts 30 days', async () => {
    const email = newAddress('month')
    const {token} = await createSignInLink(email, null, NOW)
    const {cookieValue} = await redeemSignInLink(token, NOW)
    expect((await readSession(cookieValue, new Date(NOW.getTime() + 29 * 24 * 60 * MINUTE))).state).toBe('live')
    expect((await readSession(cookieValue, new Date(NOW.getTime() + 30 * 24 * 60 * MINUTE))).state).toBe('expired')
  })

  it('"Sign out" ends this session; "Sign out everywhere" ends every session of the address', async () => {
    const email = newAddress('out')
    await paidEnrolmentOf(email, NOW)
    const [a, b, c] = [await sessionCookie(email), await sessionCookie(email), await sessionCookie(email)]
    const out = await callPortal(accountFn, '/api/account/sign-out', {cookie: a, body: {}})
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(/Max-Age=0/)
    expect((await callPortal(accountFn, '/api/account', {cookie: a})).status).toBe(401)
    expect((await callPortal(accountFn, '/api/account', {cookie: b})).status).toBe(200)
    expect((await callPortal(accountFn, '/api/account/sign-out', {cookie: b, body: {everywhere: true}})).status).toBe(204)
    for (const cookie of [b, c]) expect((await callPortal(accountFn, '/api/account', {cookie})).status).toBe(401)
  })
})
