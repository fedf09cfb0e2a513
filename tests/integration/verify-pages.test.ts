/**
 * The server side of the public certificate pages (web/app/pages/verify-lookup.server.ts, used by
 * web/app/routes/verify._index.tsx and verify.$number.tsx; docs/requirements.md#req-issue-20-verify),
 * over Netlify's Blobs emulation with the real limiter: form checks (400, nothing counted), the
 * one no-match answer (404), a malformed QR number (404, nothing counted), too many look-ups (429
 * with Retry-After and the minutes to wait), and no-store + noindex on every answer. The found
 * certificate is covered end to end (tests/e2e/certificates.spec.ts).
 */
import type {ActionFunctionArgs, LoaderFunctionArgs} from '@remix-run/node'
import {afterEach, describe, expect, it} from 'vitest'
import {NO_MATCH_MESSAGE} from '#schemas/rules/certificates'
import {VERIFY_FORM_MESSAGES} from '#schemas/contracts/forms/verify'
import {action as verifyAction} from '~/routes/verify._index'
import {action as numberAction, loader as numberLoader} from '~/routes/verify.$number'
import type {MaskedLoaderData, VerifyActionData} from '~/pages/verify-lookup.server'
import {testContext, useBlobs} from '../helpers/blobs'

useBlobs()
afterEach(() => {
  delete process.env.RATE_LIMIT_VERIFY
})

type Result<T> = {data: T; init: ResponseInit | null}
const UNKNOWN = 'MTC-BOSIET-2026-99999'

function unpack<T>(result: unknown): {status: number; data: T; headers: Headers} {
  const {data, init} = result as Result<T>
  return {status: init?.status ?? 200, data, headers: new Headers(init?.headers)}
}

async function post(values: Record<string, string>, ip: string, number?: string) {
  const url = number ? `http://localhost/verify/${number}` : 'http://localhost/verify'
  const request = new Request(url, {method: 'POST', body: new URLSearchParams(values)})
  const args = {request, context: testContext({}, ip), params: number ? {number} : {}} as unknown as ActionFunctionArgs
  return unpack<VerifyActionData>(number ? await numberAction(args) : await verifyAction(args))
}

async function open(number: string, ip: string) {
  const args = {request: new Request(`http://localhost/verify/${number}`), context: testContext({}, ip), params: {number}} as unknown as LoaderFunctionArgs
  return unpack<MaskedLoaderData>(await numberLoader(args))
}

function expectPrivate(headers: Headers) {
  expect(headers.get('Cache-Control')).toBe('no-store')
  expect(headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
}

describe('the /verify action', () => {
  it('answers 400 with the fields’ messages and counts no look-up', async () => {
    process.env.RATE_LIMIT_VERIFY = '1/10m'
    const ip = '203.0.113.21'
    const {status, data, headers} = await post({number: 'MTC-1', dateOfBirth: ''}, ip)
    expect(status).toBe(400)
    expectPrivate(headers)
    expect(data.state).toBe('invalid')
    expect(data.state === 'invalid' && data.result.error).toEqual({
      number: [VERIFY_FORM_MESSAGES.numberInvalid],
      dateOfBirth: [VERIFY_FORM_MESSAGES.dateOfBirthRequired],
    })
    // The one allowed look-up is still there.
    expect((await post({number: UNKNOWN, dateOfBirth: '1990-04-12'}, ip)).status).toBe(404)
  })

  it('answers an unknown number with the one no-match message (404)', async () => {
    const {status, data, headers} = await post({number: ` ${UNKNOWN.toLowerCase()} `, dateOfBirth: '1990-04-12'}, '203.0.113.22')
    expect(status).toBe(404)
    expectPrivate(headers)
    expect(data).toMatchObject({state: 'no-match', message: NO_MATCH_MESSAGE})
  })

  it('after the limit answers 429 with Retry-After and the minutes to wait, for both pages', async () => {
    process.env.RATE_LIMIT_VERIFY = '2/10m'
    const ip = '203.0.113.23'
    expect((await post({number: UNKNOWN, dateOfBirth: '1990-04-12'}, ip)).status).toBe(404)
    expect((await open(UNKNOWN, ip)).status).toBe(404)
    const refused = await post({number: UNKNOWN, dateOfBirth: '1990-04-12'}, ip)
    expect(refused.status).toBe(429)
    expectPrivate(refused.headers)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(500)
    expect(refused.data).toMatchObject({state: 'too-many', message: 'Too many look-ups from your connection. Please try again in 10 minutes.'})
    const page = await open(UNKNOWN, ip)
    expect(page.status).toBe(429)
    expect(page.data).toMatchObject({state: 'too-many'})
    const fromQr = await post({dateOfBirth: '1990-04-12'}, ip, UNKNOWN)
    expect(fromQr.status).toBe(429)
    // Another client is not affected.
    expect((await post({number: UNKNOWN, dateOfBirth: '1990-04-12'}, '203.0.113.24')).status).toBe(404)
  })

  it('refuses a body that is not a form (415) without counting', async () => {
    const request = new Request('http://localhost/verify', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: '{}'})
    const {status, data} = unpack<VerifyActionData>(
      await verifyAction({request, context: testContext({}, '203.0.113.25'), params: {}} as unknown as ActionFunctionArgs),
    )
    expect(status).toBe(415)
    expect(data.state).toBe('error')
  })
})

describe('/verify/{number}', () => {
  it('a look-up posted without JavaScript counts once: the action, then the page’s loader in the same request', async () => {
    process.env.RATE_LIMIT_VERIFY = '2/10m'
    const ip = '203.0.113.41'
    // One document POST: Remix gives the action and the loader the same load context.
    const context = testContext({}, ip)
    const request = new Request(`http://localhost/verify/${UNKNOWN}`, {method: 'POST', body: new URLSearchParams({dateOfBirth: '1990-04-12'})})
    const posted = unpack<VerifyActionData>(await numberAction({request, context, params: {number: UNKNOWN}} as unknown as ActionFunctionArgs))
    expect(posted.status).toBe(404)
    const rendered = unpack<MaskedLoaderData>(
      await numberLoader({request: new Request(`http://localhost/verify/${UNKNOWN}`), context, params: {number: UNKNOWN}} as unknown as LoaderFunctionArgs),
    )
    expect(rendered.status).toBe(404)
    // One of the two allowed look-ups is left; a request of its own counts again.
    expect((await open(UNKNOWN, ip)).status).toBe(404)
    expect((await open(UNKNOWN, ip)).status).toBe(429)
  })

  it('answers a malformed number like an unknown one (404), without counting a look-up', async () => {
    process.env.RATE_LIMIT_VERIFY = '1/10m'
    const ip = '203.0.113.31'
    for (const number of ['not-a-number', 'MTC-2026-1', '✓']) {
      const {status, data, headers} = await open(number, ip)
      expect(status, number).toBe(404)
      expectPrivate(headers)
      expect(data).toMatchObject({state: 'no-match', message: NO_MATCH_MESSAGE})
      expect((await post({dateOfBirth: '1990-04-12'}, ip, number)).data).toMatchObject({state: 'no-match', message: NO_MATCH_MESSAGE})
    }
    // Nothing was counted: the one allowed look-up is still there.
    expect((await open(UNKNOWN, ip)).status).toBe(404)
    expect((await open(UNKNOWN, ip)).status).toBe(429)
  })

  it('asks for the date of birth alone', async () => {
    const {status, data} = await post({dateOfBirth: ''}, '203.0.113.32', UNKNOWN)
    expect(status).toBe(400)
    expect(data.state === 'invalid' && data.result.error).toEqual({dateOfBirth: [VERIFY_FORM_MESSAGES.dateOfBirthRequired]})
  })
})
