/**
 * Waitlists of course batches (docs/requirements.md#req-seats): store `waitlist`, one
 * JSON WaitlistRecord per batch id, changed only through updateJSON (conditional writes).
 *
 * - POST /api/waitlist (joinWaitlist): a place for `{batchId, name, email, mobile}` on an open,
 *   upcoming batch (the batch checks of schemas/rules/seats.ts, without the course); the same
 *   e-mail again keeps its place. No money is taken. Rate-limited like contact: the budget of
 *   RATE_LIMIT_CONTACT (default 5 per 10 minutes per client), counted in its own bucket
 *   `waitlist`, so a visitor's enquiries and waitlist places do not use up each other's.
 * - When a seat comes free (a hold released or expired: noticeFreedSeat), staff get one e-mail
 *   through the outbox, `waitlist-notice:{order id whose hold was freed}`, naming the first person
 *   waiting who has not been named before; that person is marked (`notifiedFor`) in the same
 *   conditional write, so each freed seat names one person once, whoever reports it and however
 *   often. Nobody is removed: staff see the whole list.
 */
import {randomUUID} from 'node:crypto'
import type {WaitlistResponse, WaitlistSubmission} from '#schemas/contracts/batches'
import {checkBatch} from '#schemas/rules/seats'
import {rateLimitOf} from '#netlify/platform/env'
import {openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {staffRecipients, waitlistNoticeMessage} from '../mail/messages'
import type {SeatFreedReason} from '../mail/templates/waitlist-notice'
import {enqueue} from '../mail/outbox'
import {checkRateLimit, sha256Hex} from '#netlify/platform/rate-limit'
import {receiptContext} from '../receipts/context'
import {fetchBatch} from '../seats/content'

/** The 429 message of the waitlist. */
export const WAITLIST_RATE_LIMITED = 'Too many requests. Please try again in a few minutes.'

/** The Blobs bucket of the waitlist's rate limit (RATE_LIMIT_CONTACT's count and window). */
export const WAITLIST_RATE_LIMIT_BUCKET = 'waitlist'

/** The most people one batch's waitlist keeps. */
export const MAX_WAITLIST = 200

/** Someone waiting. Times ISO 8601; `notifiedFor`: the order whose freed seat staff were told about with this person's name. */
export type WaitlistEntry = {
  id: string
  name: string
  email: string
  mobile: string
  joinedAt: string
  /** SHA-256 of the client's address (never the address). */
  ipHash: string
  notifiedAt?: string
  notifiedFor?: string
}

/** A batch's waitlist as stored, first come first. */
export type WaitlistRecord = {batchId: string; entries: WaitlistEntry[]}

const store = () => openStore(STORES.waitlist)

/** The waitlist of `batchId` (empty when nobody waits). */
export async function getWaitlist(batchId: string): Promise<WaitlistEntry[]> {
  const record = (await store().get(batchId, {type: 'json'})) as WaitlistRecord | null
  return record?.entries ?? []
}

/**
 * Puts `submission` on its batch's waitlist at `now` for `client` (its address). Throws
 * ServiceError limited (with retryAfterSeconds) over the limit, invalid (field batchId) for a batch
 * that is unknown, closed, cancelled or started, conflict when the waitlist is full. Resolves to the place (1 = first).
 */
export async function joinWaitlist(submission: WaitlistSubmission, {client, now = new Date()}: {client: string; now?: Date}): Promise<WaitlistResponse> {
  const {count, windowSeconds} = rateLimitOf('CONTACT')
  const limit = await checkRateLimit({bucket: WAITLIST_RATE_LIMIT_BUCKET, key: client, limit: count, windowSeconds, now})
  if (!limit.allowed) throw new ServiceError('limited', WAITLIST_RATE_LIMITED, {retryAfterSeconds: limit.retryAfterSeconds})

  const batch = await fetchBatch(submission.batchId)
  const check = checkBatch(batch, null, now)
  if (!check.ok) throw new ServiceError('invalid', check.message, {field: 'batchId', details: {batchId: [check.message]}})

  const email = submission.email.toLowerCase()
  let position = 0
  const {refusal} = await updateJSON<WaitlistRecord, ServiceError>(store(), submission.batchId, (current) => {
    const entries = current?.entries ?? []
    const existing = entries.findIndex((e) => e.email.toLowerCase() === email)
    if (existing >= 0) {
      position = existing + 1
      return undefined
    }
    if (entries.length >= MAX_WAITLIST) return refuse(new ServiceError('conflict', 'The waitlist of this batch is full. Please contact us.'))
    position = entries.length + 1
    const entry: WaitlistEntry = {
      id: randomUUID(),
      name: submission.name,
      email: submission.email,
      mobile: submission.mobile,
      joinedAt: now.toISOString(),
      ipHash: sha256Hex(client),
    }
    return {batchId: submission.batchId, entries: [...entries, entry]}
  })
  if (refusal) throw refusal
  return {batchId: submission.batchId, status: 'waiting', position}
}

/**
 * A seat of `batchId` came free at `now` (`reason`): the hold of order `freedBy` was released or
 * expired, or (`freedBy` = `{order id}-booking`) staff cancelled or fully refunded that order: marks the first person waiting not named before and queues the staff
 * notice `waitlist-notice:{freedBy}` naming them (idempotent: the same freed seat again names the
 * same person and queues nothing new). Resolves to the outbox id, or null when nobody waits.
 * Never throws: a failure is logged (the seat is free anyway; staff see the waitlist).
 */
export async function noticeFreedSeat(batchId: string, freedBy: string, reason: SeatFreedReason, now: Date): Promise<string | null> {
  try {
    let chosen: WaitlistEntry | null = null
    let waiting = 0
    await updateJSON<WaitlistRecord>(store(), batchId, (current) => {
      chosen = null
      if (!current) return undefined
      waiting = current.entries.filter((e) => !e.notifiedFor || e.notifiedFor === freedBy).length
      const already = current.entries.find((e) => e.notifiedFor === freedBy)
      if (already) {
        chosen = already
        return undefined
      }
      const next = current.entries.find((e) => !e.notifiedFor)
      if (!next) return undefined
      const marked: WaitlistEntry = {...next, notifiedAt: now.toISOString(), notifiedFor: freedBy}
      chosen = marked
      return {...current, entries: current.entries.map((e) => (e.id === next.id ? marked : e))}
    })
    const person = chosen as WaitlistEntry | null
    if (!person) return null
    const [batch, {provider}] = await Promise.all([fetchBatch(batchId), receiptContext()])
    const message = await waitlistNoticeMessage(
      {
        freedBy,
        provider,
        batch: {
          id: batchId,
          course: batch?.course.name ?? 'Course batch',
          startDate: batch?.startDate ?? '',
          endDate: batch?.endDate ?? '',
          city: batch?.city ?? '',
        },
        reason,
        person: {name: person.name, email: person.email, mobile: person.mobile, joinedAt: person.joinedAt},
        waiting,
      },
      staffRecipients(provider.email),
    )
    const {id} = await enqueue(message, {now})
    return id
  } catch (error) {
    console.error(`[waitlist] the notice of the seat freed by ${freedBy} on batch ${batchId} could not be queued`, error)
    return null
  }
}
