/**
 * "Request another date" (docs/requirements.md#req-account, docs/account/date-change.md): which
 * enrolments may ask, which batches they may move to, and the texts. Pure; no wall clock (callers
 * pass `now`), for the browser and the server alike.
 *
 * - An enrolment may ask while its batch starts MORE than DATE_CHANGE_MIN_DAYS calendar days after
 *   the provider's today (Asia/Dubai: ./batches.ts providerToday), its status is still going on
 *   (not cancelled, refunded or completed, and paid), and no request of it is pending.
 * - A batch may be chosen when it is of the same programme and course, open, starts after the
 *   provider's today, is not the current batch, has a seat left, and its course costs exactly what
 *   the enrolment paid in the enrolment's currency: no money moves, so a course with another
 *   price cannot be chosen.
 */
import {providerToday} from './batches'
import {wasPaid} from './enrolment-status'
import {payableIn, toMinorUnits, type Currency} from './price'

/** A request is possible while the batch starts more than this many days after the provider's today. */
export const DATE_CHANGE_MIN_DAYS = 7

/** The texts of the date change (answers and the portal). */
export const DATE_CHANGE_MESSAGES = {
  noBatch: 'This enrolment has no dated batch: please contact us to arrange a date.',
  status: 'The date of this enrolment can no longer be changed.',
  tooLate: `Another date can be requested only more than ${DATE_CHANGE_MIN_DAYS} days before the course starts. Please contact us.`,
  pending: 'You have already asked for another date. Please wait for our answer.',
  notOffered: 'This date cannot be chosen: please pick one of the dates offered.',
  decided: 'This request has already been answered.',
  moved: 'The enrolment has moved to another date since this request was made.',
} as const

/** The statuses whose date can no longer change. */
const FINAL = new Set(['cancelled', 'refunded', 'completed'])

/** Whole calendar days from `today` to `day` (both 'YYYY-MM-DD'); negative when `day` is before. */
export function daysBetween(today: string, day: string): number {
  const at = (value: string) => Date.UTC(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)))
  return Math.round((at(day) - at(today)) / 86_400_000)
}

/** Whether a batch starting on `startDate` is far enough away at `now` for a request: more than DATE_CHANGE_MIN_DAYS days after the provider's today. */
export const farEnoughAway = (startDate: string, now: Date): boolean => daysBetween(providerToday(now), startDate) > DATE_CHANGE_MIN_DAYS

/** What a request check reads of an enrolment. */
export type DateChangeSubject = {
  status: string
  paidAt?: string | null
  batch?: {id: string; startDate: string} | null
  dateChangeRequests?: ReadonlyArray<{status: string}> | null
}

/** Whether `record` may ask for another date at `now`, with the reason (DATE_CHANGE_MESSAGES) when not. */
export function checkDateChangeAllowed(
  record: DateChangeSubject,
  now: Date,
): {ok: true} | {ok: false; message: string; reason: 'no-batch' | 'status' | 'too-late' | 'pending'} {
  if (!record.batch) return {ok: false, message: DATE_CHANGE_MESSAGES.noBatch, reason: 'no-batch'}
  if (FINAL.has(record.status) || !wasPaid(record)) return {ok: false, message: DATE_CHANGE_MESSAGES.status, reason: 'status'}
  if (!farEnoughAway(record.batch.startDate, now)) return {ok: false, message: DATE_CHANGE_MESSAGES.tooLate, reason: 'too-late'}
  if ((record.dateChangeRequests ?? []).some((request) => request.status === 'pending'))
    return {ok: false, message: DATE_CHANGE_MESSAGES.pending, reason: 'pending'}
  return {ok: true}
}

/** The price facts of a batch's course: a course's pricing and prices, or the cadetship programme's enrolment amount. */
export type BatchCoursePrice = {cadetship: boolean; pricing: string | null; priceUsd: number | null; priceInr: string | null; enrolAmountUsd: number | null}

/** What a batch's course costs in `currency` (major units), or null when it cannot be paid in it. */
export function coursePriceIn(price: BatchCoursePrice, currency: string): number | null {
  if (price.cadetship) return currency === 'USD' && typeof price.enrolAmountUsd === 'number' ? price.enrolAmountUsd : null
  return currency === 'USD' || currency === 'INR'
    ? payableIn({pricing: price.pricing, priceUsd: price.priceUsd, priceInr: price.priceInr}, currency as Currency)
    : null
}

/** A batch as the option rule reads it. */
export type DateChangeCandidateBatch = {
  id: string
  status: string
  startDate: string
  course: {program: string | null; name: string | null}
  price: BatchCoursePrice
}

/** What the option rule reads of an enrolment: its course, its batch and what it paid. */
export type DateChangeEnrolment = {trainingProgram: string; course: string; amount: number; currency: string; batch?: {id: string} | null}

/**
 * Whether `batch` may be offered to (and chosen by) `record` at `now`, given its seats `left`:
 * same programme and course, open, after the provider's today, not the current batch, a seat
 * left, and the same price as paid (to the cent, in the enrolment's currency).
 */
export function isDateChangeOption(batch: DateChangeCandidateBatch, record: DateChangeEnrolment, left: number, now: Date): boolean {
  if (batch.id === record.batch?.id) return false
  if (batch.course.program !== record.trainingProgram || batch.course.name !== record.course) return false
  if (batch.status !== 'open' || !(batch.startDate > providerToday(now))) return false
  if (left <= 0) return false
  const price = coursePriceIn(batch.price, record.currency)
  return price !== null && toMinorUnits(price) === toMinorUnits(record.amount)
}

/** The portal's line of a request: "Requested: 12–16 Jan 2027 · Mumbai — waiting for our answer", and its outcome once decided. */
export function dateChangeStatusText(request: {status: string; toText: string}): string {
  if (request.status === 'pending') return `Requested: ${request.toText} — waiting for our answer`
  if (request.status === 'approved') return `Your date was changed to ${request.toText}.`
  return `We could not move you to ${request.toText}: your booking stays on its date.`
}
