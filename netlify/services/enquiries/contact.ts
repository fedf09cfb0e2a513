/**
 * Accepting a contact message (docs/requirements.md#req-entities-contact, #req-validation-contact, #req-calls), the one implementation behind
 * both the /contact page's action and POST /api/contact:
 *
 * 1. honeypot: a filled `website` field marks a bot, which is answered as if the message
 *    had been sent, and nothing is stored or counted;
 * 2. rate limit: RATE_LIMIT_CONTACT (default 5 messages per client per 10 minutes),
 *    counted in the rate-limits store under a hash of the client's address; over it the
 *    caller answers 429 with Retry-After and CONTACT_RATE_LIMITED_MESSAGE;
 * 3. storage: the message in the contact-messages store under a time-sortable key
 *    ("2025-01-31T09-15-02.123Z_<uuid>"), with the client's address only as a hash;
 * 4. staff notice: `enquiry-notice:{id}` queued in the outbox and sent at once (at
 *    most 5 s, never a reason to fail the answer); Reply-To the sender, and no automatic reply
 *    goes to the sender. A notice that could not be queued is queued by the scheduled
 *    outbox-delivery function (sweepEnquiryNotices) for messages of the last 24 hours.
 *
 * Callers validate first with ContactSubmissionSchema; storage failures throw.
 */
import {randomUUID} from 'node:crypto'
import {z} from 'zod'
import type {EnquiryStatus} from '#schemas/contracts/enquiries'
import {isEnquiryId} from '#schemas/contracts/ids'
import {ContactSchema, CONTACT_SUBJECTS} from '#schemas/contracts/forms/contact'
import {listKeys, openStore, STORES} from '#netlify/platform/blobs'
import {deliverOne, VISITOR_SEND_TIMEOUT_MS} from '../mail/deliver'
import {enquiryNoticeMessage, staffRecipients} from '../mail/messages'
import {enqueue, getOutboxRecord} from '../mail/outbox'
import {receiptContext} from '../receipts/context'
import {checkNamedRateLimit, sha256Hex} from '#netlify/platform/rate-limit'
import {ServiceError} from '#netlify/platform/errors'

export const CONTACT_RATE_LIMITED_MESSAGE = 'Too many messages. Please try again in a few minutes.'

/**
 * The contact form as the server reads it: ContactSchema, except that the honeypot takes any
 * text, so a bot that fills it gets the ordinary success answer (acceptContactMessage drops
 * the message) rather than a validation error pointing at the trap.
 */
export const ContactSubmissionSchema = ContactSchema.extend({website: z.string().max(2000).optional()})
export type ContactSubmission = z.infer<typeof ContactSubmissionSchema>

/** A stored message, as staff will read it. */
export type StoredContactMessage = {
  id: string
  name: string
  email: string
  phone: string | null
  subject: (typeof CONTACT_SUBJECTS)[number]
  message: string
  /** ISO time the server received it. */
  receivedAt: string
  /** SHA-256 of the client's address (never the address itself; never shown to staff). */
  ipHash: string
  /**
   * Where staff are with it (./enquiries.ts): absent until first changed — a message
   * without it is `new`, as are all messages stored by earlier versions.
   */
  status?: EnquiryStatus
  /** ISO time it was marked handled; present only while `status` is `handled`. */
  handledAt?: string
}

export type ContactResult =
  /** Stored under `key`. */
  | {ok: true; stored: true; id: string; key: string}
  /** The honeypot was filled: answer as a success, nothing was stored. */
  | {ok: true; stored: false}

/** True when the honeypot holds anything: people never see the field, bots fill it. */
export function honeypotFilled(value: unknown): boolean {
  return typeof value === 'string' ? value.length > 0 : value !== undefined && value !== null
}

/** The blob key of a message received at `receivedAt`: sorts by time, then by id. Also the enquiry's id (schemas/contracts/ids.ts ENQUIRY_ID_PATTERN). */
export function contactMessageKey(receivedAt: Date, id: string): string {
  return `${receivedAt.toISOString().replace(/:/g, '-')}_${id}`
}

/**
 * Accepts a validated contact message from `client` (its address): honeypot, rate limit, storage.
 * Throws ServiceError limited CONTACT_RATE_LIMITED_MESSAGE (with retryAfterSeconds) over the client's limit.
 */
export async function acceptContactMessage(submission: ContactSubmission, {client, now = new Date()}: {client: string; now?: Date}): Promise<ContactResult> {
  if (honeypotFilled(submission.website)) return {ok: true, stored: false}

  // One budget per client, shared by the page and the API (RATE_LIMIT_CONTACT, default 5/10m).
  const limit = await checkNamedRateLimit('CONTACT', client, now)
  if (!limit.allowed) throw new ServiceError('limited', CONTACT_RATE_LIMITED_MESSAGE, {retryAfterSeconds: limit.retryAfterSeconds})

  const id = randomUUID()
  const record: StoredContactMessage = {
    id,
    name: submission.name,
    email: submission.email,
    phone: submission.phone || null,
    subject: submission.subject,
    message: submission.message,
    receivedAt: now.toISOString(),
    ipHash: sha256Hex(client),
  }
  const key = contactMessageKey(now, id)
  const {modified} = await openStore(STORES.contactMessages).setJSON(key, record, {
    onlyIfNew: true,
    metadata: {receivedAt: record.receivedAt, subject: record.subject},
  })
  if (!modified) throw new Error(`Contact message key ${key} already exists`)
  await notifyStaff(record, now)
  return {ok: true, stored: true, id, key}
}

/** Queues the staff notice of a stored enquiry and tries to send it (≤ 5 s); never throws (logged). Resolves to the outbox id, or null. */
async function notifyStaff(record: StoredContactMessage, now: Date, deliver = true): Promise<string | null> {
  try {
    const {provider} = await receiptContext()
    const message = await enquiryNoticeMessage(
      {
        id: record.id,
        provider,
        name: record.name,
        email: record.email,
        phone: record.phone,
        subject: record.subject,
        message: record.message,
        receivedAt: record.receivedAt,
      },
      staffRecipients(provider.email),
    )
    const {id} = await enqueue(message, {now})
    if (deliver) await deliverOne(id, {now, timeoutMs: VISITOR_SEND_TIMEOUT_MS})
    return id
  } catch (error) {
    console.error(`[contact] the staff notice of message ${record.id} could not be queued now; the outbox job retries`, error)
    return null
  }
}

/** How far back sweepEnquiryNotices looks (ms). */
export const ENQUIRY_SWEEP_WINDOW_MS = 24 * 60 * 60 * 1000

/**
 * The scheduled job's step for enquiries: queues the staff notice of every contact message of
 * the last 24 hours that has none in the outbox (a crash or an outage right after storing it).
 * Resolves to the message ids queued now.
 */
export async function sweepEnquiryNotices(options: {now?: Date} = {}): Promise<string[]> {
  const now = options.now ?? new Date()
  const since = contactMessageKey(new Date(now.getTime() - ENQUIRY_SWEEP_WINDOW_MS), '')
  const store = openStore(STORES.contactMessages)
  const keys = (await listKeys(store, isEnquiryId)).filter((key) => key >= since)
  const queued: string[] = []
  for (const key of keys) {
    const record = (await store.get(key, {type: 'json'})) as StoredContactMessage | null
    if (!record || (await getOutboxRecord(`enquiry-notice:${record.id}`))) continue
    if (await notifyStaff(record, now, false)) queued.push(record.id)
  }
  return queued
}
