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
 *    ("2025-01-31T09-15-02.123Z_<uuid>"), with the client's address only as a hash.
 *
 * Callers validate first with ContactSubmissionSchema; storage failures throw.
 */
import {randomUUID} from 'node:crypto'
import {z} from 'zod'
import {ContactSchema, CONTACT_SUBJECTS} from '#schemas/forms/contact'
import {openStore, STORES} from './blobs'
import {checkNamedRateLimit, sha256Hex} from './rate-limit'

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
  /** SHA-256 of the client's address (never the address itself). */
  ipHash: string
}

export type ContactResult =
  /** Stored under `key`. */
  | {ok: true; stored: true; id: string; key: string}
  /** The honeypot was filled: answer as a success, nothing was stored. */
  | {ok: true; stored: false}
  /** Over the client's limit: answer 429 with Retry-After. */
  | {ok: false; status: 429; message: string; retryAfterSeconds: number}

/** True when the honeypot holds anything: people never see the field, bots fill it. */
export function honeypotFilled(value: unknown): boolean {
  return typeof value === 'string' ? value.length > 0 : value !== undefined && value !== null
}

/** The blob key of a message received at `receivedAt`: sorts by time, then by id. */
export function contactMessageKey(receivedAt: Date, id: string): string {
  return `${receivedAt.toISOString().replace(/:/g, '-')}_${id}`
}

/** Accepts a validated contact message from `client` (its address): honeypot, rate limit, storage. */
export async function acceptContactMessage(submission: ContactSubmission, {client, now = new Date()}: {client: string; now?: Date}): Promise<ContactResult> {
  if (honeypotFilled(submission.website)) return {ok: true, stored: false}

  // One budget per client, shared by the page and the API (RATE_LIMIT_CONTACT, default 5/10m).
  const limit = await checkNamedRateLimit('CONTACT', client, now)
  if (!limit.allowed) return {ok: false, status: 429, message: CONTACT_RATE_LIMITED_MESSAGE, retryAfterSeconds: limit.retryAfterSeconds}

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
  return {ok: true, stored: true, id, key}
}
