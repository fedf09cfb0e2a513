/**
 * Every record that names a person (docs/requirements.md#req-privacy), found by the SHA-256 of
 * their lower-cased e-mail address, so the same scan serves a look-up by address and the erasure
 * ledger, which keeps only hashes:
 *
 * - enrolments (store `enrolments`): the record's `email`;
 * - group bookings (`group-bookings`): the company's contact person (`company.email`) and each
 *   named delegate (`delegates[].email`); the group order and the delegates' enrolments are
 *   enrolments of their own, found above;
 * - enquiries (`contact-messages`): the sender's `email`;
 * - waitlists (`waitlist`): each place's `email`, one batch record holding many people;
 * - certificates (`certificates`, `cert/{number}`): the holder's `email`;
 * - outbox messages (`outbox`): a recipient, the Reply-To, or an address written in the text
 *   (the staff notices of an enrolment, an enquiry or a waitlist place name the person there);
 * - uploads (`uploads`): the documents attached to the person's enrolments (an upload holds no
 *   address: it belongs to the one order that claimed it);
 * - exam attempts (`account-exam-attempts`): the attempts kept with a My training account, by the
 *   account's address (netlify/services/account/exam-attempts.ts). An attempt made while signed
 *   out lives only in the candidate's browser, and the item statistics are anonymous;
 * - an erasure request from My training (`erasure-requests`) is not a record of this list: the
 *   erasure closes it (netlify/services/account/privacy.ts).
 *
 * Reads only (one listing and one get per record): fine for this site's volume.
 */
import {isEnquiryId, isBatchId} from '#schemas/contracts/ids'
import {listKeys, openStore, STORES} from '#netlify/platform/blobs'
import {sha256Hex} from '#netlify/platform/rate-limit'
import type {Attachment} from '#schemas/contracts/uploads'
import {listEnrolments, type EnrolmentRecord} from '../enrolments/enrolments'
import type {StoredContactMessage} from '../enquiries/contact'
import type {WaitlistEntry, WaitlistRecord} from '../waitlist/waitlist'
import {listCertificateRecords, type CertificateRecord} from '../certificates/register'
import {listOutboxRecords, type OutboxRecord} from '../mail/outbox'
import {allStoredExamAttempts, type StoredExamAttempt} from '../account/exam-attempts'
import {listGroupBookings, type GroupBooking} from '../group-bookings/store'

/** The SHA-256 (hex) of an address, trimmed and lower-cased: how the ledger and the audit log name a person. */
export const emailHash = (address: string): string => sha256Hex(address.trim().toLowerCase())

/** The pseudonym that replaces an erased person's name: `Erased person 1a2b3c` (the first 6 hex of their address's hash). */
export const pseudonymName = (hash: string): string => `Erased person ${hash.slice(0, 6)}`

/**
 * The address that replaces an erased person's: `erased-{12 hex}@erased.invalid` (`.invalid` is
 * reserved: nothing is ever delivered there). A certificate kept with its holder's name carries it,
 * so a later re-application still finds the certificate once it is no longer valid.
 */
export const pseudonymEmail = (hash: string): string => `erased-${hash.slice(0, 12)}@erased.invalid`

/** Whether `address` is an erased person's pseudonymous address. */
export const isPseudonymEmail = (address: string): boolean => /^erased-[0-9a-f]{12}@erased\.invalid$/.test(address)

/** Which of the wanted hashes an address list names (the first that matches), or null. */
export type Matcher = (addresses: Iterable<string | null | undefined>) => string | null

/** A matcher of the addresses whose hash is in `hashes`. */
export function matcherOf(hashes: ReadonlySet<string>): Matcher {
  return (addresses) => {
    for (const address of addresses) {
      if (!address) continue
      const hash = emailHash(address)
      if (hashes.has(hash)) return hash
    }
    return null
  }
}

/** Addresses written in a text (an outbox message's body). */
const ADDRESS_IN_TEXT = /[A-Za-z0-9._%+'-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g
export const addressesIn = (text: string): string[] => text.match(ADDRESS_IN_TEXT) ?? []

/**
 * A group booking that names a person: as its contact person (`contact`), and/or in the delegate
 * entries of `slots` (one address per booking, so at most one slot in practice).
 */
export type FoundGroupBooking = {hash: string; booking: GroupBooking; contact: boolean; slots: number[]}

/** Every record found, each with the hash it matched. */
export type FoundRecords = {
  enrolments: {hash: string; record: EnrolmentRecord}[]
  groupBookings: FoundGroupBooking[]
  enquiries: {hash: string; key: string; record: StoredContactMessage}[]
  waitlists: {hash: string; batchId: string; entry: WaitlistEntry}[]
  certificates: {hash: string; record: CertificateRecord}[]
  examAttempts: {hash: string; key: string; record: StoredExamAttempt}[]
  outbox: {hash: string; record: OutboxRecord}[]
  uploads: {hash: string; orderId: string; attachment: Attachment; at: string}[]
}

/**
 * The records naming an address whose hash `match` wants. `pseudonymHashes` (the ledger's): a
 * certificate carrying the pseudonymous address of one of them is found too (its holder was
 * erased while it was valid: a re-application checks whether it still is).
 */
export async function findRecords(match: Matcher, options: {pseudonymHashes?: ReadonlySet<string>} = {}): Promise<FoundRecords> {
  const byPseudonym = new Map([...(options.pseudonymHashes ?? [])].map((hash) => [pseudonymEmail(hash), hash]))
  const [enrolments, groupBookings, enquiries, waitlists, certificates, outbox, examAttempts] = await Promise.all([
    listEnrolments(),
    listGroupBookings(),
    readEnquiries(),
    readWaitlists(),
    listCertificateRecords(),
    listOutboxRecords(),
    allStoredExamAttempts(),
  ])
  const found: FoundRecords = {enrolments: [], groupBookings: [], enquiries: [], waitlists: [], certificates: [], examAttempts: [], outbox: [], uploads: []}
  for (const record of enrolments) {
    const hash = match([record.email])
    if (!hash) continue
    found.enrolments.push({hash, record})
    for (const attachment of record.attachments ?? []) found.uploads.push({hash, orderId: record.orderId, attachment, at: record.createdAt})
  }
  for (const booking of groupBookings) found.groupBookings.push(...groupBookingMatches(booking, match))
  for (const [key, record] of enquiries) {
    const hash = match([record.email])
    if (hash) found.enquiries.push({hash, key, record})
  }
  for (const record of waitlists) {
    for (const entry of record.entries ?? []) {
      const hash = match([entry.email])
      if (hash) found.waitlists.push({hash, batchId: record.batchId, entry})
    }
  }
  for (const record of certificates) {
    const hash = match([record.email]) ?? byPseudonym.get(record.email) ?? null
    if (hash) found.certificates.push({hash, record})
  }
  for (const {key, record} of examAttempts) {
    const hash = match([record.email])
    if (hash) found.examAttempts.push({hash, key, record})
  }
  for (const record of outbox) {
    const hash = match([...record.to, record.replyTo?.address, ...addressesIn(`${record.subject}\n${record.text}`)])
    if (hash) found.outbox.push({hash, record})
  }
  const newestFirst = <T>(list: T[], at: (item: T) => string) => list.sort((a, b) => at(b).localeCompare(at(a)))
  newestFirst(found.groupBookings, groupBookingDate)
  newestFirst(found.enquiries, (item) => item.record.receivedAt)
  newestFirst(found.waitlists, (item) => item.entry.joinedAt)
  newestFirst(found.certificates, (item) => item.record.issuedAt)
  newestFirst(found.examAttempts, (item) => item.record.submittedAt)
  newestFirst(found.outbox, (item) => item.record.createdAt)
  return found
}

/** The people of `match` that `booking` names, one entry per person (hash). */
function groupBookingMatches(booking: GroupBooking, match: Matcher): FoundGroupBooking[] {
  const byHash = new Map<string, FoundGroupBooking>()
  const entry = (hash: string) => byHash.get(hash) ?? byHash.set(hash, {hash, booking, contact: false, slots: []}).get(hash)!
  const contact = match([booking.company?.email])
  if (contact) entry(contact).contact = true
  for (const delegate of booking.delegates ?? []) {
    const hash = match([delegate.email])
    if (hash) entry(hash).slots.push(delegate.slot)
  }
  return [...byHash.values()]
}

/**
 * When a group booking came to name the person (ISO 8601): its creation for the contact person
 * (the company's details never change), else the last change of their delegate entry (a seat
 * swapped to them later is theirs from then).
 */
export function groupBookingDate(item: Pick<FoundGroupBooking, 'booking' | 'contact' | 'slots'>): string {
  if (item.contact) return item.booking.createdAt
  const dates = item.booking.delegates.filter((d) => item.slots.includes(d.slot)).map((d) => d.updatedAt)
  return dates.sort().at(-1) ?? item.booking.createdAt
}

/** Every contact message, with its key. */
async function readEnquiries(): Promise<[string, StoredContactMessage][]> {
  const store = openStore(STORES.contactMessages)
  const keys = await listKeys(store, isEnquiryId)
  const records = await Promise.all(keys.map(async (key) => [key, (await store.get(key, {type: 'json'})) as StoredContactMessage | null] as const))
  return records.filter((entry): entry is [string, StoredContactMessage] => entry[1] !== null)
}

/** Every batch's waitlist. */
async function readWaitlists(): Promise<WaitlistRecord[]> {
  const store = openStore(STORES.waitlist)
  const keys = await listKeys(store, isBatchId)
  const records = await Promise.all(keys.map(async (key) => (await store.get(key, {type: 'json'})) as WaitlistRecord | null))
  return records.filter((record): record is WaitlistRecord => record !== null && Array.isArray(record.entries))
}
