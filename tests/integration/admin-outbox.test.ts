/**
 * The admin outbox API through its functions, over Netlify's Blobs emulation (a fresh
 * store per test) and, where a message is delivered, a real SMTP sink in this process:
 * GET /api/admin/outbox (401 without or with a bad token; newest first with exactly the contract
 * fields; a message being sent shown `queued`) and POST /api/admin/outbox/:id/send-again (401;
 * 404 for an id that is not one or is unknown; 409 when not failed; a failed message queued again
 * and sent at once, or left queued when SMTP is down or not configured).
 */
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import list from '#netlify/functions/admin-outbox'
import sendAgainFn from '#netlify/functions/admin-outbox-send-again'
import {emailConfigured} from '#netlify/services/admin/outbox'
import {claim, enqueue, getOutboxRecord, markFailedAttempt, RETRY_WINDOW_MS, type NewOutboxMessage} from '#netlify/services/mail/outbox'
import {OutboxListSchema, OutboxSendAgainResponseSchema} from '#schemas/contracts/outbox'
import {startBlobs} from '../helpers/blobs'
import {closedPort, startSmtpSink, type SmtpSink} from '../helpers/smtp-sink'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'

const T0 = new Date('2026-11-24T10:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const MINUTE = 60_000

let blobs: Awaited<ReturnType<typeof startBlobs>>
let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(async () => {
  await sink.stop()
})
useAdminEnv()
beforeEach(async () => {
  blobs = await startBlobs()
  sink.messages.length = 0
  vi.stubEnv('SMTP_URL', '')
})
afterEach(async () => {
  vi.unstubAllEnvs()
  await blobs.stop()
})

/** A small message of `kind` about `about`. */
const simple = (about: string, overrides: Partial<NewOutboxMessage> = {}): NewOutboxMessage => ({
  kind: 'enquiry-notice',
  about,
  to: ['office@maritime-training.example'],
  subject: `Message ${about}`,
  html: `<p>${about}</p>`,
  text: about,
  ...overrides,
})

/** Enqueues `message` at `now` and lets every attempt fail until its 24-hour window is over: a `failed` message. */
async function failedMessage(message: NewOutboxMessage, now = T0): Promise<string> {
  const {id} = await enqueue(message, {now})
  const late = new Date(now.getTime() + RETRY_WINDOW_MS)
  const claimed = await claim(id, {now: late})
  if (!claimed.claimed) throw new Error(`could not claim ${id}: ${claimed.reason}`)
  await markFailedAttempt(id, claimed.leaseId, 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525', {now: late})
  expect(await getOutboxRecord(id)).toMatchObject({status: 'failed'})
  return id
}

const postRequest = (id: string, token?: string | null) =>
  new Request(`http://localhost/api/admin/outbox/${encodeURIComponent(id)}/send-again`, {
    method: 'POST',
    headers: token ? {authorization: `Bearer ${token}`} : {},
  })
const send = (id: string, token?: string | null) => callAs(sendAgainFn, postRequest(id, token), {params: {id}})

describe('GET /api/admin/outbox', () => {
  it('answers 401 without a token, with a malformed one and with a forged one', async () => {
    await enqueue(simple('secret-1'), {now: T0})
    for (const request of [
      getRequest('/api/admin/outbox'),
      getRequest('/api/admin/outbox', 'not-a-jwt'),
      getRequest('/api/admin/outbox', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl'),
      getRequest('/api/admin/outbox', 'whatever', 'Basic'),
    ]) {
      const result = await callAs(list, request)
      expect(result.status).toBe(401)
      expect(result.headers.get('www-authenticate')).toMatch(/^Bearer/)
      expect(JSON.stringify(result.body)).not.toContain('secret-1')
    }
    expect((await callAs(list, getRequest('/api/admin/outbox'))).body).toEqual({error: 'No authentication token found'})
  })

  it('lists every message newest first with exactly the contract fields; a message being sent is queued', async () => {
    const token = await loginToken()
    expect((await callAs(list, getRequest('/api/admin/outbox', token))).body).toEqual([])

    await enqueue(simple('MTC-2026-00001', {kind: 'receipt', to: ['maria.santos@example.com'], subject: 'Receipt MTC-2026-00001: COE'}), {now: T0})
    await enqueue(simple('MTC-2026-00001', {kind: 'enrolment-notice', subject: 'New enrolment MTC-2026-00001'}), {now: at(1000)})
    const sending = (await enqueue(simple('msg-sending'), {now: at(2 * MINUTE)})).id
    const failed = await failedMessage(simple('msg-failed'), at(3 * MINUTE))
    // The third one is claimed by a deliverer right now (internal state `sending`).
    expect(await claim(sending, {now: at(3 * MINUTE)})).toMatchObject({claimed: true})
    expect(await getOutboxRecord(sending)).toMatchObject({status: 'sending'})

    const result = await callAs(list, getRequest('/api/admin/outbox', token))
    expect(result.status).toBe(200)
    expect(result.headers.get('cache-control')).toBe('no-store')
    expect(result.headers.get('content-type')).toMatch(/^application\/json/)
    const rows = OutboxListSchema.parse(result.body)
    expect(rows.map((row) => row.id)).toEqual([failed, sending, 'enrolment-notice:MTC-2026-00001', 'receipt:MTC-2026-00001'])
    expect(result.body[3]).toEqual({
      id: 'receipt:MTC-2026-00001',
      kind: 'receipt',
      to: ['maria.santos@example.com'],
      subject: 'Receipt MTC-2026-00001: COE',
      status: 'queued',
      attempts: 0,
      createdAt: T0.toISOString(),
    })
    expect(result.body[1]).toEqual({
      id: sending,
      kind: 'enquiry-notice',
      to: ['office@maritime-training.example'],
      subject: 'Message msg-sending',
      status: 'queued',
      attempts: 1,
      createdAt: at(2 * MINUTE).toISOString(),
    })
    expect(result.body[0]).toEqual({
      id: failed,
      kind: 'enquiry-notice',
      to: ['office@maritime-training.example'],
      subject: 'Message msg-failed',
      status: 'failed',
      attempts: 1,
      lastError: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:2525',
      createdAt: at(3 * MINUTE).toISOString(),
    })
    const allowed = ['id', 'kind', 'to', 'subject', 'status', 'attempts', 'lastError', 'createdAt', 'sentAt']
    for (const row of result.body as Record<string, unknown>[]) expect(Object.keys(row).filter((key) => !allowed.includes(key))).toEqual([])
    // Nothing internal leaks: bodies, attachments, leases.
    expect(JSON.stringify(result.body)).not.toMatch(/"html"|"text"|"lease"|"attachments"|"expiresAt"/)
  })

  it('answers 405 for another method', async () => {
    const token = await loginToken()
    const result = await callAs(list, new Request('http://localhost/api/admin/outbox', {method: 'DELETE', headers: {authorization: `Bearer ${token}`}}))
    expect(result.status).toBe(405)
  })
})

describe('POST /api/admin/outbox/:id/send-again', () => {
  it('answers 401 without a valid token, before looking at the id', async () => {
    const id = await failedMessage(simple('guarded-1'))
    for (const token of [null, 'not-a-jwt']) {
      expect((await send(id, token)).status).toBe(401)
      expect((await send('../etc/passwd', token)).status).toBe(401)
    }
    expect(await getOutboxRecord(id)).toMatchObject({status: 'failed'})
  })

  it('answers 404 for an id that is not one and for an unknown message', async () => {
    const token = await loginToken()
    for (const id of ['', ' ', '../etc/passwd', 'receipt', 'receipt:', 'spam:MTC-2026-00001', 'receipt:a/b', '__proto__', 'receipt:MTC 2026']) {
      const result = await send(id, token)
      expect(result.status, JSON.stringify(id)).toBe(404)
      expect(result.body).toEqual({error: 'Unknown message'})
    }
    expect((await send('receipt:MTC-2026-09999', token)).status).toBe(404)
    // A percent-encoded parameter (as Netlify may hand it over) is decoded once.
    const encoded = await callAs(sendAgainFn, postRequest('receipt:MTC-2026-09999', token), {params: {id: 'receipt%3AMTC-2026-09999'}})
    expect(encoded).toMatchObject({status: 404, body: {error: 'Unknown message'}})
  })

  it('answers 409 for a message that is not failed (queued, being sent, sent)', async () => {
    const token = await loginToken()
    const queued = (await enqueue(simple('not-failed-1'), {now: T0})).id
    const sending = (await enqueue(simple('not-failed-2'), {now: T0})).id
    await claim(sending, {now: T0})
    for (const id of [queued, sending]) {
      const result = await send(id, token)
      expect(result.status, id).toBe(409)
      expect(result.body).toEqual({error: 'Only a failed message can be sent again'})
    }
    expect(await getOutboxRecord(queued)).toMatchObject({status: 'queued', attempts: 0})
    expect(await getOutboxRecord(sending)).toMatchObject({status: 'sending', attempts: 1})
  })

  it('queues a failed message again and sends it at once over SMTP: 200 with status sent', async () => {
    vi.stubEnv('SMTP_URL', sink.url)
    vi.stubEnv('MAIL_FROM', 'Maritime Training <no-reply@maritime-training.example>')
    expect(emailConfigured()).toBe(true)
    const token = await loginToken()
    const id = await failedMessage(simple('MTC-2026-00042', {kind: 'receipt', to: ['maria.santos@example.com'], subject: 'Receipt MTC-2026-00042: COE'}))
    const before = Date.now()
    const result = await send(id, token)
    expect(result.status, JSON.stringify(result.body)).toBe(200)
    expect(result.headers.get('cache-control')).toBe('no-store')
    const message = OutboxSendAgainResponseSchema.parse(result.body)
    expect(message).toMatchObject({id, kind: 'receipt', status: 'sent', attempts: 1, to: ['maria.santos@example.com']})
    expect(Date.parse(message.sentAt!)).toBeGreaterThanOrEqual(before - 1000)
    expect(sink.messages).toHaveLength(1)
    expect(sink.messages[0]!.subject).toBe('Receipt MTC-2026-00042: COE')
    expect(sink.messages[0]!.envelope.to).toEqual(['maria.santos@example.com'])
    // The list shows the same state; a second send-again is refused.
    const rows = (await callAs(list, getRequest('/api/admin/outbox', token))).body as Array<Record<string, unknown>>
    expect(rows.find((row) => row.id === id)).toEqual(result.body)
    expect((await send(id, token)).status).toBe(409)
    expect(sink.messages).toHaveLength(1)
  })

  it('leaves the message queued with the failed attempt counted when SMTP is down', async () => {
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${await closedPort()}`)
    const token = await loginToken()
    const id = await failedMessage(simple('down-1'))
    const result = await send(id, token)
    expect(result.status, JSON.stringify(result.body)).toBe(200)
    expect(result.body).toMatchObject({id, status: 'queued', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/)})
    expect(result.body.sentAt).toBeUndefined()
    const record = (await getOutboxRecord(id))!
    expect(Date.parse(record.nextAttemptAt)).toBeGreaterThan(Date.now()) // retried later by the scheduled job
  })

  it('leaves the message queued, no attempt counted, when e-mail is not configured', async () => {
    expect(emailConfigured()).toBe(false)
    const token = await loginToken()
    const id = await failedMessage(simple('local-1'))
    const result = await send(id, token)
    expect(result.status, JSON.stringify(result.body)).toBe(200)
    expect(result.body).toMatchObject({id, status: 'queued', attempts: 0, lastError: expect.stringMatching(/ECONNREFUSED/)})
    expect(sink.messages).toHaveLength(0)
  })

  it('answers 405 for another method', async () => {
    const token = await loginToken()
    const id = await failedMessage(simple('method-1'))
    const request = new Request(`http://localhost/api/admin/outbox/${id}/send-again`, {method: 'GET', headers: {authorization: `Bearer ${token}`}})
    expect((await callAs(sendAgainFn, request, {params: {id}})).status).toBe(405)
    expect(await getOutboxRecord(id)).toMatchObject({status: 'failed'})
  })
})
