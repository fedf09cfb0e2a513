/**
 * My training's certificates, waitlists, practice exams and privacy sections
 * (docs/requirements.md#req-account, docs/account/certificates-waitlists-exams-privacy.md) on
 * in-memory Blobs and the seed content, with sessions opened through real sign-in links:
 * - certificates: status, PDF route with ownership, "Book your refresher" from 6 months before expiry;
 * - waitlists: the place in line, leaving (the staff batch page reads the same record);
 * - practice exams: stored only when signed in, only with a draw the site signed, scored on the server;
 * - privacy: the data download, the erasure request (staff e-mail, the admin list, closed by the erasure);
 * - isolation: every endpoint and file route walked with A's session and B's ids → 404; no session → 401.
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {strFromU8, unzipSync} from 'fflate'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import attemptsFn from '#netlify/functions/account-exam-attempts'
import erasureFn from '#netlify/functions/account-erasure-request'
import leaveFn from '#netlify/functions/account-waitlist-leave'
import requestsFn from '#netlify/functions/admin-privacy-requests'
import {ACCOUNT_COOKIE} from '#netlify/platform/account-cookie'
import {openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_KEY_QUERY} from '#netlify/platform/content/queries'
import {accountOverview} from '#netlify/services/account/overview'
import {createSignInLink, redeemSignInLink} from '#netlify/services/account/sessions'
import {batchDetailForStaff} from '#netlify/services/admin/batches'
import {issueCertificate, type CertificateRecord} from '#netlify/services/certificates/register'
import {createPending, getEnrolment, markPaid, type EnrolmentRecord} from '#netlify/services/enrolments/enrolments'
import {indexEnrolment} from '#netlify/services/enrolments/index-store'
import {issueReceipt} from '#netlify/services/enrolments/paid-enrolment'
import {listOutboxRecords} from '#netlify/services/mail/outbox'
import {erasePerson} from '#netlify/services/privacy/erasure'
import {lookupPerson} from '#netlify/services/privacy/lookup'
import {getWaitlist, joinWaitlist} from '#netlify/services/waitlist/waitlist'
import {ACCOUNT_NOT_FOUND, SIGN_IN_AGAIN} from '#schemas/contracts/account'
import {ATTEMPT_SAVED, ERASURE_RECEIVED, LEFT_WAITLIST} from '#schemas/contracts/account-sections'
import type {AnswerRecord} from '#schemas/rules/exam-scoring'
import {loader as certificateLoader} from '~/routes/account.certificates.$number[.]pdf'
import {loader as attemptPdfLoader} from '~/routes/account.exam-attempts.$attemptId[.]pdf'
import {loader as myDataLoader} from '~/routes/account.my-data'
import {stubPdf} from '../helpers/stub-pdf'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {signedDraw, useDrawSecret} from './exam-draw-fixtures'
import {newEnrolment} from './enrolment-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()
useDrawSecret()

/** 25 November 2026, 12:00 in Dubai. */
const NOW = new Date('2026-11-25T08:00:00.000Z')
const BATCH = 'batch-bosiet-2026-12-14-ho-chi-minh-city'
const OTHER_BATCH = 'batch-bosiet-2027-01-18-mumbai'
const EXAM_ID = 'maritime-safety-basics'

beforeEach(() => {
  vi.useFakeTimers({toFake: ['Date']})
  vi.setSystemTime(NOW)
  vi.stubEnv('SMTP_URL', '')
  vi.stubEnv('SITE_URL', 'https://www.example.com')
})
afterEach(() => vi.useRealTimers())

let people = 0
const newAddress = (name: string) => `${name}.${++people}@example.com`
let clients = 0
const client = () => `198.51.100.${++clients}`

/** A session of `email` through a real sign-in link: the Cookie header. */
async function sessionOf(email: string): Promise<string> {
  const {token} = await createSignInLink(email, null, NOW)
  const {cookieValue} = await redeemSignInLink(token, NOW)
  return `${ACCOUNT_COOKIE}=${cookieValue}`
}

/** A paid BOSIET enrolment of `email`, completed (so a certificate can be issued). */
async function completedEnrolment(email: string, name: string): Promise<EnrolmentRecord> {
  const created = await createPending(
    newEnrolment('acct', {email, name, trainingProgram: 'offshore-survival', trainingProgramName: 'Offshore Survival', course: 'BOSIET', courseName: 'BOSIET'}),
    NOW,
  )
  await markPaid(created.orderId, `pay_acct${String(people).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`, 'callback', {now: () => NOW})
  await issueReceipt(created.orderId, {now: NOW, renderReceiptPdf: stubPdf})
  const {value} = await updateJSON<EnrolmentRecord>(openStore(STORES.enrolments), created.orderId, (current) => ({...current!, status: 'completed'}))
  await indexEnrolment(value!)
  return (await getEnrolment(created.orderId))!
}

async function certificateOf(email: string, name: string): Promise<CertificateRecord> {
  const record = await completedEnrolment(email, name)
  const {record: cert} = await issueCertificate(
    {orderId: record.orderId, holderName: name, dateOfBirth: '1990-03-12', idNumber: '12AB3456', courseStart: '2026-11-16', courseEnd: '2026-11-18'},
    {renderCertificatePdf: stubPdf, deliver: false, now: NOW, account: 'Owner'},
  )
  return cert
}

/** Sets a certificate's expiry day (a course's validity decides it; the tests need other days). */
async function expireOn(number: string, expiresOn: string): Promise<void> {
  await updateJSON<CertificateRecord>(openStore(STORES.certificates), `cert/${number}`, (current) => ({...current!, expiresOn}))
}

const loaderArgs = (path: string, cookie: string | null, params: Record<string, string>) =>
  ({
    request: new Request(`http://localhost${path}`, {headers: cookie ? {cookie} : {}}),
    params,
    context: {},
  }) as unknown as LoaderFunctionArgs

const post = (path: string, cookie: string | null, body: unknown = {}) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', ...(cookie ? {cookie} : {})},
    body: JSON.stringify(body),
  })

type KeyedExam = NonNullable<Awaited<ReturnType<typeof fetchContent<typeof EXAM_KEY_QUERY>>>>
let exam: KeyedExam | null = null
async function keyedExam(): Promise<KeyedExam> {
  exam ??= (await fetchContent(EXAM_KEY_QUERY, {examId: EXAM_ID}))!
  return exam
}

/** A submitted attempt of the seed exam with its signed draw: every answer right, or every one wrong. */
async function attemptBody(options: {right?: boolean} = {}) {
  const keyed = await keyedExam()
  const questions = keyed.slots.map((slot) => slot.variants[0]!)
  const answers: AnswerRecord[] = questions.map((q) => ({
    questionId: q.id,
    answer:
      q.type === 'multiple-choice'
        ? options.right === false
          ? ['definitely wrong']
          : [...(q.correctAnswers ?? [])]
        : options.right === false
          ? 'definitely wrong'
          : (q.correctAnswer ?? ''),
  }))
  return {
    examId: EXAM_ID,
    answers,
    draw: signedDraw(
      EXAM_ID,
      questions.map((q) => q.id),
    ),
    timeSpent: 300,
    submittedAt: new Date(NOW.getTime() + 5 * 60_000).toISOString(),
    timeZone: 'Asia/Dubai',
  }
}

describe('certificates', () => {
  it('lists number, course, dates, status, the PDF and the verification link; no refresher years before expiry', async () => {
    const email = newAddress('cert')
    const cert = await certificateOf(email, 'Cora Cert')
    const overview = await accountOverview(email, NOW)
    expect(overview.certificates).toEqual([
      {
        number: cert.number,
        course: 'Basic Offshore Safety Induction and Emergency Training',
        issuedOn: '2026-11-25',
        expiresOn: '2031-11-25',
        status: 'Valid',
        pdf: `/account/certificates/${cert.number}.pdf`,
        verifyUrl: `/verify/${cert.number}`,
        refresher: null,
      },
    ])
  })

  it('offers "Book your refresher" with the course\'s next open batches from 6 months before expiry', async () => {
    const email = newAddress('refresh')
    const cert = await certificateOf(email, 'Rita Refresh')
    await expireOn(cert.number, '2027-05-26')
    expect((await accountOverview(email, NOW)).certificates[0]!.refresher).toBeNull()
    await expireOn(cert.number, '2027-05-25')
    const [shown] = (await accountOverview(email, NOW)).certificates
    expect(shown!.status).toBe('Valid')
    expect(shown!.refresher).toHaveLength(3)
    expect(shown!.refresher![0]).toEqual({
      text: '14–17 Dec 2026 · Ho Chi Minh City',
      href: `/payment?training=offshore-survival&course=BOSIET&price=%24450&batch=${BATCH}`,
    })
    await expireOn(cert.number, '2026-11-01')
    const [expired] = (await accountOverview(email, NOW)).certificates
    expect(expired!.status).toBe('Expired')
    expect(expired!.refresher).toHaveLength(3)
  })

  it('hands out the PDF to its holder only; 404 for another candidate; to /account without a session', async () => {
    const a = newAddress('holder')
    const b = newAddress('stranger')
    const cert = await certificateOf(a, 'Hana Holder')
    await completedEnrolment(b, 'Sid Stranger')
    const mine = await certificateLoader(loaderArgs(`/account/certificates/${cert.number}.pdf`, await sessionOf(a), {number: cert.number}))
    expect(mine.status).toBe(200)
    expect(mine.headers.get('content-type')).toBe('application/pdf')
    expect(mine.headers.get('content-disposition')).toContain(`certificate-${cert.number}.pdf`)
    expect(mine.headers.get('cache-control')).toContain('no-store')
    const theirs = await certificateLoader(loaderArgs(`/account/certificates/${cert.number}.pdf`, await sessionOf(b), {number: cert.number}))
    expect(theirs.status).toBe(404)
    const signedOut = await certificateLoader(loaderArgs(`/account/certificates/${cert.number}.pdf`, null, {number: cert.number})).catch(
      (thrown: Response) => thrown,
    )
    expect(signedOut.status).toBe(303)
    expect(signedOut.headers.get('location')).toBe(`/account?next=${encodeURIComponent(`/account/certificates/${cert.number}.pdf`)}`)
  })
})

describe('waitlists', () => {
  const join = (email: string, batchId = BATCH) =>
    joinWaitlist({batchId, name: 'Wait Person', email, mobile: '+971501234567'}, {client: client(), now: NOW}) as Promise<{position: number}>

  it('lists the batch waited for with the place in line; leaving removes the place staff see', async () => {
    const first = newAddress('first')
    const email = newAddress('waiter')
    await join(first)
    await join(email)
    const before = (await getWaitlist(BATCH)).length
    const [shown] = (await accountOverview(email, NOW)).waitlists
    expect(shown).toMatchObject({batchId: BATCH, course: 'BOSIET', place: before})
    expect(shown!.dates).toContain('14–17 Dec 2026 · Ho Chi Minh City')

    const cookie = await sessionOf(email)
    const left = await callAs(leaveFn, post(`/api/account/waitlists/${BATCH}/${shown!.entryId}/leave`, cookie), {
      params: {batchId: BATCH, entryId: shown!.entryId},
    })
    expect(left).toMatchObject({status: 200, body: {batchId: BATCH, entryId: shown!.entryId, message: LEFT_WAITLIST}})
    expect((await getWaitlist(BATCH)).map((entry) => entry.email)).not.toContain(email)
    expect((await getWaitlist(BATCH)).map((entry) => entry.email)).toContain(first)
    expect((await batchDetailForStaff(BATCH, {now: NOW})).batch.waitlist).toBe(before - 1)
    expect((await accountOverview(email, NOW)).waitlists).toEqual([])

    const again = await callAs(leaveFn, post(`/api/account/waitlists/${BATCH}/${shown!.entryId}/leave`, cookie), {
      params: {batchId: BATCH, entryId: shown!.entryId},
    })
    expect(again).toMatchObject({status: 404, body: {error: ACCOUNT_NOT_FOUND}})
  })
})

describe('practice exams', () => {
  it('stores an attempt only when signed in, scored on the server, once', async () => {
    const email = newAddress('examinee')
    await completedEnrolment(email, 'Ema Examinee')
    const body = await attemptBody({right: false})

    const signedOut = await callAs(attemptsFn, post('/api/account/exam-attempts', null, body))
    expect(signedOut).toMatchObject({status: 401, body: {error: SIGN_IN_AGAIN}})
    expect(await accountOverview(email, NOW)).toMatchObject({examAttempts: []})

    const cookie = await sessionOf(email)
    const stored = await callAs(attemptsFn, post('/api/account/exam-attempts', cookie, body))
    expect(stored).toMatchObject({status: 201, body: {attemptId: body.draw.attemptId, message: ATTEMPT_SAVED}})
    const again = await callAs(attemptsFn, post('/api/account/exam-attempts', cookie, body))
    expect(again.status).toBe(200)

    const {examAttempts} = await accountOverview(email, NOW)
    expect(examAttempts).toHaveLength(1)
    expect(examAttempts[0]).toMatchObject({
      attemptId: body.draw.attemptId,
      exam: 'Maritime Safety Basics',
      submittedAt: body.submittedAt,
      passed: false,
      pdf: `/account/exam-attempts/${body.draw.attemptId}.pdf`,
    })
    expect(examAttempts[0]!.score).toMatch(/^0 of \d+ \(0%\)$/)

    const pdf = await attemptPdfLoader(loaderArgs(examAttempts[0]!.pdf, cookie, {attemptId: body.draw.attemptId}))
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  })

  it('keeps the server score, not what the browser could claim, and passes a right attempt', async () => {
    const email = newAddress('ace')
    await completedEnrolment(email, 'Ace Examinee')
    const body = await attemptBody({right: true})
    const stored = await callAs(attemptsFn, post('/api/account/exam-attempts', await sessionOf(email), {...body, score: {percentage: 3}}))
    // A field outside the contract is dropped by the schema; the server scores the answers itself.
    expect(stored.status).toBe(201)
    expect((await accountOverview(email, NOW)).examAttempts[0]).toMatchObject({passed: true, score: expect.stringMatching(/\(100%\)$/)})
  })

  it('refuses a draw the site did not sign, and one of another exam, storing nothing', async () => {
    const email = newAddress('forger')
    await completedEnrolment(email, 'Fay Forger')
    const cookie = await sessionOf(email)
    const body = await attemptBody()
    const forged = {...body, draw: signedDraw(EXAM_ID, body.draw.variants, {secret: 'another-secret-of-at-least-32-characters-long'})}
    expect(await callAs(attemptsFn, post('/api/account/exam-attempts', cookie, forged))).toMatchObject({status: 400})
    const otherExam = {...body, examId: 'navigation-fundamentals'}
    expect(await callAs(attemptsFn, post('/api/account/exam-attempts', cookie, otherExam))).toMatchObject({status: 400})
    const noDraw = {...body, draw: undefined}
    expect(await callAs(attemptsFn, post('/api/account/exam-attempts', cookie, noDraw))).toMatchObject({status: 400})
    expect((await accountOverview(email, NOW)).examAttempts).toEqual([])
  })

  it('puts stored attempts in the privacy look-up, and an erasure deletes them', async () => {
    const email = newAddress('kept')
    await completedEnrolment(email, 'Kim Kept')
    const body = await attemptBody()
    await callAs(attemptsFn, post('/api/account/exam-attempts', await sessionOf(email), body))
    const lookup = await lookupPerson(email, {now: NOW})
    expect(lookup.counts.examAttempts).toBe(1)
    expect(lookup.records.examAttempts[0]).toMatchObject({id: body.draw.attemptId, date: body.submittedAt})
    const {erased} = await erasePerson(
      {email, reason: 'Asked', confirm: email, objection: false},
      {actor: {type: 'staff', id: 'stf_owner', email: 'owner@example.com'}, now: NOW},
    )
    expect(erased.examAttempts).toBe(1)
    expect((await accountOverview(email, NOW)).examAttempts).toEqual([])
  })
})

describe('privacy', () => {
  it('"Download my data" is the privacy export of the session\'s address', async () => {
    const email = newAddress('mydata')
    const other = newAddress('otherdata')
    const record = await completedEnrolment(email, 'Mia Data')
    const theirs = await completedEnrolment(other, 'Oli Other')
    await callAs(attemptsFn, post('/api/account/exam-attempts', await sessionOf(email), await attemptBody()))
    const response = await myDataLoader(loaderArgs('/account/my-data', await sessionOf(email), {}))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/zip')
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    expect(JSON.parse(strFromU8(files['enrolments.json']!))).toMatchObject([{orderId: record.orderId, email}])
    expect(JSON.parse(strFromU8(files['examAttempts.json']!))).toHaveLength(1)
    const everything = Object.values(files)
      .map((bytes) => strFromU8(bytes))
      .join('\n')
    expect(everything).not.toContain(other)
    expect(everything).not.toContain(theirs.orderId)
    const signedOut = await myDataLoader(loaderArgs('/account/my-data', null, {})).catch((thrown: Response) => thrown)
    expect(signedOut.status).toBe(303)
  })

  it('"Ask us to erase my data" is kept once, e-mails staff, is listed for the owner, and the erasure closes it', async () => {
    const email = newAddress('eraseme')
    await completedEnrolment(email, 'Eli Erase')
    const cookie = await sessionOf(email)
    expect(await callAs(erasureFn, post('/api/account/erasure-request', null, {}))).toMatchObject({status: 401})
    expect(await callAs(erasureFn, post('/api/account/erasure-request', cookie, {reason: 'x'.repeat(501)}))).toMatchObject({status: 400})

    const asked = await callAs(erasureFn, post('/api/account/erasure-request', cookie, {reason: 'I no longer sail'}))
    expect(asked).toMatchObject({status: 202, body: {message: ERASURE_RECEIVED}})
    expect(await callAs(erasureFn, post('/api/account/erasure-request', cookie, {}))).toMatchObject({status: 202})
    expect((await accountOverview(email, NOW)).erasureRequested).toBe(true)

    const notices = (await listOutboxRecords()).filter((message) => message.kind === 'erasure-request' && message.subject.includes(email))
    expect(notices).toHaveLength(1)
    expect(notices[0]!.text).toContain('I no longer sail')
    expect(notices[0]!.text).toContain('/admin/privacy')

    const token = await loginToken()
    const listed = await callAs(requestsFn, getRequest('/api/admin/privacy/requests', token))
    expect(listed.status).toBe(200)
    expect(listed.body.requests).toContainEqual(expect.objectContaining({email, reason: 'I no longer sail', requestedAt: NOW.toISOString()}))
    expect((await callAs(requestsFn, getRequest('/api/admin/privacy/requests'))).status).toBe(401)

    await erasePerson(
      {email, reason: 'Asked in My training', confirm: email, objection: false},
      {actor: {type: 'staff', id: 'stf_owner', email: 'owner@example.com'}, now: NOW},
    )
    const after = await callAs(requestsFn, getRequest('/api/admin/privacy/requests', token))
    expect(after.body.requests.map((request: {email: string}) => request.email)).not.toContain(email)
  })
})

describe("isolation: A's session with B's ids is 404; no session is 401", () => {
  it('walks every endpoint and file route of these sections', async () => {
    const a = newAddress('alice')
    const b = newAddress('bob')
    await completedEnrolment(a, 'Alice A')
    const bCert = await certificateOf(b, 'Bob B')
    await joinWaitlist({batchId: OTHER_BATCH, name: 'Bob B', email: b, mobile: '+971501234567'}, {client: client(), now: NOW})
    const bWait = (await accountOverview(b, NOW)).waitlists[0]!
    const bAttempt = await attemptBody()
    await callAs(attemptsFn, post('/api/account/exam-attempts', await sessionOf(b), bAttempt))
    const aCookie = await sessionOf(a)

    const leavePath = `/api/account/waitlists/${bWait.batchId}/${bWait.entryId}/leave`
    const leaveParams = {params: {batchId: bWait.batchId, entryId: bWait.entryId}}
    expect(await callAs(leaveFn, post(leavePath, aCookie), leaveParams)).toMatchObject({status: 404, body: {error: ACCOUNT_NOT_FOUND}})
    expect(await callAs(leaveFn, post(leavePath, null), leaveParams)).toMatchObject({status: 401, body: {error: SIGN_IN_AGAIN}})
    expect((await getWaitlist(OTHER_BATCH)).map((entry) => entry.id)).toContain(bWait.entryId)

    const cert = await certificateLoader(loaderArgs(`/account/certificates/${bCert.number}.pdf`, aCookie, {number: bCert.number}))
    expect(cert.status).toBe(404)
    const attemptPdf = await attemptPdfLoader(
      loaderArgs(`/account/exam-attempts/${bAttempt.draw.attemptId}.pdf`, aCookie, {attemptId: bAttempt.draw.attemptId}),
    )
    expect(attemptPdf.status).toBe(404)
    const aData = await myDataLoader(loaderArgs('/account/my-data', aCookie, {}))
    const files = unzipSync(new Uint8Array(await aData.arrayBuffer()))
    expect(
      Object.values(files)
        .map((bytes) => strFromU8(bytes))
        .join('\n'),
    ).not.toContain(b)

    // B's attempt sent with A's session is scored and kept for A only: B's list is unchanged.
    expect((await accountOverview(b, NOW)).examAttempts).toHaveLength(1)
    expect(await callAs(attemptsFn, post('/api/account/exam-attempts', null, bAttempt))).toMatchObject({status: 401})
    expect(await callAs(erasureFn, post('/api/account/erasure-request', null))).toMatchObject({status: 401})
    const overview = await accountOverview(a, NOW)
    expect(overview.certificates).toEqual([])
    expect(overview.waitlists).toEqual([])
    expect(overview.examAttempts).toEqual([])
  })
})
