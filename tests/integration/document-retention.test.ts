/**
 * Document retention (docs/requirements.md#req-document-retention) on in-memory Blobs with an
 * injected clock: an enrolment's uploaded documents are deleted the set number of days after it
 * was completed, cancelled or refunded (not a day before), never while it is paid; the
 * enrolment is marked, one `documents-deleted` audit entry (system) is written per enrolment,
 * a second run changes and counts nothing, and a deleted document's download answers 410.
 */
import {describe, expect, it} from 'vitest'
import documentFn from '#netlify/functions/admin-enrolment-document'
import retentionFn from '#netlify/functions/document-retention'
import {openStore, STORES} from '#netlify/platform/blobs'
import {queryAudit} from '#netlify/services/audit/audit'
import {changeEnrolment, createPending, getEnrolment, markPaid, type EnrolmentRecord} from '#netlify/services/enrolments/enrolments'
import {readIndexRows} from '#netlify/services/enrolments/index-store'
import {deleteExpiredDocuments, documentRetentionDays} from '#netlify/services/uploads/retention'
import {claimUploads, completeUpload, putChunk, startUpload} from '#netlify/services/uploads/uploads'
import {DEFAULT_DOCUMENT_RETENTION_DAYS, documentsDue, retentionDays, statusSince} from '#schemas/rules/document-retention'
import {useBlobs} from '../helpers/blobs'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {newEnrolment} from './enrolment-fixtures'

useBlobs()
useAdminEnv()

const DAY = 86_400_000
const T0 = new Date('2026-01-10T09:00:00.000Z')
const at = (days: number, ms = 0) => new Date(T0.getTime() + days * DAY + ms)
const STAFF = {kind: 'staff', account: 'Owner <staff@maritime.example>'} as const

const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')

/** A paid enrolment (paid at T0) with `documents` uploads attached. */
async function paidWithDocuments(documents = 2): Promise<EnrolmentRecord> {
  const base = newEnrolment('keep', {
    trainingProgram: 'cadetship-training',
    trainingProgramName: 'Cadetship Training',
    course: 'deck-cadet',
    courseName: 'Deck Cadet Program',
  })
  const attachments = []
  for (let i = 0; i < documents; i++) {
    const {uploadId} = await startUpload({fileName: `passport-${i}.pdf`, size: pdf.byteLength, contentType: 'application/pdf'})
    await putChunk(uploadId, '0', async () => pdf)
    attachments.push(await completeUpload(uploadId))
  }
  await claimUploads(
    attachments.map((a) => a.uploadId),
    base.orderId,
  )
  await createPending({...base, attachments}, at(-1))
  return (await markPaid(base.orderId, `pay_${base.orderId.slice(-12)}x`, 'webhook', {now: () => T0})).record
}

/** Moves a paid enrolment to `completed` (through contacted and confirmed) on day `day`. */
async function completedOn(day: number, documents = 2): Promise<EnrolmentRecord> {
  const record = await paidWithDocuments(documents)
  await changeEnrolment(record.orderId, {status: 'contacted'}, STAFF, at(day - 2))
  await changeEnrolment(record.orderId, {status: 'confirmed'}, STAFF, at(day - 1))
  return changeEnrolment(record.orderId, {status: 'completed'}, STAFF, at(day))
}

/** How many of the record's documents still have bytes (chunks) or a record in the uploads store (one chunk each here). */
const uploadsLeft = async (record: EnrolmentRecord) => {
  const uploads = openStore(STORES.uploads)
  const left = await Promise.all(
    record.attachments.map(async (a) => {
      const [chunks, meta] = await Promise.all([uploads.list({prefix: `${a.uploadId}/chunk/`}), uploads.get(`${a.uploadId}/meta`)])
      return chunks.blobs.length + (meta === null ? 0 : 1) > 0 ? 1 : (0 as number)
    }),
  )
  return left.reduce((sum, n) => sum + n, 0)
}
const deletionEntries = async (orderId: string) => (await queryAudit({action: 'documents-deleted', target: `enrolment:${orderId}`})).rows

describe('the retention rule', () => {
  it('defaults to 180 days for an absent or invalid setting, and reads the seed setting', async () => {
    expect(retentionDays(undefined)).toBe(DEFAULT_DOCUMENT_RETENTION_DAYS)
    expect(retentionDays(null)).toBe(180)
    expect(retentionDays(0)).toBe(180)
    expect(retentionDays(2.5)).toBe(180)
    expect(retentionDays('30')).toBe(180)
    expect(retentionDays(30)).toBe(30)
    expect(await documentRetentionDays()).toBe(180)
  })

  it('counts from the last move into the closing status, strictly more than the days', () => {
    const record = {
      status: 'completed',
      updatedAt: '2026-09-01T00:00:00.000Z',
      history: [{at: '2026-01-01T00:00:00.000Z', to: 'completed'}, {at: '2026-03-01T00:00:00.000Z'}],
    }
    expect(statusSince(record)).toBe('2026-01-01T00:00:00.000Z')
    expect(documentsDue(record, 10, new Date('2026-01-11T00:00:00.000Z'))).toBe(false)
    expect(documentsDue(record, 10, new Date('2026-01-11T00:00:00.001Z'))).toBe(true)
    expect(documentsDue({...record, status: 'paid'}, 10, new Date('2027-01-01T00:00:00.000Z'))).toBe(false)
    expect(statusSince({status: 'cancelled', updatedAt: '2026-05-05T00:00:00.000Z'})).toBe('2026-05-05T00:00:00.000Z')
  })
})

describe('deleteExpiredDocuments', () => {
  it('deletes a completed enrolment’s documents after the set days, not before; marks it; one audit entry', async () => {
    const record = await completedOn(10)
    expect(await uploadsLeft(record)).toBe(2)

    const early = await deleteExpiredDocuments({now: at(10 + 30), days: 30})
    expect(early.enrolments).not.toContain(record.orderId)
    expect(await uploadsLeft(record)).toBe(2)
    expect((await getEnrolment(record.orderId))?.documentsDeletedAt).toBeUndefined()

    const due = await deleteExpiredDocuments({now: at(10 + 30, 1), days: 30})
    expect(due.enrolments).toContain(record.orderId)
    expect(due.documents).toBeGreaterThanOrEqual(2)
    expect(await uploadsLeft(record)).toBe(0)
    const marked = await getEnrolment(record.orderId)
    expect(marked?.documentsDeletedAt).toBe(at(40, 1).toISOString())
    expect(marked?.documentsDeletionPending).toBeUndefined()
    expect(marked?.attachments).toHaveLength(2)
    expect((await readIndexRows()).get(record.orderId)?.documentsDeletedAt).toBe(at(40, 1).toISOString())

    const entries = await deletionEntries(record.orderId)
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      actor: {type: 'system'},
      action: 'documents-deleted',
      target: {type: 'enrolment', id: record.orderId},
      at: at(40, 1).toISOString(),
      summary: {documents: 2, status: 'completed', statusSince: at(10).toISOString(), retentionDays: 30},
    })

    const again = await deleteExpiredDocuments({now: at(100), days: 30})
    expect(again.enrolments).not.toContain(record.orderId)
    expect(again.checked).toBe(0)
    expect(again.documents).toBe(0)
    expect(await deletionEntries(record.orderId)).toHaveLength(1)
    expect((await getEnrolment(record.orderId))?.documentsDeletedAt).toBe(at(40, 1).toISOString())
  })

  it('deletes cancelled and refunded enrolments’ documents likewise; leaves paid ones and young ones', async () => {
    const cancelled = await paidWithDocuments(1)
    await changeEnrolment(cancelled.orderId, {status: 'cancelled'}, STAFF, at(5))
    const refunded = await paidWithDocuments(1)
    await changeEnrolment(refunded.orderId, {status: 'refunded', note: 'Refund of 350000 USD'}, {kind: 'refund', account: 'Owner'}, at(6))
    const paid = await paidWithDocuments(1)
    const youngCancelled = await paidWithDocuments(1)
    await changeEnrolment(youngCancelled.orderId, {status: 'cancelled'}, STAFF, at(7))

    const result = await deleteExpiredDocuments({now: at(7 + 1, -1), days: 1})
    expect(result.enrolments).toEqual(expect.arrayContaining([cancelled.orderId, refunded.orderId]))
    expect(result.enrolments).not.toContain(paid.orderId)
    expect(result.enrolments).not.toContain(youngCancelled.orderId)
    expect(await uploadsLeft(cancelled)).toBe(0)
    expect(await uploadsLeft(refunded)).toBe(0)
    expect(await uploadsLeft(paid)).toBe(1)
    expect(await uploadsLeft(youngCancelled)).toBe(1)
    expect(await deletionEntries(cancelled.orderId)).toHaveLength(1)
    expect((await deletionEntries(refunded.orderId))[0]?.summary).toMatchObject({status: 'refunded', documents: 1})
    expect(await deletionEntries(paid.orderId)).toHaveLength(0)
    expect((await getEnrolment(paid.orderId))?.documentsDeletedAt).toBeUndefined()

    // A paid enrolment is never touched, however old.
    await deleteExpiredDocuments({now: at(5000), days: 1})
    expect(await uploadsLeft(paid)).toBe(1)
    expect(await uploadsLeft(youngCancelled)).toBe(0)
  })

  it('finishes a deletion a stopped run claimed, without counting a document twice', async () => {
    const record = await completedOn(3, 2)
    // A run stopped after its claim and one file: the claim is pending, the index row unmarked.
    const {claimDocumentsDeletion} = await import('#netlify/services/enrolments/enrolments')
    const claim = await claimDocumentsDeletion(record.orderId, () => true, at(50))
    expect(claim.outcome).toBe('claimed')
    const uploads = openStore(STORES.uploads)
    const first = record.attachments[0]!.uploadId
    for (const {key} of (await uploads.list({prefix: `${first}/`})).blobs) await uploads.delete(key)
    expect((await readIndexRows()).get(record.orderId)?.documentsDeletedAt).toBeUndefined()

    const result = await deleteExpiredDocuments({now: at(51), days: 1})
    expect(result.enrolments).toContain(record.orderId)
    expect(await uploadsLeft(record)).toBe(0)
    expect(await deletionEntries(record.orderId)).toHaveLength(1)
    expect((await getEnrolment(record.orderId))?.documentsDeletedAt).toBe(at(50).toISOString())
    const concurrent = await Promise.all([deleteExpiredDocuments({now: at(52), days: 1}), deleteExpiredDocuments({now: at(52), days: 1})])
    expect(concurrent.flatMap((r) => r.enrolments)).not.toContain(record.orderId)
    expect(await deletionEntries(record.orderId)).toHaveLength(1)
  })

  it('runs from the scheduled function with the Studio setting (180 days by default)', async () => {
    const old = await paidWithDocuments(1)
    await changeEnrolment(old.orderId, {status: 'cancelled'}, STAFF, new Date(Date.now() - 181 * DAY))
    const recent = await paidWithDocuments(1)
    await changeEnrolment(recent.orderId, {status: 'cancelled'}, STAFF, new Date(Date.now() - 179 * DAY))
    const response = await retentionFn(new Request('http://localhost/.netlify/functions/document-retention', {method: 'POST', body: '{"next_run":null}'}))
    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({days: 180, enrolments: 1, documents: 1})
    expect((await getEnrolment(old.orderId))?.documentsDeletedAt).toBeDefined()
    expect(await uploadsLeft(old)).toBe(0)
    expect((await getEnrolment(recent.orderId))?.documentsDeletedAt).toBeUndefined()
    expect(await uploadsLeft(recent)).toBe(1)
  })
})

describe('downloading a document', () => {
  const path = (orderId: string, uploadId: string) => `/api/admin/enrollments/${orderId}/documents/${uploadId}`

  it('answers no-store, an attachment with a safe name; 410 with a clear message once deleted', async () => {
    const token = await loginToken()
    const record = await completedOn(1, 1)
    const uploadId = record.attachments[0]!.uploadId
    const params = {orderId: record.orderId, uploadId}
    const ok = await documentFn(getRequest(path(record.orderId, uploadId), token), {ip: '203.0.113.9', params} as never)
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('no-store')
    expect(ok.headers.get('content-disposition')).toBe(`attachment; filename="passport-0.pdf"; filename*=UTF-8''passport-0.pdf`)
    expect(new Uint8Array(await ok.arrayBuffer())).toEqual(pdf)

    await deleteExpiredDocuments({now: at(1 + 2), days: 1})
    const gone = await callAs(documentFn, getRequest(path(record.orderId, uploadId), token), {params})
    expect(gone.status).toBe(410)
    expect(gone.body).toEqual({
      error: `This document was deleted on ${at(3).toISOString().slice(0, 10)} under the document retention period and can no longer be downloaded.`,
    })
    expect(gone.headers.get('cache-control')).toBe('no-store')
  })
})
