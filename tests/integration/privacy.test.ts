/**
 * Privacy requests (docs/requirements.md#req-privacy) on in-memory Blobs: the look-up by e-mail,
 * the export (the person's documents and none of anyone else's), the erasure (receipts keep their
 * numbers, revenue its sums; the certificate register keeps a valid certificate's holder unless
 * they object), idempotence, 404, 409, the erasure ledger re-applied after an older copy of the
 * records is put back, and the three endpoints' 401/403/400 and audit entries. A group booking's
 * contact person and one of its delegates: found, exported (a delegate sees only their own entry)
 * and erased in the booking record as in their enrolments, with the same pseudonym.
 */
import {unzipSync, strFromU8} from 'fflate'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import privacyFn from '#netlify/functions/admin-privacy'
import exportFn from '#netlify/functions/admin-privacy-export'
import eraseFn from '#netlify/functions/admin-privacy-erase'
import {openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import {createPending, getEnrolment, markPaid, type EnrolmentRecord} from '#netlify/services/enrolments/enrolments'
import {indexEnrolment, listIndexedEnrolments} from '#netlify/services/enrolments/index-store'
import {issueReceipt, receiptPdfOf} from '#netlify/services/enrolments/paid-enrolment'
import {claimUploads, completeUpload, putChunk, readUpload, startUpload} from '#netlify/services/uploads/uploads'
import {issueCertificate, findCertificate} from '#netlify/services/certificates/register'
import {acceptContactMessage} from '#netlify/services/enquiries/contact'
import {getOutboxRecord, listOutboxRecords} from '#netlify/services/mail/outbox'
import {queryAudit} from '#netlify/services/audit/audit'
import {erasePerson, reapplyErasures} from '#netlify/services/privacy/erasure'
import {readLedger} from '#netlify/services/privacy/ledger'
import {createGroupBookingRecord, getGroupBooking, groupBookingsStore, newGroupBookingId, type GroupBooking} from '#netlify/services/group-bookings/store'
import {lookupPerson} from '#netlify/services/privacy/lookup'
import {exportPerson} from '#netlify/services/privacy/export'
import {emailHash} from '#netlify/services/privacy/records'
import {parseSessionSecret} from '#netlify/services/admin/config'
import {signAdminToken} from '#netlify/services/admin/token'
import {createSession} from '#netlify/services/staff/sessions'
import {CONFIRM_MISMATCH_MESSAGE, NO_RECORDS_MESSAGE, PrivacyLookupSchema} from '#schemas/contracts/privacy'
import {revenueByMonth} from '#schemas/rules/revenue'
import {NO_ACCESS} from '#schemas/rules/staff-roles'
import {stubPdf} from '../helpers/stub-pdf'
import {callAs, loginToken, useAdminEnv} from './admin-fixtures'
import {newEnrolment} from './enrolment-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'
import {pdfText} from '../helpers/pdf-text'
import {staffMember} from './staff-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

/** 25 November 2026, 12:00 in Dubai. */
const NOW = new Date('2026-11-25T08:00:00.000Z')
const ACTOR = {type: 'staff' as const, id: 'stf_owner', email: 'owner@maritime.example', name: 'Owner'}

beforeEach(() => {
  vi.useFakeTimers({toFake: ['Date']})
  vi.setSystemTime(NOW)
  vi.stubEnv('SMTP_URL', '')
  vi.stubEnv('SITE_URL', 'https://www.example.com')
})
afterEach(() => vi.useRealTimers())

let people = 0
/** A fresh address per test (the stores are shared by the file). */
const newAddress = (name: string) => `${name}.${++people}@Example.com`

/** A completed PDF upload whose bytes carry `marker`. */
async function upload(fileName: string, marker: string) {
  const bytes = new TextEncoder().encode(`%PDF-1.4\n% ${marker}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`)
  const started = await startUpload({fileName, size: bytes.byteLength, contentType: 'application/pdf'})
  await putChunk(started.uploadId, '0', async () => bytes)
  return {attachment: await completeUpload(started.uploadId), bytes}
}

/**
 * A paid enrolment of `email` with two documents and its receipt (number, e-mail with the PDF); with
 * `refundMinor`, a processed refund of that much; with `status`, moved there after payment.
 */
async function paidEnrolment(email: string, name: string, options: {refundMinor?: number; status?: EnrolmentRecord['status']; course?: 'BOSIET'} = {}) {
  const docs = [await upload(`Passport ${name}.pdf`, `passport of ${email}`), await upload('../../cdc.pdf', `cdc of ${email}`)]
  const created = await createPending(
    newEnrolment('priv', {
      email,
      name,
      attachments: docs.map((d) => d.attachment),
      ...(options.course ? {trainingProgram: 'offshore-survival', trainingProgramName: 'Offshore Survival', course: 'BOSIET', courseName: 'BOSIET'} : {}),
    }),
    NOW,
  )
  await claimUploads(
    docs.map((d) => d.attachment.uploadId),
    created.orderId,
  )
  await markPaid(created.orderId, `pay_priv${String(people).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`, 'callback', {now: () => NOW})
  const issued = await issueReceipt(created.orderId, {now: NOW, renderReceiptPdf: stubPdf})
  expect(issued?.record.receiptNumber).toMatch(/^MTC-2026-\d{5}$/)
  if (options.refundMinor || options.status) {
    const {value} = await updateJSON<EnrolmentRecord>(openStore(STORES.enrolments), created.orderId, (current) => ({
      ...current!,
      status: options.status ?? 'partially-refunded',
      ...(options.refundMinor
        ? {
            refunds: [
              {
                id: 'rf_privacytest000001',
                amount: options.refundMinor,
                currency: 'USD',
                reason: 'duplicate-payment' as const,
                note: `Refunded to ${name} by card`,
                status: 'processed' as const,
                by: 'Owner <staff@maritime.example>',
                createdAt: NOW.toISOString(),
                idempotencyKey: `key-${created.orderId}`,
                statusBefore: 'paid' as const,
              },
            ],
          }
        : {}),
    }))
    await indexEnrolment(value!)
  }
  return {record: (await getEnrolment(created.orderId))!, docs}
}

const revenue = async () => revenueByMonth(await listIndexedEnrolments(), NOW)

describe('look-up and export', () => {
  it('lists every record that names the address, case-insensitively, by kind', async () => {
    const email = newAddress('lookup')
    const {record} = await paidEnrolment(email, 'Lena Lookup')
    await acceptContactMessage(
      {name: 'Lena Lookup', email: email.toUpperCase(), phone: '', subject: 'Course Information', message: 'When does the next course start?'},
      {client: '203.0.113.9', now: NOW},
    )
    const lookup = await lookupPerson(email.toLowerCase(), {now: NOW})
    expect(PrivacyLookupSchema.safeParse(lookup).success).toBe(true)
    expect(lookup.counts).toMatchObject({enrolments: 1, enquiries: 1, uploads: 2, waitlists: 0, certificates: 0, examAttempts: 0})
    // The receipt to the person, the staff notice of the payment and of the enquiry name them.
    expect(lookup.counts.outbox).toBeGreaterThanOrEqual(3)
    expect(lookup.records.enrolments[0]).toMatchObject({id: record.orderId, date: record.createdAt})
    expect(lookup.records.enquiries[0]!.record).not.toHaveProperty('ipHash')
  })

  it('an unknown address is 404', async () => {
    await expect(lookupPerson('nobody@example.com')).rejects.toMatchObject({kind: 'not-found', message: NO_RECORDS_MESSAGE})
    await expect(exportPerson('nobody@example.com')).rejects.toMatchObject({kind: 'not-found'})
  })

  it("the zip holds one JSON file per kind and the person's documents, and none of anyone else's", async () => {
    const email = newAddress('export')
    const other = newAddress('other')
    const mine = await paidEnrolment(email, 'Eva Export')
    const theirs = await paidEnrolment(other, 'Otto Other')
    const archive = await exportPerson(email.toLowerCase(), {now: NOW})
    expect(archive.fileName).toBe(`personal-data-${emailHash(email).slice(0, 12)}-2026-11-25.zip`)
    const files = unzipSync(archive.bytes)
    const names = Object.keys(files).sort()
    for (const kind of ['enrolments', 'groupBookings', 'enquiries', 'waitlists', 'certificates', 'examAttempts', 'outbox', 'uploads'])
      expect(names).toContain(`${kind}.json`)
    const documents = names.filter((n) => n.startsWith('documents/'))
    expect(documents).toEqual([`documents/${mine.record.orderId}/1-Passport_Eva_Export.pdf`, `documents/${mine.record.orderId}/2-cdc.pdf`])
    expect(files[documents[0]!]).toEqual(mine.docs[0]!.bytes)
    expect(files[documents[1]!]).toEqual(mine.docs[1]!.bytes)
    const everything = names.map((n) => strFromU8(files[n]!)).join('\n')
    expect(everything).toContain(`passport of ${email}`)
    expect(everything).not.toContain(other)
    expect(everything).not.toContain(theirs.record.orderId)
    expect(JSON.parse(strFromU8(files['enrolments.json']!))).toMatchObject([{orderId: mine.record.orderId, email}])
  })
})

describe('erasure', () => {
  it('erases names, contacts and documents, and keeps receipt numbers, amounts and revenue', async () => {
    const email = newAddress('erase')
    const {record, docs} = await paidEnrolment(email, 'Erin Erase', {refundMinor: 1000})
    await acceptContactMessage(
      {name: 'Erin Erase', email, phone: '+971 50 123 4567', subject: 'Course Information', message: 'Please call me, Erin.'},
      {client: '203.0.113.9', now: NOW},
    )
    const revenueBefore = await revenue()
    const receiptBefore = await getOutboxRecord(`receipt:${record.receiptNumber}`)
    expect(receiptBefore?.attachments).toHaveLength(1)

    const {erased, emailHash: hash} = await erasePerson(
      {email: email.toLowerCase(), reason: 'Asked by e-mail', confirm: email, objection: false},
      {actor: ACTOR, now: NOW},
    )
    expect(hash).toBe(emailHash(email))
    expect(erased).toMatchObject({enrolments: 1, enquiries: 1, uploads: 2, certificates: 0, waitlists: 0, examAttempts: 0})
    expect(erased.outbox).toBeGreaterThanOrEqual(3)

    const after = (await getEnrolment(record.orderId))!
    const pseudonym = `Erased person ${hash.slice(0, 6)}`
    expect(after).toMatchObject({
      name: pseudonym,
      email: `erased-${hash.slice(0, 12)}@erased.invalid`,
      mobile: 'Erased',
      attachments: [],
      receiptNumber: record.receiptNumber,
      amount: record.amount,
      amountMinor: record.amountMinor,
      paymentId: record.paymentId,
      paidAt: record.paidAt,
      status: 'partially-refunded',
    })
    expect(after.refunds).toMatchObject([{amount: 1000, status: 'processed', createdAt: NOW.toISOString(), note: `Refunded to ${pseudonym} by card`}])
    expect(after.history?.at(-1)).toMatchObject({by: 'Privacy erasure', at: NOW.toISOString()})
    for (const doc of docs) await expect(readUpload(doc.attachment.uploadId)).rejects.toMatchObject({kind: 'not-found'})

    // Revenue and the admin list: the same sums; the row carries the pseudonym.
    expect(await revenue()).toEqual(revenueBefore)
    const row = (await listIndexedEnrolments()).find((r) => r.orderId === record.orderId)!
    expect(row).toMatchObject({name: pseudonym, email: after.email, receiptNumber: record.receiptNumber, attachmentCount: 0})

    // The receipt keeps its number; its PDF is rendered again without the erased name.
    const receipt = (await getOutboxRecord(`receipt:${record.receiptNumber}`))!
    expect(receipt).toMatchObject({id: `receipt:${record.receiptNumber}`, attachments: [], to: [after.email]})
    expect(receipt.text).not.toContain('Erin')
    const pdf = (await receiptPdfOf(after))!
    expect(pdf.fileName).toContain(record.receiptNumber!)
    expect(pdfText(pdf.bytes)).toContain(pseudonym)
    expect(pdfText(pdf.bytes)).not.toContain('Erin')

    // Nothing names the person any more, anywhere.
    const stores = await Promise.all([listOutboxRecords(), listIndexedEnrolments()])
    expect(JSON.stringify(stores).toLowerCase()).not.toContain(email.toLowerCase())
    expect(JSON.stringify(stores)).not.toContain('Erin Erase')

    // The ledger keeps the hash, never the address.
    const ledger = await readLedger()
    expect(ledger.at(-1)).toMatchObject({emailHash: hash, reason: 'Asked by e-mail', actor: ACTOR, objection: false, at: NOW.toISOString()})
    expect(JSON.stringify(ledger).toLowerCase()).not.toContain(email.toLowerCase())
  })

  it('is idempotent: a second erasure answers counts of 0; the look-up shows the past erasure', async () => {
    const email = newAddress('twice')
    await paidEnrolment(email, 'Tom Twice')
    await erasePerson({email: email.toLowerCase(), reason: 'Request', confirm: email, objection: false}, {actor: ACTOR, now: NOW})
    const again = await erasePerson({email: email.toLowerCase(), reason: 'Request', confirm: email, objection: false}, {actor: ACTOR, now: NOW})
    expect(Object.values(again.erased).every((n) => n === 0)).toBe(true)
    const lookup = await lookupPerson(email.toLowerCase(), {now: NOW})
    expect(lookup.total).toBe(0)
    expect(lookup.erasures).toEqual([{at: NOW.toISOString(), objection: false}])
  })

  it('an unknown address is 404; a pending payment is 409 with the reason and changes nothing', async () => {
    await expect(
      erasePerson({email: 'unknown@example.com', reason: 'x', confirm: 'unknown@example.com', objection: false}, {actor: ACTOR}),
    ).rejects.toMatchObject({
      kind: 'not-found',
      message: NO_RECORDS_MESSAGE,
    })
    const email = newAddress('pending')
    const pending = await createPending(newEnrolment('priv', {email, name: 'Pia Pending'}), NOW)
    await expect(erasePerson({email: email.toLowerCase(), reason: 'x', confirm: email, objection: false}, {actor: ACTOR, now: NOW})).rejects.toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining(`A payment of this person is pending: order ${pending.orderId}`),
    })
    expect((await getEnrolment(pending.orderId))?.name).toBe('Pia Pending')
    expect((await readLedger()).some((entry) => entry.emailHash === emailHash(email))).toBe(false)
  })

  it('keeps a valid certificate holder in the register unless they object; an objection erases the name', async () => {
    const token = {renderCertificatePdf: stubPdf, deliver: false, now: NOW, account: 'Owner'}
    const certificateOf = async (email: string, name: string) => {
      const {record} = await paidEnrolment(email, name, {status: 'completed', course: 'BOSIET'})
      const {record: cert} = await issueCertificate(
        {orderId: record.orderId, holderName: name, dateOfBirth: '1990-03-12', idNumber: '12AB3456', courseStart: '2026-11-16', courseEnd: '2026-11-18'},
        token,
      )
      return cert
    }
    const keptEmail = newAddress('kept')
    const kept = await certificateOf(keptEmail, 'Karl Kept')
    const keptResult = await erasePerson({email: keptEmail.toLowerCase(), reason: 'Request', confirm: keptEmail, objection: false}, {actor: ACTOR, now: NOW})
    expect(keptResult.erased.certificates).toBe(1)
    expect(await findCertificate(kept.number)).toMatchObject({
      number: kept.number,
      holderName: 'Karl Kept',
      dateOfBirth: '1990-03-12',
      email: `erased-${emailHash(keptEmail).slice(0, 12)}@erased.invalid`,
      reminderSentAt: NOW.toISOString(),
    })

    const objectEmail = newAddress('object')
    const objected = await certificateOf(objectEmail, 'Olga Object')
    await erasePerson({email: objectEmail.toLowerCase(), reason: 'Request', confirm: objectEmail, objection: true}, {actor: ACTOR, now: NOW})
    expect(await findCertificate(objected.number)).toMatchObject({
      number: objected.number,
      issuedOn: objected.issuedOn,
      expiresOn: objected.expiresOn,
      holderName: `Erased person ${emailHash(objectEmail).slice(0, 6)}`,
      idNumber: null,
    })

    // Once the kept certificate is revoked, re-applying the ledger erases its holder's name too.
    await updateJSON(openStore(STORES.certificates), `cert/${kept.number}`, (current: Record<string, unknown> | null) => ({
      ...current!,
      revokedOn: '2026-11-25',
    }))
    expect((await reapplyErasures({now: NOW})).applied).toBeGreaterThanOrEqual(1)
    expect((await findCertificate(kept.number))?.holderName).toBe(`Erased person ${emailHash(keptEmail).slice(0, 6)}`)
  })

  it('re-applies the ledger after an older copy of the records is put back', async () => {
    const email = newAddress('restore')
    const {record, docs} = await paidEnrolment(email, 'Rita Restore')
    // The "backup": the records and document bytes as they were before the erasure.
    const enrolments = openStore(STORES.enrolments)
    const uploads = openStore(STORES.uploads)
    const oldRecord = await enrolments.get(record.orderId, {type: 'json'})
    const oldUploads = await Promise.all(
      docs.map(async (d) => ({
        id: d.attachment.uploadId,
        meta: await uploads.get(`${d.attachment.uploadId}/meta`, {type: 'json'}),
        chunk: await uploads.get(`${d.attachment.uploadId}/chunk/0`, {type: 'arrayBuffer'}),
      })),
    )
    await erasePerson({email: email.toLowerCase(), reason: 'Request', confirm: email, objection: false}, {actor: ACTOR, now: NOW})
    expect((await getEnrolment(record.orderId))?.name).not.toBe('Rita Restore')

    // The restore of the older copy.
    await enrolments.setJSON(record.orderId, oldRecord)
    for (const u of oldUploads) {
      await uploads.setJSON(`${u.id}/meta`, u.meta)
      await uploads.set(`${u.id}/chunk/0`, u.chunk!)
    }
    await indexEnrolment(oldRecord as EnrolmentRecord)
    expect((await getEnrolment(record.orderId))?.name).toBe('Rita Restore')
    expect((await readUpload(docs[0]!.attachment.uploadId)).bytes).toEqual(docs[0]!.bytes)

    const {applied} = await reapplyErasures({now: NOW})
    expect(applied).toBeGreaterThanOrEqual(3)
    const after = (await getEnrolment(record.orderId))!
    expect(after).toMatchObject({name: `Erased person ${emailHash(email).slice(0, 6)}`, attachments: [], receiptNumber: record.receiptNumber})
    for (const doc of docs) await expect(readUpload(doc.attachment.uploadId)).rejects.toMatchObject({kind: 'not-found'})
    expect((await lookupPerson(email.toLowerCase(), {now: NOW})).total).toBe(0)
    // A second run finds nothing more to do.
    expect((await reapplyErasures({now: NOW})).applied).toBe(0)

    // The person comes back after their erasure: their new enrolment is theirs, never erased again.
    const later = new Date(NOW.getTime() + 24 * 60 * 60 * 1000)
    const back = await createPending(newEnrolment('priv', {email, name: 'Rita Restore'}), later)
    expect((await reapplyErasures({now: later})).applied).toBe(0)
    expect((await getEnrolment(back.orderId))?.name).toBe('Rita Restore')
  })
})

/**
 * A paid group booking of 3 seats made by `contact` for Acme Shipping, with seats 1 (`delegate`)
 * and 2 (`other`) named: the booking record, its order (an enrolment of the contact) and each
 * delegate's enrolment, written directly as the booking flow leaves them.
 */
async function groupBooking(contact: string, delegate: string, other: string) {
  const enrol = async (fields: Partial<EnrolmentRecord>, orderId?: string) => {
    const created = await createPending(newEnrolment('grp', {...(orderId ? {orderId} : {}), email: fields.email!, name: fields.name!}), NOW)
    const {value} = await updateJSON<EnrolmentRecord>(openStore(STORES.enrolments), created.orderId, (current) => ({
      ...current!,
      ...fields,
      status: 'paid',
      paidAt: NOW.toISOString(),
    }))
    await indexEnrolment(value!)
    return value!
  }
  const bookingId = newGroupBookingId()
  const order = await enrol({email: contact, name: 'Carla Contact', mobile: '+91 98765 43210'})
  const at = NOW.toISOString()
  const seat = (slot: number, email: string, name: string, dateOfBirth: string) => ({
    slot,
    orderId: `${order.orderId}_d0${slot}`,
    name,
    email,
    dateOfBirth,
    nationality: 'Indian',
    indos: `20AB${slot}234`,
    version: 1,
    namedAt: at,
    updatedAt: at,
  })
  const booking: GroupBooking = {
    bookingId,
    key: 'k'.repeat(22),
    orderId: order.orderId,
    batch: {id: 'batch-bosiet-dec', startDate: '2026-12-14', endDate: '2026-12-16', city: 'Sharjah', venue: null, country: 'AE'},
    trainingProgram: 'offshore-survival',
    course: 'BOSIET',
    courseName: 'BOSIET',
    company: {
      name: 'Acme Shipping',
      contactName: 'Carla Contact',
      email: contact.toLowerCase(),
      phone: '+91 98765 43210',
      address: '1 Harbour Road, Mumbai',
      country: 'IN',
      taxId: '27AAPFU0939F1ZV',
      poNumber: 'PO-778',
    },
    currency: 'USD',
    quote: {seats: 3, unitMinor: 50000, subtotalMinor: 150000, discountPercent: 0, discountMinor: 0, totalMinor: 150000},
    payBy: 'card',
    delegates: [seat(1, delegate.toLowerCase(), 'Dev Delegate', '1991-04-02'), seat(2, other.toLowerCase(), 'Omar Other', '1988-09-30')],
    createdAt: at,
    updatedAt: at,
  }
  await createGroupBookingRecord(booking)
  const named = {delegateOf: {bookingId, company: 'Acme Shipping', slot: 0}, history: [{at, by: 'Carla Contact (Acme Shipping)', note: 'Named as delegate'}]}
  const seats = [
    await enrol(
      {
        ...named,
        email: delegate,
        name: 'Dev Delegate',
        certificateHolder: {name: 'Dev Delegate', dateOfBirth: '1991-04-02', nationality: 'Indian', updatedAt: at},
      },
      booking.delegates[0]!.orderId,
    ),
    await enrol({...named, email: other, name: 'Omar Other'}, booking.delegates[1]!.orderId),
  ]
  return {booking, order, seats}
}

describe('group bookings', () => {
  it('look-up and export: the contact person gets the booking as stored, a delegate only their own entry', async () => {
    const contact = newAddress('contact')
    const delegate = newAddress('delegate')
    const other = newAddress('other')
    const {booking} = await groupBooking(contact, delegate, other)

    const asContact = await lookupPerson(contact.toLowerCase(), {now: NOW})
    expect(PrivacyLookupSchema.safeParse(asContact).success).toBe(true)
    expect(asContact.counts).toMatchObject({groupBookings: 1, enrolments: 1})
    expect(asContact.records.groupBookings).toEqual([
      {id: booking.bookingId, label: 'Acme Shipping · BOSIET · contact person, 3 seats', date: booking.createdAt, record: booking},
    ])
    const contactZip = unzipSync((await exportPerson(contact.toLowerCase(), {now: NOW})).bytes)
    expect(JSON.parse(strFromU8(contactZip['groupBookings.json']!))).toEqual([booking])

    const asDelegate = await lookupPerson(delegate.toLowerCase(), {now: NOW})
    expect(asDelegate.counts).toMatchObject({groupBookings: 1, enrolments: 1})
    expect(asDelegate.records.groupBookings[0]).toMatchObject({
      id: booking.bookingId,
      label: 'Acme Shipping · BOSIET · delegate (seat 1)',
      date: NOW.toISOString(),
    })
    const delegateZip = unzipSync((await exportPerson(delegate.toLowerCase(), {now: NOW})).bytes)
    const exported = strFromU8(delegateZip['groupBookings.json']!)
    expect(JSON.parse(exported)).toEqual([
      {
        bookingId: booking.bookingId,
        company: {name: 'Acme Shipping'},
        course: 'BOSIET',
        courseName: 'BOSIET',
        batch: {id: 'batch-bosiet-dec', startDate: '2026-12-14', endDate: '2026-12-16'},
        delegates: [booking.delegates[0]],
      },
    ])
    // Nobody else's details: not the other delegate's, not the contact's, not the company's.
    for (const text of [
      other.toLowerCase(),
      'Omar Other',
      '1988-09-30',
      '20AB2234',
      contact.toLowerCase(),
      '+91 98765 43210',
      '27AAPFU0939F1ZV',
      'Harbour',
      booking.key,
    ])
      expect(exported).not.toContain(text)
  })

  it('erasure: the delegate entry and the contact get the pseudonyms of their enrolments; the company keeps its details; re-applied after a restore', async () => {
    const contact = newAddress('contact')
    const delegate = newAddress('delegate')
    const other = newAddress('other')
    const {booking, order, seats} = await groupBooking(contact, delegate, other)
    const stored = await groupBookingsStore().get(booking.bookingId, {type: 'json'})

    // The delegate.
    const delegateHash = emailHash(delegate)
    const byDelegate = await erasePerson({email: delegate.toLowerCase(), reason: 'Request', confirm: delegate, objection: false}, {actor: ACTOR, now: NOW})
    expect(byDelegate.erased).toMatchObject({groupBookings: 1, enrolments: 1})
    const afterDelegate = (await getGroupBooking(booking.bookingId))!
    const {indos: _indos, ...seatOne} = booking.delegates[0]!
    expect(afterDelegate.delegates[0]).toEqual({
      ...seatOne,
      name: `Erased person ${delegateHash.slice(0, 6)}`,
      email: `erased-${delegateHash.slice(0, 12)}@erased.invalid`,
      dateOfBirth: '',
      nationality: '',
    })
    expect(afterDelegate.delegates[1]).toEqual(booking.delegates[1])
    expect(afterDelegate.company).toEqual(booking.company)
    const delegateEnrolment = (await getEnrolment(seats[0]!.orderId))!
    expect([delegateEnrolment.name, delegateEnrolment.email]).toEqual([afterDelegate.delegates[0]!.name, afterDelegate.delegates[0]!.email])
    expect(JSON.stringify([afterDelegate, delegateEnrolment])).not.toMatch(/Dev Delegate|1991-04-02|20AB1234/)

    // The contact person.
    const contactHash = emailHash(contact)
    const byContact = await erasePerson({email: contact.toLowerCase(), reason: 'Request', confirm: contact, objection: false}, {actor: ACTOR, now: NOW})
    expect(byContact.erased).toMatchObject({groupBookings: 1, enrolments: 1})
    const afterContact = (await getGroupBooking(booking.bookingId))!
    const pseudonym = {contactName: `Erased person ${contactHash.slice(0, 6)}`, email: `erased-${contactHash.slice(0, 12)}@erased.invalid`}
    expect(afterContact.company).toEqual({...booking.company, ...pseudonym, phone: 'Erased'})
    expect(afterContact.delegates).toEqual(afterDelegate.delegates)
    expect(afterContact.quote).toEqual(booking.quote)
    const orderAfter = (await getEnrolment(order.orderId))!
    expect([orderAfter.name, orderAfter.email, orderAfter.mobile]).toEqual([pseudonym.contactName, pseudonym.email, 'Erased'])
    // Who named the other delegate no longer names the contact either.
    const otherEnrolment = (await getEnrolment(seats[1]!.orderId))!
    expect(otherEnrolment).toMatchObject({name: 'Omar Other', history: [{by: `${pseudonym.contactName} (Acme Shipping)`}]})
    const rows = (await listIndexedEnrolments()).filter((row) => row.orderId.startsWith(order.orderId))
    expect(rows).toHaveLength(3)
    expect(JSON.stringify([afterContact, otherEnrolment, rows])).not.toMatch(/Carla Contact|98765 43210/)
    expect(JSON.stringify(afterContact).toLowerCase()).not.toContain(contact.toLowerCase())

    // Again: nothing left to change.
    const again = await erasePerson({email: contact.toLowerCase(), reason: 'Request', confirm: contact, objection: false}, {actor: ACTOR, now: NOW})
    expect(Object.values(again.erased).every((n) => n === 0)).toBe(true)
    expect((await lookupPerson(contact.toLowerCase(), {now: NOW})).total).toBe(0)

    // An older copy of the booking put back is erased again by the ledger, then left alone.
    await groupBookingsStore().setJSON(booking.bookingId, stored)
    expect((await lookupPerson(delegate.toLowerCase(), {now: NOW})).counts.groupBookings).toBe(1)
    expect((await reapplyErasures({now: NOW})).applied).toBeGreaterThanOrEqual(1)
    const reapplied = (await getGroupBooking(booking.bookingId))!
    expect(reapplied.company).toEqual(afterContact.company)
    expect(reapplied.delegates).toEqual(afterContact.delegates)
    expect((await reapplyErasures({now: NOW})).applied).toBe(0)
  })
})

describe('the endpoints', () => {
  const get = (token: string | null, query: string) =>
    callAs(privacyFn, new Request(`http://localhost/api/admin/privacy${query}`, {headers: token ? {authorization: `Bearer ${token}`} : {}}))
  const post = (fn: typeof exportFn, path: string, token: string | null, body: unknown) =>
    fn(
      new Request(`http://localhost${path}`, {
        method: 'POST',
        headers: {'content-type': 'application/json', ...(token ? {authorization: `Bearer ${token}`} : {})},
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
      {} as never,
    )
  const financeToken = async () => {
    const {record} = await staffMember('finance')
    const session = await createSession(record.id, {address: '198.51.100.9', userAgent: 'vitest'})
    return (await signAdminToken({staffId: record.id, sessionId: session.id}, parseSessionSecret())).token
  }

  it('answer 401 without a token and 403 to a role other than the owner', async () => {
    expect((await get(null, '?email=a@example.com')).status).toBe(401)
    expect((await post(exportFn, '/api/admin/privacy/export', null, {email: 'a@example.com'})).status).toBe(401)
    expect((await post(eraseFn, '/api/admin/privacy/erase', null, {email: 'a@example.com'})).status).toBe(401)
    const finance = await financeToken()
    const refused = await get(finance, '?email=a@example.com')
    expect([refused.status, refused.body]).toEqual([403, {error: NO_ACCESS}])
    expect((await post(exportFn, '/api/admin/privacy/export', finance, {email: 'a@example.com'})).status).toBe(403)
    expect((await post(eraseFn, '/api/admin/privacy/erase', finance, {email: 'a@example.com', reason: 'x', confirm: 'a@example.com'})).status).toBe(403)
  })

  it('answer 400 for a bad address, a missing reason or a confirmation that differs, and 404 for an unknown address', async () => {
    const token = await loginToken()
    expect((await get(token, '')).status).toBe(400)
    expect((await get(token, '?email=not-an-address')).body).toEqual({
      error: 'Enter a valid e-mail address, like name@example.com',
      details: expect.any(Object),
    })
    expect((await get(token, '?email=nobody%40example.com')).body).toEqual({error: NO_RECORDS_MESSAGE})
    const mismatch = await post(eraseFn, '/api/admin/privacy/erase', token, {email: 'a@example.com', reason: 'Request', confirm: 'b@example.com'})
    expect(mismatch.status).toBe(400)
    expect(await mismatch.json()).toMatchObject({error: CONFIRM_MISMATCH_MESSAGE, details: {confirm: [CONFIRM_MISMATCH_MESSAGE]}})
    const noReason = await post(eraseFn, '/api/admin/privacy/erase', token, {email: 'a@example.com', reason: ' ', confirm: 'a@example.com'})
    expect([noReason.status, (await noReason.json()).error]).toEqual([400, 'Give the reason for the erasure'])
    expect((await post(exportFn, '/api/admin/privacy/export', token, 'email=a@example.com')).status).toBe(400)
    expect((await post(exportFn, '/api/admin/privacy/export', token, {email: 'nobody@example.com'})).status).toBe(404)
  })

  it('look up, export (a zip, attachment, no-store) and erase as the owner, each look-up, export and erasure in the audit log by hash', async () => {
    const token = await loginToken()
    const email = newAddress('edge')
    await paidEnrolment(email, 'Edda Edge')
    const found = await get(token, `?email=${encodeURIComponent(email)}`)
    expect(found.status).toBe(200)
    expect(found.body).toMatchObject({email: email.toLowerCase(), counts: {enrolments: 1, uploads: 2}})
    expect(found.body).not.toHaveProperty('found')

    const exported = await post(exportFn, '/api/admin/privacy/export', token, {email})
    expect(exported.status).toBe(200)
    expect(exported.headers.get('content-type')).toBe('application/zip')
    expect(exported.headers.get('cache-control')).toContain('no-store')
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="personal-data-[0-9a-f]{12}-2026-11-25\.zip"/)
    expect(Object.keys(unzipSync(new Uint8Array(await exported.arrayBuffer())))).toContain('enrolments.json')

    const erased = await post(eraseFn, '/api/admin/privacy/erase', token, {email, reason: 'Asked in writing', confirm: email.toUpperCase(), objection: false})
    expect(erased.status).toBe(200)
    expect(await erased.json()).toMatchObject({erased: {enrolments: 1, uploads: 2}})

    const hash = emailHash(email)
    const audit = await queryAudit({target: `person:${hash}`})
    expect(audit.rows.map((row) => row.action).sort()).toEqual(['privacy-erasure', 'privacy-export', 'privacy-lookup'])
    const erasure = audit.rows.find((row) => row.action === 'privacy-erasure')!
    expect(erasure.summary).toMatchObject({reason: 'Asked in writing', objection: false, erased: {enrolments: 1, uploads: 2}})
    expect(JSON.stringify(audit.rows).toLowerCase()).not.toContain(email.toLowerCase())
  })
})
