/**
 * "Request another date" in My training (docs/requirements.md#req-account,
 * docs/account/date-change.md), the candidate's side:
 * - dateChangeOf: the panel of an enrolment card — whether a request can be made, the dates it
 *   may choose (same programme and course, same price, open, ahead, seats left, not the current
 *   one: schemas/rules/date-change.ts), and the pending or last decided request;
 * - requestDateChange: POST /api/account/enrolments/:orderId/date-change — checks the choice
 *   against the dates offered right now, files the request on the record (a conditional write:
 *   ../enrolments/date-change.ts) and e-mails staff through the outbox. No seat is held by a
 *   request: the seat moves when staff approve (../admin/date-change.ts).
 */
import type {PortalDateChange} from '#schemas/contracts/account'
import {DATE_FILLED_UP, type DateChangeRequestBody, type StoredDateChangeRequest} from '#schemas/contracts/date-change'
import {DateChangeRequestBodySchema} from '#schemas/contracts/date-change'
import {enrolmentBatchText, providerToday, seatsLeftText} from '#schemas/rules/batches'
import {checkDateChangeAllowed, DATE_CHANGE_MESSAGES, isDateChangeOption} from '#schemas/rules/date-change'
import {ADMIN_LIST_PATH, absoluteUrl} from '#schemas/rules/paths'
import {seatCounts} from '#schemas/rules/seats'
import {ServiceError} from '#netlify/platform/errors'
import {publicOrigin} from '#netlify/platform/env'
import type {EnrolmentRecord} from '../enrolments/enrolments'
import {fileDateChangeRequest} from '../enrolments/date-change'
import {fetchCourseBatches, type PricedBatch} from '../seats/content'
import {readSeats} from '../seats/seats'
import {batchSnapshot} from '../payments/create-order'
import {enqueue} from '../mail/outbox'
import {staffRecipients} from '../mail/messages'
import {renderDateChangeNotice} from '../mail/templates/date-change'
import {receiptContext} from '../receipts/context'
import {ownedEnrolment} from './records'

/** A batch of the enrolment's course with its seats left at the moment. */
type Counted = {batch: PricedBatch; left: number}

/** The batches of the enrolment's course after the provider's today at `now`, with their seats left (one content query, one seats read). */
async function courseBatchesOf(record: EnrolmentRecord, now: Date): Promise<Counted[]> {
  const batches = await fetchCourseBatches(record.course, providerToday(now))
  const seats = await readSeats(batches.map((batch) => batch.id))
  return batches.map((batch) => ({batch, left: seatCounts(seats.get(batch.id) ?? null, batch.seats, now).left}))
}

/** The dates `record` may move to at `now`, earliest first (schemas/rules/date-change.ts isDateChangeOption). */
export async function dateChangeOptions(record: EnrolmentRecord, now: Date): Promise<Counted[]> {
  return (await courseBatchesOf(record, now)).filter(({batch, left}) => isDateChangeOption(batch, record, left, now))
}

/** The request the card shows: the pending one, else the last decided one, else none. */
function shownRequest(record: EnrolmentRecord): StoredDateChangeRequest | null {
  const requests = record.dateChangeRequests ?? []
  return requests.find((request) => request.status === 'pending') ?? requests.at(-1) ?? null
}

/**
 * The date-change panel of an enrolment at `now`, or null when it has no batch (dates on request)
 * or can no longer change and never asked. `canRequest` follows checkDateChangeAllowed; the
 * options are read only then. Throws when the content or the seats cannot be read.
 */
export async function dateChangeOf(record: EnrolmentRecord, now: Date): Promise<PortalDateChange | null> {
  if (!record.batch) return null
  const request = shownRequest(record)
  const canRequest = checkDateChangeAllowed(record, now).ok
  if (!canRequest && !request) return null
  const options = canRequest ? await dateChangeOptions(record, now) : []
  return {
    canRequest,
    options: options.map(({batch, left}) => ({
      batchId: batch.id,
      text: `${enrolmentBatchText(batch, {venue: true})} · ${seatsLeftText(left)}`,
      startDate: batch.startDate,
      seatsLeft: left,
    })),
    request: request
      ? {
          id: request.id,
          status: request.status,
          toText: enrolmentBatchText(request.toBatch),
          note: request.note,
          requestedAt: request.requestedAt,
          decidedAt: request.decidedAt,
        }
      : null,
  }
}

/**
 * The candidate `email` (trimmed, lower-case) asks to move their enrolment `orderId` to `body`'s
 * batch at `now` (default: the current time). Throws ServiceError: not-found ('Not found') for an
 * order that is not theirs; invalid (400) for a body that does not fit or a date that is not
 * offered (another course or price, closed, started, the current one, unknown); conflict (409)
 * DATE_FILLED_UP when the date has no seat left, or the rule's message when the enrolment may not
 * ask (no batch, final status, within 7 days, a request pending). Resolves to the request filed.
 */
export async function requestDateChange(
  email: string,
  orderId: string,
  body: DateChangeRequestBody,
  options: {now?: Date; origin?: string} = {},
): Promise<StoredDateChangeRequest> {
  const now = options.now ?? new Date()
  const record = await ownedEnrolment(email, orderId)
  const parsed = DateChangeRequestBodySchema.safeParse(body)
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Invalid request'
    throw new ServiceError('invalid', message)
  }
  const allowed = checkDateChangeAllowed(record, now)
  if (!allowed.ok) throw new ServiceError('conflict', allowed.message)
  const chosen = (await courseBatchesOf(record, now)).find(({batch}) => batch.id === parsed.data.batchId)
  if (!chosen || !isDateChangeOption(chosen.batch, record, Math.max(chosen.left, 1), now))
    throw new ServiceError('invalid', DATE_CHANGE_MESSAGES.notOffered, {field: 'batchId', details: {batchId: [DATE_CHANGE_MESSAGES.notOffered]}})
  if (chosen.left <= 0) throw new ServiceError('conflict', DATE_FILLED_UP)
  const {record: after, request} = await fileDateChangeRequest(orderId, {toBatch: batchSnapshot(chosen.batch), note: parsed.data.note, email}, now)
  await noticeStaff(after, request, options.origin ?? publicOrigin(), now)
  return request
}

/** Queues the staff notice `date-change-request:{request id}`; never throws (the request stands; staff see it in the detail). */
async function noticeStaff(record: EnrolmentRecord, request: StoredDateChangeRequest, origin: string, now: Date): Promise<void> {
  try {
    const {provider} = await receiptContext()
    const mail = await renderDateChangeNotice({
      provider,
      candidate: {name: record.name, email: record.email},
      course: record.courseName || record.trainingProgramName,
      orderId: record.orderId,
      from: enrolmentBatchText(request.fromBatch, {venue: true}),
      to: enrolmentBatchText(request.toBatch, {venue: true}),
      note: request.note,
      adminUrl: absoluteUrl(origin, ADMIN_LIST_PATH),
    })
    await enqueue({kind: 'date-change-request', about: request.id, to: staffRecipients(provider.email), ...mail}, {now})
  } catch (error) {
    console.error(`[date-change] the staff notice of request ${request.id} (order ${record.orderId}) could not be queued`, error)
  }
}
