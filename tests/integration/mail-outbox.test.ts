/**
 * The outbox and its delivery, end to end over real SMTP — Nodemailer sending to an
 * smtp-server sink in this process — and Netlify's Blobs emulation (a fresh store per test).
 * Covered: the receipt (PDF attached) and the staff notices as received; idempotent enqueue;
 * SMTP down → queued with attempts and error → up again → sent by deliverDue; exactly once under
 * concurrent deliverers and after a crashed one (stale lease); CR/LF never reaching a header;
 * the 24-hour window → failed → sendAgain; no transport → nothing sent; the 5-second cap.
 * Logical time is injected (`now`); nothing waits on the clock.
 */
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {createServer, type Socket} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {OutboxListSchema} from '#schemas/contracts/outbox'
import type {EnrolmentRecord} from '#netlify/services/enrolments/record'
import {ServiceError} from '#netlify/platform/errors'
import {deliverDue, deliverOne, VISITOR_SEND_TIMEOUT_MS} from '#netlify/services/mail/deliver'
import {MailHeaderError} from '#netlify/platform/mail-headers'
import {enquiryNoticeMessage, enrolmentFacts, enrolmentNoticeMessage, receiptMessage, staffRecipients} from '#netlify/services/mail/messages'
import {
  backoffMs,
  claim,
  enqueue,
  getOutboxRecord,
  LEASE_MS,
  listOutbox,
  RETRY_WINDOW_MS,
  sendAgain,
  type NewOutboxMessage,
} from '#netlify/services/mail/outbox'
import {createSmtpTransport, DEFAULT_MAIL_FROM, mailTransport, NO_SENDER_REASON, NOT_CONFIGURED_REASON, SMTP_TIMEOUT_MS} from '#netlify/platform/mail-transport'
import {getEnv} from '#netlify/platform/env'
import {startBlobs} from '../helpers/blobs'
import {closedPort, startSmtpSink, type SmtpSink} from '../helpers/smtp-sink'
import {newEnrolment} from './enrolment-fixtures'

const T0 = new Date('2026-11-24T10:00:00.000Z')
const at = (ms: number) => new Date(T0.getTime() + ms)
const MINUTE = 60_000

const PROVIDER = {
  name: 'Maritime Training & Certification',
  address: 'Ajman Free Zone\nAjman, United Arab Emirates',
  phone: '+971 6 000 0000',
  email: 'admissions@maritime-training.example',
}
const REFUND_POLICY = 'All payments for courses and services are final and non-refundable.'
const STAFF = ['office@maritime-training.example', 'admissions@maritime-training.example']

let blobs: Awaited<ReturnType<typeof startBlobs>>
let sink: SmtpSink
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(async () => {
  await sink.stop()
})
beforeEach(async () => {
  blobs = await startBlobs()
  sink.messages.length = 0
  vi.stubEnv('SMTP_URL', sink.url)
  vi.stubEnv('MAIL_FROM', 'Maritime Training <no-reply@maritime-training.example>')
  vi.stubEnv('STAFF_EMAIL', STAFF.join(', '))
})
afterEach(async () => {
  vi.unstubAllEnvs()
  await blobs.stop()
})

/** A paid sandbox enrolment with two documents, as markPaid leaves it. */
function paidEnrolment(overrides: Partial<EnrolmentRecord> = {}): EnrolmentRecord {
  const base = newEnrolment('mail', {
    name: 'Maria Santos',
    email: 'maria.santos@example.com',
    mobile: '+63 917 123 4567',
    trainingProgram: 'competency-training',
    trainingProgramName: 'Competency Training',
    course: 'coe',
    courseName: 'COE',
    country: 'vietnam',
    countryName: 'Vietnam',
    amount: 200,
    amountMinor: 20000,
    attachments: [
      {uploadId: 'upl_aaaaaaaaaaaaaaaaaaaa', fileName: 'passport.pdf', contentType: 'application/pdf', size: 1000},
      {uploadId: 'upl_bbbbbbbbbbbbbbbbbbbb', fileName: 'cdc-scan.jpg', contentType: 'image/jpeg', size: 2000},
    ],
  })
  return {
    ...base,
    status: 'paid',
    paymentId: 'pay_sandbox_Q1w2E3r4T5y6U7',
    paidAt: '2026-11-24T09:59:30.000Z',
    paidVia: 'callback',
    createdAt: '2026-11-24T09:58:00.000Z',
    updatedAt: '2026-11-24T09:59:30.000Z',
    ...overrides,
  }
}

const receiptOf = (record: EnrolmentRecord, receiptNumber: string) => {
  const {documents: _documents, ...facts} = enrolmentFacts(record)
  return receiptMessage({
    ...facts,
    provider: PROVIDER,
    receiptNumber,
    refundPolicy: REFUND_POLICY,
    confirmationUrl: `https://www.example.com/payment?order=${record.orderId}`,
  })
}

const noticeOf = (record: EnrolmentRecord, receiptNumber: string) =>
  enrolmentNoticeMessage(
    {provider: PROVIDER, receiptNumber, facts: enrolmentFacts(record), adminUrl: 'https://www.example.com/adminEnrollments'},
    staffRecipients(PROVIDER.email),
  )

/** A small message of `kind` about `about` to one address. */
const simple = (about: string, overrides: Partial<NewOutboxMessage> = {}): NewOutboxMessage => ({
  kind: 'enquiry-notice',
  about,
  to: ['office@maritime-training.example'],
  subject: `Message ${about}`,
  html: `<p>${about}</p>`,
  text: about,
  ...overrides,
})

describe('the receipt and the staff notices, as received over SMTP', () => {
  it('sends the receipt with its PDF attached and the enrolment notice to staff', async () => {
    const record = paidEnrolment()
    const receipt = await enqueue(await receiptOf(record, 'MTC-2026-00007'), {now: T0})
    const notice = await enqueue(await noticeOf(record, 'MTC-2026-00007'), {now: T0})
    expect([receipt.id, notice.id]).toEqual(['receipt:MTC-2026-00007', 'enrolment-notice:MTC-2026-00007'])
    expect(await deliverOne(receipt.id, {now: T0})).toEqual({id: receipt.id, outcome: 'sent'})
    expect(await deliverOne(notice.id, {now: T0})).toEqual({id: notice.id, outcome: 'sent'})
    expect(sink.messages).toHaveLength(2)

    const mail = sink.messages.find((m) => m.subject.startsWith('Receipt'))!
    expect(mail.subject).toBe('Receipt MTC-2026-00007: COE')
    expect(mail.envelope).toEqual({from: 'no-reply@maritime-training.example', to: ['maria.santos@example.com']})
    expect(mail.header('from')).toBe('Maritime Training <no-reply@maritime-training.example>')
    expect(mail.header('message-id')).toMatch(/^<receipt\.MTC-2026-00007\.\d+@maritime-training\.example>$/)
    expect(mail.text).toContain('https://www.example.com/payment?order=')
    expect(mail.text).toContain('Sandbox (test) payment')
    expect(mail.html).toContain('href="https://www.example.com/payment?order=')
    expect(mail.html).toContain('Maritime Training &amp; Certification')
    expect(mail.text).toContain('+971 6 000 0000')
    expect(mail.attachments).toHaveLength(1)
    const [pdf] = mail.attachments
    expect(pdf!.filename).toBe('receipt-MTC-2026-00007.pdf')
    expect(pdf!.contentType).toBe('application/pdf')
    expect(pdf!.content.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    if (spawnSync('pdftotext', ['-v']).error === undefined) {
      const dir = mkdtempSync(join(tmpdir(), 'mail-pdf-'))
      writeFileSync(join(dir, 'r.pdf'), pdf!.content)
      const text = spawnSync('pdftotext', ['-layout', join(dir, 'r.pdf'), '-'], {encoding: 'utf8'}).stdout.replace(/[ \t]+/g, ' ')
      rmSync(dir, {recursive: true, force: true})
      for (const expected of [
        'Receipt number MTC-2026-00007',
        'Amount paid USD 200.00',
        'Payment method Sandbox (test) payment',
        'Jurisdiction Vietnam',
        REFUND_POLICY,
      ]) {
        expect(text).toContain(expected)
      }
    }

    const staff = sink.messages.find((m) => m.subject.startsWith('New enrolment'))!
    expect(staff.subject).toBe('New enrolment MTC-2026-00007: Maria Santos, COE')
    expect(staff.envelope.to).toEqual(STAFF)
    expect(staff.attachments).toEqual([])
    for (const expected of [
      'Maria Santos',
      'maria.santos@example.com',
      '+63 917 123 4567',
      'Competency Training',
      'Country: Vietnam',
      'USD 200.00',
      'passport.pdf, cdc-scan.jpg',
      'https://www.example.com/adminEnrollments',
      'pay_sandbox_Q1w2E3r4T5y6U7',
      record.orderId,
    ]) {
      expect(staff.text, expected).toContain(expected)
    }

    const list = OutboxListSchema.parse(await listOutbox())
    expect(list.map((m) => [m.id, m.kind, m.status, m.attempts, m.sentAt])).toEqual(
      expect.arrayContaining([
        ['receipt:MTC-2026-00007', 'receipt', 'sent', 1, T0.toISOString()],
        ['enrolment-notice:MTC-2026-00007', 'enrolment-notice', 'sent', 1, T0.toISOString()],
      ]),
    )
  })

  it('sends the enquiry notice to staff only, Reply-To the sender, the message in the body', async () => {
    const message = await enquiryNoticeMessage(
      {
        id: '3f1c2a9e-1111-4222-8333-944455556666',
        provider: PROVIDER,
        name: 'Ann Lee',
        email: 'ann.lee@example.com',
        phone: '+44 20 7946 0000',
        subject: 'Course Information',
        message: 'Is ECDIS offered in March?\nThanks,\nAnn',
        receivedAt: T0.toISOString(),
      },
      staffRecipients(PROVIDER.email),
    )
    const {id} = await enqueue(message, {now: T0})
    expect(id).toBe('enquiry-notice:3f1c2a9e-1111-4222-8333-944455556666')
    expect((await deliverOne(id, {now: T0})).outcome).toBe('sent')
    expect(sink.messages).toHaveLength(1)
    const [mail] = sink.messages
    expect(mail!.subject).toBe('Enquiry: Course Information from Ann Lee')
    expect(mail!.header('reply-to')).toBe('Ann Lee <ann.lee@example.com>')
    expect(mail!.envelope.to).toEqual(STAFF) // no automatic reply to the sender
    expect(mail!.text).toContain('Is ECDIS offered in March?')
    expect(mail!.text).toContain('+44 20 7946 0000')
    expect(mail!.html).toMatch(/Is ECDIS offered in March\?<br\/>.*Thanks,<br\/>.*Ann/)
  })

  it('sends staff notices to the provider address of the site settings when STAFF_EMAIL is unset', () => {
    expect(staffRecipients('admissions@example.com', getEnv({}))).toEqual(['admissions@example.com'])
    expect(staffRecipients('admissions@example.com', getEnv({STAFF_EMAIL: 'a@example.com,b@example.com'}))).toEqual(['a@example.com', 'b@example.com'])
  })
})

describe('enqueue', () => {
  it('is idempotent by id: the same key again, even concurrently, never makes a second message', async () => {
    const record = paidEnrolment()
    const message = await receiptOf(record, 'MTC-2026-00008')
    const results = await Promise.all(Array.from({length: 5}, () => enqueue(message, {now: T0})))
    expect(results.filter((r) => r.created)).toHaveLength(1)
    expect(new Set(results.map((r) => r.id))).toEqual(new Set(['receipt:MTC-2026-00008']))
    expect((await enqueue(message, {now: at(MINUTE)})).created).toBe(false)
    // The losers' attachment copies are gone: one PDF stored.
    const {blobs: stored} = await (await import('#netlify/platform/blobs')).openStore('outbox').list({prefix: 'attachment/'})
    expect(stored).toHaveLength(1)
    const report = await deliverDue({now: T0})
    expect(report).toMatchObject({configured: true, due: 1, sent: 1})
    expect(sink.messages).toHaveLength(1)
    expect(await listOutbox()).toHaveLength(1)
  })

  it('refuses a bad recipient or reference before writing anything', async () => {
    await expect(enqueue(simple('x1', {to: ['victim@example.com\r\nBcc: evil@example.com']}), {now: T0})).rejects.toThrow(MailHeaderError)
    await expect(enqueue(simple('x2', {to: ['a@example.com, evil@example.com']}), {now: T0})).rejects.toThrow(MailHeaderError)
    await expect(enqueue(simple('x3', {to: []}), {now: T0})).rejects.toThrow(MailHeaderError)
    await expect(enqueue(simple('x4', {replyTo: {name: 'Ann', address: 'ann@example.com\nBcc: evil@example.com'}}), {now: T0})).rejects.toThrow(MailHeaderError)
    await expect(enqueue(simple('bad/ref'), {now: T0})).rejects.toThrow(RangeError)
    expect(await listOutbox()).toEqual([])
  })

  it('lists newest first, in the admin outbox shape', async () => {
    await enqueue(simple('first'), {now: T0})
    await enqueue(simple('second'), {now: at(MINUTE)})
    await enqueue(simple('third'), {now: at(2 * MINUTE)})
    const list = OutboxListSchema.parse(await listOutbox())
    expect(list.map((m) => m.id)).toEqual(['enquiry-notice:third', 'enquiry-notice:second', 'enquiry-notice:first'])
    expect(list[0]).toEqual({
      id: 'enquiry-notice:third',
      kind: 'enquiry-notice',
      to: ['office@maritime-training.example'],
      subject: 'Message third',
      status: 'queued',
      attempts: 0,
      createdAt: at(2 * MINUTE).toISOString(),
    })
  })
})

describe('header injection', () => {
  it('CR/LF in a name or subject never reaches a header: removed from text, and no extra recipient', async () => {
    const message = await enquiryNoticeMessage(
      {
        id: 'inject-1',
        provider: PROVIDER,
        name: 'Ann\r\nBcc: evil@example.com',
        email: 'ann@example.com',
        phone: null,
        subject: 'Course Information\r\nX-Injected: yes',
        message: 'Hello\r\n\r\nBcc: evil@example.com',
        receivedAt: T0.toISOString(),
      },
      ['office@maritime-training.example'],
    )
    const {id} = await enqueue({...message, subject: `${message.subject}\n\rSubject: second`}, {now: T0})
    expect((await deliverOne(id, {now: T0})).outcome).toBe('sent')
    const [mail] = sink.messages
    expect(mail!.envelope.to).toEqual(['office@maritime-training.example'])
    expect(mail!.subject).toBe('Enquiry: Course Information X-Injected: yes from Ann Bcc: evil@example.com Subject: second')
    // The name is quoted (Nodemailer), so it can add no address.
    expect(mail!.header('reply-to')).toBe('"Ann Bcc: evil@example.com" <ann@example.com>')
    const names = mail!.rawHeaderLines.map((line) => line.split(':')[0]!.toLowerCase())
    expect(names).not.toContain('bcc')
    expect(names).not.toContain('x-injected')
    expect(names.filter((n) => n === 'subject')).toHaveLength(1)
    expect(mail!.raw.split('\r\n\r\n')[0]).not.toMatch(/\r\n(Bcc|X-Injected):/i)
    // In the body it is just text.
    expect(mail!.text).toContain('Bcc: evil@example.com')
  })
})

describe('SMTP down, then up', () => {
  it('keeps the message queued with its attempts and error, and deliverDue sends it once the server is back', async () => {
    const port = await closedPort()
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`)
    const {id} = await enqueue(simple('down-1'), {now: T0})
    const first = await deliverOne(id, {now: T0})
    expect(first.outcome).toBe('retry')
    expect(first.error).toMatch(/ECONNREFUSED/)
    expect(await getOutboxRecord(id)).toMatchObject({status: 'queued', attempts: 1, nextAttemptAt: at(MINUTE).toISOString()})
    expect((await listOutbox())[0]).toMatchObject({status: 'queued', attempts: 1, lastError: expect.stringMatching(/ECONNREFUSED/)})

    // Not due yet: nothing is tried.
    expect(await deliverDue({now: at(30_000)})).toMatchObject({due: 0, sent: 0})
    expect((await deliverDue({now: at(MINUTE)})).retried).toBe(1)
    expect(await getOutboxRecord(id)).toMatchObject({attempts: 2, nextAttemptAt: at(3 * MINUTE).toISOString()})

    const upAgain = await startSmtpSink(port)
    try {
      const report = await deliverDue({now: at(3 * MINUTE)})
      expect(report).toMatchObject({configured: true, due: 1, sent: 1, retried: 0, failed: 0})
      expect(upAgain.messages).toHaveLength(1)
      expect(upAgain.messages[0]!.subject).toBe('Message down-1')
      expect((await listOutbox())[0]).toMatchObject({status: 'sent', attempts: 3, sentAt: at(3 * MINUTE).toISOString()})
      expect(await deliverDue({now: at(60 * MINUTE)})).toMatchObject({due: 0, sent: 0})
    } finally {
      await upAgain.stop()
    }
  })
})

describe('exactly once', () => {
  it('sends each message once under concurrent deliverDue calls', async () => {
    for (let i = 0; i < 12; i++) await enqueue(simple(`once-${i}`), {now: T0})
    const reports = await Promise.all([deliverDue({now: T0}), deliverDue({now: T0}), deliverDue({now: T0}), deliverOne('enquiry-notice:once-0', {now: T0})])
    const sent = reports.slice(0, 3).reduce((sum, r) => sum + ('sent' in r && typeof r.sent === 'number' ? r.sent : 0), 0)
    const single = reports[3] as {outcome: string}
    expect(sent + (single.outcome === 'sent' ? 1 : 0)).toBe(12)
    expect(sink.messages).toHaveLength(12)
    expect(new Set(sink.messages.map((m) => m.subject)).size).toBe(12)
    expect((await listOutbox()).every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true)
  })

  it('starts no send after its time budget: the rest is deferred to the next run, untouched', async () => {
    for (let i = 0; i < 3; i++) await enqueue(simple(`budget-${i}`), {now: T0})
    const report = await deliverDue({now: T0, budgetMs: -1})
    expect(report).toMatchObject({due: 3, sent: 0, skipped: 3})
    expect(report.results.every((r) => r.outcome === 'deferred')).toBe(true)
    expect((await listOutbox()).every((m) => m.status === 'queued' && m.attempts === 0)).toBe(true)
    expect(await deliverDue({now: T0})).toMatchObject({due: 3, sent: 3})
  })

  it('leaves a message claimed by a crashed deliverer alone until its lease expires, then sends it', async () => {
    const {id} = await enqueue(simple('crash-1'), {now: T0})
    const crashed = await claim(id, {now: T0}) // a deliverer that claimed, then died
    expect(crashed.claimed).toBe(true)
    expect(await deliverOne(id, {now: at(LEASE_MS - 1)})).toEqual({id, outcome: 'leased'})
    expect(await deliverDue({now: at(LEASE_MS - 1)})).toMatchObject({due: 0})
    expect(sink.messages).toHaveLength(0)
    expect((await listOutbox())[0]).toMatchObject({status: 'queued', attempts: 1})

    expect(await deliverDue({now: at(LEASE_MS)})).toMatchObject({due: 1, sent: 1})
    expect(sink.messages).toHaveLength(1)
    expect(await getOutboxRecord(id)).toMatchObject({status: 'sent', attempts: 2, lastError: expect.stringMatching(/did not finish/)})
  })
})

describe('the 24-hour window', () => {
  it('retries with backoff 1, 2, 4 … 60 minutes for 24 hours from creation, then marks the message failed; sendAgain queues it again', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map((n) => backoffMs(n) / MINUTE)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60])
    const port = await closedPort()
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`)
    const {id} = await enqueue(simple('expire-1'), {now: T0})
    const times: number[] = []
    let now = T0
    for (let run = 0; run < 100; run++) {
      const report = await deliverDue({now})
      if (report.due > 0) times.push((now.getTime() - T0.getTime()) / MINUTE)
      const record = (await getOutboxRecord(id))!
      if (record.status === 'failed') break
      now = new Date(record.nextAttemptAt)
    }
    expect(times.slice(0, 8)).toEqual([0, 1, 3, 7, 15, 31, 63, 123])
    expect(times.at(-1)).toBe(RETRY_WINDOW_MS / MINUTE) // the last attempt exactly at 24 hours
    const failed = (await listOutbox())[0]!
    expect(failed).toMatchObject({status: 'failed', attempts: times.length, lastError: expect.stringMatching(/ECONNREFUSED/)})
    expect(failed.sentAt).toBeUndefined()
    expect(await deliverDue({now: at(RETRY_WINDOW_MS + 60 * MINUTE)})).toMatchObject({due: 0})

    // Staff send it again once the server is back.
    const later = at(RETRY_WINDOW_MS + 2 * 60 * MINUTE)
    const upAgain = await startSmtpSink(port)
    try {
      expect(await sendAgain(id, {now: later})).toMatchObject({id, status: 'queued', attempts: 0})
      expect(await getOutboxRecord(id)).toMatchObject({expiresAt: new Date(later.getTime() + RETRY_WINDOW_MS).toISOString(), resentAt: later.toISOString()})
      expect(await deliverDue({now: later})).toMatchObject({sent: 1})
      expect(upAgain.messages).toHaveLength(1)
    } finally {
      await upAgain.stop()
    }
    await expect(sendAgain(id, {now: later})).rejects.toMatchObject({status: 409})
    await expect(sendAgain('enquiry-notice:nothing-here', {now: later})).rejects.toMatchObject({status: 404})
    await expect(sendAgain('../etc/passwd', {now: later})).rejects.toBeInstanceOf(ServiceError)
  })
})

describe('without a transport', () => {
  it('keeps every message in the outbox when SMTP_URL is unset: nothing claimed, counted or sent', async () => {
    vi.stubEnv('SMTP_URL', '')
    const {id} = await enqueue(simple('local-1'), {now: T0})
    expect(await deliverOne(id, {now: T0})).toEqual({id, outcome: 'not-configured', reason: NOT_CONFIGURED_REASON})
    expect(await deliverDue({now: at(RETRY_WINDOW_MS * 2)})).toMatchObject({configured: false, reason: NOT_CONFIGURED_REASON, due: 1, sent: 0})
    expect(await getOutboxRecord(id)).toMatchObject({status: 'queued', attempts: 0})
    expect(sink.messages).toHaveLength(0)
  })

  it('holds mail in production without MAIL_FROM (fail closed), and defaults the sender only outside production', () => {
    const production = {APP_ENV: 'production', SITE_URL: 'https://www.example.com', SMTP_URL: sink.url}
    expect(mailTransport(getEnv(production))).toEqual({ok: false, reason: NO_SENDER_REASON})
    const withSender = mailTransport(getEnv({...production, MAIL_FROM: 'Office <office@example.com>'}))
    expect(withSender.ok && withSender.transport.from).toEqual({name: 'Office', address: 'office@example.com'})
    const local = mailTransport(getEnv({SMTP_URL: sink.url}))
    expect(local.ok && local.transport.from).toEqual(DEFAULT_MAIL_FROM)
    expect(mailTransport(getEnv({APP_ENV: 'production', SITE_URL: 'https://www.example.com'}))).toEqual({ok: false, reason: NOT_CONFIGURED_REASON})
  })
})

describe('the time a visitor waits', () => {
  it('caps a send at the given time even when the server never answers, and counts it as a failed attempt', async () => {
    expect(VISITOR_SEND_TIMEOUT_MS).toBe(5000)
    expect(SMTP_TIMEOUT_MS).toBe(5000)
    // A server that accepts the connection and never sends its greeting.
    const sockets: Socket[] = []
    const silent = createServer((socket) => sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const {port} = silent.address() as {port: number}
    try {
      const transport = {ok: true as const, transport: createSmtpTransport(`smtp://127.0.0.1:${port}`, DEFAULT_MAIL_FROM, 60_000)}
      const {id} = await enqueue(simple('slow-1'), {now: T0})
      const started = performance.now()
      const result = await deliverOne(id, {now: T0, transport, timeoutMs: 300})
      expect(performance.now() - started).toBeLessThan(3000)
      expect(result).toEqual({id, outcome: 'retry', error: 'SMTP send timed out after 0.3 s'})
      expect(await getOutboxRecord(id)).toMatchObject({status: 'queued', attempts: 1, lastError: 'SMTP send timed out after 0.3 s'})
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })
})
