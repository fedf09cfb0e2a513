/**
 * The admin outbox API behind a valid token (see ./auth.ts; issue 14):
 * - list: GET /api/admin/outbox → every message, newest first (OutboxListSchema; a message being
 *   sent right now is shown `queued`);
 * - send again: POST /api/admin/outbox/:id/send-again → a failed message is queued again
 *   (sendAgain: attempts reset, a new 24-hour window) and one delivery is tried at once
 *   (deliverOne, capped at VISITOR_SEND_TIMEOUT_MS, 5 s); the answer is the message's new state
 *   (OutboxSendAgainResponseSchema): `sent`, or `queued` when the attempt failed (retried by the
 *   scheduled job) or e-mail is not configured. 404 for an id that is not one or is unknown, 409
 *   when the message is not failed.
 * Every answer is Cache-Control: no-store (json()). emailConfigured() tells the admin pages'
 * loaders whether to show the "not configured" banner.
 */
import {isOutboxId, type OutboxList, type OutboxSendAgainResponse} from '#schemas/contracts/outbox'
import {HttpError, json} from '#netlify/platform/http'
import {deliverOne} from '../mail/deliver'
import {getOutboxRecord, listOutbox, sendAgain, toOutboxMessage} from '../mail/outbox'
import {mailTransport} from '#netlify/platform/mail-transport'
import {requireAdmin} from './auth'

export const MESSAGE_NOT_FOUND = 'Unknown message'

/** Whether this environment can send e-mail (SMTP_URL set, and MAIL_FROM in production): ../mail/transport.ts. */
export function emailConfigured(): boolean {
  return mailTransport().ok
}

/**
 * The `:id` path parameter as a message id, or a 404. The local router decodes parameters; an
 * encoded one (`receipt%3AMTC-2026-00001`) is decoded here once, then checked against
 * OUTBOX_ID_PATTERN before it reaches storage.
 */
function messageIdParam(context: {params?: Record<string, string>} | undefined): string {
  let value = context?.params?.id ?? ''
  if (value.includes('%')) {
    try {
      value = decodeURIComponent(value)
    } catch {
      throw new HttpError(404, MESSAGE_NOT_FOUND)
    }
  }
  if (!isOutboxId(value)) throw new HttpError(404, MESSAGE_NOT_FOUND)
  return value
}

/** GET /api/admin/outbox: the messages, newest first (OutboxListSchema). 401 without a valid token. */
export async function listOutboxForAdmin(request: Request): Promise<Response> {
  await requireAdmin(request)
  const body: OutboxList = await listOutbox()
  return json(body)
}

/**
 * POST /api/admin/outbox/:id/send-again at `now` (default: the current time): queues the failed
 * message again and tries one delivery (at most 5 s on SMTP), then answers its new state. 401
 * without a valid token, 404 for an unknown message, 409 when it is not failed.
 */
export async function sendAgainForAdmin(request: Request, context?: {params?: Record<string, string>}, options: {now?: Date} = {}): Promise<Response> {
  await requireAdmin(request)
  const id = messageIdParam(context)
  const now = options.now ?? new Date()
  const queued = await sendAgain(id, {now})
  await deliverOne(id, {now})
  const record = await getOutboxRecord(id)
  const body: OutboxSendAgainResponse = record ? toOutboxMessage(record) : queued
  return json(body)
}
