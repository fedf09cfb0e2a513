/**
 * The enquiries inbox (docs/requirements.md#req-enquiries): the contact messages of the
 * contact-messages store (./contact.ts) as staff read and handle them.
 *
 * - An enquiry is a stored contact message (StoredContactMessage); its id is the message's key,
 *   `{receivedAt with '-' for ':'}_{uuid}` (schemas/contracts/ids.ts ENQUIRY_ID_PATTERN), so it is read
 *   directly, and ids sort by time.
 * - Its status lives in the stored message: `status` and, while handled, `handledAt`. A message
 *   without `status` — every message stored by earlier versions — is `new`.
 * - A change of status is one conditional write of the message (./blobs.ts updateJSON: re-read
 *   and retried on a concurrent write), so two staff members changing one enquiry at once never
 *   lose a change, and the message's other fields (and its blob metadata) are kept.
 * - toEnquiry picks the contract's fields one by one: the client's address hash never leaves.
 */
import type {Enquiry, EnquiryList, EnquiryStatus} from '#schemas/contracts/enquiries'
import {isEnquiryId} from '#schemas/contracts/ids'
import {JsonRecordCache, openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import type {StoredContactMessage} from './contact'

const store = () => openStore(STORES.contactMessages)

/** A stored message's status: `new` unless it says `handled`. */
export function enquiryStatus(record: Pick<StoredContactMessage, 'status'>): EnquiryStatus {
  return record.status === 'handled' ? 'handled' : 'new'
}

/** The stored message under `key` as the admin API answers it (EnquirySchema; no ipHash). */
export function toEnquiry(key: string, record: StoredContactMessage): Enquiry {
  const status = enquiryStatus(record)
  return {
    id: key,
    name: record.name,
    email: record.email,
    phone: record.phone ?? null,
    subject: record.subject,
    message: record.message,
    status,
    createdAt: record.receivedAt,
    ...(status === 'handled' && record.handledAt ? {handledAt: record.handledAt} : {}),
  }
}

/**
 * The stored messages as enquiries, read once per ETag (JsonRecordCache): a list costs one
 * listing of the store plus the messages written since the last list on this instance.
 */
const enquiries = new JsonRecordCache<Enquiry>(STORES.contactMessages, isEnquiryId, (value, key) =>
  value && typeof value === 'object' ? toEnquiry(key, value as StoredContactMessage) : null,
)

/**
 * Every enquiry, newest first (by key: receipt time, then id). A message removed between the
 * listing and its reading is left out. Throws when storage fails.
 */
export async function listEnquiries(): Promise<EnquiryList> {
  const records = await enquiries.readAll()
  return records.sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : 0)).map((record) => record.value)
}

/**
 * Sets the status of enquiry `id` at `now`: `handled` records `handledAt` = now, `new` removes it.
 * Setting the status it already has writes nothing (a handled enquiry keeps its first
 * `handledAt`). Resolves to the enquiry after the change, or null when there is no such
 * message (nothing is created). Throws ConflictError after 20 concurrent writes in a row, and
 * when storage fails.
 */
export async function setEnquiryStatus(id: string, status: EnquiryStatus, options: {now?: Date} = {}): Promise<Enquiry | null> {
  if (!isEnquiryId(id)) return null
  const now = options.now ?? new Date()
  const {value} = await updateJSON<StoredContactMessage>(store(), id, (current) => {
    if (!current || enquiryStatus(current) === status) return undefined
    if (status === 'handled') return {...current, status, handledAt: now.toISOString()}
    const {handledAt: _handledAt, ...rest} = current
    return {...rest, status}
  })
  return value ? toEnquiry(id, value) : null
}
