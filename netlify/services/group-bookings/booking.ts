/**
 * Booking a group (POST /api/group-bookings, docs/requirements.md#req-group-bookings): a company
 * books 2–30 seats of one batch in one order, paid by card (one gateway order for the total) or
 * by invoice (a pro-forma, due 7 days from booking or 14 days before the start).
 *
 * Steps, so that a refusal leaves nothing behind and a failure gives the seats back:
 *   1. the client's rate limit (create-order's), the body (GroupBookingBodySchema);
 *   2. the batch (open, ahead, not a cadetship intake) and the price from the content
 *      (schemas/rules/group-booking.ts quoteGroup: never the browser's amount);
 *   3. a cheap availability read refuses too many seats before the gateway is asked;
 *   4. card: the gateway's order for the total; invoice: an `order_invoice_…` id of our own;
 *   5. ALL the seats held in one conditional write (holdGroupSeats; fewer left: 409
 *      "Only {n} seats are left in this batch", nothing held) — for 30 minutes (card) or until the
 *      end of the pro-forma's due day (invoice);
 *   6. the order (an enrolment record with `groupOrder`, sharing the booking's key) and the
 *      booking stored; if either fails, the hold is released again;
 *   7. invoice: the pro-forma number (its own gapless series) and the confirmation e-mail with
 *      the pro-forma PDF (./notices.ts). A card booking's confirmation is its receipt.
 */
import {randomBytes} from 'node:crypto'
import {GroupBookingBodySchema, type GroupBookingBody, type GroupBookingResponse} from '#schemas/contracts/group-bookings'
import {
  GROUP_MESSAGES,
  invoiceHoldExpiresAt,
  proformaDueDate,
  quoteGroup,
  seatsLeftMessage,
  type DiscountTier,
  type GroupQuote,
} from '#schemas/rules/group-booking'
import {BATCH_MESSAGES, checkBatch, holdExpiresAt, seatCounts} from '#schemas/rules/seats'
import {CURRENCIES, fromMinorUnits, toMinorUnits, type Currency} from '#schemas/rules/price'
import {noPriceInCurrencyMessage} from '#schemas/rules/enrolment'
import {termsAcceptance} from '#schemas/rules/terms'
import {fetchContent} from '#netlify/platform/content/client'
import {LEGAL_UPDATED_QUERY} from '#netlify/platform/content/queries'
import {ServiceError} from '#netlify/platform/errors'
import {checkNamedRateLimit} from '#netlify/platform/rate-limit'
import {GatewayError, paymentGateway, type PaymentGateway} from '#netlify/platform/payments/gateway'
import {CHECKOUT_NAME, CREATE_ORDER_RATE_LIMITED} from '../payments/create-order'
import {createPending, newConfirmationKey, type EnrolmentRecord} from '../enrolments/enrolments'
import type {NewEnrolment} from '../enrolments/record'
import {holdGroupSeats, readSeats, releaseSeat} from '../seats/seats'
import {fetchGroupBatch, type GroupBatch} from './content'
import {createGroupBookingRecord, newGroupBookingId, updateGroupBooking, type GroupBooking} from './store'
import {allocateProformaNumber} from './proforma-number'
import {sendBookingConfirmation} from './notices'
import {parseOrRefuse} from './parse'
import {updateGroupOrder} from './order'

/** The message for a course that has no fixed price (it is quoted on request). */
export const QUOTE_ON_REQUEST = 'This course is priced on request: please contact us for a group quote.'
/** The message for a cadetship intake (its installments are per cadet). */
export const NOT_FOR_CADETSHIP = 'Cadetship intakes are booked per cadet: please use the enrolment form or contact us.'

/** What the booking form shows for a batch: the batch, the seats left, the unit price per payable currency (minor units), the tiers and the pro-forma's due date if booked now (null: invoice not offered). */
export type GroupBookingForm = {
  batch: GroupBatch
  left: number
  currencies: Array<{currency: Currency; unitMinor: number}>
  tiers: DiscountTier[]
  invoiceDueDate: string | null
}

/**
 * The booking form's facts for batch `batchId` at `now`. Throws ServiceError not-found for an
 * unknown batch, and invalid with the reason for one that cannot be booked (cancelled, closed,
 * started, a cadetship intake, no fixed price). `left` may be 0 (the page offers the waitlist).
 */
export async function groupBookingForm(batchId: string, now: Date = new Date()): Promise<GroupBookingForm> {
  const batch = await fetchGroupBatch(batchId)
  if (!batch) throw new ServiceError('not-found', BATCH_MESSAGES.unknown)
  bookable(batch, now)
  const currencies = CURRENCIES.flatMap((currency) => {
    const unit = batch.course.prices[currency]
    return unit === null ? [] : [{currency, unitMinor: toMinorUnits(unit)}]
  })
  if (currencies.length === 0) throw invalid('batchId', QUOTE_ON_REQUEST)
  const record = (await readSeats([batch.id])).get(batch.id) ?? null
  return {batch, left: seatCounts(record, batch.seats, now).left, currencies, tiers: batch.course.tiers, invoiceDueDate: proformaDueDate(now, batch.startDate)}
}

/** How createGroupBooking works: the client (rate limit key), the gateway (default: the configured one) and the time. */
export type GroupBookingOptions = {client: string; gateway?: PaymentGateway; now?: Date}

/**
 * Books a group (see the module comment) from the request body `input` (validated here). Answers
 * the order as create-order does plus `{bookingId, key}` (card), or `{bookingId, key,
 * proformaNumber, dueDate}` (invoice). Throws ServiceError: `invalid` (the body, the batch, the
 * currency, invoice too close to the start), `conflict` (fewer seats left than asked:
 * seatsLeftMessage, or BATCH_MESSAGES.full when none), `limited` (create-order's limit),
 * `upstream` (the gateway failed), `unavailable` (payments not configured).
 */
export async function createGroupBooking(input: unknown, options: GroupBookingOptions): Promise<GroupBookingResponse> {
  const now = options.now ?? new Date()
  const limit = await checkNamedRateLimit('CREATE_ORDER', options.client)
  if (!limit.allowed) throw new ServiceError('limited', CREATE_ORDER_RATE_LIMITED, {retryAfterSeconds: limit.retryAfterSeconds})
  const body = parseOrRefuse(GroupBookingBodySchema, input)
  const batch = await fetchGroupBatch(body.batchId)
  if (!batch) throw invalid('batchId', BATCH_MESSAGES.unknown)
  bookable(batch, now)
  const unit = batch.course.prices[body.currency]
  if (unit === null) throw invalid('currency', batch.course.prices.USD === null ? QUOTE_ON_REQUEST : noPriceInCurrencyMessage(body.currency))
  const quote = quoteGroup(toMinorUnits(unit), body.seats, batch.course.tiers)
  const dueDate = body.payBy === 'invoice' ? proformaDueDate(now, batch.startDate) : null
  if (body.payBy === 'invoice' && !dueDate) throw invalid('payBy', GROUP_MESSAGES.invoiceTooLate)
  const record = (await readSeats([batch.id])).get(batch.id) ?? null
  refuseShort(seatCounts(record, batch.seats, now).left, body.seats)

  const bookingId = newGroupBookingId()
  const key = newConfirmationKey()
  const configured = options.gateway ?? paymentGateway()
  const gateway = body.payBy === 'card' ? configured : null
  const order = gateway
    ? await openGatewayOrder(gateway, {amountMinor: quote.totalMinor, currency: body.currency, bookingId, batch, seats: body.seats})
    : {id: `order_invoice_${alphanumeric(16)}`, amount: quote.totalMinor, currency: body.currency}
  const held = await holdGroupSeats(batch, order.id, body.seats, now, dueDate ? invoiceHoldExpiresAt(dueDate) : holdExpiresAt(now))
  if (held.outcome === 'short') refuseShort(held.left, body.seats)

  let booking: GroupBooking
  try {
    const legalUpdated = await fetchContent(LEGAL_UPDATED_QUERY)
    booking = {
      bookingId,
      key,
      orderId: order.id,
      batch: {id: batch.id, startDate: batch.startDate, endDate: batch.endDate, city: batch.city, venue: batch.venue, country: batch.country},
      trainingProgram: batch.course.program,
      course: batch.course.name,
      courseName: batch.course.fullName,
      company: body.company,
      currency: body.currency,
      quote,
      payBy: body.payBy,
      ...(dueDate ? {dueDate} : {}),
      delegates: [],
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    }
    await createPending(groupOrderOf(booking, body, batch, configured.mode, termsAcceptance(now, legalUpdated)), now, {confirmationKey: key})
    await createGroupBookingRecord(booking)
  } catch (error) {
    await releaseSeat(batch.id, order.id, now).catch((e) =>
      console.error(`[group-bookings] the hold of ${order.id} on ${batch.id} could not be released; it expires`, e),
    )
    throw error
  }

  if (!gateway) {
    const proformaNumber = await issueProforma(booking, now)
    return {bookingId, key, proformaNumber, dueDate: dueDate!}
  }
  return {
    id: order.id,
    amount: order.amount,
    currency: order.currency,
    keyId: gateway.checkoutKeyId,
    mode: gateway.mode,
    name: CHECKOUT_NAME,
    description: `${body.seats} seats: ${batch.course.fullName}`.slice(0, 255),
    prefill: {name: body.company.contactName, email: body.company.email, contact: body.company.phone},
    bookingId,
    key,
  }
}

/**
 * Gives an invoice booking its pro-forma number (idempotent: the same number again), stores it on
 * the booking and its order, and queues the confirmation e-mail with the pro-forma PDF. Resolves
 * to the number. A failure after the number is allocated is finished by a later call (the
 * pro-forma page and the release job call it for a booking without a number).
 */
export async function issueProforma(booking: GroupBooking, now: Date): Promise<string> {
  const proformaNumber = booking.proformaNumber ?? (await allocateProformaNumber(booking.bookingId, new Date(booking.createdAt), now))
  const {value} = await updateGroupBooking(booking.bookingId, (current) =>
    current && !current.proformaNumber ? {...current, proformaNumber, updatedAt: now.toISOString()} : undefined,
  )
  await updateGroupOrder(booking.orderId, (facts) => (facts.proformaNumber ? undefined : {...facts, proformaNumber}), now)
  const stored = value ?? {...booking, proformaNumber}
  try {
    await sendBookingConfirmation(stored, now)
  } catch (error) {
    console.error(`[group-bookings] the confirmation of ${booking.bookingId} could not be queued now`, error)
  }
  return stored.proformaNumber ?? proformaNumber
}

/** Refuses a batch that cannot take a group booking at `now` (checkBatch's reasons, and cadetship intakes). */
function bookable(batch: GroupBatch, now: Date): void {
  const check = checkBatch({status: batch.status, startDate: batch.startDate, course: {program: batch.course.program, name: batch.course.name}}, null, now)
  if (!check.ok) throw invalid('batchId', check.message)
  if (batch.course.cadetship) throw invalid('batchId', NOT_FOR_CADETSHIP)
}

/** 409 when `left` seats cannot take `wanted`: "This batch is full" when none, else "Only {n} seats are left in this batch". */
function refuseShort(left: number, wanted: number): void {
  if (left >= wanted) return
  throw new ServiceError('conflict', left === 0 ? BATCH_MESSAGES.full : seatsLeftMessage(left), {
    field: 'seats',
    details: {seats: [left === 0 ? BATCH_MESSAGES.full : seatsLeftMessage(left)]},
  })
}

/** The gateway's order for the total; any gateway failure is `upstream`. */
async function openGatewayOrder(
  gateway: PaymentGateway,
  facts: {amountMinor: number; currency: Currency; bookingId: string; batch: GroupBatch; seats: number},
): Promise<{id: string; amount: number; currency: string}> {
  try {
    return await gateway.createOrder({
      amountMinor: facts.amountMinor,
      currency: facts.currency,
      receipt: facts.bookingId,
      notes: {groupBooking: facts.bookingId, course: facts.batch.course.name.slice(0, 250), seats: String(facts.seats), batch: facts.batch.id},
    })
  } catch (error) {
    console.error(`[group-bookings] ${gateway.mode} order for ${facts.bookingId} failed:`, error instanceof GatewayError ? error.message : error)
    throw new ServiceError('upstream', 'The payment could not be started. Please try again.')
  }
}

/** The order of a booking as an enrolment record: the contact person, the course, the total, and the group's facts for its receipt. */
function groupOrderOf(
  booking: GroupBooking,
  body: GroupBookingBody,
  batch: GroupBatch,
  mode: EnrolmentRecord['mode'],
  terms: ReturnType<typeof termsAcceptance>,
): NewEnrolment {
  const quote: GroupQuote = booking.quote
  return {
    orderId: booking.orderId,
    receipt: booking.bookingId,
    name: body.company.contactName,
    email: body.company.email.toLowerCase(),
    mobile: body.company.phone,
    trainingProgram: batch.course.program,
    trainingProgramName: batch.course.programName,
    course: batch.course.name,
    courseName: batch.course.fullName,
    country: '',
    countryName: '',
    amount: fromMinorUnits(quote.totalMinor),
    amountMinor: quote.totalMinor,
    currency: booking.currency,
    attachments: [],
    mode,
    batch: booking.batch,
    termsAcceptance: terms,
    groupOrder: {
      bookingId: booking.bookingId,
      company: body.company.name,
      seats: quote.seats,
      unitMinor: quote.unitMinor,
      subtotalMinor: quote.subtotalMinor,
      discountPercent: quote.discountPercent,
      discountMinor: quote.discountMinor,
      payBy: body.payBy,
      ...(body.company.poNumber ? {poNumber: body.company.poNumber} : {}),
      ...(body.company.taxId ? {taxId: body.company.taxId} : {}),
    },
  }
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const alphanumeric = (length: number): string => [...randomBytes(length)].map((byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('')

const invalid = (field: string, message: string) => new ServiceError('invalid', message, {field, details: {[field]: [message]}})
