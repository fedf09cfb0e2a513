/**
 * Refunds of paid enrolments (docs/requirements.md#req-refunds). The rule of reasons,
 * amounts and statuses is schemas/rules/refunds.ts; the gateway call is
 * ./payments/gateway.ts refundPayment (Razorpay's Refunds API through the SDK, or the sandbox).
 *
 * requestRefund runs in three steps, each a conditional write of the enrolment record
 * (./blobs.ts updateJSON), so concurrent requests never lose a refund nor refund twice:
 *   1. reserve: the refund is written `requested` — only if the amount fits what is left of the
 *      payment at that moment (two refunds at once can never exceed it) — unless a refund with
 *      the same idempotency key is there already (a double click, a retry): then that one is
 *      answered, and asked of the gateway again only while it is still `requested`;
 *   2. the gateway is asked with the same key (`X-Refund-Idempotency`; the sandbox derives its id
 *      from the key), so the money moves once however often step 2 runs;
 *   3. record: the gateway's id and state, the enrolment's status (`partially-refunded` or
 *      `refunded`) and one history entry — only the first run that finds the refund `requested`
 *      writes them. A refusal or a timeout instead removes the reserved refund: the enrolment is
 *      as before and the gateway's reason is answered (502 / 504).
 * A processed refund queues the candidate's refund receipt (`refund-receipt:{refund id}`, once)
 * and tries to send it at once (≤ 5 s); the scheduled outbox job retries.
 *
 * applyRefundEvent is the webhook's side: `refund.processed` and `refund.failed` update the
 * refund found by its gateway id or by our id in the refund's notes — and record one made at the
 * gateway that we never heard back about (a timeout) — then the status follows the refunds that
 * still count (a failed one no longer does).
 */
import type {Refund} from '#schemas/contracts/admin'
import {formatMoney} from '#schemas/rules/format'
import {fromMinorUnits} from '#schemas/rules/price'
import {REFUND_REASON_LABELS, REFUND_REASONS, refundAmountProblem, refundedMinor, statusAfterRefunds, type RefundReason} from '#schemas/rules/refunds'
import {checkRefundMove, wasPaid} from '#schemas/rules/enrolment-status'
import {openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import type {EnrolmentHistoryEntry, EnrolmentRecord, StoredRefund} from '../enrolments/record'
import {indexEnrolmentSafely} from '../enrolments/index-store'
import {ServiceError} from '#netlify/platform/errors'
import {deliverOne, VISITOR_SEND_TIMEOUT_MS} from '../mail/deliver'
import {refundReceiptMessage} from '../mail/messages'
import {enqueue} from '../mail/outbox'
import {requirePaymentsConfig, type PaymentsConfig} from '#netlify/platform/payments/config'
import {GatewayError, isSandboxOrder, randomId, refundPayment, type GatewayRefund} from '#netlify/platform/payments/gateway'
import {freeEnrolmentSeat} from '../seats/release'
import {receiptContext} from '../receipts/context'
import type {ReceiptProvider} from '../receipts/receipt-pdf'

/** A new refund as staff ask for it (schemas/contracts/refunds.ts RefundRequestSchema, plus the header and the account). */
export type RefundInput = {amount: number; reason: RefundReason; note?: string; idempotencyKey: string; account: string}

/** What requestRefund did: the refund, the record after it, and whether this call made it (201) or found it (200). */
export type RefundOutcome = {refund: Refund; record: EnrolmentRecord; created: boolean}

/** The answer of a gateway timeout (504): nothing is recorded, and the same request again refunds at most once. */
export const REFUND_TIMEOUT_MESSAGE =
  'The payment gateway did not answer in time. Nothing was recorded: try again in a minute (the same request never refunds twice).'

/** The answer of a refusal (502): the gateway's own reason. */
export const refundRefusedMessage = (reason: string) => `The payment gateway refused the refund: ${reason}. Nothing was changed.`

/** The answer for an enrolment whose payment never arrived (409). */
export const NEVER_PAID_MESSAGE = 'An enrolment that was never paid cannot be refunded.'

/** The answer when the same Idempotency-Key comes with a different refund (409). */
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different refund.'

/** Who the webhook's changes are by, in the history. */
export const WEBHOOK_ACTOR = 'Razorpay (webhook)'

const store = () => openStore(STORES.enrolments)

/** Minor units as the admin pages write money: '$25 USD', '$12.50 USD'. */
const money = (minor: number, currency: string) => formatMoney(fromMinorUnits(minor), currency)

/** A stored refund as the API shows it (without the idempotency key and the status it found). */
export const publicRefund = ({idempotencyKey: _key, statusBefore: _before, ...refund}: StoredRefund): Refund => refund

/** The status refunds leave `record` in: statusAfterRefunds with the status the first refund found. */
const statusAfter = (record: EnrolmentRecord, refunds: readonly StoredRefund[]) =>
  statusAfterRefunds(record.amountMinor, refunds, refunds[0]?.statusBefore ?? record.status)

/** "Refund of $25 USD (Duplicate payment), rfnd_…", then the staff note on its own line. */
function historyNote(refund: StoredRefund, what: string): string {
  const line = `${what} ${money(refund.amount, refund.currency)} (${REFUND_REASON_LABELS[refund.reason]}), ${refund.gatewayRefundId ?? refund.id}`
  return refund.note ? `${line}\n${refund.note}` : line
}

/**
 * Refunds `input.amount` (minor units) of the payment of `orderId` (see the module comment).
 * Throws ServiceError: not-found 'Unknown order'; conflict for an enrolment never paid, one being
 * purged, or a key reused with another amount or reason; invalid for an amount over what is left
 * (with the most that can be refunded, field `amount`); upstream (refusal: the gateway's reason)
 * and timeout with nothing
 * recorded. Other failures (Blobs) are thrown as they are.
 */
export async function requestRefund(orderId: string, input: RefundInput, options: {now?: Date; config?: PaymentsConfig} = {}): Promise<RefundOutcome> {
  const now = options.now ?? new Date()
  const config = options.config ?? requirePaymentsConfig()

  // 1. Reserve (or find the refund of this key).
  let found: StoredRefund | null = null
  let reserved: StoredRefund | null = null
  const reservation = await updateJSON<EnrolmentRecord, ServiceError>(store(), orderId, (current) => {
    found = null
    reserved = null
    if (!current) return refuse(new ServiceError('not-found', 'Unknown order'))
    const same = current.refunds?.find((refund) => refund.idempotencyKey === input.idempotencyKey)
    if (same) {
      if (same.amount !== input.amount || same.reason !== input.reason) return refuse(new ServiceError('conflict', KEY_REUSED_MESSAGE))
      found = same
      return undefined
    }
    if (current.purgeStartedAt) return refuse(new ServiceError('conflict', 'This enrolment expired unpaid and is being deleted.'))
    if (!wasPaid(current) || !current.paymentId) return refuse(new ServiceError('conflict', NEVER_PAID_MESSAGE))
    const problem = refundAmountProblem(input.amount, current.amountMinor, current.refunds, (minor) => money(minor, current.currency))
    if (problem) return refuse(new ServiceError('invalid', problem, {field: 'amount', details: {amount: [problem]}}))
    const move = checkRefundMove(current, 'partially-refunded')
    if (!move.ok) return refuse(new ServiceError('conflict', move.message))
    const refund: StoredRefund = {
      id: `rf_${randomId(16)}`,
      idempotencyKey: input.idempotencyKey,
      amount: input.amount,
      currency: current.currency,
      reason: input.reason,
      ...(input.note ? {note: input.note} : {}),
      status: 'requested',
      by: input.account,
      createdAt: now.toISOString(),
      statusBefore: current.status,
    }
    reserved = refund
    return {...current, refunds: [...(current.refunds ?? []), refund], updatedAt: now.toISOString()}
  })
  if (reservation.refusal) throw reservation.refusal
  const record = reservation.value
  const refund = (reserved ?? found) as StoredRefund | null
  if (!record || !refund) throw new Error(`Enrolment ${orderId} vanished while a refund was being reserved`)
  if (refund.status !== 'requested') return {refund: publicRefund(refund), record, created: false}

  // 2. Ask the gateway (idempotent by the key).
  let answer: GatewayRefund
  try {
    answer = await refundPayment(
      config,
      {paymentId: record.paymentId!, mode: record.mode},
      {amountMinor: refund.amount, idempotencyKey: refund.idempotencyKey, notes: {order_id: orderId, refund_id: refund.id, reason: refund.reason}},
    )
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    console.error(`[refunds] ${orderId}: refund ${refund.id} of ${refund.amount} failed at the gateway`, error)
    await dropRequested(orderId, refund.id)
    if (error.statusCode === undefined) throw new ServiceError('timeout', REFUND_TIMEOUT_MESSAGE)
    throw new ServiceError('upstream', refundRefusedMessage(error.message.replace(/[.\s]+$/, '')))
  }

  // 3. Record the gateway's answer, once.
  const {refund: stored, record: after, changed} = await recordGatewayRefund(orderId, refund.id, answer, input.account, now)
  if (stored.status === 'processed' && changed) await sendRefundReceipt(after, stored, now)
  // Refunded in full: the seat goes back to the batch.
  if (changed) await freeEnrolmentSeat(after, now)
  return {refund: publicRefund(stored), record: after, created: reserved !== null}
}

/** Removes the `requested` refund `refundId` (the gateway refused it or did not answer): the record is as before. */
async function dropRequested(orderId: string, refundId: string): Promise<void> {
  await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
    if (!current?.refunds?.some((refund) => refund.id === refundId && refund.status === 'requested')) return undefined
    const refunds = current.refunds.filter((refund) => refund.id !== refundId)
    const {refunds: _all, ...rest} = current
    return refunds.length > 0 ? {...rest, refunds, updatedAt: new Date().toISOString()} : {...rest, updatedAt: new Date().toISOString()}
  })
}

/** Razorpay's refund states as ours (`created` is Razorpay's older name of pending). */
const gatewayStatus = (status: string): StoredRefund['status'] => (status === 'processed' ? 'processed' : status === 'failed' ? 'failed' : 'pending')

/**
 * Step 3: sets the gateway's id and state on the `requested` refund `refundId`, the enrolment's
 * status after the refunds, and one history entry by `account`. A refund already answered is
 * left as it is (`changed` false): another run got there first.
 */
async function recordGatewayRefund(
  orderId: string,
  refundId: string,
  answer: GatewayRefund,
  account: string,
  now: Date,
): Promise<{refund: StoredRefund; record: EnrolmentRecord; changed: boolean}> {
  let result: StoredRefund | null = null
  const {value, changed} = await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
    result = current?.refunds?.find((refund) => refund.id === refundId) ?? null
    if (!current || !result || result.status !== 'requested') return undefined
    const status = gatewayStatus(answer.status)
    const updated: StoredRefund = {...result, gatewayRefundId: answer.id, status, ...(status === 'processed' ? {processedAt: now.toISOString()} : {})}
    result = updated
    const refunds = current.refunds!.map((refund) => (refund.id === refundId ? updated : refund))
    return withStatusAndHistory(current, refunds, {at: now.toISOString(), by: account}, historyNote(updated, 'Refund of'))
  })
  if (!value || !result) throw new Error(`Enrolment ${orderId} lost refund ${refundId} while it was being recorded`)
  if (changed) await indexEnrolmentSafely(value)
  return {refund: result, record: value, changed}
}

/** `current` with `refunds`, the status they leave it in, and a history entry (from → to when the status changes). */
function withStatusAndHistory(current: EnrolmentRecord, refunds: StoredRefund[], entry: EnrolmentHistoryEntry, note: string): EnrolmentRecord {
  const status = statusAfter(current, refunds)
  const history: EnrolmentHistoryEntry = {...entry, ...(status !== current.status ? {from: current.status, to: status} : {}), note}
  return {...current, refunds, status, history: [...(current.history ?? []), history], updatedAt: entry.at}
}

/**
 * What the refund receipt of `refund` (of `record`) prints, in the e-mail and in the PDF
 * (../receipts/refund-receipt-pdf.ts): amounts in minor units of the refund's currency;
 * `refundedMinor` every refund that counts so far; `refundedAt` the processing time, else `now`.
 */
export function refundReceiptFacts(record: EnrolmentRecord, refund: StoredRefund, provider: ReceiptProvider, now = new Date()) {
  return {
    provider,
    candidateName: record.name,
    programme: record.trainingProgramName,
    course: record.courseName,
    ...(record.receiptNumber ? {receiptNumber: record.receiptNumber} : {}),
    paymentId: record.paymentId ?? '',
    refundId: refund.gatewayRefundId ?? refund.id,
    reason: refund.reason,
    amountMinor: refund.amount,
    paidMinor: record.amountMinor,
    refundedMinor: refundedMinor(record.refunds),
    currency: refund.currency,
    refundedAt: refund.processedAt ?? now.toISOString(),
    sandbox: isSandboxOrder(record),
  }
}

/**
 * Queues the refund receipt of a processed `refund` (`refund-receipt:{refund id}`: once, whoever
 * calls) and tries to send it within 5 s. Never throws: a failure is logged; a queued message is
 * retried by the outbox job, and one never queued is logged for staff (REVIEW).
 */
export async function sendRefundReceipt(record: EnrolmentRecord, refund: StoredRefund, now = new Date()): Promise<void> {
  try {
    const context = await receiptContext()
    const message = await refundReceiptMessage({refundKey: refund.id, email: record.email, ...refundReceiptFacts(record, refund, context.provider, now)})
    const {id} = await enqueue(message, {now})
    await deliverOne(id, {now, timeoutMs: VISITOR_SEND_TIMEOUT_MS})
  } catch (error) {
    console.error(`[refunds] REVIEW: the refund receipt of ${refund.id} (order ${record.orderId}) could not be queued`, error)
  }
}

/** A refund as Razorpay's refund webhooks carry it (payload.refund.entity), the fields read. */
export type RefundEvent = {
  event: 'refund.processed' | 'refund.failed'
  id: string
  paymentId: string
  amount: number
  currency: string
  notes: {order_id?: string; refund_id?: string; reason?: string}
}

/** What a refund event did: `updated` (state recorded), `recorded` (a refund we had not stored), `unchanged` (already so), `ignored` (not ours). */
export type RefundEventResult = {status: 'updated' | 'recorded' | 'unchanged' | 'ignored'; orderId?: string}

/**
 * Applies a `refund.processed` / `refund.failed` event to the enrolment of `orderId` (the caller
 * found it from the refund's notes): the refund found by its gateway id or our id (notes.refund_id)
 * takes the event's state (a processed or failed refund never changes again); one not found is
 * recorded (reason from the notes, else `other`), so a refund made at the gateway is never
 * missing here. The status follows the refunds that count; one history entry by WEBHOOK_ACTOR.
 * A processed refund's receipt is queued. Never throws for an event that cannot apply (ignored).
 */
export async function applyRefundEvent(orderId: string, event: RefundEvent, now = new Date()): Promise<RefundEventResult> {
  const status = event.event === 'refund.processed' ? 'processed' : 'failed'
  let outcome: RefundEventResult['status'] = 'ignored'
  let touched: StoredRefund | null = null
  const {value, changed} = await updateJSON<EnrolmentRecord>(store(), orderId, (current) => {
    outcome = 'ignored'
    touched = null
    if (!current || current.paymentId !== event.paymentId || current.currency !== event.currency) return undefined
    const refunds = current.refunds ?? []
    const index = refunds.findIndex(
      (refund) => refund.gatewayRefundId === event.id || (event.notes.refund_id !== undefined && refund.id === event.notes.refund_id),
    )
    const at = now.toISOString()
    if (index >= 0) {
      const existing = refunds[index]!
      if (existing.status === 'processed' || existing.status === 'failed') return void (outcome = 'unchanged')
      const updated: StoredRefund = {
        ...existing,
        gatewayRefundId: event.id,
        status,
        ...(status === 'processed' ? {processedAt: at} : {failureReason: 'The payment gateway reported that the refund failed.'}),
      }
      touched = updated
      outcome = 'updated'
      const next = refunds.map((refund, i) => (i === index ? updated : refund))
      return withStatusAndHistory(current, next, {at, by: WEBHOOK_ACTOR}, historyNote(updated, status === 'processed' ? 'Refund processed:' : 'Refund failed:'))
    }
    if (!Number.isSafeInteger(event.amount) || event.amount <= 0) return undefined
    const reason = (REFUND_REASONS as readonly string[]).includes(event.notes.reason ?? '') ? (event.notes.reason as RefundReason) : 'other'
    const recorded: StoredRefund = {
      id: event.notes.refund_id && /^rf_[A-Za-z0-9]{16}$/.test(event.notes.refund_id) ? event.notes.refund_id : `rf_${randomId(16)}`,
      idempotencyKey: `webhook_${event.id}`,
      gatewayRefundId: event.id,
      amount: event.amount,
      currency: event.currency,
      reason,
      status,
      ...(status === 'processed' ? {processedAt: at} : {failureReason: 'The payment gateway reported that the refund failed.'}),
      by: WEBHOOK_ACTOR,
      createdAt: at,
      statusBefore: current.status,
    }
    touched = recorded
    outcome = 'recorded'
    return withStatusAndHistory(current, [...refunds, recorded], {at, by: WEBHOOK_ACTOR}, historyNote(recorded, 'Refund recorded from the gateway:'))
  })
  const refund = touched as StoredRefund | null
  if (value && changed) {
    await indexEnrolmentSafely(value)
    if (refund?.status === 'processed') await sendRefundReceipt(value, refund, now)
    await freeEnrolmentSeat(value, now)
  }
  return {status: outcome, orderId}
}
