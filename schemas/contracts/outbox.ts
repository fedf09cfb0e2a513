/**
 * The contracts of the admin outbox: the messages the site sends — receipts to
 * candidates, notices to staff — as the admin API will answer them (netlify/services/mail/outbox.ts
 * produces these bodies with listOutbox() and sendAgain(id)):
 *
 *   GET  /api/admin/outbox                 → 200 OutboxListSchema (newest first)
 *   GET  /api/admin/outbox?page=&pageSize=&q=&sort=&dir=&status=&kind=&from=&to=
 *                                          OutboxListQuerySchema → 200 OutboxPageSchema (one page,
 *                                          docs/requirements.md#req-admin-list-queries)
 *   POST /api/admin/outbox/:id/send-again  → 200 OutboxSendAgainResponseSchema (a failed message
 *                                            queued again and tried once: its new state)
 *
 * (netlify/functions/admin-outbox.ts and admin-outbox-send-again.ts, logic in
 * netlify/services/admin/outbox.ts; both need the admin bearer token.)
 *
 * A message's id is its idempotency key: its kind and what it is about, `{kind}:{about}`, e.g.
 * `receipt:MTC-2026-00001`, `enrolment-notice:MTC-2026-00001`, `enquiry-notice:{contact
 * message id}`. Enqueueing the same id twice never makes a second message.
 */
import {z} from 'zod'
import {FROM_AFTER_TO, fromBeforeTo, listPageSchema, listQueryShape, oneOfParam} from './list-query'
import {MailAddressSchema} from './mail'

/**
 * What a message is: the receipt or a refund receipt to the candidate, or a notice to
 * staff — of an enrolment, an enquiry, or a seat come free in a batch with a waitlist
 * (`waitlist-notice:{order id whose hold was freed}`), or a cadetship installment's
 * payment link to the candidate (`installment-link:{reference id}`, e.g. `{order id}-i2`), or
 * a course certificate to its holder (`certificate:{number}`, the PDF attached) or its expiry
 * reminder (`certificate-expiry:{number}`), or a staff invite (`staff-invite:{staff id}-{link}`) or
 * password reset link (`password-reset:{staff id}-{link}`), where `{link}` names one link without
 * revealing it; a candidate's erasure request to staff (`erasure-request:{first 24 hex of the
 * address's SHA-256}-{time}`); a candidate's request for another date to staff
 * (`date-change-request:{request id}`) and its outcome to the candidate (`date-change-outcome:{request id}`); a document a
 * candidate added in My training, to staff (`document-notice:{upload id}`, once per document); a
 * company's group booking confirmation with its pro-forma (`group-booking:{booking id}`), the
 * release of its unpaid seats (`group-booking-released:{booking id}`), and a named delegate's
 * joining instructions (`delegate-joining:{delegate order id}-{n}`, again after a swap).
 */
export const OUTBOX_KINDS = [
  'receipt',
  'enrolment-notice',
  'enquiry-notice',
  'refund-receipt',
  'waitlist-notice',
  'installment-link',
  'certificate',
  'certificate-expiry',
  'staff-invite',
  'password-reset',
  'backup-alert',
  'sign-in-link',
  'erasure-request',
  'date-change-request',
  'date-change-outcome',
  'document-notice',
  'group-booking',
  'group-booking-released',
  'delegate-joining',
] as const
export const OutboxKindSchema = z.enum(OUTBOX_KINDS)
export type OutboxKind = z.infer<typeof OutboxKindSchema>

/**
 * Where a message is: `queued` (waiting for its first or next attempt, or being sent right now),
 * `sent` (the SMTP server accepted it), `failed` (no attempt succeeded within 24 hours of its
 * creation; sendAgain queues it again).
 */
export const OUTBOX_STATUSES = ['queued', 'sent', 'failed'] as const
export const OutboxStatusSchema = z.enum(OUTBOX_STATUSES)
export type OutboxStatus = z.infer<typeof OutboxStatusSchema>

/** What a message is about: a receipt number, an order id or a contact message id (1–100 of [A-Za-z0-9_-], starting alphanumeric). */
export const OUTBOX_ABOUT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

/** A message id `{kind}:{about}`. */
export const OUTBOX_ID_PATTERN = new RegExp(`^(${OUTBOX_KINDS.join('|')}):${OUTBOX_ABOUT_PATTERN.source.slice(1, -1)}$`)

/** A message id (also in the send-again path: anything else answers 404). */
export const OutboxIdSchema = z.string().regex(OUTBOX_ID_PATTERN, 'Unknown message')

export const isOutboxId = (value: string): boolean => OUTBOX_ID_PATTERN.test(value)

/** The id of the message of `kind` about `about` (not checked: see isOutboxId). */
export const outboxId = (kind: OutboxKind, about: string): string => `${kind}:${about}`

/** One message of the outbox, as staff see it. Times are ISO 8601 (UTC). */
export const OutboxMessageSchema = z.object({
  id: OutboxIdSchema,
  kind: OutboxKindSchema,
  /** The recipients' addresses. */
  to: z.array(MailAddressSchema).min(1),
  subject: z.string(),
  status: OutboxStatusSchema,
  /** Attempts to send so far (an attempt is counted when it starts). */
  attempts: z.number().int().nonnegative(),
  /** Why the latest attempt failed (the SMTP server's answer or the connection error). */
  lastError: z.string().optional(),
  createdAt: z.string(),
  sentAt: z.string().optional(),
})
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>

/** 200 of GET /api/admin/outbox: every message, newest first. */
export const OutboxListSchema = z.array(OutboxMessageSchema)
export type OutboxList = z.infer<typeof OutboxListSchema>

/**
 * 200 of POST /api/admin/outbox/:id/send-again: the message after it was queued again and one
 * delivery was tried at once — `sent`, or `queued` (the attempt failed and will be retried, or
 * e-mail is not configured), with its attempts and last error.
 */
export const OutboxSendAgainResponseSchema = OutboxMessageSchema
export type OutboxSendAgainResponse = z.infer<typeof OutboxSendAgainResponseSchema>

/** The columns the paged outbox sorts by: created (the default, newest first), sent, subject, kind, status, attempts. */
export const OUTBOX_SORTS = ['createdAt', 'sentAt', 'subject', 'kind', 'status', 'attempts'] as const
export type OutboxSort = (typeof OUTBOX_SORTS)[number]

/** Rows per page when the call does not say. */
export const OUTBOX_PAGE_SIZE = 20

/**
 * The query of the paged GET /api/admin/outbox (./list-query.ts): `q` searches the recipients,
 * the subject and the id (kind and what it is about; case-insensitive substring); `status`
 * (OUTBOX_STATUSES) and `kind` (OUTBOX_KINDS) filter; `from`/`to` the day created (UTC); sort
 * OUTBOX_SORTS, newest first by default.
 */
export const OutboxListQuerySchema = listQueryShape({sorts: OUTBOX_SORTS, defaultSort: 'createdAt', defaultDir: 'desc', defaultPageSize: OUTBOX_PAGE_SIZE})
  .extend({status: oneOfParam('status', OUTBOX_STATUSES), kind: oneOfParam('kind', OUTBOX_KINDS)})
  .refine(fromBeforeTo, {message: FROM_AFTER_TO, path: ['from']})
export type OutboxListQuery = z.output<typeof OutboxListQuerySchema>

/** 200 of the paged GET /api/admin/outbox: one page of messages. */
export const OutboxPageSchema = listPageSchema(OutboxMessageSchema)
export type OutboxPage = z.infer<typeof OutboxPageSchema>
