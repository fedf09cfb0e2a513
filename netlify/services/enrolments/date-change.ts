/**
 * The record writes of "Request another date" (docs/account/date-change.md): a candidate's request
 * filed on the enrolment (`dateChangeRequests`), and staff's decision applied to it. Each is one
 * conditional write (updateJSON) that checks the rule (schemas/rules/date-change.ts) against the
 * record as it is at that moment, appends one history entry, and then updates the admin list's
 * row (indexEnrolmentSafely), like changeEnrolment. The seats are moved by the caller
 * (netlify/services/admin/date-change.ts): these writes never touch another store.
 */
import {randomBytes} from 'node:crypto'
import type {StoredDateChangeRequest} from '#schemas/contracts/date-change'
import {enrolmentBatchText} from '#schemas/rules/batches'
import {checkDateChangeAllowed, DATE_CHANGE_MESSAGES} from '#schemas/rules/date-change'
import {ServiceError} from '#netlify/platform/errors'
import {openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import {indexEnrolmentSafely} from './index-store'
import {PURGING_MESSAGE} from './enrolments'
import type {EnrolmentBatch, EnrolmentHistoryEntry, EnrolmentRecord} from './record'

const store = () => openStore(STORES.enrolments)

/** The not-found message of a request id the enrolment does not have. */
export const REQUEST_NOT_FOUND = 'Request not found'

/** A new request id: `dc_` + 16 random base64url characters (96 bits). */
export const newDateChangeId = (): string => `dc_${randomBytes(12).toString('base64url')}`

/** How the history names the candidate: `Candidate <address>`. */
export const candidateActor = (email: string): string => `Candidate <${email}>`

/** A note quoted in a history entry (nothing when empty). */
const quoted = (note: string): string => (note ? ` — “${note}”` : '')

/**
 * Files the candidate's request to move `orderId` to `toBatch` at `now`, with `note` (validated),
 * by `email`. Refuses (ServiceError) what the rule refuses at the moment of the write: not-found
 * for an unknown order, conflict for a record being purged, one without a batch, a final status,
 * a batch starting within 7 days or a request already pending; invalid (field batchId) for the
 * current batch. Resolves to the record after it and the request.
 */
export async function fileDateChangeRequest(
  orderId: string,
  ask: {toBatch: EnrolmentBatch; note: string; email: string},
  now: Date,
): Promise<{record: EnrolmentRecord; request: StoredDateChangeRequest}> {
  const at = now.toISOString()
  let filed: StoredDateChangeRequest | null = null
  const {value, refusal} = await updateJSON<EnrolmentRecord, ServiceError>(store(), orderId, (current) => {
    filed = null
    if (!current) return refuse(new ServiceError('not-found', 'Unknown order'))
    if (current.purgeStartedAt) return refuse(new ServiceError('conflict', PURGING_MESSAGE))
    const allowed = checkDateChangeAllowed(current, now)
    if (!allowed.ok) return refuse(new ServiceError('conflict', allowed.message))
    if (current.batch!.id === ask.toBatch.id)
      return refuse(new ServiceError('invalid', DATE_CHANGE_MESSAGES.notOffered, {field: 'batchId', details: {batchId: [DATE_CHANGE_MESSAGES.notOffered]}}))
    const request: StoredDateChangeRequest = {
      id: newDateChangeId(),
      status: 'pending',
      fromBatch: current.batch!,
      toBatch: ask.toBatch,
      note: ask.note,
      requestedAt: at,
      decidedAt: null,
      decidedBy: null,
      decisionNote: '',
    }
    filed = request
    const entry: EnrolmentHistoryEntry = {
      at,
      by: candidateActor(ask.email),
      note: `Another date requested by the candidate: ${enrolmentBatchText(ask.toBatch)} (booked: ${enrolmentBatchText(current.batch!)})${quoted(ask.note)}`,
    }
    return {
      ...current,
      dateChangeRequests: [...(current.dateChangeRequests ?? []), request],
      history: [...(current.history ?? []), entry],
      updatedAt: laterOf(at, current.updatedAt),
    }
  })
  if (refusal) throw refusal
  if (!value || !filed) throw new Error(`Enrolment ${orderId} vanished while its date change was being filed`)
  await indexEnrolmentSafely(value)
  return {record: value, request: filed}
}

/** What a decision did: `changed` false when the same approval had already been applied (a repeat). */
export type DecisionResult = {record: EnrolmentRecord; request: StoredDateChangeRequest; changed: boolean}

/**
 * Applies staff's decision on request `requestId` of `orderId` at `now`, by `account`, with
 * `note`. Approve: only while the request is pending, the enrolment still on the request's
 * `fromBatch` and not cancelled, refunded or completed; the record's `batch` becomes `toBatch`
 * (the batch as the content has it now). Decline: only while pending. One history entry each.
 * The same approval again (approved, the enrolment on its `toBatch`) changes nothing and resolves
 * with `changed: false`, so an approval interrupted after this write can be finished by repeating it.
 * Throws ServiceError not-found (unknown order or request), conflict (decided already, moved
 * since, final status, being purged).
 */
export async function decideDateChangeRequest(
  orderId: string,
  requestId: string,
  decision: {approve: true; toBatch: EnrolmentBatch} | {approve: false},
  actor: {account: string; note: string},
  now: Date,
): Promise<DecisionResult> {
  const at = now.toISOString()
  let decided: StoredDateChangeRequest | null = null
  const {value, changed, refusal} = await updateJSON<EnrolmentRecord, ServiceError>(store(), orderId, (current) => {
    decided = null
    if (!current) return refuse(new ServiceError('not-found', 'Unknown order'))
    const request = (current.dateChangeRequests ?? []).find((item) => item.id === requestId)
    if (!request) return refuse(new ServiceError('not-found', REQUEST_NOT_FOUND))
    if (request.status !== 'pending') {
      if (decision.approve && request.status === 'approved' && current.batch?.id === request.toBatch.id) {
        decided = request
        return undefined
      }
      return refuse(new ServiceError('conflict', DATE_CHANGE_MESSAGES.decided))
    }
    if (current.purgeStartedAt) return refuse(new ServiceError('conflict', PURGING_MESSAGE))
    const entry: EnrolmentHistoryEntry = {at, by: actor.account}
    let next: EnrolmentRecord
    if (decision.approve) {
      if (current.batch?.id !== request.fromBatch.id) return refuse(new ServiceError('conflict', DATE_CHANGE_MESSAGES.moved))
      if (['cancelled', 'refunded', 'completed'].includes(current.status)) return refuse(new ServiceError('conflict', DATE_CHANGE_MESSAGES.status))
      const approved: StoredDateChangeRequest = {
        ...request,
        status: 'approved',
        toBatch: decision.toBatch,
        decidedAt: at,
        decidedBy: actor.account,
        decisionNote: actor.note,
      }
      decided = approved
      entry.note = `Moved to another date at the candidate's request: ${enrolmentBatchText(request.fromBatch)} → ${enrolmentBatchText(decision.toBatch)}${quoted(actor.note)}`
      next = {...current, batch: decision.toBatch, dateChangeRequests: replace(current, approved)}
    } else {
      const declined: StoredDateChangeRequest = {...request, status: 'declined', decidedAt: at, decidedBy: actor.account, decisionNote: actor.note}
      decided = declined
      entry.note = `Another date declined: ${enrolmentBatchText(request.toBatch)}; the booking stays on ${enrolmentBatchText(request.fromBatch)}${quoted(actor.note)}`
      next = {...current, dateChangeRequests: replace(current, declined)}
    }
    return {...next, history: [...(current.history ?? []), entry], updatedAt: laterOf(at, current.updatedAt)}
  })
  if (refusal) throw refusal
  if (!value || !decided) throw new Error(`Enrolment ${orderId} vanished while its date change was being decided`)
  if (changed) await indexEnrolmentSafely(value)
  return {record: value, request: decided, changed}
}

const replace = (record: EnrolmentRecord, request: StoredDateChangeRequest): StoredDateChangeRequest[] =>
  (record.dateChangeRequests ?? []).map((item) => (item.id === request.id ? request : item))

/** The later of two ISO 8601 times: a record's version never goes back (the index keeps the later row). */
const laterOf = (a: string, b: string): string => (a > b ? a : b)
