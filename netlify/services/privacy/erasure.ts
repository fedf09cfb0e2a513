/**
 * Erasure of a person's data (docs/requirements.md#req-privacy), and its re-application after a
 * restore of an older backup. HTTP-free; every write to a shared record is a conditional write
 * (updateJSON) that checks again, on the record as it is then, that it still names the person.
 *
 * What an erasure does to the records that name the person (./records.ts):
 * - enrolments: name and address become a pseudonym (`Erased person 1a2b3c`,
 *   `erased-…@erased.invalid`), the mobile becomes `Erased`, staff notes lose the person's name and
 *   address, the name, date of birth and nationality given for certificates are removed, the
 *   documents' bytes are deleted and the list of them emptied, and a history entry
 *   says so. Kept, as the law requires of a business: the amounts, currency, payment id and dates,
 *   the receipt number, the refunds (amounts, dates, states) and installments; revenue and receipt
 *   numbering are unchanged (a receipt downloaded again is rendered with the pseudonym).
 * - group bookings: a delegate's entry gets the pseudonymous name and address, and loses the date
 *   of birth, nationality and INDoS number (kept: the seat, its enrolment's order id, the version
 *   and the dates); the contact person's name and address become the pseudonym and the phone
 *   `Erased`, and the staff note of a cancellation and the history of the booking's delegates'
 *   enrolments (who named them) lose the contact's name and address. Kept: the company's name,
 *   address, tax number and PO number, the quote, the pro-forma and the payment. The group order
 *   and the delegates' enrolments are enrolments (above), erased with the same pseudonym.
 * - enquiries: name, address, phone and message erased; subject and date kept.
 * - waitlists: the person's places removed.
 * - certificates: the register entry stays. Its address becomes the pseudonymous one and no
 *   expiry reminder goes out; the holder's name, date of birth and ID number stay only while the
 *   certificate is valid and the person has not objected, else they are erased too (the
 *   certificate can then no longer be verified by date of birth).
 * - outbox messages: recipients and Reply-To that are the person become the pseudonym, the body
 *   and the attachments' bytes are erased, the subject loses the person's name and address, and
 *   a message not sent yet is never sent (`failed`).
 * - practice exam attempts kept with a My training account: deleted.
 * - a pending "Ask us to erase my data" request of the address: closed (deleted) once the
 *   erasure is done (netlify/services/account/privacy.ts).
 *
 * Refused (409) while a payment of theirs is pending: an order awaiting its payment, a refund the
 * gateway has not finished, an open installment payment link. An address nothing names answers
 * 404, unless it was erased before: then the erasure is a no-op answering counts of 0.
 *
 * The erasure ledger (./ledger.ts) gets its entry before the records are changed, so an erasure
 * interrupted half-way is finished by reapplyErasures.
 */
import {CANDIDATE_ACCOUNT, PROFILE_CHANGE_ERASED} from '#schemas/contracts/account'
import {NO_RECORDS_MESSAGE, PRIVACY_KINDS, type PrivacyCounts, type PrivacyEraseBody} from '#schemas/contracts/privacy'
import type {AuditActor} from '#schemas/contracts/audit'
import {providerToday} from '#schemas/rules/batches'
import {certificateStatus} from '#schemas/rules/certificates'
import {openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import type {EnrolmentRecord} from '../enrolments/record'
import {updateGroupBooking, type GroupBooking, type StoredDelegate} from '../group-bookings/store'
import {indexEnrolmentSafely} from '../enrolments/index-store'
import type {StoredContactMessage} from '../enquiries/contact'
import type {WaitlistRecord} from '../waitlist/waitlist'
import type {CertificateRecord} from '../certificates/register'
import {messageKey, type OutboxRecord} from '../mail/outbox'
import {deleteUploadsClaimedBy} from '../uploads/uploads'
import {closeErasureRequest} from '../account/privacy'
import {deleteStoredExamAttempt} from '../account/exam-attempts'
import {appendLedgerEntry, ledgerEntriesOf, readLedger} from './ledger'
import {addressesIn, emailHash, findRecords, isPseudonymEmail, matcherOf, pseudonymEmail, pseudonymName, type FoundRecords} from './records'

/** Who the history entry of an erased enrolment names. */
export const ERASURE_ACCOUNT = 'Privacy erasure'

/** What replaces an erased text (an enquiry's message, an e-mail's body). */
export const ERASED_TEXT = 'Erased at the person’s request.'

/** What replaces an erased mobile number (a receipt rendered again needs some text there). */
export const ERASED_CONTACT = 'Erased'

/** The last error of an outbox message erased before it was sent. */
export const ERASED_UNSENT = 'Not sent: erased at the person’s request.'

/** The note of the history entry an erasure adds to an enrolment. */
export const ENROLMENT_ERASED_NOTE = 'Personal data erased at the person’s request; documents deleted. Amounts, dates and the receipt number are kept.'

/** Zero of every kind. */
const zeroCounts = (): PrivacyCounts => Object.fromEntries(PRIVACY_KINDS.map((kind) => [kind, 0])) as PrivacyCounts

/** Why an erasure must wait: a payment of the person pending at `now`, in words for the owner, or null. */
export function pendingPaymentReason(enrolments: readonly EnrolmentRecord[], now: Date): string | null {
  for (const record of enrolments) {
    if (record.status === 'pending' && !record.purgeStartedAt)
      return `A payment of this person is pending: order ${record.orderId} (created ${record.createdAt.slice(0, 10)}) awaits its payment. Erase after it is paid or expires unpaid.`
    const refund = (record.refunds ?? []).find((r) => r.status === 'requested' || r.status === 'pending')
    if (refund) return `A refund to this person is still being processed (order ${record.orderId}): erase once the gateway has processed it.`
    const link = (record.installmentLinks ?? []).find((l) => (l.status === 'creating' || l.status === 'requested') && Date.parse(l.expireBy) > now.getTime())
    if (link)
      return `The payment link of installment ${link.number} (order ${record.orderId}) is open until ${link.expireBy.slice(0, 10)}: erase after it is paid or expires.`
  }
  return null
}

/** `text` with each of `identifiers` (3 characters or more, case-insensitive) replaced by `replacement`. */
export function scrub(text: string, identifiers: Iterable<string>, replacement: string): string {
  let out = text
  const words = [...new Set([...identifiers].map((w) => w.trim()).filter((w) => w.length >= 3))].sort((a, b) => b.length - a.length)
  for (const word of words) out = out.replace(new RegExp(word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi'), replacement)
  return out
}

/** The names and addresses each hash's records give the person (what a subject line or a note may contain). */
function identifiersOf(found: FoundRecords): Map<string, Set<string>> {
  const names = new Map<string, Set<string>>()
  const add = (hash: string, ...values: (string | null | undefined)[]) => {
    const set = names.get(hash) ?? new Set<string>()
    for (const value of values) if (value && !value.startsWith('Erased person ') && !value.endsWith('@erased.invalid')) set.add(value)
    names.set(hash, set)
  }
  for (const {hash, record} of found.enrolments) add(hash, record.name, record.email, record.mobile, record.certificateHolder?.name)
  for (const {hash, booking, contact, slots} of found.groupBookings) {
    if (contact) add(hash, booking.company.contactName, booking.company.email, booking.company.phone)
    for (const delegate of booking.delegates) if (slots.includes(delegate.slot)) add(hash, delegate.name, delegate.email)
  }
  for (const {hash, record} of found.enquiries) add(hash, record.name, record.email, record.phone)
  for (const {hash, entry} of found.waitlists) add(hash, entry.name, entry.email, entry.mobile)
  for (const {hash, record} of found.certificates) add(hash, record.holderName, record.email, record.idNumber)
  for (const {hash, record} of found.outbox) add(hash, ...record.to.filter((a) => emailHash(a) === hash), record.replyTo?.address)
  return names
}

/**
 * Applies the erasure to every record of `found` (see the module comment) at `now`; `objects(hash)`
 * tells whether that person objected to their name in the certificate register. Resolves to the
 * records changed per kind (uploads: the documents deleted). Each write checks the record still
 * names the person, so applying twice changes nothing the second time.
 */
export async function applyErasure(found: FoundRecords, objects: (hash: string) => boolean, now: Date): Promise<PrivacyCounts> {
  const counts = zeroCounts()
  const identifiers = identifiersOf(found)
  const idsOf = (hash: string) => identifiers.get(hash) ?? new Set<string>()
  const at = now.toISOString()

  const enrolments = openStore(STORES.enrolments)
  for (const {hash, record} of found.enrolments) {
    const uploadIds = (record.attachments ?? []).map((a) => a.uploadId)
    counts.uploads += (await deleteUploadsClaimedBy(uploadIds, record.orderId)).length
    const name = pseudonymName(hash)
    const {value, changed} = await updateJSON<EnrolmentRecord>(enrolments, record.orderId, (current) => {
      if (!current || emailHash(current.email) !== hash) return undefined
      const words = new Set([
        ...idsOf(hash),
        current.name,
        current.email,
        current.mobile,
        ...(current.certificateHolder ? [current.certificateHolder.name] : []),
      ])
      // The name, date of birth and nationality the candidate gave for certificates go with the rest.
      const {certificateHolder: _holder, ...kept} = current
      return {
        ...kept,
        name,
        email: pseudonymEmail(hash),
        mobile: ERASED_CONTACT,
        attachments: [],
        refunds: current.refunds?.map((refund) => (refund.note ? {...refund, note: scrub(refund.note, words, name)} : refund)),
        history: [
          ...(current.history ?? []).map((entry) =>
            entry.by === CANDIDATE_ACCOUNT && entry.note && !entry.note.startsWith('Document added')
              ? {...entry, note: PROFILE_CHANGE_ERASED}
              : entry.note
                ? {...entry, note: scrub(entry.note, words, name)}
                : entry,
          ),
          {at, by: ERASURE_ACCOUNT, note: ENROLMENT_ERASED_NOTE},
        ],
        updatedAt: at,
      }
    })
    if (changed && value) {
      counts.enrolments++
      await indexEnrolmentSafely(value)
    }
  }

  for (const {hash, booking, contact, slots} of found.groupBookings) {
    const name = pseudonymName(hash)
    let words = new Set<string>()
    const {value, changed} = await updateGroupBooking(booking.bookingId, (current) => {
      if (!current) return undefined
      const erase = (delegate: StoredDelegate): StoredDelegate => {
        if (!slots.includes(delegate.slot) || emailHash(delegate.email) !== hash) return delegate
        // The details given for certificates go; the seat, its enrolment and its dates stay.
        const {indos: _indos, ...kept} = delegate
        return {...kept, name, email: pseudonymEmail(hash), dateOfBirth: '', nationality: ''}
      }
      const isContact = contact && emailHash(current.company.email) === hash
      words = new Set([...idsOf(hash), ...(isContact ? [current.company.contactName, current.company.email, current.company.phone] : [])])
      const next: GroupBooking = {
        ...current,
        company: isContact ? {...current.company, contactName: name, email: pseudonymEmail(hash), phone: ERASED_CONTACT} : current.company,
        delegates: current.delegates.map(erase),
        ...(current.closed?.note ? {closed: {...current.closed, note: scrub(current.closed.note, words, name)}} : {}),
      }
      return JSON.stringify(next) === JSON.stringify(current) ? undefined : {...next, updatedAt: at}
    })
    if (changed) counts.groupBookings++
    // The delegates' enrolments name whoever named them: the contact person.
    if (contact && value) await scrubDelegateHistories(value, words, name)
  }

  const messages = openStore(STORES.contactMessages)
  for (const {hash, key} of found.enquiries) {
    const {changed} = await updateJSON<StoredContactMessage>(messages, key, (current) =>
      current && emailHash(current.email) === hash
        ? {...current, name: pseudonymName(hash), email: pseudonymEmail(hash), phone: null, message: ERASED_TEXT, ipHash: ''}
        : undefined,
    )
    if (changed) counts.enquiries++
  }

  const waitlists = openStore(STORES.waitlist)
  const hashesByBatch = new Map<string, Set<string>>()
  for (const {hash, batchId} of found.waitlists) hashesByBatch.set(batchId, (hashesByBatch.get(batchId) ?? new Set()).add(hash))
  for (const [batchId, hashes] of hashesByBatch) {
    let removed = 0
    await updateJSON<WaitlistRecord>(waitlists, batchId, (current) => {
      removed = 0
      if (!current) return undefined
      const entries = current.entries.filter((entry) => !hashes.has(emailHash(entry.email)))
      removed = current.entries.length - entries.length
      return removed > 0 ? {...current, entries} : undefined
    })
    counts.waitlists += removed
  }

  const certificates = openStore(STORES.certificates)
  const today = providerToday(now)
  for (const {hash, record} of found.certificates) {
    const {changed} = await updateJSON<CertificateRecord>(certificates, `cert/${record.number}`, (current) => {
      if (!current || (emailHash(current.email) !== hash && current.email !== pseudonymEmail(hash))) return undefined
      const keepName = certificateStatus(current, today) === 'valid' && !objects(hash)
      const next: CertificateRecord = {
        ...current,
        email: pseudonymEmail(hash),
        // The pseudonymous address receives nothing: no expiry reminder.
        reminderSentAt: current.reminderSentAt ?? at,
        ...(keepName ? {} : {holderName: pseudonymName(hash), dateOfBirth: '0000-00-00', idNumber: null}),
      }
      return JSON.stringify(next) === JSON.stringify(current) ? undefined : next
    })
    if (changed) counts.certificates++
  }

  for (const {hash, key, record} of found.examAttempts) {
    // Deleted only while it is still kept under the person's address.
    if (emailHash(record.email) !== hash) continue
    await deleteStoredExamAttempt(key)
    counts.examAttempts++
  }

  const outbox = openStore(STORES.outbox)
  for (const {hash, record} of found.outbox) {
    const name = pseudonymName(hash)
    const address = pseudonymEmail(hash)
    let erasedAttachments: string[] = []
    const {changed} = await updateJSON<OutboxRecord>(outbox, messageKey(record.id), (current) => {
      if (!current) return undefined
      const named = matcherOf(new Set([hash]))
      if (!named([...current.to, current.replyTo?.address, ...addressesIn(`${current.subject}\n${current.text}`)])) return undefined
      erasedAttachments = current.attachments.map((a) => a.key)
      const {lease: _lease, ...rest} = current
      const unsent = current.status === 'queued' || current.status === 'sending'
      const words = idsOf(hash)
      return {
        ...rest,
        to: current.to.map((a) => (emailHash(a) === hash ? address : a)),
        ...(current.replyTo ? {replyTo: emailHash(current.replyTo.address) === hash ? {name, address} : current.replyTo} : {}),
        subject: scrub(current.subject, words, name),
        html: `<p>${ERASED_TEXT}</p>`,
        text: ERASED_TEXT,
        attachments: [],
        ...(unsent ? {status: 'failed' as const, lastError: ERASED_UNSENT, failedAt: at} : {}),
        updatedAt: at,
      }
    })
    if (changed) {
      counts.outbox++
      await Promise.all(erasedAttachments.map((key) => outbox.delete(key)))
    }
  }
  return counts
}

/**
 * The history entries (who, note) of `booking`'s delegates' enrolments with each of `words`
 * replaced by `name`; a record already clean is left as it is.
 */
async function scrubDelegateHistories(booking: GroupBooking, words: ReadonlySet<string>, name: string): Promise<void> {
  const enrolments = openStore(STORES.enrolments)
  for (const {orderId} of booking.delegates) {
    const {value, changed} = await updateJSON<EnrolmentRecord>(enrolments, orderId, (current) => {
      if (!current?.history?.length) return undefined
      const history = current.history.map((entry) => ({
        ...entry,
        by: scrub(entry.by, words, name),
        ...(entry.note ? {note: scrub(entry.note, words, name)} : {}),
      }))
      return JSON.stringify(history) === JSON.stringify(current.history) ? undefined : {...current, history}
    })
    if (changed && value) await indexEnrolmentSafely(value)
  }
}

/** Which records an erasure changed: per kind, and the address's hash (the audit log's target). */
export type ErasureResult = {erased: PrivacyCounts; emailHash: string}

/**
 * Erases the person of `body.email` (validated: schemas/contracts/privacy.ts) at `now` for `actor`
 * (see the module comment). Throws ServiceError not-found (NO_RECORDS_MESSAGE) for an address
 * nothing names that was never erased, conflict with the reason while a payment of theirs is
 * pending. Idempotent: an address erased before answers counts of 0.
 */
export async function erasePerson(body: PrivacyEraseBody, options: {actor: AuditActor; now?: Date}): Promise<ErasureResult> {
  const now = options.now ?? new Date()
  const hash = emailHash(body.email)
  const found = await findRecords(matcherOf(new Set([hash])))
  const total = PRIVACY_KINDS.reduce((sum, kind) => sum + found[kind].length, 0)
  if (total === 0) {
    if ((await ledgerEntriesOf(hash)).length > 0) {
      await closeErasureRequest(hash)
      return {erased: zeroCounts(), emailHash: hash}
    }
    throw new ServiceError('not-found', NO_RECORDS_MESSAGE)
  }
  const pending = pendingPaymentReason(
    found.enrolments.map((item) => item.record),
    now,
  )
  if (pending) throw new ServiceError('conflict', pending)
  await appendLedgerEntry({emailHash: hash, reason: body.reason, actor: options.actor, objection: body.objection}, now)
  const erased = await applyErasure(found, () => body.objection, now)
  await closeErasureRequest(hash)
  return {erased, emailHash: hash}
}

/**
 * The records of `found` that existed when their person was last erased (`lastErasure`: hash →
 * ISO time): a person who comes back after their erasure (enrols, writes) is not erased again. A
 * certificate found by its pseudonymous address was erased already and stays in.
 */
function erasedBefore(found: FoundRecords, lastErasure: ReadonlyMap<string, string>): FoundRecords {
  const before = (hash: string, at: string | undefined) => Boolean(at) && at! <= (lastErasure.get(hash) ?? '')
  return {
    enrolments: found.enrolments.filter((item) => before(item.hash, item.record.createdAt)),
    groupBookings: found.groupBookings.flatMap((item) => {
      const contact = item.contact && before(item.hash, item.booking.createdAt)
      const slots = item.slots.filter((slot) => before(item.hash, item.booking.delegates.find((d) => d.slot === slot)?.updatedAt))
      return contact || slots.length > 0 ? [{...item, contact, slots}] : []
    }),
    enquiries: found.enquiries.filter((item) => before(item.hash, item.record.receivedAt)),
    waitlists: found.waitlists.filter((item) => before(item.hash, item.entry.joinedAt)),
    certificates: found.certificates.filter((item) => isPseudonymEmail(item.record.email) || before(item.hash, item.record.issuedAt)),
    examAttempts: found.examAttempts.filter((item) => before(item.hash, item.record.storedAt)),
    outbox: found.outbox.filter((item) => before(item.hash, item.record.createdAt)),
    uploads: found.uploads.filter((item) => before(item.hash, item.at)),
  }
}

/**
 * Re-applies every erasure of the ledger to the stores as they are now (after a restore of an
 * older backup; and daily, to erase a kept holder name once the certificate is no longer valid): the
 * records naming an erased address and dated no later than its last erasure are found by hashing
 * their addresses, and erased again (a person's objection holds if any of their erasures had it). Resolves to the number of records changed
 * (documents deleted included); 0 when everything was erased already.
 */
export async function reapplyErasures(options: {now?: Date} = {}): Promise<{applied: number}> {
  const now = options.now ?? new Date()
  const ledger = await readLedger()
  if (ledger.length === 0) return {applied: 0}
  const hashes = new Set(ledger.map((entry) => entry.emailHash))
  const objecting = new Set(ledger.filter((entry) => entry.objection).map((entry) => entry.emailHash))
  const lastErasure = new Map<string, string>()
  for (const entry of ledger) if (entry.at > (lastErasure.get(entry.emailHash) ?? '')) lastErasure.set(entry.emailHash, entry.at)
  const found = erasedBefore(await findRecords(matcherOf(hashes), {pseudonymHashes: hashes}), lastErasure)
  const counts = await applyErasure(found, (hash) => objecting.has(hash), now)
  return {applied: PRIVACY_KINDS.reduce((sum, kind) => sum + counts[kind], 0)}
}
