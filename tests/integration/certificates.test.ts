/**
 * docs/requirements.md#req-issue-20-certificates: certificates over the Blobs emulation
 * and the seed content — issuing (201, the number, the PDF e-mailed through the outbox with its
 * fields and QR code), the 400/401/404/409 answers, one certificate when two issues race for one
 * enrolment, 50 concurrent issues for 50 enrolments → 50 distinct consecutive numbers (their PDFs
 * from a stub renderer: that test counts numbers), revocation,
 * the admin list and its "expiring in 90 days", the PDF download, GET /api/verify (identical
 * answers for an unknown number and a wrong date of birth, no-store, noindex, 429 after 20), and
 * the expiry reminder sent once.
 *
 * The clock: only `Date` is faked (timers stay real for the Blobs client), at NOW; a test moves it.
 */
import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import certificatesFn, {certificatesEndpoint} from '#netlify/functions/admin-certificates'
import pdfFn from '#netlify/functions/admin-certificate-pdf'
import revokeFn from '#netlify/functions/admin-certificate-revoke'
import remindersFn from '#netlify/functions/certificate-reminders'
import verifyFn from '#netlify/functions/verify'
import {openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import {findCertificate, findOrderCertificates, readCertificateCounter} from '#netlify/services/certificates/register'
import {sendExpiryReminders} from '#netlify/services/certificates/reminders'
import {checkVerifyRateLimit, lookupMaskedCertificate, verifyCertificate} from '#netlify/services/certificates/verify'
import {createPending, type EnrolmentRecord} from '#netlify/services/enrolments/enrolments'
import {getOutboxRecord, listOutboxRecords, readAttachments} from '#netlify/services/mail/outbox'
import {NO_MATCH_MESSAGE} from '#schemas/rules/certificates'
import {decodePdfQrCodes} from '../helpers/pdf-qr'
import {useBlobs} from '../helpers/blobs'
import {stubPdf} from '../helpers/stub-pdf'
import {callAs, freshIp, getRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {newEnrolment} from './enrolment-fixtures'

useBlobs()
useAdminEnv()

/** 25 November 2026, 12:00 in Dubai. */
const NOW = new Date('2026-11-25T08:00:00.000Z')
const SITE = 'https://certs.example.com'

beforeEach(() => {
  vi.useFakeTimers({toFake: ['Date']})
  vi.setSystemTime(NOW)
  vi.stubEnv('SITE_URL', SITE)
  vi.stubEnv('SMTP_URL', '')
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllEnvs()
})

const dir = mkdtempSync(join(tmpdir(), 'certificate-pdf-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** A stored enrolment in `status` (completed by default): BOSIET (offshore survival, 5 years) unless overridden. */
async function enrolment(status: EnrolmentRecord['status'] = 'completed', overrides: Parameters<typeof newEnrolment>[1] = {}): Promise<EnrolmentRecord> {
  const created = await createPending(
    newEnrolment('cert', {
      trainingProgram: 'offshore-survival',
      trainingProgramName: 'Offshore Survival',
      course: 'BOSIET',
      courseName: 'BOSIET',
      ...overrides,
    }),
  )
  const {value} = await updateJSON<EnrolmentRecord>(openStore(STORES.enrolments), created.orderId, (current) => ({...current!, status}))
  return value!
}

const issueBody = (orderId: string, overrides: Record<string, unknown> = {}) => ({
  orderId,
  holderName: 'Rahul Mehta',
  dateOfBirth: '1990-03-12',
  idNumber: '12AB3456',
  courseStart: '2026-11-16',
  courseEnd: '2026-11-18',
  ...overrides,
})

const post = (path: string, token: string | null, body: unknown) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', ...(token ? {authorization: `Bearer ${token}`} : {})},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

const issue = (token: string | null, body: unknown, handler: Parameters<typeof callAs>[0] = certificatesFn) =>
  callAs(handler, post('/api/admin/certificates', token, body))
/** POST /api/admin/certificates as its function runs it, with the stub PDF renderer (for counting numbers). */
const issueCounting = certificatesEndpoint({renderCertificatePdf: stubPdf})
const revoke = (token: string | null, number: string, body: unknown) =>
  callAs(revokeFn, post(`/api/admin/certificates/${number}/revoke`, token, body), {params: {number}})
const list = (token: string | null, query = '') => callAs(certificatesFn, getRequest(`/api/admin/certificates${query}`, token))
const verify = (query: Record<string, string>, ip = freshIp()) =>
  verifyFn(new Request(`http://localhost/api/verify?${new URLSearchParams(query).toString()}`), {ip} as never)

/** Text of a PDF (pdftotext -layout). */
function pdfText(bytes: Uint8Array): string {
  const path = join(dir, `certificate-${Math.random().toString(36).slice(2)}.pdf`)
  writeFileSync(path, bytes)
  const result = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], {encoding: 'utf8'})
  expect(result.status, result.stderr).toBe(0)
  return result.stdout
}

describe('issuing', () => {
  it('answers 401 on every admin endpoint without a token', async () => {
    const record = await enrolment()
    expect((await issue(null, issueBody(record.orderId))).status).toBe(401)
    expect((await list(null)).status).toBe(401)
    expect((await revoke(null, 'MTC-BOSIET-2026-00001', {reason: 'x'})).status).toBe(401)
    expect(
      (await callAs(pdfFn, getRequest('/api/admin/certificates/MTC-BOSIET-2026-00001/pdf', null), {params: {number: 'MTC-BOSIET-2026-00001'}})).status,
    ).toBe(401)
    expect((await issue('not-a-token', issueBody(record.orderId))).status).toBe(401)
    expect(await findOrderCertificates(record.orderId)).toBeNull()
  })

  it('issues a certificate for a completed enrolment: 201, the number, the expiry, the e-mail with the PDF (fields and QR code)', async () => {
    const token = await loginToken()
    const record = await enrolment()
    const {status, body} = await issue(token, issueBody(record.orderId))
    expect(status, JSON.stringify(body)).toBe(201)
    const number = body.certificate.number as string
    expect(number).toMatch(/^MTC-BOSIET-2026-\d{5}$/)
    expect(body.certificate).toEqual({
      number,
      orderId: record.orderId,
      courseSlug: 'offshore-survival-bosiet',
      courseName: 'Basic Offshore Safety Induction and Emergency Training',
      courseCode: 'BOSIET',
      holderName: 'Rahul Mehta',
      dateOfBirth: '1990-03-12',
      idNumber: '12AB3456',
      email: record.email,
      courseStart: '2026-11-16',
      courseEnd: '2026-11-18',
      issuedOn: '2026-11-25',
      expiresOn: '2031-11-25',
      revokedOn: null,
      revocationReason: null,
      status: 'valid',
    })
    expect((await findOrderCertificates(record.orderId))?.active).toBe(number)

    // The e-mail, once, with the PDF.
    const message = await getOutboxRecord(`certificate:${number}`)
    expect(message?.to).toEqual([record.email])
    expect(message?.subject).toBe(`Your certificate ${number}: Basic Offshore Safety Induction and Emergency Training`)
    expect(message?.text).toContain(`${SITE}/verify/${number}`)
    const [attachment] = await readAttachments(message!)
    expect(attachment).toMatchObject({filename: `certificate-${number}.pdf`, contentType: 'application/pdf'})
    const text = pdfText(attachment!.content).replace(/\s+/g, ' ')
    for (const field of [
      'Maritime Training & Certification',
      'Approval No. DGS/MTI/2006/042',
      'Certificate of Training',
      'Rahul Mehta',
      'Date of birth: 12 Mar 1990',
      '12AB3456',
      'Basic Offshore Safety Induction and Emergency Training',
      'Course dates: 16–18 Nov 2026',
      number,
      `Date of issue ${'25 Nov 2026'}`,
      'Valid until 25 Nov 2031',
      'Capt. Arjun Nair',
      'Director of Training',
    ])
      expect(text, field).toContain(field)
    expect(await decodePdfQrCodes(attachment!.content)).toEqual([`${SITE}/verify/${number}`])

    // The download is the same file.
    const download = await pdfFn(getRequest(`/api/admin/certificates/${number}/pdf`, token), {params: {number}} as never)
    expect(download.status).toBe(200)
    expect(download.headers.get('content-type')).toBe('application/pdf')
    expect(download.headers.get('content-disposition')).toContain(`attachment; filename="certificate-${number}.pdf"`)
    expect(download.headers.get('cache-control')).toContain('no-store')
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(attachment!.content)

    // A second valid certificate for the enrolment: 409.
    const again = await issue(token, issueBody(record.orderId))
    expect(again.status).toBe(409)
    expect(again.body.error).toBe(`This enrolment already has a valid certificate, ${number}: revoke it before issuing another`)
  })

  it('a course without validity gives a certificate that does not expire ("Does not expire" on the PDF)', async () => {
    const token = await loginToken()
    const record = await enrolment('completed', {trainingProgram: 'stcw-courses', trainingProgramName: 'STCW Courses', course: 'ECDIS', courseName: 'ECDIS'})
    const {status, body} = await issue(token, issueBody(record.orderId, {idNumber: undefined}))
    expect(status, JSON.stringify(body)).toBe(201)
    expect(body.certificate).toMatchObject({courseCode: 'ECDIS', expiresOn: null, idNumber: null, status: 'valid'})
    const [attachment] = await readAttachments((await getOutboxRecord(`certificate:${body.certificate.number}`))!)
    expect(pdfText(attachment!.content)).toContain('Does not expire')
  })

  it('refuses what is not completed (409), an unknown order (404) and malformed bodies (400 naming the field)', async () => {
    const token = await loginToken()
    const paid = await enrolment('paid')
    const notDone = await issue(token, issueBody(paid.orderId))
    expect(notDone.status).toBe(409)
    expect(notDone.body.error).toBe('Only a completed enrolment can get a certificate: this one is Paid')

    const unknown = await issue(token, issueBody('order_Unknown0000000001'))
    expect(unknown.status).toBe(404)

    const record = await enrolment()
    const future = await issue(token, issueBody(record.orderId, {dateOfBirth: '2030-01-01'}))
    expect(future.status).toBe(400)
    expect(future.body).toEqual({error: 'dateOfBirth must be in the past', details: {dateOfBirth: ['dateOfBirth must be in the past']}})
    const backwards = await issue(token, issueBody(record.orderId, {courseStart: '2026-11-18', courseEnd: '2026-11-16'}))
    expect(backwards.status).toBe(400)
    expect(backwards.body.details).toEqual({courseEnd: ['courseEnd must be on or after courseStart']})
    expect((await issue(token, issueBody(record.orderId, {courseStart: '2026-13-01'}))).status).toBe(400)
    expect((await issue(token, '{not json')).status).toBe(400)
    expect(await findOrderCertificates(record.orderId)).toBeNull()
  })

  it('two issues for one enrolment at once give one certificate and one 409', async () => {
    const token = await loginToken()
    const record = await enrolment()
    const answers = await Promise.all([issue(token, issueBody(record.orderId)), issue(token, issueBody(record.orderId, {holderName: 'Rahul K. Mehta'}))])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409])
    const index = await findOrderCertificates(record.orderId)
    expect(index?.numbers).toHaveLength(1)
    expect(index?.issuing).toBeNull()
  })

  it('an issue that crashed after taking its number is finished by the next one after the lease: the same number, no gap', async () => {
    vi.setSystemTime(new Date('2029-05-02T08:00:00.000Z')) // a year of its own
    const token = await loginToken()
    const record = await enrolment()
    // What a crash right after step 2 leaves: the lease held and number 1 of 2029 allocated to the enrolment's first certificate.
    const store = openStore(STORES.certificates)
    await store.setJSON(`order/${record.orderId}`, {
      orderId: record.orderId,
      numbers: [],
      active: null,
      issuing: {leaseId: 'crashed', until: '2029-05-02T08:02:00.000Z'},
    })
    await store.setJSON('counter/year-2029', {year: 2029, last: 1, byKey: {[`${record.orderId}/1`]: 1}, updatedAt: '2029-05-02T08:00:00.000Z'})

    const during = await issue(token, issueBody(record.orderId))
    expect(during.status).toBe(409)
    expect(during.body.error).toBe('A certificate is already being issued for this enrolment')

    vi.setSystemTime(new Date('2029-05-02T08:02:01.000Z'))
    const after = await issue(token, issueBody(record.orderId))
    expect(after.status, JSON.stringify(after.body)).toBe(201)
    expect(after.body.certificate.number).toBe('MTC-BOSIET-2029-00001')
    expect((await readCertificateCounter(2029))?.last).toBe(1)
    expect(await findOrderCertificates(record.orderId)).toMatchObject({numbers: ['MTC-BOSIET-2029-00001'], active: 'MTC-BOSIET-2029-00001', issuing: null})
  })

  it('50 concurrent issues for 50 enrolments get 50 distinct, consecutive numbers', async () => {
    vi.setSystemTime(new Date('2028-03-01T08:00:00.000Z')) // a year of its own: its counter starts at 1
    const token = await loginToken()
    const records = await Promise.all(Array.from({length: 50}, () => enrolment()))
    const rendered = stubPdf.calls
    const answers = await Promise.all(records.map((record) => issue(token, issueBody(record.orderId), issueCounting)))
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(201))
    expect(stubPdf.calls - rendered).toBe(50)
    const numbers = answers.map((a) => a.body.certificate.number as string)
    expect(new Set(numbers).size).toBe(50)
    const seqs = numbers.map((n) => Number(n.split('-')[3])).sort((a, b) => a - b)
    expect(seqs).toEqual(Array.from({length: 50}, (_, i) => i + 1))
    expect(numbers.every((n) => /^MTC-BOSIET-2028-\d{5}$/.test(n))).toBe(true)
    expect((await readCertificateCounter(2028))?.last).toBe(50)
  }, 120_000)
})

describe('revoking and listing', () => {
  it('revokes with a reason (200), refuses twice (409), unknown (404) and malformed (400); the enrolment may then get a new certificate', async () => {
    const token = await loginToken()
    const record = await enrolment()
    const number = (await issue(token, issueBody(record.orderId))).body.certificate.number as string

    expect((await revoke(token, number, {reason: ''})).status).toBe(400)
    const revoked = await revoke(token, number, {reason: 'Issued with a misspelt name'})
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200)
    expect(revoked.body.certificate).toMatchObject({number, status: 'revoked', revokedOn: '2026-11-25', revocationReason: 'Issued with a misspelt name'})
    const twice = await revoke(token, number, {reason: 'again'})
    expect(twice.status).toBe(409)
    expect(twice.body.error).toBe('This certificate is already revoked')
    expect((await revoke(token, 'MTC-BOSIET-2026-99999', {reason: 'x'})).status).toBe(404)
    const malformed = await revoke(token, 'not-a-number', {reason: 'x'})
    expect(malformed.status).toBe(400)
    expect(malformed.body.error).toMatch(/^number must be a certificate number/)

    // Still in the register; a new one can be issued.
    expect((await findCertificate(number))?.revokedOn).toBe('2026-11-25')
    const next = await issue(token, issueBody(record.orderId, {holderName: 'Rahul Mehtaa'}))
    expect(next.status).toBe(201)
    expect(next.body.certificate.number).not.toBe(number)
    expect((await findOrderCertificates(record.orderId))?.numbers).toEqual([number, next.body.certificate.number])

    // The revoked PDF download says so.
    const download = await pdfFn(getRequest(`/api/admin/certificates/${number}/pdf`, token), {params: {number}} as never)
    expect(download.status).toBe(200)
    expect(pdfText(new Uint8Array(await download.arrayBuffer()))).toContain('REVOKED on 25 Nov 2026')
    expect(
      (await callAs(pdfFn, getRequest('/api/admin/certificates/MTC-BOSIET-2026-99999/pdf', token), {params: {number: 'MTC-BOSIET-2026-99999'}})).status,
    ).toBe(404)
    expect((await callAs(pdfFn, getRequest('/api/admin/certificates/x/pdf', token), {params: {number: 'x'}})).status).toBe(400)
  })

  it('two revocations at once: one 200, one 409; the reason of the one that landed is kept', async () => {
    const token = await loginToken()
    const record = await enrolment()
    const number = (await issue(token, issueBody(record.orderId))).body.certificate.number as string
    const answers = await Promise.all([revoke(token, number, {reason: 'First'}), revoke(token, number, {reason: 'Second'})])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    const landed = answers.find((a) => a.status === 200)!.body.certificate.revocationReason
    expect((await findCertificate(number))?.revocationReason).toBe(landed)
    expect((await findOrderCertificates(record.orderId))?.active).toBeNull()
  })

  it('lists by number or name (case-insensitive substring) and order id, with the valid certificates expiring within 90 days, soonest first', async () => {
    const token = await loginToken()
    // Issued five years ago (BOSIET: 5 years), so they expire in 10 and 40 days; one more revoked.
    const soon = await enrolment()
    const later = await enrolment()
    const gone = await enrolment()
    vi.setSystemTime(new Date('2021-12-05T08:00:00.000Z'))
    const a = (await issue(token, issueBody(soon.orderId, {holderName: 'Zed Quill', courseStart: '2021-11-29', courseEnd: '2021-12-01'}))).body.certificate
    const c = (await issue(token, issueBody(gone.orderId, {holderName: 'Zed Gone', courseStart: '2021-11-29', courseEnd: '2021-12-01'}))).body.certificate
    vi.setSystemTime(new Date('2022-01-04T08:00:00.000Z'))
    const b = (await issue(token, issueBody(later.orderId, {holderName: 'Zara Quill', courseStart: '2021-12-27', courseEnd: '2021-12-29'}))).body.certificate
    vi.setSystemTime(NOW)
    expect((await revoke(token, c.number, {reason: 'Withdrawn'})).status).toBe(200)

    const byName = await list(token, '?q=QUILL')
    expect(byName.status).toBe(200)
    expect(byName.body.certificates.map((x: {number: string}) => x.number)).toEqual([b.number, a.number])
    const expiring = byName.body.expiringSoon.map((x: {number: string}) => x.number)
    expect(expiring.indexOf(a.number)).toBeGreaterThanOrEqual(0)
    expect(expiring.indexOf(a.number)).toBeLessThan(expiring.indexOf(b.number))
    expect(expiring).not.toContain(c.number)
    expect(byName.body.expiringSoon.find((x: {number: string}) => x.number === a.number)).toMatchObject({expiresOn: '2026-12-05', status: 'valid'})

    expect((await list(token, `?q=${a.number.toLowerCase()}`)).body.certificates.map((x: {number: string}) => x.number)).toEqual([a.number])
    expect((await list(token, `?orderId=${gone.orderId}`)).body.certificates).toMatchObject([{number: c.number, status: 'revoked'}])
    expect((await list(token, '?orderId=nope')).status).toBe(400)
  })
})

describe('verification', () => {
  it('answers the certificate for its number and date of birth; the same 404 for an unknown number and a wrong date of birth', async () => {
    const token = await loginToken()
    const record = await enrolment()
    const number = (await issue(token, issueBody(record.orderId))).body.certificate.number as string

    const found = await verify({number: number.toLowerCase(), dateOfBirth: '1990-03-12'})
    expect(found.status).toBe(200)
    expect(found.headers.get('cache-control')).toContain('no-store')
    expect(found.headers.get('x-robots-tag')).toBe('noindex')
    expect(await found.json()).toEqual({
      status: 'valid',
      number,
      holderName: 'Rahul Mehta',
      courseName: 'Basic Offshore Safety Induction and Emergency Training',
      courseStart: '2026-11-16',
      courseEnd: '2026-11-18',
      issuedOn: '2026-11-25',
      expiresOn: '2031-11-25',
      revokedOn: null,
    })

    const wrongBirth = await verify({number, dateOfBirth: '1990-03-13'})
    const unknown = await verify({number: 'MTC-BOSIET-2026-99999', dateOfBirth: '1990-03-12'})
    expect(wrongBirth.status).toBe(404)
    expect(unknown.status).toBe(404)
    expect([...wrongBirth.headers.entries()]).toEqual([...unknown.headers.entries()])
    const [wrongBody, unknownBody] = [await wrongBirth.text(), await unknown.text()]
    expect(wrongBody).toBe(unknownBody)
    expect(JSON.parse(wrongBody)).toEqual({error: NO_MATCH_MESSAGE})
    expect(wrongBirth.headers.get('x-robots-tag')).toBe('noindex')

    const malformed = await verify({number: 'MTC-2026-00001', dateOfBirth: '1990-03-12'})
    expect(malformed.status).toBe(400)
    expect(malformed.headers.get('x-robots-tag')).toBe('noindex')
    expect((await verify({number, dateOfBirth: '12/03/1990'})).status).toBe(400)
    expect((await verify({})).status).toBe(400)

    // The pages' module: the same rule, and the masked view of the QR page.
    expect(await verifyCertificate({number, dateOfBirth: '1990-03-13'})).toBeNull()
    expect(await verifyCertificate({number: 'MTC-BOSIET-2026-99999', dateOfBirth: '1990-03-12'})).toBeNull()
    expect(await lookupMaskedCertificate(number)).toEqual({
      status: 'valid',
      number,
      maskedName: 'R**** M****',
      courseName: 'Basic Offshore Safety Induction and Emergency Training',
      courseStart: '2026-11-16',
      courseEnd: '2026-11-18',
      issuedOn: '2026-11-25',
      expiresOn: '2031-11-25',
      revokedOn: null,
    })
    expect(await lookupMaskedCertificate('MTC-BOSIET-2026-99999')).toBeNull()
    expect(await lookupMaskedCertificate('../etc')).toBeNull()

    // Revoked: the answer says so, with the date; expired after the expiry day.
    expect((await revoke(token, number, {reason: 'Fraudulent documents'})).status).toBe(200)
    expect(await (await verify({number, dateOfBirth: '1990-03-12'})).json()).toMatchObject({status: 'revoked', revokedOn: '2026-11-25'})
    const other = await enrolment()
    const kept = (await issue(token, issueBody(other.orderId))).body.certificate.number as string
    expect((await verifyCertificate({number: kept, dateOfBirth: '1990-03-12'}, '2031-11-26'))?.status).toBe('expired')
  })

  it('answers 429 with Retry-After after 20 look-ups per client in 10 minutes (also for valid look-ups); other clients go on', async () => {
    const ip = freshIp()
    for (let i = 0; i < 20; i++) expect((await verify({number: 'MTC-BOSIET-2026-99999', dateOfBirth: '1990-03-12'}, ip)).status).toBe(404)
    const refused = await verify({number: 'MTC-BOSIET-2026-99999', dateOfBirth: '1990-03-12'}, ip)
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(refused.headers.get('x-robots-tag')).toBe('noindex')
    expect((await verify({number: 'MTC-BOSIET-2026-99999', dateOfBirth: '1990-03-12'})).status).toBe(404)
    // Ten minutes later the window is over.
    vi.setSystemTime(new Date(NOW.getTime() + 10 * 60 * 1000 + 1000))
    expect((await verify({number: 'MTC-BOSIET-2026-99999', dateOfBirth: '1990-03-12'}, ip)).status).toBe(404)
    // The pages' check counts against the same limit.
    const pageIp = freshIp()
    for (let i = 0; i < 20; i++) expect((await checkVerifyRateLimit(pageIp)).allowed).toBe(true)
    expect(await checkVerifyRateLimit(pageIp)).toMatchObject({allowed: false})
  })

  it('is configurable through RATE_LIMIT_VERIFY', async () => {
    vi.stubEnv('RATE_LIMIT_VERIFY', '2/1m')
    const ip = freshIp()
    expect((await verify({number: 'MTC-BOSIET-2026-99999', dateOfBirth: '1990-03-12'}, ip)).status).toBe(404)
    expect((await verify({number: 'MTC-BOSIET-2026-99999', dateOfBirth: '1990-03-12'}, ip)).status).toBe(404)
    expect((await verify({number: 'MTC-BOSIET-2026-99999', dateOfBirth: '1990-03-12'}, ip)).status).toBe(429)
  })
})

describe('expiry reminders', () => {
  it('e-mails each holder of a valid certificate 90 days before expiry once, with the course page and its next batches', async () => {
    const token = await loginToken()
    const due = await enrolment()
    const notYet = await enrolment()
    vi.setSystemTime(new Date('2022-01-20T08:00:00.000Z')) // expires 2027-01-20: 56 days after NOW
    const dueNumber = (await issue(token, issueBody(due.orderId, {courseStart: '2022-01-17', courseEnd: '2022-01-19'}))).body.certificate.number as string
    vi.setSystemTime(new Date('2022-06-20T08:00:00.000Z')) // expires 2027-06-20: more than 90 days after NOW
    const laterNumber = (await issue(token, issueBody(notYet.orderId, {courseStart: '2022-06-13', courseEnd: '2022-06-15'}))).body.certificate.number as string
    vi.setSystemTime(NOW)

    // Two runs at once, then another: one reminder.
    const runs = await Promise.all([sendExpiryReminders({now: NOW}), sendExpiryReminders({now: NOW})])
    expect(runs.flat().filter((n) => n === dueNumber)).toEqual([dueNumber])
    expect(await sendExpiryReminders({now: NOW})).not.toContain(dueNumber)
    const response = await remindersFn(new Request('http://localhost/.netlify/functions/certificate-reminders', {method: 'POST', body: '{"next_run":null}'}))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({reminded: 0})

    const reminders = (await listOutboxRecords()).filter((m) => m.id === `certificate-expiry:${dueNumber}`)
    expect(reminders).toHaveLength(1)
    const reminder = reminders[0]!
    expect(reminder.to).toEqual([due.email])
    expect(reminder.subject).toBe(`Your certificate ${dueNumber} expires on 20 Jan 2027`)
    expect(reminder.text).toContain(`${SITE}/courses/offshore-survival#course-offshore-survival-bosiet`)
    expect(reminder.text).toMatch(/Next batches of Basic Offshore Safety Induction and Emergency Training/)
    expect(reminder.text).toMatch(/\d{1,2}[–-]\d{1,2} [A-Z][a-z]{2} 202[67] · [A-Z]/) // a batch line from the seed
    expect((await findCertificate(dueNumber))?.reminderSentAt).toBe(NOW.toISOString())
    expect(await getOutboxRecord(`certificate-expiry:${laterNumber}`)).toBeNull()
    expect((await findCertificate(laterNumber))?.reminderSentAt).toBeNull()

    // 90 days before its expiry, the later one's turn.
    const later = new Date('2027-03-22T08:00:00.000Z')
    expect(await sendExpiryReminders({now: later})).toContain(laterNumber)
  })

  it('never reminds a revoked certificate', async () => {
    const token = await loginToken()
    const record = await enrolment()
    vi.setSystemTime(new Date('2022-01-10T08:00:00.000Z'))
    const number = (await issue(token, issueBody(record.orderId, {courseStart: '2022-01-03', courseEnd: '2022-01-05'}))).body.certificate.number as string
    vi.setSystemTime(NOW)
    expect((await revoke(token, number, {reason: 'Withdrawn'})).status).toBe(200)
    expect(await sendExpiryReminders({now: NOW})).not.toContain(number)
    expect(await getOutboxRecord(`certificate-expiry:${number}`)).toBeNull()
  })
})
