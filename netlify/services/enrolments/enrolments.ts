/**
 * Enrolments in Netlify Blobs (store `enrolments`, strong consistency), one JSON record per
 * order, keyed by the order id.
 *
 * Life of a record: createPending (create-order, `onlyIfNew`) → markPaid (save callback or
 * Razorpay webhook, a conditional read-modify-write through updateJSON). markPaid is
 * idempotent: the same payment id again changes nothing; a different payment id for a paid
 * order is refused (409) and logged, and the stored payment is never overwritten.
 * Both keep the admin list's index (./enrolment-index.ts) up to date after the record write.
 *
 * Follow-up (schemas/rules/enrolment-status.ts): changeEnrolment moves a record to a
 * new status (staff: one step forward or cancel; refunds: refunded / partially-refunded) and/or
 * appends a note, each change one entry of the record's `history`, through the same conditional
 * write, so concurrent staff edits never lose an entry. markPaid treats every status reached
 * after payment like `paid` (the same payment again changes nothing) and refuses an order
 * cancelled before its payment arrived (409, logged for review).
 *
 * Purge (./enrolment-purge.ts): a pending record older than 7 days is
 * first MARKED (`beginPurge`: a conditional write that only lands on a still-pending, old,
 * record) and only then deleted (`deleteMarkedEnrolment`). markPaid refuses a marked record
 * (409, logged for review) instead of writing to it, so a payment racing the purge either lands
 * first (the purge then finds it paid and leaves it) or is refused: a paid record is never
 * deleted. (@netlify/blobs 10.7.13 has no conditional delete, hence the mark.)
 *
 * Seats: markPaid is the one place every confirmed payment passes (save callback,
 * webhook, reconciliation), so it also turns an enrolment's seat hold into a booking
 * (bookPaidSeat), idempotently, and flags a booking beyond the batch's seats `overCapacity`.
 */
import {randomBytes} from 'node:crypto'
import {isOrderId} from '#schemas/contracts/ids'
import {checkRefundMove, checkStaffMove, wasPaid, type EnrolmentStatus} from '#schemas/rules/enrolment-status'
import {ServiceError} from '#netlify/platform/errors'
import {listKeys, openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import type {Attachment} from '../uploads/uploads'
import type {EnrolmentHistoryEntry, EnrolmentRecord, NewEnrolment, PaidVia} from './record'
import {indexEnrolmentSafely} from './index-store'
import {fetchBatch} from '../seats/content'
import {bookSeat} from '../seats/seats'

export type {CertificateHolder, EnrolmentHistoryEntry, EnrolmentRecord, EnrolmentStatus, NewEnrolment, PaidVia} from './record'

const store = () => openStore(STORES.enrolments)

/**
 * Stores a new pending enrolment with its confirmation key (`confirmationKey`, default a new
 * one: a group booking's order shares its booking page's key). Throws if a record with this order
 * id already exists.
 */
export async function createPending(enrolment: NewEnrolment, now = new Date(), options: {confirmationKey?: string} = {}): Promise<EnrolmentRecord> {
  const timestamp = now.toISOString()
  const record: EnrolmentRecord = {
    ...enrolment,
    status: 'pending',
    createdAt: timestamp,
    updatedAt: timestamp,
    confirmationKey: options.confirmationKey ?? newConfirmationKey(),
  }
  const result = await store().setJSON(record.orderId, record, {onlyIfNew: true})
  if (!result.modified) throw new Error(`An enrolment for order ${record.orderId} already exists`)
  await indexEnrolmentSafely(record)
  return record
}

/**
 * A new key for an enrolment's confirmation page and receipt: 128 random bits,
 * base64url (22 characters). The page compares it in constant time (netlify/services/enrolments/paid-enrolment.ts).
 */
export const newConfirmationKey = (): string => randomBytes(16).toString('base64url')

/** The enrolment of an order, or null (also for anything that is not an order id: never a store listing). */
export async function getEnrolment(orderId: string): Promise<EnrolmentRecord | null> {
  if (!isOrderId(orderId)) return null
  return ((await store().get(orderId, {type: 'json'})) as EnrolmentRecord | null) ?? null
}

/**
 * The keys of the enrolment records: the store's keys that are order ids (schemas/contracts/ids.ts),
 * never a temporary file of the Blobs emulation or anything else.
 */
export function listEnrolmentKeys(): Promise<string[]> {
  return listKeys(store(), isOrderId)
}

/** Every enrolment, newest first (the order-id keys + one get each; for tests and small volumes). */
export async function listEnrolments(): Promise<EnrolmentRecord[]> {
  const keys = await listEnrolmentKeys()
  const records = await Promise.all(keys.map((key) => getEnrolment(key)))
  return records.filter((record): record is EnrolmentRecord => record !== null).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
}

/** `changed`: this call marked the order paid (false when it already was, by the same payment). */
export type MarkPaidResult = {record: EnrolmentRecord; changed: boolean}

/** The message of markPaid's 409 for an order whose pending enrolment is being purged. */
export const EXPIRED_ORDER_MESSAGE = 'This order expired before the payment reached us. Please contact us with your payment reference.'

/** The message of markPaid's 409 for an order that staff cancelled before its payment arrived. */
export const CANCELLED_ORDER_MESSAGE = 'This order was cancelled before the payment reached us. Please contact us with your payment reference.'

/**
 * Marks the order paid by `paymentId`. Resolves with the stored record and whether this call
 * changed it (false when it was already paid by the same payment — also when staff have moved
 * it on since, e.g. to `contacted`: its status stays). Throws ServiceError not-found for an unknown
 * order, conflict when the order is already paid by another payment, 409 (EXPIRED_ORDER_MESSAGE,
 * logged for review and refund) when the purge has claimed the pending record,
 * and 409 (CANCELLED_ORDER_MESSAGE, logged likewise) when staff cancelled the order
 * before it was paid.
 * `extraAttachments` (documents posted with the save call) are appended once.
 */
export function markPaid(
  orderId: string,
  paymentId: string,
  via: PaidVia,
  options: {extraAttachments?: Attachment[]; now?: () => Date} = {},
): Promise<MarkPaidResult> {
  return markPaidNow(orderId, paymentId, via, options)
}

async function markPaidNow(
  orderId: string,
  paymentId: string,
  via: PaidVia,
  options: {extraAttachments?: Attachment[]; now?: () => Date},
): Promise<MarkPaidResult> {
  const now = options.now ?? (() => new Date())
  // Whether this call's write made the payment (not only added documents to a paid record).
  let paidNow = false
  const {value, changed, refusal} = await updateJSON<EnrolmentRecord, 'missing' | 'purging' | 'cancelled' | 'conflict'>(store(), orderId, (current) => {
    paidNow = false
    if (!current) return refuse('missing')
    // The purge owns this record now: writing the payment into it would be deleted with it.
    if (current.purgeStartedAt) return refuse('purging')
    const extra = (options.extraAttachments ?? []).filter((a) => !current.attachments.some((b) => b.uploadId === a.uploadId))
    // Paid, or moved on since (contacted, confirmed, … even cancelled or refunded after payment).
    if (wasPaid(current)) {
      if (current.paymentId !== paymentId) return refuse('conflict')
      if (extra.length === 0) return undefined
      return {...current, attachments: [...current.attachments, ...extra], updatedAt: now().toISOString()}
    }
    // Cancelled by staff before any payment: a final status; the payment is for review.
    if (current.status !== 'pending') return refuse('cancelled')
    paidNow = true
    const timestamp = now().toISOString()
    return {
      ...current,
      attachments: [...current.attachments, ...extra],
      status: 'paid',
      paymentId,
      paidAt: timestamp,
      paidVia: via,
      updatedAt: timestamp,
      confirmationKey: current.confirmationKey ?? newConfirmationKey(),
    }
  })
  if (refusal === 'missing') throw new ServiceError('not-found', 'Unknown order')
  if (refusal === 'purging') {
    console.error(
      `[enrolments] REVIEW: payment ${paymentId} (via ${via}) arrived for order ${orderId}, whose pending enrolment (created ${value?.createdAt}) is being purged as stale; NOT recorded. Check the Razorpay dashboard and refund it or re-enrol the payer.`,
    )
    throw new ServiceError('conflict', EXPIRED_ORDER_MESSAGE)
  }
  if (refusal === 'cancelled') {
    console.error(
      `[enrolments] REVIEW: payment ${paymentId} (via ${via}) arrived for order ${orderId}, which staff cancelled (${value?.status}) before it was paid; NOT recorded. Check the Razorpay dashboard and refund it or re-enrol the payer.`,
    )
    throw new ServiceError('conflict', CANCELLED_ORDER_MESSAGE)
  }
  if (refusal === 'conflict') {
    console.error(
      `[enrolments] REVIEW: order ${orderId} is already paid by ${value?.paymentId} (${value?.paidVia}); refused a second payment ${paymentId} via ${via}. Check the Razorpay dashboard and refund if it was captured.`,
    )
    throw new ServiceError('conflict', 'This order is already paid by another payment')
  }
  if (!value) throw new Error(`Enrolment ${orderId} vanished while it was being marked paid`)
  // Also when nothing changed (the same payment again): the booking is idempotent, and this
  // finishes one an earlier call could not make.
  const record = value.batch && !value.delegateOf ? await bookPaidSeat(value, via, now()) : value
  // Also when nothing changed: a no-op unless an earlier index write was lost (self-repair).
  await indexEnrolmentSafely(record)
  return {record, changed: changed && paidNow}
}

/**
 * Books the seat of a paid enrolment with a batch (docs/requirements.md#req-seats):
 * its hold becomes a booking (netlify/services/seats/seats.ts bookSeat, idempotent). A payment
 * whose hold had gone, and its seat with it, is booked anyway (the money is real) and the record
 * gets `overCapacity: true` for staff (a conditional write, once). Never throws: the payment is
 * stored whatever happens here; a failure is logged for review (a repeated save or webhook
 * delivery books it then).
 */
async function bookPaidSeat(record: EnrolmentRecord, via: PaidVia, now: Date): Promise<EnrolmentRecord> {
  const batchId = record.batch!.id
  try {
    // A batch since deleted from the content has no seats left: only a live hold books normally.
    const seats = (await fetchBatch(batchId))?.seats ?? 0
    // A group order books all its seats (its hold's count, or the order's when the hold is gone).
    const {booking} = await bookSeat(batchId, seats, record.orderId, now, record.groupOrder ? {seats: record.groupOrder.seats} : {})
    if (!booking.overCapacity || record.overCapacity) return record
    console.error(`[enrolments] REVIEW: order ${record.orderId} was paid (via ${via}) after its seat hold on batch ${batchId} had gone; booked OVER CAPACITY.`)
    const {value} = await updateJSON<EnrolmentRecord>(store(), record.orderId, (current) =>
      current && !current.overCapacity ? {...current, overCapacity: true, updatedAt: now.toISOString()} : undefined,
    )
    return value ?? record
  } catch (error) {
    console.error(`[enrolments] REVIEW: order ${record.orderId} is paid but its seat on batch ${batchId} could not be booked now`, error)
    return record
  }
}

/**
 * Stores the receipt number of a paid enrolment (netlify/services/enrolments/paid-enrolment.ts), once:
 * a conditional write that lands only while the record has none. Resolves to the stored record
 * (also when it already had this or another number: the first one stays, a different one is
 * logged for review). Throws ServiceError not-found for an unknown order and conflict for one never paid
 * (wasPaid: a paid enrolment moved on since, even cancelled, still gets its number).
 */
export async function recordReceiptNumber(orderId: string, receiptNumber: string, now = new Date()): Promise<EnrolmentRecord> {
  const {value, refusal} = await updateJSON<EnrolmentRecord, ServiceError>(store(), orderId, (current) => {
    if (!current) return refuse(new ServiceError('not-found', 'Unknown order'))
    if (!wasPaid(current)) return refuse(new ServiceError('conflict', 'The order is not paid'))
    if (current.receiptNumber) return undefined
    return {...current, receiptNumber, updatedAt: now.toISOString()}
  })
  if (refusal) throw refusal
  if (!value) throw new ServiceError('not-found', 'Unknown order')
  if (value.receiptNumber !== receiptNumber)
    console.error(`[enrolments] REVIEW: order ${orderId} has receipt ${value.receiptNumber}; refused a second number ${receiptNumber}`)
  await indexEnrolmentSafely(value)
  return value
}

/**
 * Changes the record of `orderId` through a conditional write (updateJSON's contract: `change`
 * gets the record as it is — null when there is none, to create one — and answers the new record,
 * or undefined to leave it), then updates the admin list's row. For the group bookings' own
 * fields (a group order's facts, a delegate's details); statuses and payments have their own
 * writers above. Resolves to the stored record (null when there is none and none was made).
 */
export async function updateEnrolmentRecord(
  orderId: string,
  change: (current: EnrolmentRecord | null) => EnrolmentRecord | undefined,
): Promise<EnrolmentRecord | null> {
  const {value, changed} = await updateJSON<EnrolmentRecord>(store(), orderId, change)
  if (value && changed) await indexEnrolmentSafely(value)
  return value
}

/** Who changes an enrolment: a staff account (its e-mail, from the bearer token), or a refund (for the refunds work). */
export type EnrolmentActor = {kind: 'staff'; account: string} | {kind: 'refund'; account: string}

/** A change of an enrolment: a new status, a note (normalised: schemas/contracts/admin.ts EnrolmentNoteSchema), or both. */
export type EnrolmentChange = {status?: EnrolmentStatus; note?: string}

/** The message of changeEnrolment's 409 for a record the purge of stale pending enrolments has claimed. */
export const PURGING_MESSAGE = 'This enrolment expired unpaid and is being deleted.'

/**
 * Applies `change` to the enrolment of `orderId` at `now`
 * (docs/requirements.md#req-enrolment-status), as ONE new history entry `{at, by, from?, to?,
 * note?}` (`by`: the actor's account), through updateJSON: the rule is checked against the
 * record as it is at the moment of the conditional write, and concurrent changes each land
 * (none is lost, none overwrites another). A status move must be allowed for the actor
 * (schemas/rules/enrolment-status.ts: checkStaffMove for staff, checkRefundMove for a refund);
 * a note alone is allowed in every status. Then the admin list's row is updated.
 *
 * Resolves to the stored record. Throws ServiceError not-found for an unknown order, conflict with
 * the rule's message for a refused move, conflict (PURGING_MESSAGE) for a record being purged. Callers
 * validate the note (the API: schemas/contracts/admin.ts); an empty change is a programming error.
 */
export async function changeEnrolment(orderId: string, change: EnrolmentChange, actor: EnrolmentActor, now = new Date()): Promise<EnrolmentRecord> {
  if (change.status === undefined && change.note === undefined) throw new Error('changeEnrolment: nothing to change')
  const {value, changed, refusal} = await updateJSON<EnrolmentRecord, ServiceError>(store(), orderId, (current) => {
    if (!current) return refuse(new ServiceError('not-found', 'Unknown order'))
    if (current.purgeStartedAt) return refuse(new ServiceError('conflict', PURGING_MESSAGE))
    const entry: EnrolmentHistoryEntry = {at: now.toISOString(), by: actor.account}
    if (change.status !== undefined) {
      const check = actor.kind === 'staff' ? checkStaffMove(current.status, change.status) : checkRefundMove(current, change.status)
      if (!check.ok) return refuse(new ServiceError('conflict', check.message))
      entry.from = current.status
      entry.to = change.status
    }
    if (change.note !== undefined) entry.note = change.note
    return {...current, status: change.status ?? current.status, history: [...(current.history ?? []), entry], updatedAt: entry.at}
  })
  if (refusal) throw refusal
  if (!value || !changed) throw new Error(`Enrolment ${orderId} vanished while it was being changed`)
  await indexEnrolmentSafely(value)
  return value
}

/**
 * What beginPurge found: `marked` — the record is claimed for deletion (now, or by an earlier
 * purge that did not finish); `kept` — paid, or not older than the cutoff; `missing` — no record.
 */
export type PurgeClaim = {outcome: 'marked'; record: EnrolmentRecord} | {outcome: 'kept'; record: EnrolmentRecord} | {outcome: 'missing'}

/**
 * First step of purging a stale pending enrolment: a conditional write
 * (updateJSON) that sets `purgeStartedAt` only on a record that is STILL pending and was
 * created before `createdBefore` (ISO 8601). A payment that lands first makes the record paid
 * and this returns `kept`; one that lands after is refused by markPaid. A record already marked
 * stays marked (`marked`), so a purge interrupted after this step is finished by the next one.
 */
export async function beginPurge(orderId: string, createdBefore: string, now = new Date()): Promise<PurgeClaim> {
  let claim: PurgeClaim = {outcome: 'missing'}
  await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
    if (!current) {
      claim = {outcome: 'missing'}
      return undefined
    }
    if (current.purgeStartedAt) {
      claim = {outcome: 'marked', record: current}
      return undefined
    }
    if (current.status !== 'pending' || current.paymentId || !(current.createdAt < createdBefore)) {
      claim = {outcome: 'kept', record: current}
      return undefined
    }
    const marked: EnrolmentRecord = {...current, purgeStartedAt: now.toISOString()}
    claim = {outcome: 'marked', record: marked}
    return marked
  })
  return claim
}

/**
 * Last step of the purge: deletes the record of `orderId` if it carries the purge's mark (it
 * then can no longer change: markPaid refuses marked records). Resolves to whether it was
 * deleted; false when there is no record or it is not marked (nothing is deleted then).
 */
export async function deleteMarkedEnrolment(orderId: string): Promise<boolean> {
  const current = await getEnrolment(orderId)
  if (!current?.purgeStartedAt || current.status !== 'pending') return false
  await store().delete(orderId)
  return true
}

/**
 * What claimDocumentsDeletion found: `claimed` — the documents are claimed for deletion (by this
 * call, or by an earlier run that did not finish: `pending` tells); `kept` — not due (status or
 * days), already finished, or no documents; `missing` — no record.
 */
export type DocumentsClaim = {outcome: 'claimed'; record: EnrolmentRecord} | {outcome: 'kept'; record: EnrolmentRecord} | {outcome: 'missing'}

/**
 * First step of the retention deletion of an enrolment's documents
 * (docs/requirements.md#req-document-retention): a conditional write (updateJSON) that sets
 * `documentsDeletedAt` (now) and `documentsDeletionPending` only while the record has documents
 * and `isDue(record)` holds for it as it is at the moment of the write (a refund landing first
 * changes the status, and then the documents stay). A record claimed by an earlier run that did
 * not finish comes back `claimed`, unchanged, so the next run finishes it. The admin list's row
 * is updated after a claim.
 */
export async function claimDocumentsDeletion(orderId: string, isDue: (record: EnrolmentRecord) => boolean, now = new Date()): Promise<DocumentsClaim> {
  let claim: DocumentsClaim = {outcome: 'missing'}
  const {value, changed} = await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
    if (!current) {
      claim = {outcome: 'missing'}
      return undefined
    }
    if (current.documentsDeletionPending) {
      claim = {outcome: 'claimed', record: current}
      return undefined
    }
    if (current.documentsDeletedAt || current.purgeStartedAt || current.attachments.length === 0 || !isDue(current)) {
      claim = {outcome: 'kept', record: current}
      return undefined
    }
    const at = now.toISOString()
    const claimed: EnrolmentRecord = {...current, documentsDeletedAt: at, documentsDeletionPending: true, updatedAt: laterOf(at, current.updatedAt)}
    claim = {outcome: 'claimed', record: claimed}
    return claimed
  })
  if (changed && value) await indexEnrolmentSafely(value)
  return claim
}

/**
 * Last step of the retention deletion: clears `documentsDeletionPending` (a conditional write),
 * so the deletion counts as finished and the admin list's row shows it. Resolves to whether this
 * call finished it (false: no record, or not pending: finished already).
 */
export async function finishDocumentsDeletion(orderId: string, now = new Date()): Promise<boolean> {
  const {value, changed} = await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
    if (!current?.documentsDeletionPending) return undefined
    const {documentsDeletionPending: _pending, ...rest} = current
    return {...rest, updatedAt: laterOf(now.toISOString(), current.updatedAt)}
  })
  if (changed && value) await indexEnrolmentSafely(value)
  return changed
}

/** The later of two ISO 8601 times: a record's version never goes back (the index keeps the later row). */
const laterOf = (a: string, b: string): string => (a > b ? a : b)
