/**
 * Staff's outbox (the edges netlify/functions/admin-outbox*.ts check the token):
 * - list: every message, newest first (OutboxListSchema; a message being
 *   sent right now is shown `queued`);
 * - page: one page of the messages matching a parsed OutboxListQuery (search, status, kind,
 *   days, sort; #schemas/rules/admin-lists matchingOutbox), OutboxPageSchema
 *   (docs/requirements.md#req-admin-list-queries);
 * - send again: a failed message is queued again
 *   (sendAgain: attempts reset, a new 24-hour window) and one delivery is tried at once
 *   (deliverOne, capped at VISITOR_SEND_TIMEOUT_MS, 5 s); the answer is the message's new state
 *   (OutboxSendAgainResponseSchema): `sent`, or `queued` when the attempt failed (retried by the
 *   scheduled job) or e-mail is not configured. ServiceError not-found for an id that is not one
 *   or is unknown, conflict when the message is not failed.
 * emailConfigured() tells the admin pages'
 * loaders whether to show the "not configured" banner.
 */
import {isOutboxId, type OutboxList, type OutboxListQuery, type OutboxPage, type OutboxSendAgainResponse} from '#schemas/contracts/outbox'
import {pageOf} from '#schemas/contracts/list-query'
import {matchingOutbox} from '#schemas/rules/admin-lists'
import {ServiceError} from '#netlify/platform/errors'
import {deliverOne} from '../mail/deliver'
import {getOutboxRecord, listOutbox, sendAgain, toOutboxMessage} from '../mail/outbox'
import {mailTransport} from '#netlify/platform/mail-transport'

export const MESSAGE_NOT_FOUND = 'Unknown message'

/** Whether this environment can send e-mail (SMTP_URL set, and MAIL_FROM in production): ../mail/transport.ts. */
export function emailConfigured(): boolean {
  return mailTransport().ok
}

/**
 * The `:id` path parameter as a message id, or not-found. The local router decodes parameters; an
 * encoded one (`receipt%3AMTC-2026-00001`) is decoded here once, then checked against
 * OUTBOX_ID_PATTERN before it reaches storage.
 */
function messageIdParam(raw: string): string {
  let value = raw
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value)
    } catch {
      throw new ServiceError('not-found', MESSAGE_NOT_FOUND)
    }
  }
  if (!isOutboxId(value)) throw new ServiceError('not-found', MESSAGE_NOT_FOUND)
  return value
}

/** The messages, newest first (OutboxListSchema). */
export async function listOutboxForStaff(): Promise<OutboxList> {
  return listOutbox()
}

/** One page of the messages matching `query` (parsed OutboxListQuerySchema). */
export async function outboxPageForStaff(query: OutboxListQuery): Promise<OutboxPage> {
  return pageOf(matchingOutbox(await listOutbox(), query), query)
}

/**
 * Queues the failed message `rawId` (the path parameter) again at `now` (default: the current
 * time) and tries one delivery (at most 5 s on SMTP), then answers its new state. Not-found for
 * an unknown message, conflict when it is not failed.
 */
export async function sendAgainForStaff(rawId: string, options: {now?: Date} = {}): Promise<OutboxSendAgainResponse> {
  const id = messageIdParam(rawId)
  const now = options.now ?? new Date()
  const queued = await sendAgain(id, {now})
  await deliverOne(id, {now})
  const record = await getOutboxRecord(id)
  return record ? toOutboxMessage(record) : queued
}
