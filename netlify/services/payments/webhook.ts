/**
 * POST /api/razorpay/webhook: Razorpay's server-to-server notice of a payment, so a visitor
 * who closes the browser right after paying is never lost.
 *
 * - X-Razorpay-Signature must be the HMAC-SHA256 (hex) of the RAW body under
 *   RAZORPAY_WEBHOOK_SECRET: otherwise 401 and nothing is read.
 * - Webhooks arrive at least once: each x-razorpay-event-id is claimed once in the
 *   `webhook-events` store (`onlyIfNew`); a delivery of a finished event answers
 *   {status: 'duplicate'}. A claim whose processing failed is released (Razorpay retries on a
 *   non-2xx answer); one left by a crashed run is taken over after CLAIM_STALE_MS.
 * - order.paid / payment.captured mark the order paid (markPaid is idempotent, so events in
 *   any order, and the browser's save, are harmless), but only when the payment's amount and
 *   currency are the stored order's. Unknown orders and other events answer 200 (ignored), so
 *   Razorpay does not retry what can never succeed.
 * - refund.processed / refund.failed (issue 15) update the refund's state on its enrolment (found
 *   by the order id in the refund's notes, else by the payment id): ../refunds.ts applyRefundEvent.
 * - payment_link.paid / payment_link.expired (issue 17, cadetship installments): ../installments.ts
 *   applyPaymentLinkEvent — an unknown link answers 200 `ignored` (logged); a paid amount other
 *   than the link's is recorded and flagged for staff. A payment_link event whose signature is
 *   bad answers 400 (the issue's contract for payment links; other events keep 401). The sandbox's
 *   payment-link page (./sandbox-links.ts) calls handleWebhook with its own signed event and
 *   secret, so paying there runs exactly this path.
 */
import {createHash} from 'node:crypto'
import {z} from 'zod'
import {getEnrolment, markPaid, type EnrolmentRecord, type PaidVia} from '../enrolments/enrolments'
import {completePayment, type ReceiptOptions} from '../enrolments/paid-enrolment'
import {listIndexedEnrolments} from '../enrolments/index-store'
import {applyRefundEvent, type RefundEvent} from '../refunds/refunds'
import {applyPaymentLinkEvent} from '../installments/installments'
import {openStore, STORES} from '#netlify/platform/blobs'
import {HttpError, json, readBody} from '#netlify/platform/http'
import {NOT_CONFIGURED_MESSAGE, requirePaymentsConfig} from '#netlify/platform/payments/config'
import {verifyWebhookSignature} from '#netlify/platform/payments/gateway'
import {logWebhookEvent, type WebhookLogResult} from './webhook-log'

/** Largest webhook body read (bytes); Razorpay's payment events are a few KB. */
export const MAX_WEBHOOK_BYTES = 512 * 1024
/** A claim older than this whose run never finished is taken over (ms). */
export const CLAIM_STALE_MS = 60_000

export const PAYMENT_EVENTS = new Set(['order.paid', 'payment.captured'])
/** The refund events handled (issue 15). */
export const REFUND_EVENTS = new Set(['refund.processed', 'refund.failed'])
/** The payment link events handled (issue 17). */
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

/** Applies a payment link event (issue 17) to its installment. */
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
function eventKey(request: Request, raw: Uint8Array): string {
  const header = request.headers.get('x-razorpay-event-id')?.trim() ?? ''
  if (/^[A-Za-z0-9_-]{1,100}$/.test(header)) return header
  return `body_${createHash('sha256').update(raw).digest('hex')}`
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
    // Receipt number, receipt and staff notice (issue 14): idempotent, whoever gets there first.
    const completed = await completePayment(paid, options)
    return {status: changed ? 'paid' : 'already-paid', orderId: record.orderId, record: completed}
  } catch (error) {
    // A second, different payment for a paid order: logged by markPaid; retrying cannot help.
    if (error instanceof HttpError && error.status === 409) return {status: 'conflict', orderId: record.orderId}
    throw error
  }
}

/** What the log records of one delivery; filled in as the handler learns it. */
type Delivery = {id: string | null; type: string | null; orderId: string | null; result: WebhookLogResult; detail?: string}

/**
 * POST /api/razorpay/webhook (see the module comment). Every delivery is written to the staff's
 * event log (./webhook-log.ts): processed, duplicate, rejected (4xx for the signature or the body)
 * or ignored; a delivery that fails with a 5xx is not logged (Razorpay retries it). `options.secret`
 * replaces RAZORPAY_WEBHOOK_SECRET (the sandbox's own events); the others go to completePayment.
 */
export async function handleWebhook(request: Request, options: ReceiptOptions & {secret?: string} = {}): Promise<Response> {
  const delivery: Delivery = {id: null, type: null, orderId: null, result: 'ignored'}
  try {
    const response = await processWebhook(request, delivery, options)
    await logWebhookEvent({...delivery, at: new Date().toISOString()})
    return response
  } catch (error) {
    if (error instanceof HttpError && (error.status === 400 || error.status === 401)) {
      await logWebhookEvent({...delivery, result: 'rejected', detail: error.message, at: new Date().toISOString()})
    }
    throw error
  }
}

async function processWebhook(request: Request, delivery: Delivery, options: ReceiptOptions & {secret?: string}): Promise<Response> {
  delivery.id = request.headers.get('x-razorpay-event-id')?.trim().slice(0, 100) || null
  const config = requirePaymentsConfig()
  const secret = options.secret ?? config.webhookSecret
  if (!secret) {
    console.error('[webhook] refusing the request: RAZORPAY_WEBHOOK_SECRET is not set')
    throw new HttpError(503, NOT_CONFIGURED_MESSAGE)
  }
  const raw = await readBody(request, MAX_WEBHOOK_BYTES)
  if (!verifyWebhookSignature(raw, request.headers.get('x-razorpay-signature'), secret)) {
    console.warn('[webhook] invalid or missing X-Razorpay-Signature')
    throw new HttpError(isLinkEventBody(raw) ? 400 : 401, 'Invalid webhook signature')
  }

  let payload: z.infer<typeof WebhookSchema>
  try {
    payload = WebhookSchema.parse(JSON.parse(new TextDecoder().decode(raw)))
  } catch {
    console.error('[webhook] signed body is not a Razorpay event')
    throw new HttpError(400, 'The body is not a Razorpay event')
  }
  const event = payload.event
  delivery.type = event
  if (!PAYMENT_EVENTS.has(event) && !REFUND_EVENTS.has(event) && !LINK_EVENTS.has(event)) return json({status: 'ignored', event})

  const eventId = eventKey(request, raw)
  const claim = await claimEvent(eventId, event)
  if (claim === 'duplicate') {
    delivery.result = 'duplicate'
    return json({status: 'duplicate', event, eventId})
  }
  if (claim === 'busy') throw new HttpError(409, 'This event is being processed; retry later')

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
  delivery.orderId = result.orderId ?? null
  delivery.result = result.status === 'ignored' ? 'ignored' : 'processed'
  delivery.detail = result.status
  const {record: _record, ...answer} = result as typeof result & {record?: unknown}
  return json({...answer, event, eventId})
}
