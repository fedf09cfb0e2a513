/**
 * POST /api/enroll/create-order: prices the enrolment from the catalogue (the domain's
 * checkEnrolmentPrice, the same rule as the /payment page), refuses an amount that disagrees,
 * creates the order with the gateway (minor units, unique receipt, notes with our reference) and
 * stores the pending enrolment keyed by the order id.
 *
 * Currency (issue 17, docs/requirements.md#req-inr): the body's `currency` is USD (the default)
 * or INR; the order is created in it (INR in paise) for the course's price in it, and the
 * enrolment keeps it (`currency`, `amount` in its major units, `amountMinor`). A currency the
 * course has no price in: 400 `{error, details: {currency: [...]}}` (noPriceInCurrencyMessage).
 *
 * With a `batchId` (issue 16, docs/requirements.md#req-seats) the batch is checked first
 * (unknown, closed, cancelled, started or of another course: 400; schemas/rules/seats.ts
 * checkBatch), and the order holds one of its seats for 30 minutes (netlify/services/seats/seats.ts,
 * a conditional write; full: 409 'This batch is full'). Order of the steps: a cheap availability
 * read refuses a batch already full before the gateway is asked; the seat is held right after
 * the gateway's order exists (the hold is keyed by the order id) and before anything is stored;
 * if the hold finds the batch full the order is left unused at the gateway (an unpaid order
 * costs nothing), and if anything fails after the hold, the hold is released again.
 *
 * Terms (issue 17, docs/requirements.md#req-terms, schemas/rules/terms.ts): the body must carry
 * `termsAccepted: true` (else 400 'Please accept the terms to continue.', details.termsAccepted);
 * the enrolment stores the acceptance time (`now`) and the "Last updated" dates of the Terms &
 * Conditions and the Cancellation & Refund Policy as the content has them.
 */
import {CreateOrderSchema, type CreateOrderResponse} from '#schemas/contracts/enrolment'
import {checkEnrolmentPrice, ENROLMENT_MESSAGES, needsCountry} from '#schemas/rules/enrolment'
import {CADETSHIP_TRAINING} from '#schemas/rules/programs'
import {formatMoney} from '#schemas/rules/format'
import {toMinorUnits} from '#schemas/rules/price'
import {fetchContent} from '#netlify/platform/content/client'
import {ENROLMENT_CATALOGUE_QUERY, LEGAL_UPDATED_QUERY} from '#netlify/platform/content/queries'
import {termsAcceptance} from '#schemas/rules/terms'
import {BATCH_MESSAGES, checkBatch, seatCounts} from '#schemas/rules/seats'
import {fetchBatch, type Batch} from '../seats/content'
import {holdSeat, readSeats, releaseSeat} from '../seats/seats'
import {createPending} from '../enrolments/enrolments'
import type {EnrolmentBatch, NewEnrolment} from '../enrolments/record'
import {clientAddress, HttpError, json, readJson} from '#netlify/platform/http'
import {enforceRateLimit} from '#netlify/platform/rate-limit'
import {claimUploads, resolveCompletedUploads} from '../uploads/uploads'
import {requirePaymentsConfig, SANDBOX_KEY_ID} from '#netlify/platform/payments/config'
import {createOrder, GatewayError, randomId} from '#netlify/platform/payments/gateway'

/** The merchant name Checkout shows. */
export const CHECKOUT_NAME = 'Maritime Training & Certification'

export type {CreateOrderResponse} from '#schemas/contracts/enrolment'

/** Our enrolment reference, also Razorpay's receipt (unique, ≤ 40 characters). */
export const newReceipt = () => `enr_${randomId(20)}`

/** The 429 message of create-order (RATE_LIMIT_CREATE_ORDER, default 20 per 10 minutes per client). */
export const CREATE_ORDER_RATE_LIMITED = 'Too many payment attempts. Please try again in a few minutes.'

/**
 * Handles POST /api/enroll/create-order. Errors: 400 invalid form (also: terms not accepted), a
 * currency the course has no price in, disagreeing amount or a batch
 * that cannot be booked, 409 the batch is full, 413/415
 * bad body, 429 over the client's limit (issue 12, finding 6: counted per client for every valid
 * request, before the gateway is asked or anything is stored), 502 gateway failure, 503 payments
 * not configured. `now` (tests) is the time of the request: the batch checks and the hold's expiry.
 */
export async function createEnrolmentOrder(request: Request, context?: {ip?: string}, options: {now?: Date} = {}): Promise<Response> {
  const now = options.now ?? new Date()
  const config = requirePaymentsConfig()
  const form = await readJson(request, CreateOrderSchema)
  await enforceRateLimit('CREATE_ORDER', clientAddress(request, context), CREATE_ORDER_RATE_LIMITED)

  const [catalogue, legalUpdated] = await Promise.all([fetchContent(ENROLMENT_CATALOGUE_QUERY), fetchContent(LEGAL_UPDATED_QUERY)])
  // The one pricing rule, shared with the /payment form (schemas/rules/enrolment.ts).
  // In the form's currency (issue 17): a currency the course has no price in is a 400 on `currency`.
  const check = checkEnrolmentPrice(catalogue, form)
  if (!check.ok) {
    const message =
      check.field === 'amount' ? `The amount does not match the course price (expected ${formatMoney(check.expected, check.currency)})` : check.message
    throw new HttpError(400, message, {[check.field]: [message]})
  }
  const priced = check.quote
  // Cents for USD, paise for INR.
  const amountMinor = toMinorUnits(check.amount)
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new HttpError(400, ENROLMENT_MESSAGES.invalidAmount, {amount: [ENROLMENT_MESSAGES.invalidAmount]})

  const uploadIds = [...new Set(form.attachments)]
  if (uploadIds.length > 0 && form.trainingProgram !== CADETSHIP_TRAINING) {
    const message = 'Documents can only be attached to a cadetship enrolment.'
    throw new HttpError(400, message, {attachments: [message]})
  }
  const attachments = await resolveCompletedUploads(uploadIds)
  const batch = form.batchId ? await bookableBatch(form.batchId, form, now) : null

  const receipt = newReceipt()
  const currency = check.currency
  let order
  try {
    order = await createOrder(config, {
      amountMinor,
      currency,
      receipt,
      notes: {enrolment: receipt, course: form.course.slice(0, 250), program: form.trainingProgram.slice(0, 250)},
    })
  } catch (error) {
    console.error(`[create-order] ${config.mode} order for ${receipt} failed:`, error instanceof GatewayError ? error.message : error)
    throw new HttpError(502, ENROLMENT_MESSAGES.paymentInitFailed)
  }

  const country = needsCountry(form.trainingProgram) ? (form.country ?? '') : ''
  const pending: NewEnrolment = {
    orderId: order.id,
    receipt,
    name: form.name,
    email: form.email,
    mobile: form.mobile,
    trainingProgram: form.trainingProgram,
    trainingProgramName: priced.trainingProgramName,
    course: form.course,
    courseName: priced.courseName,
    country,
    countryName: country ? (priced.countryName ?? '') : '',
    amount: check.amount,
    amountMinor: order.amount,
    currency: order.currency,
    attachments,
    mode: config.mode,
    ...(batch ? {batch: batchSnapshot(batch)} : {}),
    // The body's `termsAccepted: true` (required by CreateOrderSchema): when, and which versions (issue 17).
    termsAcceptance: termsAcceptance(now, legalUpdated),
  }

  if (batch && (await holdSeat(batch, order.id, now)) === 'full') throw new HttpError(409, BATCH_MESSAGES.full)
  try {
    // Each document belongs to this order only (a second order citing it gets a 409).
    await claimUploads(uploadIds, order.id)
    await createPending(pending, now)
  } catch (error) {
    if (batch) {
      await releaseSeat(batch.id, order.id, now).catch((e) =>
        console.error(`[create-order] the hold of ${order.id} on ${batch.id} could not be released; it expires`, e),
      )
    }
    throw error
  }

  const body: CreateOrderResponse = {
    id: order.id,
    amount: order.amount,
    currency: order.currency,
    keyId: config.mode === 'razorpay' ? (config.keyId ?? '') : SANDBOX_KEY_ID,
    mode: config.mode,
    name: CHECKOUT_NAME,
    description: priced.courseName,
    prefill: {name: form.name, email: form.email, contact: form.mobile},
  }
  return json(body)
}

/**
 * The batch `batchId` if an order for the course of `form` may hold one of its seats at `now`;
 * else 400 with the reason (schemas/rules/seats.ts checkBatch), or 409 when it is full already
 * (read without a write: the hold decides under concurrency).
 */
async function bookableBatch(batchId: string, form: {trainingProgram: string; course: string}, now: Date): Promise<Batch> {
  const batch = await fetchBatch(batchId)
  const check = checkBatch(batch, form, now)
  if (!check.ok || !batch) {
    const message = check.ok ? BATCH_MESSAGES.unknown : check.message
    throw new HttpError(400, message, {batchId: [message]})
  }
  const record = (await readSeats([batch.id])).get(batch.id) ?? null
  if (seatCounts(record, batch.seats, now).left === 0) throw new HttpError(409, BATCH_MESSAGES.full)
  return batch
}

/** What the enrolment keeps of its batch: a snapshot of the candidate's choice. */
export const batchSnapshot = (batch: Batch): EnrolmentBatch => ({
  id: batch.id,
  startDate: batch.startDate,
  endDate: batch.endDate,
  city: batch.city,
  venue: batch.venue,
  country: batch.country,
})
