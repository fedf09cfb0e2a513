/**
 * My training's documents and names for certificates (docs/account/documents-and-names.md) on
 * in-memory Blobs, through the functions as the browser calls them:
 * - POST /api/account/enrolments/:orderId/documents attaches a completed upload to the
 *   candidate's cadetship enrolment: marked as added by the candidate, one history entry, the
 *   admin detail lists it and downloads it, the admin list's row counts it, and the staff notice
 *   is queued exactly once with the file name;
 * - its refusals: 401 without a session, 404 for another candidate's order (isolation), 400 for
 *   an unknown or unfinished upload, 409 for an upload of another enrolment, past 5 documents
 *   (the spec's message), on a closed or non-cadetship enrolment; the upload edges' 415/400;
 * - the document retention job deletes a candidate-added document like any other;
 * - PATCH /api/account/profile: validation, one history entry per enrolment naming each change,
 *   the admin certificate form's source, and 409 once a certificate is issued under the address.
 */
import {describe, expect, it} from 'vitest'
import accountFn from '#netlify/functions/account'
import documentsFn from '#netlify/functions/account-documents'
import profileFn from '#netlify/functions/account-profile'
import adminDetailFn from '#netlify/functions/admin-enrolment'
import adminDocumentFn from '#netlify/functions/admin-enrolment-document'
import uploadStartFn from '#netlify/functions/enrolment-upload-start'
import {openStore, STORES} from '#netlify/platform/blobs'
import {ACCOUNT_COOKIE} from '#netlify/platform/account-cookie'
import {createSignInLink, redeemSignInLink} from '#netlify/services/account/sessions'
import {changeEnrolment, createPending, getEnrolment, markPaid, type EnrolmentRecord} from '#netlify/services/enrolments/enrolments'
import {readIndexRows} from '#netlify/services/enrolments/index-store'
import {listOutboxRecords} from '#netlify/services/mail/outbox'
import {erasePerson} from '#netlify/services/privacy/erasure'
import {deleteExpiredDocuments} from '#netlify/services/uploads/retention'
import {completeUpload, putChunk, readUpload, startUpload} from '#netlify/services/uploads/uploads'
import {CANDIDATE_ACCOUNT, PROFILE_CHANGE_ERASED, PROFILE_LOCKED, PROFILE_MESSAGES, type AccountOverview} from '#schemas/contracts/account'
import {FILES_SKIPPED_MESSAGE} from '#schemas/rules/documents'
import {useBlobs} from '../helpers/blobs'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {newEnrolment} from './enrolment-fixtures'

useBlobs()
useAdminEnv()

const CADETSHIP = {trainingProgram: 'cadetship-training', trainingProgramName: 'Cadetship Training', course: 'deck-cadet', courseName: 'Deck Cadet Program'}
const PASSPORT_ITEM = 'Passport (original and a copy)'
const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

/** A paid enrolment under `email` (cadetship unless `overrides` say otherwise). */
async function paidEnrolment(email: string, overrides: Parameters<typeof newEnrolment>[1] = {}): Promise<EnrolmentRecord> {
  const base = newEnrolment('doc', {...CADETSHIP, email, ...overrides})
  await createPending(base)
  return (await markPaid(base.orderId, `pay_${base.orderId.slice(-12)}x`, 'webhook')).record
}

/** A completed upload of a small PDF named `fileName`: its id. */
async function uploaded(fileName = 'passport.pdf'): Promise<string> {
  const {uploadId} = await startUpload({fileName, size: pdf.byteLength, contentType: 'application/pdf'})
  await putChunk(uploadId, '0', async () => pdf)
  await completeUpload(uploadId)
  return uploadId
}

/** The Cookie header of a fresh session of `email`. */
async function sessionOf(email: string): Promise<string> {
  const {token} = await createSignInLink(email, null)
  const {cookieValue} = await redeemSignInLink(token)
  return `${ACCOUNT_COOKIE}=${cookieValue}`
}

const attach = (cookie: string | null, orderId: string, body: unknown) =>
  callAs(
    documentsFn as never,
    new Request(`http://localhost/api/account/enrolments/${orderId}/documents`, {
      method: 'POST',
      headers: {'content-type': 'application/json', ...(cookie ? {cookie} : {})},
      body: JSON.stringify(body),
    }),
    {params: {orderId}},
  )

const patchProfile = (cookie: string | null, body: unknown) =>
  callAs(
    profileFn as never,
    new Request('http://localhost/api/account/profile', {
      method: 'PATCH',
      headers: {'content-type': 'application/json', ...(cookie ? {cookie} : {})},
      body: JSON.stringify(body),
    }),
  )

const overviewOf = async (cookie: string) =>
  (await callAs<AccountOverview>(accountFn as never, new Request('http://localhost/api/account', {headers: {cookie}}))).body

const noticesFor = async (uploadId: string) => (await listOutboxRecords()).filter((m) => m.kind === 'document-notice' && m.about === uploadId)

let addressCounter = 0
const freshAddress = () => `candidate${++addressCounter}@example.com`

describe('POST /api/account/enrolments/:orderId/documents', () => {
  it('attaches the upload as added by the candidate, with a history entry, the admin detail, its download and one staff notice', async () => {
    const email = freshAddress()
    const record = await paidEnrolment(email)
    const cookie = await sessionOf(email)
    const uploadId = await uploaded('my-passport.pdf')

    const before = await overviewOf(cookie)
    expect(before.enrolments[0]!.documents).toMatchObject({uploaded: [], remaining: 5, canAdd: true})
    expect(before.enrolments[0]!.documents!.missing).toContain(PASSPORT_ITEM)
    expect(before.actions.map((a) => a.text)).toContain('Upload your Passport')

    const {status, body, headers} = await attach(cookie, record.orderId, {uploadId, checklistItem: PASSPORT_ITEM})
    expect(status, JSON.stringify(body)).toBe(201)
    expect(headers.get('cache-control')).toBe('no-store')
    expect(body).toMatchObject({document: {uploadId, fileName: 'my-passport.pdf', addedBy: 'candidate', checklistItem: PASSPORT_ITEM}, remaining: 4})

    const stored = (await getEnrolment(record.orderId))!
    expect(stored.attachments).toEqual([expect.objectContaining({uploadId, fileName: 'my-passport.pdf', addedBy: 'candidate', addedAt: expect.any(String)})])
    expect(stored.history).toEqual([
      expect.objectContaining({by: CANDIDATE_ACCOUNT, note: `Document added by the candidate: my-passport.pdf (${PASSPORT_ITEM})`}),
    ])
    expect((await readIndexRows()).get(record.orderId)?.attachmentCount).toBe(1)

    // The portal: listed, the passport no longer missing, the action gone.
    const after = await overviewOf(cookie)
    expect(after.enrolments[0]!.documents!.uploaded.map((u) => u.fileName)).toEqual(['my-passport.pdf'])
    expect(after.enrolments[0]!.documents!.missing).not.toContain(PASSPORT_ITEM)
    expect(after.actions.map((a) => a.text)).not.toContain('Upload your Passport')

    // Staff: the detail lists it with the history line, and the download serves its bytes.
    const token = await loginToken()
    const detail = await callAs(adminDetailFn as never, getRequest(`/api/admin/enrollments/${record.orderId}`, token), {params: {orderId: record.orderId}})
    expect(detail.status).toBe(200)
    expect(detail.body.attachments).toEqual([expect.objectContaining({uploadId, fileName: 'my-passport.pdf', addedBy: 'candidate'})])
    expect(detail.body.history.at(-1)).toMatchObject({by: CANDIDATE_ACCOUNT, note: expect.stringContaining('my-passport.pdf')})
    const download = await adminDocumentFn(getRequest(`/api/admin/enrollments/${record.orderId}/documents/${uploadId}`, token), {
      ip: '203.0.113.9',
      params: {orderId: record.orderId, uploadId},
    } as never)
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(pdf))).toBe(true)

    // The upload notice: queued once, to staff, naming the file; posting again adds nothing.
    const again = await attach(cookie, record.orderId, {uploadId, checklistItem: PASSPORT_ITEM})
    expect(again.status).toBe(201)
    expect((await getEnrolment(record.orderId))!.attachments).toHaveLength(1)
    expect((await getEnrolment(record.orderId))!.history).toHaveLength(1)
    const notices = await noticesFor(uploadId)
    expect(notices).toHaveLength(1)
    expect(notices[0]!.subject).toBe(`Document added: my-passport.pdf, ${record.name}, Deck Cadet Program`)
    expect(notices[0]!.text).toContain('my-passport.pdf')
    expect(notices[0]!.to).not.toContain(email)
    expect(notices[0]!.replyTo?.address).toBe(email)
  })

  it('answers 401 without a session and 404 for another candidate’s order, changing nothing', async () => {
    const [a, b] = [freshAddress(), freshAddress()]
    const [recordA, recordB] = [await paidEnrolment(a), await paidEnrolment(b)]
    const uploadId = await uploaded()

    const anonymous = await attach(null, recordA.orderId, {uploadId})
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.error).toBe('Please sign in again')

    const cookieA = await sessionOf(a)
    const other = await attach(cookieA, recordB.orderId, {uploadId})
    expect(other.status).toBe(404)
    expect(other.body.error).toBe('Not found')
    const unknown = await attach(cookieA, 'order_doesnotexist123', {uploadId})
    expect(unknown.status).toBe(404)
    expect(unknown.body).toEqual(other.body)
    expect((await getEnrolment(recordB.orderId))!.attachments).toEqual([])
    expect(await noticesFor(uploadId)).toHaveLength(0)

    // A's own order still takes the upload: nothing above claimed it.
    expect((await attach(cookieA, recordA.orderId, {uploadId})).status).toBe(201)
  })

  it('refuses an unknown or unfinished upload (400) and one attached to another enrolment (409)', async () => {
    const email = freshAddress()
    const record = await paidEnrolment(email)
    const cookie = await sessionOf(email)

    const unknown = await attach(cookie, record.orderId, {uploadId: 'upl_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'})
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toMatch(/unknown or did not complete/)
    const malformed = await attach(cookie, record.orderId, {uploadId: '../../etc/passwd'})
    expect(malformed.status).toBe(400)

    const {uploadId: pending} = await startUpload({fileName: 'cdc.pdf', size: pdf.byteLength, contentType: 'application/pdf'})
    const unfinished = await attach(cookie, record.orderId, {uploadId: pending})
    expect(unfinished.status).toBe(400)
    expect(unfinished.body.error).toMatch(/did not complete/)

    // Attached to someone else's enrolment (by its form, or their portal): refused, theirs stays theirs.
    const other = await paidEnrolment(freshAddress())
    const theirs = await uploaded('their-passport.pdf')
    expect((await attach(await sessionOf(other.email), other.orderId, {uploadId: theirs})).status).toBe(201)
    const claimed = await attach(cookie, record.orderId, {uploadId: theirs})
    expect(claimed.status).toBe(409)
    expect(claimed.body.error).toBe('"their-passport.pdf" is already attached to another enrolment: please upload it again')
    expect((await getEnrolment(record.orderId))!.attachments).toEqual([])

    const badItem = await attach(cookie, record.orderId, {uploadId: await uploaded(), checklistItem: 'Driving licence'})
    expect(badItem.status).toBe(400)
    expect(badItem.body.details).toHaveProperty('checklistItem')
  })

  it('refuses a sixth document with the spec’s message (409) and keeps five', async () => {
    const email = freshAddress()
    const record = await paidEnrolment(email)
    const cookie = await sessionOf(email)
    for (let i = 0; i < 5; i++) expect((await attach(cookie, record.orderId, {uploadId: await uploaded(`doc-${i}.pdf`)})).status).toBe(201)
    const sixth = await uploaded('doc-5.pdf')
    const refused = await attach(cookie, record.orderId, {uploadId: sixth})
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe(FILES_SKIPPED_MESSAGE)
    expect(refused.body.error).toBe('Some files were skipped (allowed: PDF, DOC/DOCX, JPG, PNG; max 10MB each).')
    expect((await getEnrolment(record.orderId))!.attachments).toHaveLength(5)
    expect(await noticesFor(sixth)).toHaveLength(0)
    const documents = (await overviewOf(cookie)).enrolments[0]!.documents!
    expect(documents).toMatchObject({remaining: 0, canAdd: false, missing: []})
  })

  it('refuses a non-cadetship or closed enrolment (409); the upload edges refuse wrong types (415) and sizes (400)', async () => {
    const email = freshAddress()
    const presea = await paidEnrolment(email, {
      trainingProgram: 'pre-sea-training',
      trainingProgramName: 'Pre-Sea Training',
      course: 'PSF',
      courseName: 'Pre-Sea',
    })
    const cadet = await paidEnrolment(email)
    const cookie = await sessionOf(email)
    const notCadet = await attach(cookie, presea.orderId, {uploadId: await uploaded()})
    expect(notCadet.status).toBe(409)
    expect(notCadet.body.error).toBe('Documents are only for cadetship enrolments')

    await changeEnrolment(cadet.orderId, {status: 'cancelled'}, {kind: 'staff', account: 'staff@example.com'})
    const closed = await attach(cookie, cadet.orderId, {uploadId: await uploaded()})
    expect(closed.status).toBe(409)
    expect(closed.body.error).toBe('This enrolment is closed: documents can no longer be added')

    const start = (body: unknown) =>
      callAs(
        uploadStartFn as never,
        new Request('http://localhost/api/enroll/upload', {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)}),
      )
    const wrongType = await start({fileName: 'virus.exe', size: 100, contentType: 'application/octet-stream'})
    expect(wrongType.status).toBe(415)
    const tooBig = await start({fileName: 'scan.pdf', size: 10 * 1024 * 1024 + 1, contentType: 'application/pdf'})
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.error).toMatch(/larger than 10MB/)
  })

  it('leaves a candidate-added document to the retention job, which deletes it with the rest', async () => {
    const email = freshAddress()
    const record = await paidEnrolment(email)
    const cookie = await sessionOf(email)
    const uploadId = await uploaded()
    expect((await attach(cookie, record.orderId, {uploadId})).status).toBe(201)
    const staff = {kind: 'staff', account: 'staff@example.com'} as const
    const T = new Date('2026-03-01T09:00:00.000Z')
    await changeEnrolment(record.orderId, {status: 'contacted'}, staff, T)
    await changeEnrolment(record.orderId, {status: 'confirmed'}, staff, T)
    await changeEnrolment(record.orderId, {status: 'completed'}, staff, T)
    const result = await deleteExpiredDocuments({now: new Date(T.getTime() + 200 * 86_400_000), days: 180})
    expect(result.enrolments).toContain(record.orderId)
    await expect(readUpload(uploadId)).rejects.toThrow()
    expect((await getEnrolment(record.orderId))!.documentsDeletedAt).toBeTruthy()
  })
})

describe('PATCH /api/account/profile', () => {
  const VALID = {name: 'Juan Dela Cruz', dateOfBirth: '1998-04-12', nationality: 'Filipino'}

  it('stores the details on every enrolment with a history entry naming each change, for the certificate form', async () => {
    const email = freshAddress()
    const first = await paidEnrolment(email, {name: 'Juan D. Cruz'})
    const second = await paidEnrolment(email, {name: 'Juan D. Cruz'})
    const cookie = await sessionOf(email)
    expect((await overviewOf(cookie)).profile).toEqual({name: 'Juan D. Cruz', dateOfBirth: null, nationality: null, editable: true, updatedAt: null})

    const saved = await patchProfile(cookie, VALID)
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(saved.body).toMatchObject({...VALID, editable: true})
    for (const record of [first, second]) {
      const stored = (await getEnrolment(record.orderId))!
      expect(stored.certificateHolder).toMatchObject(VALID)
      expect(stored.name).toBe('Juan D. Cruz')
      expect(stored.history?.at(-1)).toMatchObject({
        by: CANDIDATE_ACCOUNT,
        note: [
          'Name for certificates changed by the candidate: Juan D. Cruz → Juan Dela Cruz',
          'Date of birth changed by the candidate: not given → 1998-04-12',
          'Nationality changed by the candidate: not given → Filipino',
        ].join('\n'),
      })
    }
    // The admin detail carries them (the certificate form starts from them).
    const token = await loginToken()
    const detail = await callAs(adminDetailFn as never, getRequest(`/api/admin/enrollments/${first.orderId}`, token), {params: {orderId: first.orderId}})
    expect(detail.body.certificateHolder).toMatchObject(VALID)

    // Only what changed is named; the same details again change nothing.
    await patchProfile(cookie, {...VALID, nationality: 'Indian'})
    expect((await getEnrolment(first.orderId))!.history?.at(-1)?.note).toBe('Nationality changed by the candidate: Filipino → Indian')
    const count = (await getEnrolment(first.orderId))!.history!.length
    await patchProfile(cookie, {...VALID, nationality: 'Indian'})
    expect((await getEnrolment(first.orderId))!.history).toHaveLength(count)
  })

  it('goes with an erasure: the details removed, the history lines no longer naming them', async () => {
    const email = freshAddress()
    const record = await paidEnrolment(email, {name: 'Maria Lopez'})
    expect((await patchProfile(await sessionOf(email), {...VALID, name: 'Maria Clara Lopez'})).status).toBe(200)
    await erasePerson(
      {email, reason: 'Asked by e-mail', confirm: email, objection: false},
      {actor: {type: 'staff', id: 'stf_owner', email: 'owner@maritime.example', name: 'Owner'}},
    )
    const erased = (await getEnrolment(record.orderId))!
    expect(erased.certificateHolder).toBeUndefined()
    const text = JSON.stringify(erased)
    for (const word of ['Maria', VALID.dateOfBirth, VALID.nationality]) expect(text).not.toContain(word)
    expect(erased.history?.find((entry) => entry.by === CANDIDATE_ACCOUNT)?.note).toBe(PROFILE_CHANGE_ERASED)
  })

  it('answers 400 with clear messages for bad input, 401 without a session', async () => {
    const email = freshAddress()
    await paidEnrolment(email)
    const cookie = await sessionOf(email)
    const cases: Array<[unknown, string, string]> = [
      [{...VALID, name: ''}, 'name', PROFILE_MESSAGES.nameRequired],
      [{...VALID, name: 'J'}, 'name', PROFILE_MESSAGES.nameShort],
      [{...VALID, name: 'Juan <script>'}, 'name', PROFILE_MESSAGES.nameInvalid],
      [{...VALID, dateOfBirth: '1998-02-30'}, 'dateOfBirth', PROFILE_MESSAGES.dateInvalid],
      [{...VALID, dateOfBirth: '2999-01-01'}, 'dateOfBirth', PROFILE_MESSAGES.dateFuture],
      [{...VALID, dateOfBirth: '1900-01-01'}, 'dateOfBirth', PROFILE_MESSAGES.dateAge],
      [{...VALID, nationality: '42'}, 'nationality', PROFILE_MESSAGES.nationalityInvalid],
    ]
    for (const [body, field, message] of cases) {
      const answer = await patchProfile(cookie, body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.details[field]).toContain(message)
    }
    expect((await patchProfile(cookie, {...VALID, extra: 1})).status).toBe(400)
    expect((await patchProfile(null, VALID)).status).toBe(401)
  })

  it('is locked (409) once a certificate was issued under the address, and the overview says so', async () => {
    const email = freshAddress()
    const record = await paidEnrolment(email)
    const cookie = await sessionOf(email)
    expect((await patchProfile(cookie, VALID)).status).toBe(200)
    const number = `MTC-BOSIET-2026-${String(10000 + addressCounter).padStart(5, '0')}`
    await openStore(STORES.certificates).setJSON(`cert/${number}`, {
      number,
      orderId: record.orderId,
      email,
      holderName: VALID.name,
      dateOfBirth: VALID.dateOfBirth,
      issuedAt: new Date().toISOString(),
      issuedOn: '2026-05-01',
      revokedOn: null,
    })
    const locked = await patchProfile(cookie, {...VALID, name: 'Someone Else'})
    expect(locked.status).toBe(409)
    expect(locked.body.error).toBe(PROFILE_LOCKED)
    expect(locked.body.error).toMatch(/after your first certificate/)
    expect((await getEnrolment(record.orderId))!.certificateHolder?.name).toBe(VALID.name)
    expect((await overviewOf(cookie)).profile).toMatchObject({...VALID, editable: false})
  })
})
