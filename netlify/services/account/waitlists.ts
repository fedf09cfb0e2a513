/**
 * The waitlists section of My training (docs/requirements.md#req-account,
 * docs/account/certificates-waitlists-exams-privacy.md): the batches the signed-in address waits
 * for, with the place in line, and "Leave the waitlist".
 *
 * The places are the waitlist store's own records (netlify/services/waitlist/waitlist.ts, one per
 * batch id), so staff's batch page, which reads the same record, shows a candidate who left as
 * gone. Leaving is one conditional write (updateJSON) that removes the entry only when it is the
 * candidate's; another person's entry, or one that is not there, is ServiceError 'not-found' (404),
 * exactly alike.
 */
import {listKeys, openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {ACCOUNT_NOT_FOUND, type PortalWaitlist} from '#schemas/contracts/account'
import {LEFT_WAITLIST, type LeaveWaitlistResponse} from '#schemas/contracts/account-sections'
import {isBatchId} from '#schemas/contracts/ids'
import {enrolmentBatchText} from '#schemas/rules/batches'
import {fetchBatches} from '../seats/content'
import type {WaitlistRecord} from '../waitlist/waitlist'
import {sameAddress} from './records'

const store = () => openStore(STORES.waitlist)

/** An entry id as the waitlist makes them (a UUID). */
const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Every batch's waitlist (one listing, one read per batch with a waitlist). */
async function readWaitlists(): Promise<WaitlistRecord[]> {
  const keys = await listKeys(store(), isBatchId)
  const records = await Promise.all(keys.map(async (key) => (await store().get(key, {type: 'json'})) as WaitlistRecord | null))
  return records.filter((record): record is WaitlistRecord => record !== null && Array.isArray(record.entries))
}

/**
 * The batches `email` (trimmed, lower-case) waits for, earliest batch first: course, dates and
 * city (or the batch id when the content no longer has the batch), and the place in line (1 =
 * first). Throws when storage or the content cannot be read.
 */
export async function waitlistsOf(email: string): Promise<PortalWaitlist[]> {
  const places: {batchId: string; entryId: string; place: number}[] = []
  for (const record of await readWaitlists()) {
    const index = record.entries.findIndex((entry) => sameAddress(entry.email, email))
    if (index >= 0) places.push({batchId: record.batchId, entryId: record.entries[index]!.id, place: index + 1})
  }
  if (places.length === 0) return []
  const batches = await fetchBatches(places.map((place) => place.batchId))
  return places
    .map(({batchId, entryId, place}) => {
      const batch = batches.get(batchId)
      return {
        batchId,
        entryId,
        course: batch?.course.name ?? 'Course batch',
        dates: batch ? enrolmentBatchText(batch, {venue: true}) : batchId,
        place,
        startDate: batch?.startDate ?? '',
      }
    })
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.batchId.localeCompare(b.batchId))
    .map(({startDate: _startDate, ...waitlist}) => waitlist)
}

/**
 * Removes the place `entryId` of `email` from the waitlist of `batchId` (one conditional write).
 * Throws ServiceError 'not-found' (ACCOUNT_NOT_FOUND) for a malformed id, an unknown batch or
 * entry, or an entry of another address.
 */
export async function leaveWaitlist(email: string, batchId: string, entryId: string): Promise<LeaveWaitlistResponse> {
  const notFound = new ServiceError('not-found', ACCOUNT_NOT_FOUND)
  if (!isBatchId(batchId) || !ENTRY_ID.test(entryId)) throw notFound
  const {refusal} = await updateJSON<WaitlistRecord, ServiceError>(store(), batchId, (current) => {
    const entries = current?.entries ?? []
    const mine = entries.find((entry) => entry.id === entryId && sameAddress(entry.email, email))
    if (!current || !mine) return refuse(notFound)
    return {...current, entries: entries.filter((entry) => entry.id !== entryId)}
  })
  if (refusal) throw refusal
  return {batchId, entryId, message: LEFT_WAITLIST}
}
