/**
 * The admin enquiries API (docs/requirements.md#req-enquiries) through its functions,
 * over Netlify's Blobs emulation (a fresh store per test), with messages stored the way /contact
 * stores them (acceptContactMessage) and, for the messages of earlier versions, written directly
 * without a status:
 * GET /api/admin/enquiries (401; newest first with exactly the contract fields, no ipHash; old
 * messages `new`) and PATCH /api/admin/enquiries/:id (401 before anything else; new → handled →
 * new with handledAt set and cleared; the rest of the stored message and its metadata kept; 404
 * for an id that is not a key or is unknown, nothing created; 400 naming the field; 415; 405;
 * concurrent PATCHes, each applied and the record consistent).
 */
import {randomUUID} from 'node:crypto'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import list from '#netlify/functions/admin-enquiries'
import patchFn from '#netlify/functions/admin-enquiry'
import {openStore, STORES} from '#netlify/platform/blobs'
import {acceptContactMessage, contactMessageKey, type StoredContactMessage} from '#netlify/services/enquiries/contact'
import {sha256Hex} from '#netlify/platform/rate-limit'
import {EnquiryListSchema, EnquiryUpdateResponseSchema, type Enquiry} from '#schemas/contracts/enquiries'
import {startBlobs} from '../helpers/blobs'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'

const T0 = new Date('2026-11-24T10:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const MINUTE = 60_000
const FIELDS = ['id', 'name', 'email', 'phone', 'subject', 'message', 'status', 'createdAt', 'handledAt']

let blobs: Awaited<ReturnType<typeof startBlobs>>
useAdminEnv()
beforeEach(async () => {
  blobs = await startBlobs()
  vi.stubEnv('SMTP_URL', '')
})
afterEach(async () => {
  vi.unstubAllEnvs()
  await blobs.stop()
})

const store = () => openStore(STORES.contactMessages)

let clients = 0
/** A message sent through the contact form's path at `now` (its own client: no rate limit). */
async function sent(
  now: Date,
  overrides: Partial<{name: string; email: string; phone: string; subject: StoredContactMessage['subject']; message: string}> = {},
) {
  const result = await acceptContactMessage(
    {
      name: 'Captain Omar Haddad',
      email: 'omar.haddad@example.com',
      phone: '+971 6 555 0101',
      subject: 'Vessel Registration',
      message: 'I would like to register a 24 m motor yacht under your flag.',
      ...overrides,
    },
    {client: `198.51.100.${++clients}`, now},
  )
  if (!result.ok || !result.stored) throw new Error('not stored')
  return result.key
}

/** A message stored as before: no status, no handledAt. */
async function storedBefore(now: Date, fields: Partial<StoredContactMessage> = {}): Promise<string> {
  const id = randomUUID()
  const record: StoredContactMessage = {
    id,
    name: 'Maria Santos',
    email: 'maria.santos@example.com',
    phone: null,
    subject: 'General Inquiry',
    message: 'Old message, stored before the inbox existed.',
    receivedAt: now.toISOString(),
    ipHash: sha256Hex('203.0.113.99'),
    ...fields,
  }
  const key = contactMessageKey(now, id)
  await store().setJSON(key, record, {metadata: {receivedAt: record.receivedAt, subject: record.subject}})
  return key
}

const patchRequest = (id: string, body: unknown, token?: string | null, contentType = 'application/json') =>
  new Request(`http://localhost/api/admin/enquiries/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    headers: {...(token ? {authorization: `Bearer ${token}`} : {}), 'content-type': contentType},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const patch = (id: string, body: unknown, token?: string | null, contentType?: string) =>
  callAs<Enquiry & {error?: string; details?: Record<string, string[]>}>(patchFn, patchRequest(id, body, token, contentType), {params: {id}})
const listAs = (token?: string | null) => callAs<Enquiry[]>(list, getRequest('/api/admin/enquiries', token))

const storedRecord = async (key: string) =>
  (await store().getWithMetadata(key, {type: 'json'})) as {data: StoredContactMessage; metadata: Record<string, unknown>}

describe('GET /api/admin/enquiries', () => {
  it('answers 401 without a token, with a malformed one and with a forged one, and shows nothing', async () => {
    await sent(T0, {message: 'secret-enquiry-1'})
    for (const request of [
      getRequest('/api/admin/enquiries'),
      getRequest('/api/admin/enquiries', 'not-a-jwt'),
      getRequest('/api/admin/enquiries', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'),
      getRequest('/api/admin/enquiries', 'whatever', 'Basic'),
    ]) {
      const result = await callAs(list, request)
      expect(result.status).toBe(401)
      expect(result.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(JSON.stringify(result.body)).not.toContain('secret-enquiry-1')
    }
    expect((await listAs()).body).toEqual({error: 'No authentication token found'})
  })

  it('lists every message newest first with exactly the contract fields; old messages without a status are new', async () => {
    const token = await loginToken()
    expect((await listAs(token)).body).toEqual([])

    const old = await storedBefore(T0)
    const first = await sent(at(MINUTE), {phone: ''})
    const second = await sent(at(2 * MINUTE), {
      name: 'Chief Engineer Li Wei',
      email: 'li.wei@example.com',
      subject: 'Course Information',
      message: 'Line one\nLine two',
    })

    const result = await listAs(token)
    expect(result.status).toBe(200)
    expect(result.headers.get('cache-control')).toBe('no-store')
    expect(result.headers.get('content-type')).toMatch(/^application\/json/)
    const rows = EnquiryListSchema.parse(result.body)
    expect(rows.map((row) => row.id)).toEqual([second, first, old])
    expect(result.body).toEqual([
      {
        id: second,
        name: 'Chief Engineer Li Wei',
        email: 'li.wei@example.com',
        phone: '+971 6 555 0101',
        subject: 'Course Information',
        message: 'Line one\nLine two',
        status: 'new',
        createdAt: at(2 * MINUTE).toISOString(),
      },
      {
        id: first,
        name: 'Captain Omar Haddad',
        email: 'omar.haddad@example.com',
        phone: null,
        subject: 'Vessel Registration',
        message: 'I would like to register a 24 m motor yacht under your flag.',
        status: 'new',
        createdAt: at(MINUTE).toISOString(),
      },
      {
        id: old,
        name: 'Maria Santos',
        email: 'maria.santos@example.com',
        phone: null,
        subject: 'General Inquiry',
        message: 'Old message, stored before the inbox existed.',
        status: 'new',
        createdAt: T0.toISOString(),
      },
    ])
    for (const row of result.body) expect(Object.keys(row).filter((key) => !FIELDS.includes(key))).toEqual([])
    // The stored address hash never leaves the store.
    expect(JSON.stringify(result.body)).not.toMatch(/ipHash|receivedAt/)
    expect(JSON.stringify(result.body)).not.toContain(sha256Hex('198.51.100.1'))
  })

  it('leaves out keys that are not messages (the emulation’s temporary files) and answers 405 for another method', async () => {
    const token = await loginToken()
    const key = await sent(T0)
    await store().set('.tmp-partial-write', '{"name":')
    expect((await listAs(token)).body.map((row) => row.id)).toEqual([key])
    const result = await callAs(list, new Request('http://localhost/api/admin/enquiries', {method: 'DELETE', headers: {authorization: `Bearer ${token}`}}))
    expect(result.status).toBe(405)
  })
})

describe('PATCH /api/admin/enquiries/:id', () => {
  it('answers 401 without a valid token, before looking at the id or the body', async () => {
    const key = await sent(T0)
    for (const token of [null, 'not-a-jwt']) {
      for (const [id, body] of [
        [key, {status: 'handled'}],
        ['not-an-id', {status: 'handled'}],
        [key, 'not json'],
      ] as const) {
        const result = await patch(id, body, token)
        expect(result.status).toBe(401)
      }
    }
    expect((await storedRecord(key)).data.status).toBeUndefined()
  })

  it('new → handled → new: handledAt set, kept on a repeat, cleared; the rest of the message and its metadata kept', async () => {
    const token = await loginToken()
    const key = await sent(T0)
    const before = await storedRecord(key)

    const handled = await callAs(patchFn, patchRequest(key, {status: 'handled'}, token), {params: {id: key}})
    expect(handled.status).toBe(200)
    expect(handled.headers.get('cache-control')).toBe('no-store')
    const enquiry = EnquiryUpdateResponseSchema.parse(handled.body)
    expect(enquiry).toMatchObject({id: key, status: 'handled', createdAt: T0.toISOString()})
    expect(Date.parse(enquiry.handledAt!)).toBeGreaterThan(Date.now() - 60_000)
    expect(Object.keys(handled.body).sort()).toEqual([...FIELDS].sort())
    expect((await listAs(token)).body).toEqual([enquiry])

    // Handled again: nothing changes, the first handledAt stays.
    const again = await patch(key, {status: 'handled'}, token)
    expect(again.body).toEqual(enquiry)

    const stored = await storedRecord(key)
    expect(stored.data).toEqual({...before.data, status: 'handled', handledAt: enquiry.handledAt})
    expect(stored.metadata).toEqual(before.metadata)
    expect(stored.metadata).toEqual({receivedAt: T0.toISOString(), subject: 'Vessel Registration'})

    const reopened = await patch(key, {status: 'new'}, token)
    expect(reopened.status).toBe(200)
    expect(reopened.body).toEqual({...enquiry, status: 'new', handledAt: undefined})
    expect('handledAt' in reopened.body).toBe(false)
    expect((await storedRecord(key)).data).toEqual({...before.data, status: 'new'})
    expect((await listAs(token)).body).toEqual([reopened.body])
  })

  it('marks a message of earlier versions handled; `new` on a message without a status writes nothing', async () => {
    const token = await loginToken()
    const old = await storedBefore(T0)
    const {etag} = (await store().getWithMetadata(old))!
    expect((await patch(old, {status: 'new'}, token)).body).toMatchObject({id: old, status: 'new'})
    expect((await store().getWithMetadata(old))!.etag).toBe(etag)
    const handled = await patch(old, {status: 'handled'}, token)
    expect(handled.body).toMatchObject({id: old, status: 'handled', name: 'Maria Santos'})
    expect((await storedRecord(old)).data).toMatchObject({status: 'handled', ipHash: sha256Hex('203.0.113.99')})
  })

  it('answers 404 for an id that is not a message key, or an unknown one, and creates nothing', async () => {
    const token = await loginToken()
    const key = await sent(T0)
    const unknown = contactMessageKey(at(MINUTE), randomUUID())
    for (const id of [
      'not-an-id',
      '__proto__',
      '../2026-11-24T10-00-00.000Z',
      key.toUpperCase(),
      key.split('_')[1]!,
      `${key}x`,
      `${key}/..`,
      ` ${key}`,
      '.tmp-partial-write',
      unknown,
    ]) {
      const result = await patch(id, {status: 'handled'}, token)
      expect(result.status, id).toBe(404)
      expect(result.body).toEqual({error: 'Unknown enquiry'})
    }
    expect((await store().list()).blobs.map((blob) => blob.key)).toEqual([key])
  })

  it('answers 400 naming the field for a malformed body, 415 for another content type, 405 for another method', async () => {
    const token = await loginToken()
    const key = await sent(T0)
    for (const body of [{}, {status: 'done'}, {status: 'HANDLED'}, {status: null}, {status: ['handled']}, []]) {
      const result = await patch(key, body, token)
      expect(result.status, JSON.stringify(body)).toBe(400)
      expect(result.body.error).toMatch(/^status must be "new" or "handled"$|Expected object/)
    }
    const missing = await patch(key, {}, token)
    expect(missing.body).toEqual({error: 'status must be "new" or "handled"', details: {status: ['status must be "new" or "handled"']}})
    const extra = await patch(key, {status: 'handled', handledAt: '2020-01-01T00:00:00.000Z'}, token)
    expect(extra.status).toBe(400)
    expect(extra.body.error).toContain('handledAt')
    expect((await patch(key, '{"status":', token)).status).toBe(400)
    expect((await patch(key, 'status=handled', token, 'application/x-www-form-urlencoded')).status).toBe(415)
    expect((await patch(key, {status: 'handled', padding: 'x'.repeat(2000)}, token)).status).toBe(413)
    const get = await callAs(patchFn, new Request(`http://localhost/api/admin/enquiries/${key}`, {headers: {authorization: `Bearer ${token}`}}), {
      params: {id: key},
    })
    expect(get.status).toBe(405)
    // Nothing was written by any of them.
    expect((await storedRecord(key)).data.status).toBeUndefined()
  })

  it('concurrent PATCHes: every change is applied in turn and answered, and the record stays consistent', async () => {
    const token = await loginToken()
    const [a, b, c] = [await sent(T0), await sent(at(MINUTE)), await storedBefore(at(2 * MINUTE))]
    const originals = await Promise.all([a, b, c].map(async (key) => (await storedRecord(key)).data))

    // 30 PATCHes at once: alternating on `a`, all `handled` on `b`, alternating on the old `c`.
    const requests = Array.from({length: 10}, (_, i) => [
      [a, i % 2 === 0 ? 'handled' : 'new'],
      [b, 'handled'],
      [c, i % 2 === 0 ? 'new' : 'handled'],
    ]).flat() as Array<[string, 'new' | 'handled']>
    const results = await Promise.all(requests.map(([id, status]) => patch(id, {status}, token)))
    results.forEach((result, i) => {
      expect(result.status).toBe(200)
      const enquiry = EnquiryUpdateResponseSchema.parse(result.body)
      // Each answer is its own change, applied: the status asked for, handledAt exactly when handled.
      expect(enquiry.id).toBe(requests[i]![0])
      expect(enquiry.status).toBe(requests[i]![1])
      expect(enquiry.handledAt !== undefined).toBe(enquiry.status === 'handled')
    })
    // `b` was handled once: every answer carries that first handledAt.
    const bTimes = new Set(results.filter((_, i) => requests[i]![0] === b).map((result) => result.body.handledAt))
    expect(bTimes.size).toBe(1)

    // The stored records: consistent, their messages untouched, and what the list shows.
    const listed = (await listAs(token)).body
    for (const [index, key] of [a, b, c].entries()) {
      const {data} = await storedRecord(key)
      const {status: _status, handledAt: _handledAt, ...message} = data
      const {status: _s, handledAt: _h, ...original} = originals[index]!
      expect(message).toEqual(original)
      expect(data.handledAt !== undefined).toBe(data.status === 'handled')
      const row = listed.find((enquiry) => enquiry.id === key)!
      expect([row.status, row.handledAt]).toEqual([data.status ?? 'new', data.handledAt])
    }
    expect((await storedRecord(b)).data).toMatchObject({status: 'handled', handledAt: [...bTimes][0]})
  })
})
