/**
 * Receiving a Razorpay webhook (POST /api/razorpay/webhook): Razorpay's server-to-server notice
 * of a payment, so a visitor who closes the browser right after paying is never lost.
 *
 * - X-Razorpay-Signature must be the HMAC-SHA256 (hex) of the RAW body under
 *   RAZORPAY_WEBHOOK_SECRET: otherwise WebhookSignatureError (the edge's 401) and nothing is read.
 * - Webhooks arrive at least once: each x-razorpay-event-id is claimed once in the
 *   `webhook-events` store (`onlyIfNew`); a delivery of a finished event answers
 *   {status: 'duplicate'}. A claim whose processing failed is released (Razorpay retries on a
 *   non-2xx answer); one left by a crashed run is taken over after CLAIM_STALE_MS.
 * - order.paid / payment.captured mark the order paid (markPaid is idempotent, so events in
 *   any order, and the browser's save, are harmless), but only when the payment's amount and
 *   currency are the stored order's. Unknown orders and other events answer 200 (ignored), so
 *   Razorpay does not retry what can never succeed.
 * - refund.processed / refund.failed update the refund's state on its enrolment (found by the
 *   order id in the refund's notes, else by the payment id): ../refunds/refunds.ts applyRefundEvent.
 * - payment_link.paid / payment_link.expired (cadetship installments):
 *   ../installments/installments.ts applyPaymentLinkEvent — an unknown link answers `ignored`
 *   (logged); a paid amount other than the link's is recorded and flagged for staff. A
 *   payment_link event whose signature is bad answers 400 (the contract for payment links; other
 *   events keep 401): WebhookSignatureError says which. The sandbox's payment-link page
 *   (./sandbox-links.ts) calls receiveWebhook with its own signed event and secret, so paying
 *   there runs exactly this path.
 */
import {createHash} from 'node:crypto'
import {z} from 'zod'
import {getEnrolment, markPaid, type EnrolmentRecord, type PaidVia} from '../enrolments/enrolments'
import {completePayment, type ReceiptOptions} from '../enrolments/paid-enrolment'
import {listIndexedEnrolments} from '../enrolments/index-store'
import {applyRefundEvent, type RefundEvent} from '../refunds/refunds'
import {applyPaymentLinkEvent} from '../installments/installments'
import {openStore, STORES} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {NOT_CONFIGURED_MESSAGE, requirePaymentsConfig} from '#netlify/platform/payments/config'
import {verifyWebhookSignature} from '#netlify/platform/payments/gateway'
import {logWebhookEvent, type WebhookLogResult} from './webhook-log'

/** Largest webhook body read (bytes); Razorpay's payment events are a few KB. */
export const MAX_WEBHOOK_BYTES = 512 * 1024

/** A delivery as it arrived: the raw body (as signed) and the two headers read. */
export type WebhookDelivery = {
  raw: Uint8Array
  /** X-Razorpay-Signature. */
  signature: string | null
  /** x-razorpay-event-id. */
  eventId: string | null
}

/** The answer to a delivery: what it did, its event type, and Razorpay's event id once claimed. */
export type WebhookAnswer = {status: WebhookStatus; event: string; eventId?: string; orderId?: string}

/**
 * The signature of a delivery is missing or wrong. `paymentLinkEvent`: the body names a
 * payment_link event, refused as invalid input (400) where other events are unauthorised (401).
 */
export class WebhookSignatureError extends Error {
  constructor(readonly paymentLinkEvent: boolean) {
    super('Invalid webhook signature')
    this.name = 'WebhookSignatureError'
  }
}

/** A claim older than this whose run never finished is taken over (ms). */
export const CLAIM_STALE_MS = 60_000

export const PAYMENT_EVENTS = new Set(['order.paid', 'payment.captured'])
/** The refund events handled. */
export const REFUND_EVENTS = new Set(['refund.processed', 'refund.failed'])
/** The payment link events handled. */
export const LINK_EVENTS = new Set(['payment_link.paid', 'payment_link.expired'])

/** What an event did: a payment's (paid … conflict) or a refund's (refund-updated, refund-recorded, refund-unchanged). */
export type WebhookStatus =
  | 'paid'
  | 'already-paid'
  | 'duplicate'
  | 'ignored'
  | 'conflict'
  | 'refund-updated'
  | 'refund-recorded'
  | 'refund-unchanged'
  | 'installment-paid'
  | 'installment-flagged'
  | 'installment-expired'
  | 'installment-unchanged'

type EventClaim = {eventId: string; event: string; status: 'processing' | 'done'; receivedAt: string; result?: string; finishedAt?: string}

const PaymentEntitySchema = z.object({
  id: z.string().regex(/^pay_[A-Za-z0-9_]{6,64}$/),
  order_id: z
    .string()
    .regex(/^order_[A-Za-z0-9_]{6,64}$/)
    .nullish(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
})

/** Razorpay's refund entity (the fields read); `notes` is [] when the refund has none. */
const RefundEntitySchema = z.object({
  id: z.string().regex(/^rfnd_[A-Za-z0-9_]{6,64}$/),
  payment_id: z.string().regex(/^pay_[A-Za-z0-9_]{6,64}$/),
  amount: z.number().int().positive(),
  currency: z.string(),
  notes: z
    .union([z.record(z.unknown()), z.array(z.unknown())])
    .optional()
    .transform((notes) => {
      const record = notes && !Array.isArray(notes) ? notes : {}
      const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined)
      return {order_id: text('order_id'), refund_id: text('refund_id'), reason: text('reason')}
    }),
})

const WebhookSchema = z.object({
  event: z.string(),
  payload: z
    .object({
      payment: z.object({entity: z.unknown()}).optional(),
      refund: z.object({entity: z.unknown()}).optional(),
      payment_link: z.object({entity: z.unknown()}).optional(),
    })
    .passthrough()
    .optional(),
})

/** Razorpay's payment link entity (the fields read); `notes` is [] when the link has none. */
const PaymentLinkEntitySchema = z.object({
  id: z.string().regex(/^plink_[A-Za-z0-9_]{6,64}$/),
  reference_id: z.string().max(40).nullish(),
  notes: z
    .union([z.record(z.unknown()), z.array(z.unknown())])
    .nullish()
    .transform((notes) => {
      const record = notes && !Array.isArray(notes) ? notes : {}
      const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined)
      return {order_id: text('order_id'), installment: text('installment')}
    }),
})

/** Applies a payment link event to its installment. */
async function applyLinkEvent(
  event: 'payment_link.paid' | 'payment_link.expired',
  payload: {payment_link?: {entity?: unknown}; payment?: {entity?: unknown}} | undefined,
): Promise<{status: WebhookStatus; orderId?: string}> {
  const link = PaymentLinkEntitySchema.safeParse(payload?.payment_link?.entity)
  const payment = event === 'payment_link.paid' ? PaymentEntitySchema.safeParse(payload?.payment?.entity) : null
  if (!link.success || (payment && !payment.success)) {
    console.error(`[webhook] ${event}: payment link entity not understood`, link.error?.issues ?? payment?.error?.issues)
    return {status: 'ignored'}
  }
  return applyPaymentLinkEvent({
    event,
    linkId: link.data.id,
    referenceId: link.data.reference_id ?? null,
    notes: link.data.notes,
    ...(payment?.success ? {payment: {id: payment.data.id, amount: payment.data.amount, currency: payment.data.currency}} : {}),
  })
}

/** Whether a raw body names a payment_link event (read only to choose the status of a bad signature). */
function isLinkEventBody(raw: Uint8Array): boolean {
  try {
    const event = (JSON.parse(new TextDecoder().decode(raw)) as {event?: unknown})?.event
    return typeof event === 'string' && event.startsWith('payment_link.')
  } catch {
    return false
  }
}

/** The blob key of an event: Razorpay's event id, or a digest of the body when absent or odd. */
function eventKey(delivery: WebhookDelivery): string {
  const header = delivery.eventId?.trim() ?? ''
  if (/^[A-Za-z0-9_-]{1,100}$/.test(header)) return header
  return `body_${createHash('sha256').update(delivery.raw).digest('hex')}`
}

/** Claims the event for this run: 'claimed', 'duplicate' (finished before) or 'busy' (running elsewhere). */
async function claimEvent(eventId: string, event: string): Promise<'claimed' | 'duplicate' | 'busy'> {
  const events = openStore(STORES.webhookEvents)
  const claim: EventClaim = {eventId, event, status: 'processing', receivedAt: new Date().toISOString()}
  if ((await events.setJSON(eventId, claim, {onlyIfNew: true})).modified) return 'claimed'
  const existing = await events.getWithMetadata(eventId, {type: 'json'})
  if (!existing) return (await events.setJSON(eventId, claim, {onlyIfNew: true})).modified ? 'claimed' : 'busy'
  const current = existing.data as EventClaim
  if (current.status === 'done') return 'duplicate'
  if (Date.now() - Date.parse(current.receivedAt) < CLAIM_STALE_MS) return 'busy'
  return (await events.setJSON(eventId, claim, {onlyIfMatch: existing.etag})).modified ? 'claimed' : 'busy'
}

async function finishEvent(eventId: string, event: string, result: WebhookStatus): Promise<void> {
  const done: EventClaim = {eventId, event, status: 'done', receivedAt: new Date().toISOString(), result, finishedAt: new Date().toISOString()}
  await openStore(STORES.webhookEvents).setJSON(eventId, done)
}

async function releaseEvent(eventId: string): Promise<void> {
  try {
    await openStore(STORES.webhookEvents).delete(eventId)
  } catch (error) {
    console.error(`[webhook] could not release event ${eventId}`, error)
  }
}

/** Marks the order of a captured payment paid, if it is ours and the amount is right. */
async function applyPayment(event: string, entity: unknown, options: ReceiptOptions): Promise<{status: WebhookStatus; orderId?: string}> {
  const parsed = PaymentEntitySchema.safeParse(entity)
  if (!parsed.success) {
    console.error(`[webhook] ${event}: payment entity not understood`, parsed.error.issues)
    return {status: 'ignored'}
  }
  const payment = parsed.data
  if (!payment.order_id) return {status: 'ignored'}
  const record = await getEnrolment(payment.order_id)
  if (!record) {
    console.warn(`[webhook] ${event}: payment ${payment.id} for unknown order ${payment.order_id}: ignored`)
    return {status: 'ignored', orderId: payment.order_id}
  }
  return recordCapturedPayment(record, payment, 'webhook', event, options)
}

/** Applies a refund event to its enrolment: the order in the refund's notes, else the paid enrolment of its payment id (the admin list's index). */
async function applyRefund(event: 'refund.processed' | 'refund.failed', entity: unknown): Promise<{status: WebhookStatus; orderId?: string}> {
  const parsed = RefundEntitySchema.safeParse(entity)
  if (!parsed.success) {
    console.error(`[webhook] ${event}: refund entity not understood`, parsed.error.issues)
    return {status: 'ignored'}
  }
  const refund = parsed.data
  let orderId = refund.notes.order_id && /^order_[A-Za-z0-9_]{6,64}$/.test(refund.notes.order_id) ? refund.notes.order_id : undefined
  orderId ??= (await listIndexedEnrolments({status: 'paid'})).find((row) => row.paymentId === refund.payment_id)?.orderId
  if (!orderId) {
    console.warn(`[webhook] ${event}: refund ${refund.id} of payment ${refund.payment_id} matches no enrolment: ignored`)
    return {status: 'ignored'}
  }
  const input: RefundEvent = {event, id: refund.id, paymentId: refund.payment_id, amount: refund.amount, currency: refund.currency, notes: refund.notes}
  const result = await applyRefundEvent(orderId, input)
  const status: WebhookStatus =
    result.status === 'updated'
      ? 'refund-updated'
      : result.status === 'recorded'
        ? 'refund-recorded'
        : result.status === 'unchanged'
          ? 'refund-unchanged'
          : 'ignored'
  if (status === 'ignored') console.warn(`[webhook] ${event}: refund ${refund.id} does not match order ${orderId}'s payment: ignored`)
  return {status, orderId}
}

/**
 * THE path by which a payment the gateway reports as captured makes its enrolment paid — the
 * webhook's and the reconciliation's (./reconcile.ts): only when the amount and currency are the
 * stored order's; markPaid (idempotent: whichever path comes first wins, the others find it paid),
 * then the receipt (netlify/services/enrolments/paid-enrolment.ts completePayment: one receipt number, one
 * receipt, one staff notice; `options` are its clock and PDF renderer). `label` names the source in the logs. Never throws for a payment
 * that cannot apply: 'ignored' (wrong amount) or 'conflict' (another payment paid the order).
 */
export async function recordCapturedPayment(
  record: EnrolmentRecord,
  payment: {id: string; amount: number; currency: string},
  via: PaidVia,
  label: string,
  options: ReceiptOptions = {},
): Promise<{status: WebhookStatus; orderId: string; record?: EnrolmentRecord}> {
  if (payment.amount !== record.amountMinor || payment.currency !== record.currency) {
    console.error(
      `[${via}] REVIEW: ${label} payment ${payment.id} for order ${record.orderId} is ${payment.amount} ${payment.currency}, the order is ${record.amountMinor} ${record.currency}: NOT marked paid`,
    )
    return {status: 'ignored', orderId: record.orderId}
  }
  try {
    const {record: paid, changed} = await markPaid(record.orderId, payment.id, via)
    // Receipt number, receipt and staff notice: idempotent, whoever gets there first.
    const completed = await completePayment(paid, options)
    return {status: changed ? 'paid' : 'already-paid', orderId: record.orderId, record: completed}
  } catch (error) {
    // A second, different payment for a paid order: logged by markPaid; retrying cannot help.
    if (error instanceof ServiceError && error.kind === 'conflict') return {status: 'conflict', orderId: record.orderId}
    throw error
  }
}

/** What the log records of one delivery; filled in as the handler learns it. */
type Delivery = {id: string | null; type: string | null; orderId: string | null; result: WebhookLogResult; detail?: string}

/**
 * Receives one delivery (see the module comment) and resolves to its answer. Every delivery is
 * written to the staff's event log (./webhook-log.ts): processed, duplicate, rejected (a bad
 * signature or a body that is not a Razorpay event) or ignored; a delivery that fails otherwise
 * is not logged (Razorpay retries it). `options.secret` replaces RAZORPAY_WEBHOOK_SECRET (the
 * sandbox's own events); the others go to completePayment. Throws WebhookSignatureError, and
 * ServiceError: `invalid` 'The body is not a Razorpay event', `conflict` (the event is being
 * processed elsewhere: retry), `unavailable` (no webhook secret, or payments not configured).
 */
export async function receiveWebhook(delivery: WebhookDelivery, options: ReceiptOptions & {secret?: string} = {}): Promise<WebhookAnswer> {
  const log: Delivery = {id: delivery.eventId?.trim().slice(0, 100) || null, type: null, orderId: null, result: 'ignored'}
  try {
    const answer = await processWebhook(delivery, log, options)
    await logWebhookEvent({...log, at: new Date().toISOString()})
    return answer
  } catch (error) {
    if (error instanceof WebhookSignatureError || (error instanceof ServiceError && error.kind === 'invalid')) {
      await logWebhookEvent({...log, result: 'rejected', detail: error.message, at: new Date().toISOString()})
    }
    throw error
  }
}

async function processWebhook(delivery: WebhookDelivery, log: Delivery, options: ReceiptOptions & {secret?: string}): Promise<WebhookAnswer> {
  const config = requirePaymentsConfig()
  const secret = options.secret ?? config.webhookSecret
  if (!secret) {
    console.error('[webhook] refusing the request: RAZORPAY_WEBHOOK_SECRET is not set')
    throw new ServiceError('unavailable', NOT_CONFIGURED_MESSAGE)
  }
  const raw = delivery.raw
  if (!verifyWebhookSignature(raw, delivery.signature, secret)) {
    console.warn('[webhook] invalid or missing X-Razorpay-Signature')
    throw new WebhookSignatureError(isLinkEventBody(raw))
  }

  let payload: z.infer<typeof WebhookSchema>
  try {
    payload = WebhookSchema.parse(JSON.parse(new TextDecoder().decode(raw)))
  } catch {
    console.error('[webhook] signed body is not a Razorpay event')
    throw new ServiceError('invalid', 'The body is not a Razorpay event')
  }
  const event = payload.event
  log.type = event
  if (!PAYMENT_EVENTS.has(event) && !REFUND_EVENTS.has(event) && !LINK_EVENTS.has(event)) return {status: 'ignored', event}

  const eventId = eventKey(delivery)
  const claim = await claimEvent(eventId, event)
  if (claim === 'duplicate') {
    log.result = 'duplicate'
    return {status: 'duplicate', event, eventId}
  }
  if (claim === 'busy') throw new ServiceError('conflict', 'This event is being processed; retry later')

  let result: {status: WebhookStatus; orderId?: string}
  try {
    result = REFUND_EVENTS.has(event)
      ? await applyRefund(event as 'refund.processed' | 'refund.failed', payload.payload?.refund?.entity)
      : LINK_EVENTS.has(event)
        ? await applyLinkEvent(event as 'payment_link.paid' | 'payment_link.expired', payload.payload)
        : await applyPayment(event, payload.payload?.payment?.entity, options)
  } catch (error) {
    await releaseEvent(eventId)
    throw error
  }
  await finishEvent(eventId, event, result.status)
  log.orderId = result.orderId ?? null
  log.result = result.status === 'ignored' ? 'ignored' : 'processed'
  log.detail = result.status
  const {record: _record, ...answer} = result as typeof result & {record?: unknown}
  return {...answer, event, eventId}
}
