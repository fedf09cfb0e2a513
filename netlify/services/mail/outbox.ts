/**
 * The outbox: every e-mail is first written here — Blobs store `outbox`, strong
 * consistency — and only then sent (./deliver.ts). A message that cannot be sent now stays
 * here, retried until it goes or its 24 hours are over.
 *
 * Layout of the store:
 *   message/{kind}/{about}                   JSON OutboxRecord (the id `{kind}:{about}`)
 *   attachment/{kind}/{about}/{nonce}/{i}    the bytes of attachment i (the receipt PDF)
 *
 * - Idempotent (enqueue): the id is the message's idempotency key, what it is about + its kind
 *   (`receipt:MTC-2026-00001`). The record is created through updateJSON only when absent
 *   (`onlyIfNew`): enqueueing the same id again, even concurrently, never makes a second message
 *   (the first one stands).
 * - Attachments are STORED, not regenerated: their bytes are written before the record, under
 *   a nonce the record names, so a retry days later sends exactly what was enqueued (the PDF of
 *   the data and settings of its day) without the enrolment or Sanity. A losing concurrent
 *   enqueue deletes its own copies; a crash between the two writes leaves unreferenced bytes,
 *   never a record without its attachment.
 * - Claim before send (claim): a conditional write (updateJSON) moves a due message to
 *   `sending` with a lease (LEASE_MS, 2 minutes: far longer than one send, capped at 5–15 s by
 *   deliver.ts) and counts the attempt. Two deliverers can never both claim one message; a
 *   lease left by a crash expires and the message is claimed again later (recorded in
 *   lastError). Only then can one message be sent twice: SMTP has no exactly-once (the same
 *   Message-ID marks the duplicate).
 * - After a failed attempt (markFailedAttempt) the message waits backoffMs(attempts): 1, 2, 4,
 *   8, 16, 32 minutes, then 60 minutes between attempts (the scheduled job runs every 5
 *   minutes, so waits round up to its runs). The last attempt is due when the 24 hours since
 *   creation (RETRY_WINDOW_MS, `expiresAt`) end; if that one fails too, the message is `failed`.
 * - sendAgain(id): a failed message is queued again with its attempts reset to 0 and a new
 *   24-hour window from that moment; the old lastError stays until the next attempt.
 *
 * listOutbox() answers the admin outbox body (schemas/contracts/outbox.ts): `sending` is shown as
 * `queued`. It reads every record (one get each): fine for this site's volume; no retention yet.
 */
import {randomBytes} from 'node:crypto'
import {isOutboxId, OUTBOX_ABOUT_PATTERN, OUTBOX_KINDS, outboxId, type OutboxKind, type OutboxList, type OutboxMessage} from '#schemas/contracts/outbox'
import {JsonRecordCache, listKeys, openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {headerText, requireAddresses, safeMailbox, type Mailbox} from '#netlify/platform/mail-headers'

/** How long a message is retried, from its creation (ms): 24 hours. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000

/** How long a claim holds a message (ms) before another deliverer may take it over: 2 minutes. */
export const LEASE_MS = 2 * 60 * 1000

/** The longest wait between two attempts (ms): 60 minutes. */
export const MAX_BACKOFF_MS = 60 * 60 * 1000

/** The longest lastError kept (characters). */
const MAX_ERROR_LENGTH = 500

/** The wait after the `attempts`-th failed attempt (ms): 2^(attempts−1) minutes, at most MAX_BACKOFF_MS. */
export function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS)
}

/** Where a stored message is. `sending`: claimed by a deliverer until `lease.until`. */
export type OutboxRecordStatus = 'queued' | 'sending' | 'sent' | 'failed'

/** An attachment as stored: its name, type, size (bytes) and the key of its bytes. */
export type StoredAttachment = {filename: string; contentType: string; size: number; key: string}

/** A message as stored (`message/{kind}/{about}`). Times are ISO 8601. */
export type OutboxRecord = {
  id: string
  kind: OutboxKind
  about: string
  to: string[]
  replyTo?: Mailbox
  subject: string
  html: string
  text: string
  attachments: StoredAttachment[]
  status: OutboxRecordStatus
  /** Attempts started (counted when claimed). */
  attempts: number
  lastError?: string
  createdAt: string
  updatedAt: string
  /** The next attempt is due at or after this time. */
  nextAttemptAt: string
  /** The end of the retry window: an attempt failing at or after it makes the message failed. */
  expiresAt: string
  lease?: {id: string; until: string}
  sentAt?: string
  failedAt?: string
  /** When sendAgain last queued it again. */
  resentAt?: string
  /** The SMTP server's last reply and the recipients it refused, after a send. */
  smtpResponse?: string
  rejected?: string[]
}

/** An attachment to enqueue: its bytes. */
export type NewAttachment = {filename: string; contentType: string; content: Uint8Array}

/** A message to enqueue; `about` must match OUTBOX_ABOUT_PATTERN (a receipt number, an order id, a contact message id). */
export type NewOutboxMessage = {
  kind: OutboxKind
  about: string
  to: readonly string[]
  replyTo?: Mailbox
  subject: string
  html: string
  text: string
  attachments?: readonly NewAttachment[]
}

const store = () => openStore(STORES.outbox)
const path = (id: string) => id.replace(':', '/')
/** The key of message `id`'s record (`message/{kind}/{about}`). */
export const messageKey = (id: string) => `message/${path(id)}`
const MESSAGE_PREFIX = 'message/'

/** Whether a key of the outbox store is a message record (never an attachment or a temporary file of the Blobs emulation). */
export const isOutboxMessageKey = (key: string): boolean => key.startsWith(MESSAGE_PREFIX) && isOutboxId(key.slice(MESSAGE_PREFIX.length).replace('/', ':'))

const plus = (time: Date, ms: number) => new Date(time.getTime() + ms).toISOString()

/** A single-line, bounded error text. */
export const errorText = (message: string): string => headerText(message, MAX_ERROR_LENGTH)

/** An attachment's file name: header-safe, no path separators, at most 100 characters. */
const safeFileName = (name: string) => headerText(name.replace(/[\\/]/g, '-'), 100) || 'attachment'

/** The record as the admin outbox shows it (schemas/contracts/outbox.ts). */
export function toOutboxMessage(record: OutboxRecord): OutboxMessage {
  return {
    id: record.id,
    kind: record.kind,
    to: record.to,
    subject: record.subject,
    status: record.status === 'sending' ? 'queued' : record.status,
    attempts: record.attempts,
    ...(record.lastError ? {lastError: record.lastError} : {}),
    createdAt: record.createdAt,
    ...(record.sentAt ? {sentAt: record.sentAt} : {}),
  }
}

/** What enqueue did: `created` false when a message with this id already existed (it is returned unchanged). */
export type EnqueueResult = {id: string; created: boolean; message: OutboxMessage}

/**
 * Writes `message` to the outbox, queued and due at once (`now`), unless a message with its id
 * `{kind}:{about}` exists — then nothing changes (`created: false`), also under concurrent calls.
 * Recipients and Reply-To are checked and the subject made header-safe (./headers.ts).
 * Throws RangeError for an unknown kind or a bad `about`, MailHeaderError for a bad address.
 */
export async function enqueue(message: NewOutboxMessage, options: {now?: Date} = {}): Promise<EnqueueResult> {
  const now = options.now ?? new Date()
  if (!OUTBOX_KINDS.includes(message.kind)) throw new RangeError(`Unknown message kind ${JSON.stringify(message.kind)}`)
  if (!OUTBOX_ABOUT_PATTERN.test(message.about)) throw new RangeError(`Invalid message reference ${JSON.stringify(message.about)}`)
  const id = outboxId(message.kind, message.about)
  const to = requireAddresses(message.to, 'To')
  const replyTo = message.replyTo ? safeMailbox(message.replyTo.name, message.replyTo.address, 'Reply-To') : undefined

  const existing = await getOutboxRecord(id)
  if (existing) return {id, created: false, message: toOutboxMessage(existing)}

  const nonce = randomBytes(8).toString('hex')
  const attachments: StoredAttachment[] = []
  for (const [index, attachment] of (message.attachments ?? []).entries()) {
    if (!/^[a-z]+\/[a-z0-9.+-]+$/i.test(attachment.contentType)) throw new RangeError(`Invalid attachment type ${JSON.stringify(attachment.contentType)}`)
    const key = `attachment/${path(id)}/${nonce}/${index}`
    const bytes = attachment.content
    await store().set(key, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer)
    attachments.push({filename: safeFileName(attachment.filename), contentType: attachment.contentType, size: bytes.byteLength, key})
  }

  const record: OutboxRecord = {
    id,
    kind: message.kind,
    about: message.about,
    to,
    ...(replyTo ? {replyTo} : {}),
    subject: headerText(message.subject),
    html: message.html,
    text: message.text,
    attachments,
    status: 'queued',
    attempts: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    nextAttemptAt: now.toISOString(),
    expiresAt: plus(now, RETRY_WINDOW_MS),
  }
  // Created only if absent (updateJSON: `onlyIfNew`, and one write of a key at a time in this process).
  const {value, changed} = await updateJSON<OutboxRecord>(store(), messageKey(id), (current) => (current ? undefined : record))
  if (changed) return {id, created: true, message: toOutboxMessage(record)}
  // Another enqueue of the same id got there first: its message stands, these copies go.
  await Promise.all(attachments.map((a) => store().delete(a.key)))
  if (!value) throw new Error(`Outbox message ${id} vanished while it was enqueued`)
  return {id, created: false, message: toOutboxMessage(value)}
}

/** The stored message `id`, or null (also for anything that is not an outbox id). */
export async function getOutboxRecord(id: string): Promise<OutboxRecord | null> {
  if (!isOutboxId(id)) return null
  return ((await store().get(messageKey(id), {type: 'json'})) as OutboxRecord | null) ?? null
}

/** The bytes of a message's attachments, in order. Throws when one is missing from the store. */
export async function readAttachments(record: OutboxRecord): Promise<NewAttachment[]> {
  return Promise.all(
    record.attachments.map(async (a) => {
      const bytes = (await store().get(a.key, {type: 'arrayBuffer'})) as ArrayBuffer | null
      if (!bytes) throw new Error(`Attachment ${a.filename} of ${record.id} is missing from the outbox`)
      return {filename: a.filename, contentType: a.contentType, content: new Uint8Array(bytes)}
    }),
  )
}

/** Why claim did not hand a message over. */
export type ClaimRefusal = 'missing' | 'sent' | 'failed' | 'not-due' | 'leased'

/** What claim did: the claimed record (status `sending`) with its lease id, or why not. */
export type ClaimResult = {claimed: true; record: OutboxRecord; leaseId: string} | {claimed: false; reason: ClaimRefusal}

/** Whether `record` may be claimed at `now`: queued and due, or sending under an expired lease. */
export function isDue(record: OutboxRecord, now: Date): boolean {
  const time = now.toISOString()
  if (record.status === 'queued') return record.nextAttemptAt <= time
  return record.status === 'sending' && (!record.lease || record.lease.until <= time)
}

/** Why `record` cannot be claimed at `now`, or null when it can. */
function refusalOf(record: OutboxRecord | null, now: Date): ClaimRefusal | null {
  if (!record) return 'missing'
  if (record.status === 'sent' || record.status === 'failed') return record.status
  if (!isDue(record, now)) return record.status === 'sending' ? 'leased' : 'not-due'
  return null
}

/**
 * Claims message `id` for one attempt at `now` (a conditional write): a queued message that is
 * due, or one whose lease has expired, becomes `sending` under a new lease of LEASE_MS and its
 * attempt is counted. Anything else is refused with the reason. Throws ConflictError when the
 * record stays contended (netlify/platform/blobs.ts).
 */
export async function claim(id: string, options: {now?: Date} = {}): Promise<ClaimResult> {
  const now = options.now ?? new Date()
  if (!isOutboxId(id)) return {claimed: false, reason: 'missing'}
  const leaseId = randomBytes(12).toString('hex')
  const {value, refusal} = await updateJSON<OutboxRecord, ClaimRefusal>(store(), messageKey(id), (current) => {
    const refused = refusalOf(current, now)
    if (refused) return refuse(refused)
    if (!current) return refuse('missing')
    const stale =
      current.status === 'sending'
        ? {lastError: errorText(`an earlier attempt did not finish (its lease expired at ${current.lease?.until ?? 'an unknown time'})`)}
        : {}
    return {
      ...current,
      ...stale,
      status: 'sending',
      attempts: current.attempts + 1,
      lease: {id: leaseId, until: plus(now, LEASE_MS)},
      updatedAt: now.toISOString(),
    }
  })
  if (refusal || !value) return {claimed: false, reason: refusal ?? 'missing'}
  return {claimed: true, record: value, leaseId}
}

/**
 * Records that message `id` was sent at `now` (whoever holds the lease: a send that went through
 * is a sent message). `report` is the SMTP server's answer. Resolves to the record, or null when
 * it does not exist.
 */
export async function markSent(id: string, report: {response: string; rejected: string[]}, options: {now?: Date} = {}): Promise<OutboxRecord | null> {
  const now = options.now ?? new Date()
  const {value} = await updateJSON<OutboxRecord>(store(), messageKey(id), (current) => {
    if (!current || current.status === 'sent') return undefined
    const {lease: _lease, failedAt: _failedAt, ...rest} = current
    return {
      ...rest,
      status: 'sent',
      sentAt: now.toISOString(),
      updatedAt: now.toISOString(),
      smtpResponse: errorText(report.response),
      rejected: report.rejected,
      ...(report.rejected.length > 0 ? {lastError: errorText(`refused by the server: ${report.rejected.join(', ')}`)} : {}),
    }
  })
  return value
}

/**
 * Records that the attempt under `leaseId` failed with `error` at `now`: the message is queued
 * again for now + backoffMs(attempts) (at the latest its expiresAt), or `failed` when `now` is
 * at or after its expiresAt. Changes nothing when the lease is no longer this one's (another
 * deliverer took over). Resolves to the record, or null when it does not exist.
 */
export async function markFailedAttempt(id: string, leaseId: string, error: string, options: {now?: Date} = {}): Promise<OutboxRecord | null> {
  const now = options.now ?? new Date()
  const time = now.toISOString()
  const {value} = await updateJSON<OutboxRecord>(store(), messageKey(id), (current) => {
    if (!current || current.status !== 'sending' || current.lease?.id !== leaseId) return undefined
    const {lease: _lease, ...rest} = current
    const lastError = errorText(error)
    if (time >= current.expiresAt) return {...rest, status: 'failed', lastError, failedAt: time, updatedAt: time}
    const next = plus(now, backoffMs(current.attempts))
    return {...rest, status: 'queued', lastError, nextAttemptAt: next < current.expiresAt ? next : current.expiresAt, updatedAt: time}
  })
  return value
}

/** Every stored message, in listing order (one get each). */
export async function listOutboxRecords(): Promise<OutboxRecord[]> {
  const keys = await listKeys(store(), isOutboxMessageKey, {prefix: MESSAGE_PREFIX})
  const records = await Promise.all(keys.map((key) => getOutboxRecord(key.slice(MESSAGE_PREFIX.length).replace('/', ':'))))
  return records.filter((record): record is OutboxRecord => record !== null)
}

/**
 * The stored messages as the admin outbox shows them, read once per ETag (JsonRecordCache): only
 * that projection is kept, never the bodies or attachments.
 */
const outboxMessages = new JsonRecordCache<OutboxMessage>(
  STORES.outbox,
  isOutboxMessageKey,
  (value) => (value && typeof value === 'object' ? toOutboxMessage(value as OutboxRecord) : null),
  {prefix: MESSAGE_PREFIX},
)

/** The admin outbox body (schemas/contracts/outbox.ts OutboxListSchema): every message, newest first. */
export async function listOutbox(): Promise<OutboxList> {
  const messages = (await outboxMessages.readAll()).map((record) => record.value)
  return messages.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
}

/**
 * Queues the failed message `id` again (admin "send again"): status `queued`, due at `now`,
 * attempts reset to 0 and a new 24-hour window from `now` (the last error is kept until the
 * next attempt). Resolves to the message as the admin outbox shows it. Throws ServiceError
 * not-found for an unknown id, conflict when the message is not failed (queued, being sent or sent).
 */
export async function sendAgain(id: string, options: {now?: Date} = {}): Promise<OutboxMessage> {
  const now = options.now ?? new Date()
  if (!isOutboxId(id)) throw new ServiceError('not-found', 'Unknown message')
  const {value, refusal} = await updateJSON<OutboxRecord, ServiceError>(store(), messageKey(id), (current) => {
    if (!current) return refuse(new ServiceError('not-found', 'Unknown message'))
    if (current.status !== 'failed') return refuse(new ServiceError('conflict', 'Only a failed message can be sent again'))
    const {failedAt: _failedAt, lease: _lease, ...rest} = current
    const time = now.toISOString()
    return {...rest, status: 'queued', attempts: 0, nextAttemptAt: time, expiresAt: plus(now, RETRY_WINDOW_MS), resentAt: time, updatedAt: time}
  })
  if (refusal) throw refusal
  if (!value) throw new ServiceError('not-found', 'Unknown message')
  return toOutboxMessage(value)
}
