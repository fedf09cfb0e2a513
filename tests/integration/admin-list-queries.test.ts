/**
 * The paged admin lists other than the enrolments (docs/requirements.md#req-admin-list-queries),
 * through their functions over in-memory Blobs, with rows stored as the services store them:
 * enquiries, the outbox, the certificate register (and its streamed CSV), the payments webhook
 * log and the audit log (and its streamed CSV of a few thousand entries). For each: the plain
 * call still answers its old body; the paged call pages (a page past the end: no rows, the right
 * total), searches, sorts both ways, filters, takes from/to; 400s name `pageSize`, `sort`, `from`.
 */
import {randomUUID} from 'node:crypto'
import {afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import auditFn from '#netlify/functions/admin-audit'
import certificatesFn from '#netlify/functions/admin-certificates'
import enquiriesFn from '#netlify/functions/admin-enquiries'
import outboxFn from '#netlify/functions/admin-outbox'
import paymentsFn from '#netlify/functions/admin-payments'
import {openStore, STORES} from '#netlify/platform/blobs'
import {appendAudit, queryAudit} from '#netlify/services/audit/audit'
import type {CertificateRecord} from '#netlify/services/certificates/register'
import {contactMessageKey, type StoredContactMessage} from '#netlify/services/enquiries/contact'
import {messageKey, type OutboxRecord} from '#netlify/services/mail/outbox'
import {logWebhookEvent} from '#netlify/services/payments/webhook-log'
import {EnquiryListSchema, EnquiryPageSchema} from '#schemas/contracts/enquiries'
import {OutboxListSchema, OutboxPageSchema} from '#schemas/contracts/outbox'
import {AdminCertificatesPageSchema, AdminCertificatesResponseSchema, CERTIFICATES_CSV_HEADER} from '#schemas/contracts/certificates'
import {AuditPageSchema} from '#schemas/contracts/audit'
import {PaymentsOverviewSchema, PaymentsPageSchema, type WebhookLogEntry} from '#schemas/contracts/payments'
import {csvLine} from '#schemas/rules/csv'
import {testContext, useBlobs} from '../helpers/blobs'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'

useBlobs()
useAdminEnv()

/** 25 November 2026, 12:00 in Dubai: the certificates' statuses are those of that day. */
const NOW = new Date('2026-11-25T08:00:00.000Z')
beforeEach(() => {
  vi.useFakeTimers({toFake: ['Date']})
  vi.setSystemTime(NOW)
})
afterEach(() => vi.useRealTimers())

/** The owner's token, signed in once (the admin environment is stubbed per test). */
let token = ''
const bearer = async () => (token ||= await loginToken())

type Handler = Parameters<typeof callAs>[0]
const get = async (handler: Handler, path: string) => callAs(handler, getRequest(path, await bearer()))
/** The handler's Response itself (to read a download as a stream). */
const raw = async (handler: Handler, path: string) => handler(getRequest(path, await bearer()), testContext())

/** The three 400s every paged list answers, each naming its parameter. */
async function expectBadParameters(handler: Handler, path: string) {
  for (const [query, message] of [
    ['page=1&pageSize=101', 'pageSize must be a whole number from 1 to 100'],
    ['page=1&pageSize=0', 'pageSize must be a whole number from 1 to 100'],
    ['page=1&sort=nope', /^sort must be one of: /],
    ['page=1&from=2026-02-30', 'from must be a date YYYY-MM-DD'],
    ['page=1&from=2026-11-20&to=2026-11-01', 'from must be on or before to'],
    ['page=0', 'page must be a whole number of at least 1'],
  ] as const) {
    const {status, body} = await get(handler, `${path}?${query}`)
    expect(status, query).toBe(400)
    expect(body.error, query).toMatch(message)
  }
}

const day = (n: number) => `2026-11-${String(n).padStart(2, '0')}`

describe('enquiries', () => {
  const names = ['Maria Santos', 'juan dela Cruz', 'Ahmed Al Mansoori', 'Émile Zola', 'Li Wei', 'Olga Petrova', 'Ben Carter']
  beforeAll(async () => {
    const store = openStore(STORES.contactMessages)
    for (const [index, name] of names.entries()) {
      const at = new Date(`${day(index + 1)}T10:00:00.000Z`)
      const id = randomUUID()
      const record: StoredContactMessage = {
        id,
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
        phone: null,
        subject: index % 2 ? 'Course Information' : 'Vessel Registration',
        message: index === 2 ? 'A partnership with our shipping company.' : 'Hello.',
        receivedAt: at.toISOString(),
        ipHash: 'f'.repeat(64),
        ...(index % 3 === 0 ? {status: 'handled' as const, handledAt: at.toISOString()} : {}),
      }
      await store.setJSON(contactMessageKey(at, id), record, {metadata: {receivedAt: record.receivedAt, subject: record.subject}})
    }
  })

  it('the plain call answers every enquiry, newest first, as before', async () => {
    const {status, body} = await get(enquiriesFn, '/api/admin/enquiries')
    expect(status).toBe(200)
    expect(EnquiryListSchema.parse(body).map((e) => e.name)).toEqual([...names].reverse())
  })

  it('pages newest first; a page past the end is empty with the right total; newCount counts every new one', async () => {
    const first = EnquiryPageSchema.parse((await get(enquiriesFn, '/api/admin/enquiries?page=1&pageSize=3')).body)
    expect(first).toMatchObject({total: 7, page: 1, pageSize: 3, newCount: 4, allCount: 7})
    expect(first.rows.map((e) => e.name)).toEqual(['Ben Carter', 'Olga Petrova', 'Li Wei'])
    const third = EnquiryPageSchema.parse((await get(enquiriesFn, '/api/admin/enquiries?page=3&pageSize=3')).body)
    expect(third.rows.map((e) => e.name)).toEqual(['Maria Santos'])
    expect((await get(enquiriesFn, '/api/admin/enquiries?page=9&pageSize=3')).body).toMatchObject({rows: [], total: 7, page: 9, pageSize: 3})
  })

  it('searches name, e-mail, subject and message; filters by status and days; sorts both ways', async () => {
    const names = async (query: string) => (await get(enquiriesFn, `/api/admin/enquiries?page=1&${query}`)).body.rows.map((e: {name: string}) => e.name)
    expect(await names('q=SHIPPING')).toEqual(['Ahmed Al Mansoori'])
    expect(await names('q=juan%40')).toEqual(['juan dela Cruz'])
    expect(await names('status=handled')).toEqual(['Ben Carter', 'Émile Zola', 'Maria Santos'])
    expect(await names(`from=${day(2)}&to=${day(4)}`)).toEqual(['Émile Zola', 'Ahmed Al Mansoori', 'juan dela Cruz'])
    expect(await names('sort=name&dir=asc')).toEqual([
      'Ahmed Al Mansoori',
      'Ben Carter',
      'Émile Zola',
      'juan dela Cruz',
      'Li Wei',
      'Maria Santos',
      'Olga Petrova',
    ])
    expect(await names('sort=name&dir=desc')).toEqual([
      'Olga Petrova',
      'Maria Santos',
      'Li Wei',
      'juan dela Cruz',
      'Émile Zola',
      'Ben Carter',
      'Ahmed Al Mansoori',
    ])
    expect(await names('status=new&q=course&sort=createdAt&dir=asc')).toEqual(['juan dela Cruz', 'Olga Petrova'])
  })

  it('answers 400 naming a bad parameter', async () => {
    await expectBadParameters(enquiriesFn, '/api/admin/enquiries')
    expect((await get(enquiriesFn, '/api/admin/enquiries?page=1&status=archived')).body.error).toBe('status must be one of: new, handled')
  })

  it('a message written after a list is in the next one (the cache reads only what changed)', async () => {
    const at = new Date(`${day(20)}T10:00:00.000Z`)
    const id = randomUUID()
    await openStore(STORES.contactMessages).setJSON(contactMessageKey(at, id), {
      id,
      name: 'Late Sender',
      email: 'late@example.com',
      phone: null,
      subject: 'General Inquiry',
      message: 'Late.',
      receivedAt: at.toISOString(),
      ipHash: 'f'.repeat(64),
    } satisfies StoredContactMessage)
    const page = EnquiryPageSchema.parse((await get(enquiriesFn, '/api/admin/enquiries?page=1&pageSize=1')).body)
    expect(page).toMatchObject({total: 8, newCount: 5, allCount: 8})
    expect(page.rows[0]!.name).toBe('Late Sender')
  })
})

describe('outbox', () => {
  const kinds = ['receipt', 'enrolment-notice', 'enquiry-notice', 'certificate', 'receipt', 'refund-receipt'] as const
  beforeAll(async () => {
    const store = openStore(STORES.outbox)
    for (const [index, kind] of kinds.entries()) {
      const about = `MTC-2026-0000${index + 1}`
      const at = `${day(index + 1)}T09:00:00.000Z`
      const status = index === 1 ? 'failed' : index === 4 ? 'queued' : 'sent'
      const record: OutboxRecord = {
        id: `${kind}:${about}`,
        kind,
        about,
        to: [index === 3 ? 'holder.person@example.com' : `staff${index}@example.com`],
        subject: `Subject ${String.fromCharCode(70 - index)} ${about}`,
        html: '<p>Body</p>',
        text: 'Body',
        attachments: [],
        status,
        attempts: index,
        createdAt: at,
        updatedAt: at,
        nextAttemptAt: at,
        expiresAt: at,
        ...(status === 'sent' ? {sentAt: at} : {}),
      }
      await store.setJSON(messageKey(record.id), record)
    }
  })

  it('the plain call answers every message, newest first, as before', async () => {
    const {status, body} = await get(outboxFn, '/api/admin/outbox')
    expect(status).toBe(200)
    expect(OutboxListSchema.parse(body).map((m) => m.attempts)).toEqual([5, 4, 3, 2, 1, 0])
  })

  it('pages, searches recipients, subject and kind, filters by status, kind and days, sorts both ways', async () => {
    const attempts = async (query: string) =>
      OutboxPageSchema.parse((await get(outboxFn, `/api/admin/outbox?page=1&${query}`)).body).rows.map((m) => m.attempts)
    const second = OutboxPageSchema.parse((await get(outboxFn, '/api/admin/outbox?page=2&pageSize=4')).body)
    expect(second).toMatchObject({total: 6, page: 2, pageSize: 4})
    expect(second.rows.map((m) => m.attempts)).toEqual([1, 0])
    expect((await get(outboxFn, '/api/admin/outbox?page=3&pageSize=4')).body).toEqual({rows: [], total: 6, page: 3, pageSize: 4})
    expect(await attempts('q=HOLDER.PERSON')).toEqual([3])
    expect(await attempts('q=subject%20e')).toEqual([1])
    expect(await attempts('q=enquiry-notice')).toEqual([2])
    expect(await attempts('status=failed')).toEqual([1])
    expect(await attempts('kind=receipt')).toEqual([4, 0])
    expect(await attempts(`from=${day(2)}&to=${day(3)}`)).toEqual([2, 1])
    expect(await attempts('sort=subject&dir=asc')).toEqual([5, 4, 3, 2, 1, 0])
    expect(await attempts('sort=subject&dir=desc')).toEqual([0, 1, 2, 3, 4, 5])
    expect(await attempts('sort=attempts&dir=asc&pageSize=2')).toEqual([0, 1])
  })

  it('answers 400 naming a bad parameter', async () => {
    await expectBadParameters(outboxFn, '/api/admin/outbox')
    expect((await get(outboxFn, '/api/admin/outbox?page=1&kind=postcard')).body.error).toMatch(/^kind must be one of: receipt, /)
  })
})

describe('certificates', () => {
  const holders = ['Rahul Mehta', 'Anita Desai', 'Zoe Quinn', 'Omar Haddad', 'Bea Lopez']
  beforeAll(async () => {
    const store = openStore(STORES.certificates)
    for (const [index, holderName] of holders.entries()) {
      const number = `MTC-${index % 2 ? 'STCW' : 'BOSIET'}-2026-0000${index + 1}`
      const issuedOn = day(index + 1)
      const record: CertificateRecord = {
        number,
        orderId: `order_sandbox_CERT${index}AAAAAAAA`,
        courseSlug: 'bosiet',
        courseName: index % 2 ? 'STCW Basic Safety' : 'BOSIET',
        courseCode: index % 2 ? 'STCW' : 'BOSIET',
        holderName,
        dateOfBirth: '1990-03-12',
        idNumber: null,
        email: `holder${index}@example.com`,
        courseStart: issuedOn,
        courseEnd: issuedOn,
        issuedOn,
        // One expires within 90 days, one has expired, one is revoked.
        expiresOn: index === 1 ? '2026-12-20' : index === 2 ? '2026-11-10' : '2031-11-01',
        revokedOn: index === 3 ? day(20) : null,
        revocationReason: index === 3 ? 'Issued in error' : null,
        courseId: 'course-bosiet',
        courseCategory: 'offshore-survival',
        issuedAt: `${issuedOn}T08:00:00.000Z`,
        issuedBy: 'Owner <staff@maritime.example>',
        revokedAt: null,
        revokedBy: null,
        reminderSentAt: null,
      }
      await store.setJSON(`cert/${number}`, record)
    }
  })

  it('the plain call answers {certificates, expiringSoon} as before', async () => {
    const body = AdminCertificatesResponseSchema.parse((await get(certificatesFn, '/api/admin/certificates?q=mehta')).body)
    expect(body.certificates.map((c) => c.holderName)).toEqual(['Rahul Mehta'])
    expect(body.expiringSoon.map((c) => c.holderName)).toEqual(['Anita Desai'])
  })

  it('pages, searches number, holder and course, filters by status and days, sorts both ways, keeps expiringSoon', async () => {
    const holdersOf = async (query: string) =>
      AdminCertificatesPageSchema.parse((await get(certificatesFn, `/api/admin/certificates?page=1&${query}`)).body).rows.map((c) => c.holderName)
    const page = AdminCertificatesPageSchema.parse((await get(certificatesFn, '/api/admin/certificates?page=2&pageSize=2')).body)
    expect(page).toMatchObject({total: 5, page: 2, pageSize: 2})
    expect(page.rows.map((c) => c.holderName)).toEqual(['Zoe Quinn', 'Anita Desai'])
    expect(page.expiringSoon.map((c) => c.holderName)).toEqual(['Anita Desai'])
    expect((await get(certificatesFn, '/api/admin/certificates?page=4&pageSize=2')).body).toMatchObject({rows: [], total: 5, page: 4})
    expect(await holdersOf('q=stcw')).toEqual(['Omar Haddad', 'Anita Desai'])
    expect(await holdersOf('q=00005')).toEqual(['Bea Lopez'])
    expect(await holdersOf('status=revoked')).toEqual(['Omar Haddad'])
    expect(await holdersOf('status=expired')).toEqual(['Zoe Quinn'])
    expect(await holdersOf(`from=${day(2)}&to=${day(3)}`)).toEqual(['Zoe Quinn', 'Anita Desai'])
    expect(await holdersOf('sort=holderName&dir=asc')).toEqual(['Anita Desai', 'Bea Lopez', 'Omar Haddad', 'Rahul Mehta', 'Zoe Quinn'])
    expect(await holdersOf('sort=holderName&dir=desc')).toEqual(['Zoe Quinn', 'Rahul Mehta', 'Omar Haddad', 'Bea Lopez', 'Anita Desai'])
  })

  it('answers 400 naming a bad parameter', async () => {
    await expectBadParameters(certificatesFn, '/api/admin/certificates')
    expect((await get(certificatesFn, '/api/admin/certificates?page=1&orderId=nope')).body.error).toBe('orderId must be an order id')
    expect((await get(certificatesFn, '/api/admin/certificates?format=pdf')).body.error).toBe('format must be one of: csv')
  })

  it('format=csv streams every matching certificate in the list order, and is audited', async () => {
    const response = await raw(certificatesFn, '/api/admin/certificates?format=csv&status=valid&sort=holderName&dir=asc')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="certificates-\d{4}-\d{2}-\d{2}\.csv"/)
    const lines = new TextDecoder('utf-8', {ignoreBOM: true}).decode(await response.arrayBuffer()).split('\r\n')
    expect(lines[0]).toBe('\uFEFF' + csvLine(CERTIFICATES_CSV_HEADER).trimEnd())
    expect(lines.slice(1, -1).map((line) => line.split(',')[1])).toEqual(['Anita Desai', 'Bea Lopez', 'Rahul Mehta'])
    const [entry] = (await queryAudit({action: 'csv-export', target: 'certificates:csv'})).rows
    expect(entry?.summary).toEqual({rows: 3, filters: {sort: 'holderName', dir: 'asc', status: 'valid'}})
  })
})

describe('payments webhook log', () => {
  const types = ['order.paid', 'payment.captured', 'refund.processed', 'order.paid', 'payment_link.paid']
  const results = ['processed', 'duplicate', 'processed', 'rejected', 'ignored'] as const
  beforeAll(async () => {
    for (const [index, type] of types.entries()) {
      const entry: WebhookLogEntry = {
        id: `evt_${index}`,
        type,
        orderId: `order_sandbox_HOOK${index}AAAAAAAA`,
        result: results[index]!,
        ...(index === 3 ? {detail: 'bad signature'} : {}),
        at: `${day(index + 1)}T12:00:00.000Z`,
      }
      await logWebhookEvent(entry)
    }
  })

  it('the plain call answers the overview as before', async () => {
    const body = PaymentsOverviewSchema.parse((await get(paymentsFn, '/api/admin/payments')).body)
    expect(body.webhookEvents.map((e) => e.id)).toEqual(['evt_4', 'evt_3', 'evt_2', 'evt_1', 'evt_0'])
  })

  it('pages, searches type, order, event id and detail, filters by result and days, sorts both ways', async () => {
    const ids = async (query: string) => PaymentsPageSchema.parse((await get(paymentsFn, `/api/admin/payments?page=1&${query}`)).body).rows.map((e) => e.id)
    const page = PaymentsPageSchema.parse((await get(paymentsFn, '/api/admin/payments?page=2&pageSize=2')).body)
    expect(page).toMatchObject({total: 5, page: 2, pageSize: 2, needsAttention: []})
    expect(page.rows.map((e) => e.id)).toEqual(['evt_2', 'evt_1'])
    expect((await get(paymentsFn, '/api/admin/payments?page=7&pageSize=2')).body).toMatchObject({rows: [], total: 5, page: 7})
    expect(await ids('q=order.paid')).toEqual(['evt_3', 'evt_0'])
    expect(await ids('q=hook2')).toEqual(['evt_2'])
    expect(await ids('q=SIGNATURE')).toEqual(['evt_3'])
    expect(await ids('result=processed')).toEqual(['evt_2', 'evt_0'])
    expect(await ids(`from=${day(2)}&to=${day(3)}`)).toEqual(['evt_2', 'evt_1'])
    expect(await ids('sort=type&dir=asc')).toEqual(['evt_0', 'evt_3', 'evt_1', 'evt_4', 'evt_2'])
    expect(await ids('sort=type&dir=desc')).toEqual(['evt_2', 'evt_4', 'evt_1', 'evt_3', 'evt_0'])
    expect(await ids('sort=at&dir=asc')).toEqual(['evt_0', 'evt_1', 'evt_2', 'evt_3', 'evt_4'])
  })

  it('answers 400 naming a bad parameter', async () => {
    await expectBadParameters(paymentsFn, '/api/admin/payments')
    expect((await get(paymentsFn, '/api/admin/payments?page=1&result=lost')).body.error).toBe('result must be one of: processed, duplicate, rejected, ignored')
  })
})

describe('audit log', () => {
  const omar = {type: 'staff', id: 'staff_omar', email: 'omar@example.com', name: 'Omar Haddad'} as const
  const priya = {type: 'staff', id: 'staff_priya', email: 'priya@example.com', name: 'Priya Nair'} as const
  const COUNT = 3000
  beforeAll(async () => {
    for (let index = 0; index < COUNT; index++) {
      await appendAudit(
        {actor: index % 2 ? omar : priya, action: 'enrolment-note', target: {type: 'enrolment', id: `order_sandbox_N${String(index).padStart(6, '0')}`}},
        {now: new Date(Date.parse('2026-10-01T00:00:00Z') + index * 3_600_000)},
      )
    }
  }, 60_000)

  it('pages with a page size, searches, sorts both ways, filters by days; the answer keeps its shape', async () => {
    const page = AuditPageSchema.parse((await get(auditFn, '/api/admin/audit?action=enrolment-note&page=2&pageSize=100')).body)
    expect(page).toMatchObject({total: COUNT, page: 2, pageSize: 100})
    expect(page.rows[0]!.target?.id).toBe('order_sandbox_N002899')
    expect((await get(auditFn, '/api/admin/audit?action=enrolment-note&page=31&pageSize=100')).body).toMatchObject({rows: [], total: COUNT, page: 31})
    // The old call: 50 a page, newest first.
    expect((await get(auditFn, '/api/admin/audit?action=enrolment-note')).body).toMatchObject({total: COUNT, page: 1, pageSize: 50})
    const search = AuditPageSchema.parse((await get(auditFn, '/api/admin/audit?q=N00012&page=1')).body)
    expect(search.rows.map((row) => row.target?.id)).toEqual(Array.from({length: 10}, (_, i) => `order_sandbox_N00012${9 - i}`))
    const asc = AuditPageSchema.parse((await get(auditFn, '/api/admin/audit?action=enrolment-note&sort=at&dir=asc&pageSize=2')).body)
    expect(asc.rows.map((row) => row.target?.id)).toEqual(['order_sandbox_N000000', 'order_sandbox_N000001'])
    const byPerson = AuditPageSchema.parse((await get(auditFn, '/api/admin/audit?action=enrolment-note&sort=actor&dir=asc&pageSize=1')).body)
    expect(byPerson.rows[0]!.actor).toMatchObject({name: 'Omar Haddad'})
    const byPersonDesc = AuditPageSchema.parse((await get(auditFn, '/api/admin/audit?action=enrolment-note&sort=actor&dir=desc&pageSize=1')).body)
    expect(byPersonDesc.rows[0]!.actor).toMatchObject({name: 'Priya Nair'})
    // 2026-10-01 00:00 + n hours: 1 October holds entries 0–23.
    expect((await get(auditFn, '/api/admin/audit?action=enrolment-note&from=2026-10-01&to=2026-10-01')).body.total).toBe(24)
  })

  it('answers 400 naming a bad parameter', async () => {
    await expectBadParameters(auditFn, '/api/admin/audit')
  })

  it('format=csv streams every matching entry (a few thousand), newest first, without its own export entry', async () => {
    const response = await raw(auditFn, '/api/admin/audit?action=enrolment-note&format=csv&page=3')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-length')).toBeNull()
    const reader = response.body!.getReader()
    let chunks = 0
    let text = ''
    for (;;) {
      const {done, value} = await reader.read()
      if (done) break
      chunks++
      text += new TextDecoder().decode(value)
    }
    // Written as it goes: several chunks, not one string.
    expect(chunks).toBeGreaterThan(1)
    const lines = text.split('\r\n').filter(Boolean)
    expect(lines).toHaveLength(COUNT + 1)
    expect(lines[1]).toContain('order_sandbox_N002999')
    expect(lines.at(-1)).toContain('order_sandbox_N000000')
    const [exported] = (await queryAudit({action: 'csv-export', target: 'audit-log:audit'})).rows
    expect(exported?.summary).toEqual({filters: {sort: 'at', dir: 'desc', action: 'enrolment-note'}})
  })
})
