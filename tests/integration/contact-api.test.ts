/**
 * POST /api/contact (netlify/functions/contact.ts) called with real Requests over Netlify's
 * Blobs emulation: stored messages, the honeypot, validation, body limits and the
 * per-client rate limit.
 */
import {afterEach, describe, expect, it} from 'vitest'
import handler, {config} from '#netlify/functions/contact'
import {openStore, STORES} from '#netlify/platform/blobs'
import {CONTACT_RATE_LIMITED_MESSAGE, type StoredContactMessage} from '#netlify/services/enquiries/contact'
import {rateLimitBlobKey, sha256Hex} from '#netlify/platform/rate-limit'
import {storageDown, testContext, useBlobs} from '../helpers/blobs'

useBlobs()
afterEach(() => {
  delete process.env.RATE_LIMIT_CONTACT
})

let counter = 0
/** Distinct data per test: messages are found by their unique email. */
function message(overrides: Record<string, unknown> = {}) {
  counter += 1
  return {
    name: 'Captain Omar Haddad',
    email: `omar.${counter}.${Date.now()}@example.com`,
    phone: '+971 6 555 0101',
    subject: 'Vessel Registration',
    message: 'I would like to register a 24 m motor yacht under your flag.',
    ...overrides,
  }
}

function post(body: unknown, {ip = '203.0.113.7', headers = {}}: {ip?: string; headers?: Record<string, string>} = {}) {
  const request = new Request('http://localhost/api/contact', {
    method: 'POST',
    headers: {'Content-Type': 'application/json', ...headers},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
  return handler(request, testContext({}, ip))
}

async function storedMessages(): Promise<Array<{key: string; value: StoredContactMessage}>> {
  const store = openStore(STORES.contactMessages)
  const {blobs: entries} = await store.list()
  return Promise.all(entries.map(async ({key}) => ({key, value: (await store.get(key, {type: 'json'})) as StoredContactMessage})))
}

async function findByEmail(email: string) {
  return (await storedMessages()).filter((entry) => entry.value.email === email)
}

describe('POST /api/contact', () => {
  it('is served at /api/contact', () => {
    expect(config.path).toBe('/api/contact')
  })

  it('stores a valid message and answers 200 {ok: true}', async () => {
    const input = message()
    const before = Date.now()
    const response = await post(input, {ip: '203.0.113.10'})
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await response.json()).toEqual({ok: true})

    const found = await findByEmail(input.email)
    expect(found).toHaveLength(1)
    const [{key, value}] = found as [{key: string; value: StoredContactMessage}]
    expect(value).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: input.name,
      email: input.email,
      phone: input.phone,
      subject: input.subject,
      message: input.message,
      receivedAt: expect.any(String),
      ipHash: sha256Hex('203.0.113.10'),
    })
    expect(Date.parse(value.receivedAt)).toBeGreaterThanOrEqual(before - 1)
    expect(key).toBe(`${value.receivedAt.replace(/:/g, '-')}_${value.id}`)
    expect(JSON.stringify(value)).not.toContain('203.0.113.10')
  })

  it('trims the fields and stores a missing or empty phone as null', async () => {
    const {phone: _phone, ...withoutPhone} = message()
    const first = {...withoutPhone, name: '  Lena Ortiz  '}
    expect((await post(first, {ip: '203.0.113.11'})).status).toBe(200)
    expect((await findByEmail(first.email))[0]?.value).toMatchObject({name: 'Lena Ortiz', phone: null})
    const second = message({phone: ''})
    expect((await post(second, {ip: '203.0.113.11'})).status).toBe(200)
    expect((await findByEmail(second.email))[0]?.value.phone).toBeNull()
  })

  it('answers a filled honeypot like a success but stores and counts nothing', async () => {
    const ip = '203.0.113.12'
    const input = message({website: 'https://cheap-pills.example'})
    const response = await post(input, {ip})
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ok: true})
    expect(await findByEmail(input.email)).toEqual([])
    expect(await openStore(STORES.rateLimits).get(rateLimitBlobKey('contact', ip))).toBeNull()
  })

  it('refuses missing and malformed fields with 400 and the field errors', async () => {
    const response = await post({name: '', email: 'captain@', subject: 'General Inquiry'}, {ip: '203.0.113.13'})
    expect(response.status).toBe(400)
    const body = await response.json()
    expect(body.error).toEqual(expect.any(String))
    expect(body.details).toEqual({
      name: ['Please enter your name.'],
      email: ['Please enter a valid email address.'],
      message: ['Please enter your message.'],
    })
  })

  it('refuses a subject outside the spec’s list with 400', async () => {
    const input = message({subject: 'Crypto Investment'})
    const response = await post(input, {ip: '203.0.113.13'})
    expect(response.status).toBe(400)
    expect((await response.json()).details).toEqual({subject: ['Please choose a subject.']})
    expect(await findByEmail(input.email)).toEqual([])
  })

  it('refuses wrong types and malformed JSON with 400', async () => {
    expect((await post(message({phone: 971655501}), {ip: '203.0.113.13'})).status).toBe(400)
    expect((await post('[1, 2, 3]', {ip: '203.0.113.13'})).status).toBe(400)
    const malformed = await post('{"name": "Omar",', {ip: '203.0.113.13'})
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({error: 'The body is not valid JSON'})
  })

  it('refuses a body that is not JSON with 415', async () => {
    const request = new Request('http://localhost/api/contact', {method: 'POST', headers: {'Content-Type': 'text/plain'}, body: 'hello'})
    const response = await handler(request, testContext())
    expect(response.status).toBe(415)
    expect(await response.json()).toEqual({error: expect.any(String)})
  })

  it('refuses an oversized body with 413, declared or streamed', async () => {
    const huge = JSON.stringify(message({message: 'x'.repeat(40_000)}))
    const declared = await post(huge, {ip: '203.0.113.14'})
    expect(declared.status).toBe(413)
    const streamed = new Request('http://localhost/api/contact', {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 8; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(8_000)))
          controller.close()
        },
      }),
      // Node's fetch needs `duplex` for a streamed body.
      duplex: 'half',
    })
    expect((await handler(streamed, testContext({}, '203.0.113.14'))).status).toBe(413)
  })

  it('refuses other methods with 405', async () => {
    const response = await handler(new Request('http://localhost/api/contact'), testContext())
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('POST')
  })

  it('allows 5 messages per client in 10 minutes: the 6th gets 429 with Retry-After; another client is unaffected', async () => {
    const ip = '198.51.100.20'
    for (let i = 0; i < 5; i++) expect((await post(message(), {ip})).status).toBe(200)

    const refusedInput = message()
    const refused = await post(refusedInput, {ip})
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({error: CONTACT_RATE_LIMITED_MESSAGE})
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(600)
    expect(await findByEmail(refusedInput.email)).toEqual([])

    expect((await post(message(), {ip: '198.51.100.21'})).status).toBe(200)
    // Invalid submissions are answered 400 without being counted, and a bot's honeypot is still answered 200.
    expect((await post(message({email: 'nope'}), {ip})).status).toBe(400)
    expect((await post(message({website: 'x'}), {ip})).status).toBe(200)
  })

  it('takes the limit from RATE_LIMIT_CONTACT', async () => {
    process.env.RATE_LIMIT_CONTACT = '2/10m'
    const ip = '198.51.100.30'
    expect((await post(message(), {ip})).status).toBe(200)
    expect((await post(message(), {ip})).status).toBe(200)
    expect((await post(message(), {ip})).status).toBe(429)
  })

  it('falls back to X-Forwarded-For only when the platform gives no address', async () => {
    const send = (forwardedFor: string) =>
      handler(
        new Request('http://localhost/api/contact', {
          method: 'POST',
          headers: {'Content-Type': 'application/json', 'X-Forwarded-For': forwardedFor},
          body: JSON.stringify(message()),
        }),
        {},
      )
    process.env.RATE_LIMIT_CONTACT = '1/10m'
    expect((await send('192.0.2.40, 10.0.0.1')).status).toBe(200)
    expect((await send('192.0.2.40')).status).toBe(429)
    expect((await send('192.0.2.41')).status).toBe(200)
    // With the platform's address, a forged header changes nothing.
    const ip = '198.51.100.31'
    expect((await post(message(), {ip, headers: {'X-Forwarded-For': '192.0.2.50'}})).status).toBe(200)
    expect((await post(message(), {ip, headers: {'X-Forwarded-For': '192.0.2.51'}})).status).toBe(429)
  })
})

describe('POST /api/contact with storage down', () => {
  it('answers 500 with a generic message', async () => {
    const storage = storageDown()
    const errors: unknown[] = []
    const originalError = console.error
    console.error = (...args: unknown[]) => void errors.push(args)
    try {
      const response = await post(message(), {ip: '198.51.100.40'})
      expect(response.status).toBe(500)
      expect(await response.json()).toEqual({error: 'Something went wrong on our side. Please try again.'})
      expect(errors).toHaveLength(1)
    } finally {
      console.error = originalError
      storage.restore()
    }
  }, 20_000)
})
