/**
 * POST /api/enroll/create-order: prices the enrolment from the catalogue (the domain's
 * quote(), the same rule as the /payment page), refuses an amount that disagrees, creates the
 * order with the gateway (minor units, unique receipt, notes with our reference) and stores
 * the pending enrolment keyed by the order id.
 */
import {CreateOrderSchema, type CreateOrderResponse} from '#schemas/api/enrolment'
import {checkEnrolmentPrice, DEFAULT_CURRENCY, ENROLMENT_MESSAGES, needsCountry} from '~/domain/enrolment'
import {CADETSHIP_TRAINING} from '~/domain/programs'
import {formatUsd} from '~/domain/format'
import {toMinorUnits} from '~/domain/price'
import {fetchContent} from '~/lib/content.server'
import {ENROLMENT_CATALOGUE_QUERY} from '~/lib/queries'
import {createPending} from '../enrolments'
import {clientAddress, HttpError, json, readJson} from '../http'
import {enforceRateLimit} from '../rate-limit'
import {claimUploads, resolveCompletedUploads} from '../uploads'
import {requirePaymentsConfig, SANDBOX_KEY_ID} from './config'
import {createOrder, GatewayError, randomId} from './gateway'

/** The merchant name Checkout shows. */
export const CHECKOUT_NAME = 'Maritime Training & Certification'

export type {CreateOrderResponse} from '#schemas/api/enrolment'

/** Our enrolment reference, also Razorpay's receipt (unique, ≤ 40 characters). */
export const newReceipt = () => `enr_${randomId(20)}`

/** The 429 message of create-order (RATE_LIMIT_CREATE_ORDER, default 20 per 10 minutes per client). */
export const CREATE_ORDER_RATE_LIMITED = 'Too many payment attempts. Please try again in a few minutes.'

/**
 * Handles POST /api/enroll/create-order. Errors: 400 invalid form or disagreeing amount, 413/415
 * bad body, 429 over the client's limit (issue 12, finding 6: counted per client for every valid
 * request, before the gateway is asked or anything is stored), 502 gateway failure, 503 payments
 * not configured.
 */
export async function createEnrolmentOrder(request: Request, context?: {ip?: string}): Promise<Response> {
  const config = requirePaymentsConfig()
  const form = await readJson(request, CreateOrderSchema)
  await enforceRateLimit('CREATE_ORDER', clientAddress(request, context), CREATE_ORDER_RATE_LIMITED)

  const catalogue = await fetchContent(ENROLMENT_CATALOGUE_QUERY)
  // The one pricing rule, shared with the /payment form (web/app/domain/enrolment.ts).
  const check = checkEnrolmentPrice(catalogue, form)
  if (!check.ok) {
    const message =
      check.field === 'amount' ? `The amount does not match the course price (expected ${formatUsd(check.expectedUsd)} ${DEFAULT_CURRENCY})` : check.message
    throw new HttpError(400, message, {[check.field]: [message]})
  }
  const priced = check.quote
  const amountMinor = toMinorUnits(priced.amountUsd)
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0)
    throw new HttpError(400, ENROLMENT_MESSAGES.invalidAmount, {amount: [ENROLMENT_MESSAGES.invalidAmount]})

  const uploadIds = [...new Set(form.attachments)]
  if (uploadIds.length > 0 && form.trainingProgram !== CADETSHIP_TRAINING) {
    const message = 'Documents can only be attached to a cadetship enrolment.'
    throw new HttpError(400, message, {attachments: [message]})
  }
  const attachments = await resolveCompletedUploads(uploadIds)

  const receipt = newReceipt()
  const currency = form.currency ?? DEFAULT_CURRENCY
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

  // Each document belongs to this order only (a second order citing it gets a 409).
  await claimUploads(uploadIds, order.id)

  const country = needsCountry(form.trainingProgram) ? (form.country ?? '') : ''
  await createPending({
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
    amount: priced.amountUsd,
    amountMinor: order.amount,
    currency: order.currency,
    attachments,
    mode: config.mode,
  })

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
