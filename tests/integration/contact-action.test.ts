/**
 * The /contact page's action (web/app/routes/contact.tsx) with real form posts, as a browser
 * without JavaScript sends them, over Netlify's Blobs emulation: it shares validation,
 * honeypot, rate limit and storage with POST /api/contact (netlify/services/enquiries/contact.ts).
 */
import type {ActionFunctionArgs} from '@remix-run/node'
import {afterEach, describe, expect, it} from 'vitest'
import contactFunction from '#netlify/functions/contact'
import {openStore, STORES} from '#netlify/platform/blobs'
import {CONTACT_RATE_LIMITED_MESSAGE, type StoredContactMessage} from '#netlify/services/enquiries/contact'
import {action, CONTACT_FAILURE_MESSAGES, type ContactActionData} from '~/routes/contact'
import {storageDown, testContext, useBlobs} from '../helpers/blobs'

useBlobs()
afterEach(() => {
  delete process.env.RATE_LIMIT_CONTACT
})

type FieldName = 'name' | 'email' | 'phone' | 'subject' | 'message' | 'website'

let counter = 0
function fields(overrides: Partial<Record<FieldName, string>> = {}): Record<FieldName, string> {
  counter += 1
  return {
    name: 'Priya Nair',
    email: `priya.${counter}.${Date.now()}@example.com`,
    phone: '',
    subject: 'Certification Services',
    message: 'Can I renew my STCW Basic Safety certificate with you?',
    website: '',
    ...overrides,
  }
}

type ActionResult = {type?: string; data: ContactActionData; init: ResponseInit | null}

async function submit(values: Record<string, string>, ip = '203.0.113.70'): Promise<{status: number; data: ContactActionData; headers: Headers}> {
  const request = new Request('http://localhost/contact', {method: 'POST', body: new URLSearchParams(values)})
  const result = (await action({request, context: testContext({}, ip), params: {}} as unknown as ActionFunctionArgs)) as unknown as ActionResult
  return {status: result.init?.status ?? 200, data: result.data, headers: new Headers(result.init?.headers)}
}

async function findByEmail(email: string) {
  const store = openStore(STORES.contactMessages)
  const {blobs: entries} = await store.list()
  const values = await Promise.all(entries.map(async ({key}) => (await store.get(key, {type: 'json'})) as StoredContactMessage))
  return values.filter((value) => value.email === email)
}

describe('the /contact action', () => {
  it('stores a valid message and replies success with a form reset', async () => {
    const values = fields()
    const {status, data} = await submit(values)
    expect(status).toBe(200)
    expect(data.status).toBe('success')
    // conform resets the form when the reply's initialValue is null.
    expect(data.status === 'success' && data.result.initialValue).toBeNull()
    const [stored] = await findByEmail(values.email)
    expect(stored).toMatchObject({name: 'Priya Nair', subject: 'Certification Services', phone: null})
  })

  it('replies 400 with the field errors and the values typed, without the honeypot', async () => {
    const values = fields({name: '', email: 'priya@', subject: ''})
    const {status, data} = await submit(values)
    expect(status).toBe(400)
    expect(data.status).toBe('invalid')
    if (data.status !== 'invalid') return
    expect(data.result.error).toEqual({
      name: ['Please enter your name.'],
      email: ['Please enter a valid email address.'],
      subject: ['Please choose a subject.'],
    })
    expect(data.result.initialValue).toMatchObject({email: 'priya@', message: values.message})
    expect(data.result.initialValue).not.toHaveProperty('website')
    expect(await findByEmail('priya@')).toEqual([])
  })

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const values = fields({website: 'https://spam.example'})
    const {status, data} = await submit(values)
    expect(status).toBe(200)
    expect(data.status).toBe('success')
    expect(await findByEmail(values.email)).toEqual([])
  })

  it('shares one budget per client with POST /api/contact, then replies 429 with Retry-After and the message', async () => {
    const ip = '198.51.100.70'
    for (let i = 0; i < 3; i++) {
      const response = await contactFunction(
        new Request('http://localhost/api/contact', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(fields())}),
        testContext({}, ip),
      )
      expect(response.status).toBe(200)
    }
    expect((await submit(fields(), ip)).status).toBe(200)
    expect((await submit(fields(), ip)).status).toBe(200)

    const values = fields()
    const refused = await submit(values, ip)
    expect(refused.status).toBe(429)
    expect(refused.data).toMatchObject({status: 'error', message: CONTACT_RATE_LIMITED_MESSAGE})
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // What the visitor typed is kept for another try.
    expect(refused.data.status === 'error' && refused.data.result?.initialValue).toMatchObject({email: values.email})
    expect(await findByEmail(values.email)).toEqual([])
  })

  it('refuses an oversized post with 413', async () => {
    const request = new Request('http://localhost/contact', {
      method: 'POST',
      headers: {'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(70_000)},
      body: new URLSearchParams(fields({message: 'x'.repeat(69_000)})),
    })
    const result = (await action({request, context: testContext(), params: {}} as unknown as ActionFunctionArgs)) as unknown as ActionResult
    expect(result.init?.status).toBe(413)
    expect(result.data.status).toBe('error')
  })

  it('answers bodies that are not forms with 400 or 415, storing nothing', async () => {
    const post = async (headers: Record<string, string>, body: string | undefined) => {
      const request = new Request('http://localhost/contact', {method: 'POST', headers, body})
      const result = (await action({
        request,
        context: testContext({}, '198.51.100.90'),
        params: {},
      } as unknown as ActionFunctionArgs)) as unknown as ActionResult
      return {status: result.init?.status, data: result.data}
    }
    const cases: Array<[Record<string, string>, string | undefined, number]> = [
      [{'Content-Type': 'application/json'}, '{}', 415],
      [{'Content-Type': 'text/plain'}, 'name=Priya', 415],
      [{}, undefined, 415],
      [{'Content-Type': 'multipart/form-data'}, '--x\r\n', 400],
      [{'Content-Type': 'multipart/form-data; boundary=XYZ'}, '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nPri', 400],
    ]
    for (const [headers, body, status] of cases) {
      const answer = await post(headers, body)
      expect(answer.status, JSON.stringify(headers)).toBe(status)
      expect(answer.data).toMatchObject({status: 'error', message: expect.any(String)})
    }
    // A chunked body over the limit (no Content-Length) is refused without reading it all.
    const huge = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode('message=' + 'x'.repeat(32 * 1024)))
      },
    })
    const request = new Request('http://localhost/contact', {
      method: 'POST',
      headers: {'Content-Type': 'application/x-www-form-urlencoded'},
      body: huge,
      duplex: 'half',
    } as RequestInit)
    const result = (await action({request, context: testContext(), params: {}} as unknown as ActionFunctionArgs)) as unknown as ActionResult
    expect(result.init?.status).toBe(413)
  })

  it('replies 500 with a visible message when the message cannot be stored', async () => {
    const storage = storageDown()
    const originalError = console.error
    console.error = () => {}
    try {
      const values = fields()
      const {status, data} = await submit(values, '198.51.100.71')
      expect(status).toBe(500)
      expect(data).toMatchObject({status: 'error', message: CONTACT_FAILURE_MESSAGES.server})
      expect(data.status === 'error' && data.result?.initialValue).toMatchObject({message: values.message})
    } finally {
      console.error = originalError
      storage.restore()
    }
  }, 20_000)
})
