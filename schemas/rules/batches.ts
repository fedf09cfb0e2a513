/**
 * Scheduled batches of a course (docs/requirements.md#req-batches-content): how their
 * dates and seats are written, which ones are upcoming, and the calendar's filters. Pure
 * functions imported by the pages (browser and server), the Studio's `courseBatch` validation
 * and the tests; no wall clock: callers pass `today` (or `now` to providerToday).
 *
 * Dates are calendar days 'YYYY-MM-DD' (Sanity `date` fields) in the provider's time zone
 * (PROVIDER_TIME_ZONE, Asia/Dubai, UTC+4): a batch "starts on 12 Jan 2027" wherever the visitor
 * is, and "today" is the provider's day. Month names are fixed English abbreviations (not Intl's,
 * whose en-GB "Sept" differs between ICU versions), so server and browser render the same text.
 */
import {PROVIDER_TIME_ZONE} from './provider-time'

/** The status of a batch (the `courseBatch.status` field): only `open` batches take enrolments. */
export const BATCH_STATUSES = ['open', 'closed', 'cancelled'] as const
export type BatchStatus = (typeof BATCH_STATUSES)[number]

/** Seats of a batch: default and bounds (whole seats). */
export const BATCH_SEATS = {initial: 12, min: 1, max: 40} as const

/** What a course card says when the course has no upcoming open batch. */
export const DATES_ON_REQUEST = 'Dates on request'

/** What a batch shows instead of seats when no seat is left. */
export const FULL = 'Full'

/** A batch's days: first and last day of the course, 'YYYY-MM-DD'. */
export type BatchDates = {startDate: string | null; endDate: string | null}

/** Live seat counts of one batch, as GET /api/batches/availability answers them (whole seats). */
export type BatchAvailability = {seats: number; booked: number; held: number; left: number}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const

type Day = {year: number; month: number; day: number}

/** Whether `value` is a real calendar day written 'YYYY-MM-DD' ('2027-02-30' is not). */
export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && parseDay(value) !== null
}

/** A 'YYYY-MM-DD' day's parts (month 1–12), or null when it is not a real day. */
function parseDay(value: string): Day | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return {year, month, day}
}

/** "12 Jan 2027" of a 'YYYY-MM-DD' day; the input itself when it is not a day. */
export function batchDayLabel(isoDate: string): string {
  const day = parseDay(isoDate)
  return day ? `${day.day} ${MONTHS[day.month - 1]} ${day.year}` : isoDate
}

/**
 * A batch's days as the site writes them, with an en dash: "12 Jan 2027" (one day),
 * "12–16 Jan 2027" (one month), "30 Jan – 3 Feb 2027" (one year), "28 Dec 2026 – 2 Jan 2027".
 * A missing or unreadable end date (or one before the start) shows the start day only; '' when
 * the start is missing or unreadable.
 */
export function batchDateRange({startDate, endDate}: BatchDates): string {
  const start = startDate ? parseDay(startDate) : null
  if (!startDate || !start) return ''
  const end = endDate && endDate > startDate ? parseDay(endDate) : null
  if (!endDate || !end) return batchDayLabel(startDate)
  if (start.year !== end.year) return `${batchDayLabel(startDate)} – ${batchDayLabel(endDate)}`
  if (start.month !== end.month) return `${start.day} ${MONTHS[start.month - 1]} – ${end.day} ${MONTHS[end.month - 1]} ${end.year}`
  return `${start.day}–${end.day} ${MONTHS[end.month - 1]} ${end.year}`
}

let providerDayFormat: Intl.DateTimeFormat | undefined

/**
 * The provider's calendar day at the instant `now`, 'YYYY-MM-DD' (Asia/Dubai, UTC+4):
 * 2026-12-31T20:30:00Z → '2027-01-01'. Throws RangeError for an invalid date.
 */
export function providerToday(now: Date): string {
  if (Number.isNaN(now.getTime())) throw new RangeError('Invalid date')
  providerDayFormat ??= new Intl.DateTimeFormat('en-CA', {timeZone: PROVIDER_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit'})
  const parts = providerDayFormat.formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')}`
}

/**
 * Seconds from `now` until the provider's next midnight (1 to 86,400): how long a page listing
 * upcoming batches may be cached before a batch starting "tomorrow" has to leave it.
 */
export function secondsUntilNextProviderDay(now: Date): number {
  const today = providerToday(now)
  const [year, month, day] = today.split('-').map(Number) as [number, number, number]
  // Asia/Dubai is UTC+4 all year (no daylight saving): its midnight is 20:00 UTC the day before.
  const nextMidnight = Date.UTC(year, month - 1, day + 1) - 4 * 3600 * 1000
  return Math.min(86_400, Math.max(1, Math.ceil((nextMidnight - now.getTime()) / 1000)))
}

/** Whether the batch is still to come: it starts after `today` ('YYYY-MM-DD', the provider's day, see providerToday). */
export function isUpcoming(batch: {startDate: string | null}, today: string): boolean {
  return isIsoDate(batch.startDate) && batch.startDate > today
}

/** Seats left as a card and the calendar write them: "5 seats left", "1 seat left", "Full" (0 or fewer). */
export function seatsLeftText(left: number): string {
  if (!Number.isFinite(left) || left <= 0) return FULL
  const seats = Math.floor(left)
  return `${seats} ${seats === 1 ? 'seat' : 'seats'} left`
}

/** The class size a server-rendered page shows before the live count arrives: "12 seats", "1 seat". */
export function seatsTotalText(seats: number | null | undefined): string {
  const n = typeof seats === 'number' && Number.isFinite(seats) ? Math.max(0, Math.floor(seats)) : BATCH_SEATS.initial
  return `${n} ${n === 1 ? 'seat' : 'seats'}`
}

/** The text of a batch's seats: the live count when known, else the class size; "Closed" for a closed batch. */
export function batchSeatsText(batch: {status?: string | null; seats?: number | null}, availability?: BatchAvailability | null): string {
  if (batch.status === 'closed') return 'Closed'
  if (batch.status === 'cancelled') return 'Cancelled'
  return availability ? seatsLeftText(availability.left) : seatsTotalText(batch.seats)
}

/** A course card's batch line: "12–16 Jan 2027 · Mumbai · 5 seats left". */
export function batchLine(batch: BatchDates & {city?: string | null}, seatsText: string): string {
  return [batchDateRange(batch), batch.city, seatsText].filter(Boolean).join(' · ')
}

/**
 * Studio rule for a batch's start ("start in the future for new batches"): the start
 * must come after the day the document was created (`createdDay`, 'YYYY-MM-DD'), so a new batch
 * starts in the future while a published batch whose date has passed stays valid. Returns true or
 * the message.
 */
export function checkBatchStart(startDate: string | null | undefined, createdDay: string | null): true | string {
  if (!startDate || !createdDay || !isIsoDate(startDate)) return true
  return startDate > createdDay ? true : `A new batch must start in the future (after ${batchDayLabel(createdDay)})`
}

/** Studio rule for a batch's end: on or after its start. Returns true or the message. */
export function checkBatchEnd(startDate: string | null | undefined, endDate: string | null | undefined): true | string {
  if (!startDate || !endDate) return true
  return endDate >= startDate ? true : 'The end date must be on or after the start date'
}

/** 'YYYY-MM' of a 'YYYY-MM-DD' day (the calendar's month filter value). */
export const monthOf = (isoDate: string): string => isoDate.slice(0, 7)

/** "January 2027" of 'YYYY-MM' (or of a full day); the input itself when it is not a month. */
export function monthLabel(month: string): string {
  const day = parseDay(`${month.slice(0, 7)}-01`)
  return day ? `${LONG_MONTHS[day.month - 1]} ${day.year}` : month
}

/** The calendar's filters (GET query parameters `category`, `location`, `month`); '' = any. */
export type CalendarFilters = {category: string; location: string; month: string}

/** The filters of a calendar URL's query: unknown values are kept (they simply match nothing). */
export function calendarFilters(query: URLSearchParams): CalendarFilters {
  const value = (name: string) => (query.get(name) ?? '').trim().slice(0, 100)
  return {category: value('category'), location: value('location'), month: value('month')}
}

/** A calendar row as the filters see it: its course's category id, its city and start day. */
export type FilterableBatch = {startDate: string | null; city: string | null; categoryId: string | null}

/** The batches matching every filter that is set (category id, city, 'YYYY-MM' month), in their order. */
export function filterBatches<B extends FilterableBatch>(batches: readonly B[], filters: CalendarFilters): B[] {
  return batches.filter(
    (batch) =>
      (!filters.category || batch.categoryId === filters.category) &&
      (!filters.location || batch.city === filters.location) &&
      (!filters.month || (batch.startDate !== null && monthOf(batch.startDate) === filters.month)),
  )
}

/** The distinct 'YYYY-MM' months the batches start in, earliest first (the month filter's options). */
export function batchMonths(batches: ReadonlyArray<{startDate: string | null}>): string[] {
  return [...new Set(batches.flatMap((batch) => (isIsoDate(batch.startDate) ? [monthOf(batch.startDate)] : [])))].sort()
}

/** Staff's flag of an enrolment paid after its seat had gone: booked beyond the batch's seats. */
export const OVER_CAPACITY = 'Over capacity'

/** Staff's flag of an enrolment whose batch was cancelled in the content: the candidate must be offered another date or a refund. */
export const BATCH_CANCELLED = 'Batch cancelled'

/**
 * An enrolment's batch in one line, as staff, the candidate, the receipt and the e-mails show it:
 * "12–16 Jan 2027 · Mumbai", with the venue when asked for and known:
 * "12–16 Jan 2027 · Mumbai · Training Centre, Andheri East".
 */
export function enrolmentBatchText(batch: BatchDates & {city?: string | null; venue?: string | null}, options: {venue?: boolean} = {}): string {
  return [batchDateRange(batch), batch.city, options.venue ? batch.venue : null].filter(Boolean).join(' · ')
}

/**
 * A batch the enrolment form can offer (/payment, docs/requirements.md#req-batches-form): its
 * days, city and class size, and its course as the form's values (`program` the category id,
 * `course` the course name; see netlify/platform/content/queries.ts ENROLMENT_BATCHES_QUERY).
 */
export type EnrolmentBatch = BatchDates & {_id: string; city: string | null; seats: number | null; course: string | null; program: string | null}

/** The form's message when a course with dates is submitted without one (the select's error). */
export const BATCH_REQUIRED = 'Please choose a date for your course.'

/** The batches of the chosen program and course, in their order ([] until both are chosen). */
export function batchesForCourse<B extends Pick<EnrolmentBatch, 'course' | 'program'>>(
  batches: readonly B[],
  selection: {trainingProgram: string; course: string},
): B[] {
  if (!selection.trainingProgram || !selection.course) return []
  return batches.filter((batch) => batch.program === selection.trainingProgram && batch.course === selection.course)
}

/** Whether the live count says no seat is left (unknown counts are not full: the server decides). */
export const isFull = (availability: BatchAvailability | null | undefined): boolean => Boolean(availability && availability.left <= 0)

/**
 * A batch's option on the enrolment form: "12–16 Jan 2027 · Mumbai · 5 seats left" once the live
 * count is known, "… · 12 seats" before, "… · Full" without a seat.
 */
export function batchOptionLabel(batch: EnrolmentBatch, availability?: BatchAvailability | null): string {
  return batchLine(batch, availability ? seatsLeftText(availability.left) : seatsTotalText(batch.seats))
}

/**
 * The form's check of the batch choice: a course with offered batches needs one of them, and not
 * one known to be full; a course without batches takes none. Returns the message, or null when the
 * choice is fine.
 */
export function checkBatchChoice(
  offered: ReadonlyArray<{_id: string}>,
  batchId: string | undefined,
  availability?: Record<string, BatchAvailability> | null,
): string | null {
  if (offered.length === 0) return null
  if (!batchId || !offered.some((batch) => batch._id === batchId)) return BATCH_REQUIRED
  if (isFull(availability?.[batchId])) return 'This batch is full: please choose another date or join its waitlist.'
  return null
}
