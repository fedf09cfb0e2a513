/**
 * The privacy section of My training (docs/requirements.md#req-account, #req-privacy;
 * docs/account/certificates-waitlists-exams-privacy.md): "Ask us to erase my data".
 *
 * A request is kept in the store `erasure-requests` under `request/{SHA-256 of the address}`
 * (one per address: asking again while one waits changes nothing and e-mails nobody), and staff
 * are e-mailed once per request through the outbox (`erasure-request:{24 hex of the hash}-{time}`).
 * The owner sees the pending requests on /admin/privacy and erases the person's data there; the
 * erasure (netlify/services/privacy/erasure.ts) removes the request with the rest, so nothing of
 * the address is left behind.
 */
import {listKeys, openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import {publicOrigin} from '#netlify/platform/env'
import {sha256Hex} from '#netlify/platform/rate-limit'
import {ERASURE_RECEIVED, type ErasureRequest} from '#schemas/contracts/account-sections'
import {ADMIN_PRIVACY_PATH, absoluteUrl} from '#schemas/rules/paths'
import {staffRecipients} from '../mail/messages'
import {enqueue} from '../mail/outbox'
import {renderErasureRequestNotice} from '../mail/templates/erasure-request'
import {receiptContext} from '../receipts/context'

/** A pending request as stored. */
export type StoredErasureRequest = ErasureRequest

const store = () => openStore(STORES.erasureRequests)
const hashOf = (email: string) => sha256Hex(email.trim().toLowerCase())
const requestKey = (hash: string) => `request/${hash}`
const isRequestKey = (key: string) => /^request\/[0-9a-f]{64}$/.test(key)

/** Whether an erasure request of `email` is waiting for staff. */
export async function erasureRequested(email: string): Promise<boolean> {
  return (await store().get(requestKey(hashOf(email)), {type: 'json'})) !== null
}

/**
 * Records the erasure request of `email` (trimmed, lower-case) with `reason` (may be empty) at
 * `now`, and queues the staff notice when the request is new. Resolves to the candidate's status
 * text and whether it was new. Throws when storage or the content cannot be read (nothing is then
 * recorded as notified: asking again retries).
 */
export async function requestErasure(email: string, reason: string, {now = new Date()}: {now?: Date} = {}): Promise<{created: boolean; message: string}> {
  const hash = hashOf(email)
  const request: StoredErasureRequest = {email, emailHash: hash, reason, requestedAt: now.toISOString()}
  const {value, changed} = await updateJSON<StoredErasureRequest>(store(), requestKey(hash), (current) => (current ? undefined : request))
  const kept = value ?? request
  // Queued on every ask while pending: the outbox keeps one message per request (its key), so a
  // failure after the record was written is made good by asking again.
  const {provider} = await receiptContext()
  const mail = await renderErasureRequestNotice({
    provider,
    email: kept.email,
    reason: kept.reason,
    requestedAt: kept.requestedAt,
    url: absoluteUrl(publicOrigin(), ADMIN_PRIVACY_PATH),
  })
  const about = `${hash.slice(0, 24)}-${kept.requestedAt.replace(/\D/g, '')}`
  await enqueue({kind: 'erasure-request', about, to: staffRecipients(provider.email), ...mail}, {now})
  return {created: changed, message: ERASURE_RECEIVED}
}

/** The pending erasure requests, oldest first (the owner's privacy page). */
export async function listErasureRequests(): Promise<ErasureRequest[]> {
  const keys = await listKeys(store(), isRequestKey)
  const records = await Promise.all(keys.map(async (key) => (await store().get(key, {type: 'json'})) as StoredErasureRequest | null))
  return records
    .filter((record): record is StoredErasureRequest => record !== null)
    .map(({email, emailHash, reason, requestedAt}) => ({email, emailHash, reason, requestedAt}))
    .sort((a, b) => a.requestedAt.localeCompare(b.requestedAt) || a.emailHash.localeCompare(b.emailHash))
}

/** Removes the request of the address whose SHA-256 is `hash` (its data was erased). Resolves to whether there was one. */
export async function closeErasureRequest(hash: string): Promise<boolean> {
  const key = requestKey(hash)
  const existed = (await store().get(key, {type: 'json'})) !== null
  if (existed) await store().delete(key)
  return existed
}
