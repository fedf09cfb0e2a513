/**
 * Creating an order (POST /api/enroll/create-order): prices the enrolment from the catalogue
 * (the domain's checkEnrolmentPrice, the same rule as the /payment page), refuses an amount that
 * disagrees, creates the order with the gateway (minor units, unique receipt, notes with our
 * reference) and stores the pending enrolment keyed by the order id.
 *
 * Currency (docs/requirements.md#req-inr): the form's `currency` is USD (the default) or INR; the
 * order is created in it (INR in paise) for the course's price in it, and the enrolment keeps it
 * (`currency`, `amount` in its major units, `amountMinor`). A currency the course has no price
 * in is `invalid` on `currency` (noPriceInCurrencyMessage).
 *
 * With a `batchId` (docs/requirements.md#req-seats) the batch is checked first (unknown, closed,
 * cancelled, started or of another course: `invalid`; schemas/rules/seats.ts checkBatch), and the
 * order holds one of its seats for 30 minutes (netlify/services/seats/seats.ts, a conditional
 * write; full: `conflict` 'This batch is full'). Order of the steps: a cheap availability read
 * refuses a batch already full before the gateway is asked; the seat is held right after the
 * gateway's order exists (the hold is keyed by the order id) and before anything is stored; if
 * the hold finds the batch full the order is left unused at the gateway (an unpaid order costs
 * nothing), and if anything fails after the hold, the hold is released again.
 *
 * Terms (docs/requirements.md#req-terms, schemas/rules/terms.ts): the form carries
 * `termsAccepted: true` (CreateOrderSchema); the enrolment stores the acceptance time (`now`) and
 * the "Last updated" dates of the Terms & Conditions and the Cancellation & Refund Policy as the
 * content has them.
 */
import type {CreateOrderBody, CreateOrderResponse} from '#schemas/contracts/enrolment'
import type {Attachment} from '#schemas/contracts/uploads'
import {checkEnrolmentPrice, ENROLMENT_MESSAGES, needsCountry} from '#schemas/rules/enrolment'
import {CADETSHIP_TRAINING} from '#schemas/rules/programs'
import {formatMoney} from '#schemas/rules/format'
import {toMinorUnits} from '#schemas/rules/price'
import {termsAcceptance} from '#schemas/rules/terms'
import {BATCH_MESSAGES, checkBatch, seatCounts} from '#schemas/rules/seats'
import {fetchContent} from '#netlify/platform/content/client'
import {ENROLMENT_CATALOGUE_QUERY, LEGAL_UPDATED_QUERY} from '#netlify/platform/content/queries'
import {ServiceError} from '#netlify/platform/errors'
import {checkNamedRateLimit} from '#netlify/platform/rate-limit'
import {GatewayError, paymentGateway, randomId, type GatewayOrder, type PaymentGateway} from '#netlify/platform/payments/gateway'
import {fetchBatch, type Batch} from '../seats/content'
import {holdSeat, readSeats, releaseSeat} from '../seats/seats'
import {createPending} from '../enrolments/enrolments'
import type {EnrolmentBatch, NewEnrolment} from '../enrolments/record'
import {claimUploads, resolveCompletedUploads} from '../uploads/uploads'

/** The merchant name Checkout shows. */
export const CHECKOUT_NAME = 'Maritime Training & Certification'

export type {CreateOrderResponse} from '#schemas/contracts/enrolment'

/** Our enrolment reference, also Razorpay's receipt (unique, ≤ 40 characters). */
export const newReceipt = () => `enr_${randomId(20)}`

/** The `limited` message of create-order (RATE_LIMIT_CREATE_ORDER, default 20 per 10 minutes per client). */
export const CREATE_ORDER_RATE_LIMITED = 'Too many payment attempts. Please try again in a few minutes.'

export type CreateOrderOptions = {
  /** Who asks (the client's address): the key of the rate limit. */
  client: string
  /** The gateway that takes the order (default: the configured one, paymentGateway()). */
  gateway?: PaymentGateway
  /** The time of the request (tests): the batch checks, the hold's expiry and the terms' acceptance. */
  now?: Date
}

/**
 * Creates the order of a valid form (CreateOrderSchema) and answers what Checkout needs
 * (CreateOrderResponse). Throws ServiceError: `invalid` (a currency the course has no price in, a
 * disagreeing amount, documents on another programme than the cadetship, a batch that cannot be
 * booked), `conflict` (the batch is full), `limited` (over the client's limit, counted for every
 * valid request before the gateway is asked or anything is stored; retryAfterSeconds),
 * `upstream` (the gateway failed), `unavailable` (payments not configured); the uploads' own
 * refusals come from claimUploads / resolveCompletedUploads.
 */
export async function createEnrolmentOrder(form: CreateOrderBody, options: CreateOrderOptions): Promise<CreateOrderResponse> {
  const now = options.now ?? new Date()
  const gateway = options.gateway ?? paymentGateway()
  await limitOrderAttempts(options.client)
  const priced = await priceOrder(form)
  const documents = await documentsOf(form)
  const batch = form.batchId ? await bookableBatch(form.batchId, form, now) : null
  const receipt = newReceipt()
  const order = await openGatewayOrder(gateway, form, priced, receipt)
  await holdAndRecord(pendingEnrolment(form, priced, order, {receipt, mode: gateway.mode, attachments: documents.attachments, batch, now}), {
    batch,
    uploadIds: documents.uploadIds,
    now,
  })
  return {
    id: order.id,
    amount: order.amount,
    currency: order.currency,
    keyId: gateway.checkoutKeyId,
    mode: gateway.mode,
    name: CHECKOUT_NAME,
    description: priced.quote.courseName,
    prefill: {name: form.name, email: form.email, contact: form.mobile},
  }
}

/** Counts the attempt of `client`; over RATE_LIMIT_CREATE_ORDER: `limited` with the seconds until the window closes. */
async function limitOrderAttempts(client: string): Promise<void> {
  const result = await checkNamedRateLimit('CREATE_ORDER', client)
  if (!result.allowed) throw new ServiceError('limited', CREATE_ORDER_RATE_LIMITED, {retryAfterSeconds: result.retryAfterSeconds})
}

/** The price check's answer (the quote, currency and amount), the amount in minor units and the legal pages' dates. */
type PricedOrder = Extract<ReturnType<typeof checkEnrolmentPrice>, {ok: true}> & {amountMinor: number; legalUpdated: Parameters<typeof termsAcceptance>[1]}

/** The price of the form's course in its currency, checked against the form's amount (the one pricing rule, schemas/rules/enrolment.ts). */
async function priceOrder(form: CreateOrderBody): Promise<PricedOrder> {
  const [catalogue, legalUpdated] = await Promise.all([fetchContent(ENROLMENT_CATALOGUE_QUERY), fetchContent(LEGAL_UPDATED_QUERY)])
  const check = checkEnrolmentPrice(catalogue, form)
  if (!check.ok) {
    const message =
      check.field === 'amount' ? `The amount does not match the course price (expected ${formatMoney(check.expected, check.currency)})` : check.message
    throw invalid(check.field, message)
  }
  // Cents for USD, paise for INR.
  const amountMinor = toMinorUnits(check.amount)
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw invalid('amount', ENROLMENT_MESSAGES.invalidAmount)
  return {...check, amountMinor, legalUpdated}
}

/** The form's documents: completed uploads, for a cadetship enrolment only. */
async function documentsOf(form: CreateOrderBody): Promise<{uploadIds: string[]; attachments: Attachment[]}> {
  const uploadIds = [...new Set(form.attachments)]
  if (uploadIds.length > 0 && form.trainingProgram !== CADETSHIP_TRAINING)
    throw invalid('attachments', 'Documents can only be attached to a cadetship enrolment.')
  return {uploadIds, attachments: await resolveCompletedUploads(uploadIds)}
}

/**
 * The batch `batchId` if an order for the course of `form` may hold one of its seats at `now`;
 * else `invalid` with the reason (schemas/rules/seats.ts checkBatch), or `conflict` when it is
 * full already (read without a write: the hold decides under concurrency).
 */
async function bookableBatch(batchId: string, form: {trainingProgram: string; course: string}, now: Date): Promise<Batch> {
  const batch = await fetchBatch(batchId)
  const check = checkBatch(batch, form, now)
  if (!check.ok || !batch) throw invalid('batchId', check.ok ? BATCH_MESSAGES.unknown : check.message)
  const record = (await readSeats([batch.id])).get(batch.id) ?? null
  if (seatCounts(record, batch.seats, now).left === 0) throw new ServiceError('conflict', BATCH_MESSAGES.full)
  return batch
}

/** The gateway's order for the priced amount; any gateway failure is `upstream` (the reason is logged, not shown). */
async function openGatewayOrder(gateway: PaymentGateway, form: CreateOrderBody, priced: PricedOrder, receipt: string): Promise<GatewayOrder> {
  try {
    return await gateway.createOrder({
      amountMinor: priced.amountMinor,
      currency: priced.currency,
      receipt,
      notes: {enrolment: receipt, course: form.course.slice(0, 250), program: form.trainingProgram.slice(0, 250)},
    })
  } catch (error) {
    console.error(`[create-order] ${gateway.mode} order for ${receipt} failed:`, error instanceof GatewayError ? error.message : error)
    throw new ServiceError('upstream', ENROLMENT_MESSAGES.paymentInitFailed)
  }
}

/** The pending enrolment of the order: the stored order is the truth the later steps trust. */
function pendingEnrolment(
  form: CreateOrderBody,
  priced: PricedOrder,
  order: GatewayOrder,
  facts: {receipt: string; mode: PaymentGateway['mode']; attachments: Attachment[]; batch: Batch | null; now: Date},
): NewEnrolment {
  const country = needsCountry(form.trainingProgram) ? (form.country ?? '') : ''
  return {
    orderId: order.id,
    receipt: facts.receipt,
    name: form.name,
    email: form.email,
    mobile: form.mobile,
    trainingProgram: form.trainingProgram,
    trainingProgramName: priced.quote.trainingProgramName,
    course: form.course,
    courseName: priced.quote.courseName,
    country,
    countryName: country ? (priced.quote.countryName ?? '') : '',
    amount: priced.amount,
    amountMinor: order.amount,
    currency: order.currency,
    attachments: facts.attachments,
    mode: facts.mode,
    ...(facts.batch ? {batch: batchSnapshot(facts.batch)} : {}),
    // The form's `termsAccepted: true` (required by CreateOrderSchema): when, and which versions.
    termsAcceptance: termsAcceptance(facts.now, priced.legalUpdated),
  }
}

/**
 * Holds the batch's seat (full: `conflict`, the order stays unused at the gateway), claims the
 * documents for this order (a second order citing one is refused) and stores the pending
 * enrolment; if the claim or the write fails, the hold is released again before the error goes on.
 */
async function holdAndRecord(pending: NewEnrolment, step: {batch: Batch | null; uploadIds: string[]; now: Date}): Promise<void> {
  const {batch, uploadIds, now} = step
  if (batch && (await holdSeat(batch, pending.orderId, now)) === 'full') throw new ServiceError('conflict', BATCH_MESSAGES.full)
  try {
    await claimUploads(uploadIds, pending.orderId)
    await createPending(pending, now)
  } catch (error) {
    if (batch) {
      await releaseSeat(batch.id, pending.orderId, now).catch((e) =>
        console.error(`[create-order] the hold of ${pending.orderId} on ${batch.id} could not be released; it expires`, e),
      )
    }
    throw error
  }
}

/** A refusal of the form's `field` (shown beside it). */
const invalid = (field: string, message: string) => new ServiceError('invalid', message, {field, details: {[field]: [message]}})

/** What the enrolment keeps of its batch: a snapshot of the candidate's choice. */
export const batchSnapshot = (batch: Batch): EnrolmentBatch => ({
  id: batch.id,
  startDate: batch.startDate,
  endDate: batch.endDate,
  city: batch.city,
  venue: batch.venue,
  country: batch.country,
})
