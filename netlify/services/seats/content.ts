/**
 * Course batches as the seats backend reads them from the content: the one module
 * that queries `courseBatch` documents for the functions — create-order's checks, the waitlist,
 * availability (seat totals) and the expiry job. Published documents only (fetchContent).
 *
 * The content contract (schemas/content/batches.ts, the `courseBatch` type): `course` (reference to a
 * `course`, or to the `cadetshipProgramme` for a cadetship intake: its course name is the
 * programme's `enrolCourse` and its programme `cadetship-training`), `startDate` / `endDate` ('YYYY-MM-DD'), `location` (reference to a `location`, which
 * has `country`), `city`, optional `venue`, `seats` (1–40, default 12), `status` (`open`,
 * `closed`, `cancelled`), optional `note`. The batch id is the document's `_id`.
 *
 * The query is a plain string read through a zod schema here rather than a typegen'd query of
 * netlify/platform/content/queries.ts: a document that does not fit (an editor's half-filled batch) is left
 * out — as unknown — instead of breaking an order.
 */
import {z} from 'zod'
import {BATCH_SEATS} from '#schemas/rules/batches'
import type {BatchForOrder} from '#schemas/rules/seats'
import type {BatchCoursePrice} from '#schemas/rules/date-change'
import {fetchContent} from '#netlify/platform/content/client'

/** What a batch query projects: what orders, seat counts and staff's pages need. */
const BATCH_PROJECTION = `{
  "id": _id, startDate, endDate, city, venue, status,
  "seats": coalesce(seats, ${BATCH_SEATS.initial}),
  "course": {
    "id": course._ref,
    "name": coalesce(course->name, course->enrolCourse),
    "program": select(course->_type == "cadetshipProgramme" => "cadetship-training", course->category->slug.current)
  },
  "country": location->country
}`

/** The batches whose `_id` is in `$ids`, with what orders and seat counts need. */
export const BATCHES_BY_ID_QUERY = `*[_type == "courseBatch" && _id in $ids]${BATCH_PROJECTION}`

/** Every batch starting after `$today` ('YYYY-MM-DD'), whatever its status, earliest first (staff's /admin/batches). */
export const UPCOMING_BATCHES_QUERY = `*[_type == "courseBatch" && startDate > $today] | order(startDate asc, _id asc)${BATCH_PROJECTION}`

/**
 * The batches of the course named `$course` (a course's `name`, or the cadetship programme's
 * `enrolCourse`) starting after `$today`, whatever their status, earliest first, each with its
 * course's price facts (the date change offers only batches of the same price).
 */
export const COURSE_BATCHES_QUERY = `*[_type == "courseBatch" && startDate > $today && coalesce(course->name, course->enrolCourse) == $course] | order(startDate asc, _id asc){
  "batch": ${BATCH_PROJECTION},
  "price": {
    "cadetship": course->_type == "cadetshipProgramme",
    "pricing": course->pricing,
    "priceUsd": course->priceUsd,
    "priceInr": course->priceInr,
    "enrolAmountUsd": course->enrolAmountUsd
  }
}`

const DATE = /^\d{4}-\d{2}-\d{2}$/

const BatchSchema = z.object({
  id: z.string(),
  startDate: z.string().regex(DATE),
  endDate: z.string().regex(DATE),
  city: z.string().nullish(),
  venue: z.string().nullish(),
  status: z.string(),
  /** Seats of the batch (a count). */
  seats: z.number().int().min(1),
  course: z.object({id: z.string().nullish(), name: z.string().nullish(), program: z.string().nullish()}),
  country: z.string().nullish(),
})

/** A batch as the seats backend uses it. */
export type Batch = BatchForOrder & {
  id: string
  endDate: string
  city: string
  venue: string | null
  /** The location's country. */
  country: string
  /** Seats of the batch (a count, 1–40). */
  seats: number
  course: {id: string | null; name: string | null; program: string | null}
}

/** The batches of `ids` found in the content, by id (unknown ids, and documents that do not fit the contract, are absent). */
export async function fetchBatches(ids: readonly string[]): Promise<Map<string, Batch>> {
  const found = new Map<string, Batch>()
  if (ids.length === 0) return found
  for (const batch of parseBatches(await fetchContent(BATCHES_BY_ID_QUERY, {ids: [...new Set(ids)]}))) found.set(batch.id, batch)
  return found
}

/**
 * Every batch starting after `today` ('YYYY-MM-DD', the provider's day: schemas/rules/batches.ts
 * providerToday), open, closed or cancelled, earliest first (ties by id).
 */
export async function fetchUpcomingBatches(today: string): Promise<Batch[]> {
  return parseBatches(await fetchContent(UPCOMING_BATCHES_QUERY, {today}))
}

/** The batches of a query's result that fit the contract, in order (the others are logged and left out). */
function parseBatches(result: unknown): Batch[] {
  const found: Batch[] = []
  for (const item of Array.isArray(result) ? result : []) {
    const parsed = BatchSchema.safeParse(item)
    if (!parsed.success) {
      console.error(`[batches] courseBatch ${(item as {id?: unknown})?.id} does not fit the contract; treated as unknown`, parsed.error.issues[0])
      continue
    }
    const batch = parsed.data
    found.push({
      id: batch.id,
      startDate: batch.startDate,
      endDate: batch.endDate,
      city: batch.city ?? '',
      venue: batch.venue ?? null,
      status: batch.status,
      seats: batch.seats,
      course: {id: batch.course.id ?? null, name: batch.course.name ?? null, program: batch.course.program ?? null},
      country: batch.country ?? '',
    })
  }
  return found
}

/** The batch `id`, or null. */
export async function fetchBatch(id: string): Promise<Batch | null> {
  return (await fetchBatches([id])).get(id) ?? null
}

const PriceSchema = z.object({
  cadetship: z.boolean().nullish(),
  pricing: z.string().nullish(),
  priceUsd: z.number().nullish(),
  priceInr: z.string().nullish(),
  enrolAmountUsd: z.number().nullish(),
})

/** A batch with its course's price facts (schemas/rules/date-change.ts). */
export type PricedBatch = Batch & {price: BatchCoursePrice}

/**
 * The batches of course `course` (its name as orders carry it) starting after `today`
 * ('YYYY-MM-DD', the provider's day), with their course's prices, earliest first. Documents that
 * do not fit the contract are left out (logged), as everywhere.
 */
export async function fetchCourseBatches(course: string, today: string): Promise<PricedBatch[]> {
  const result = await fetchContent(COURSE_BATCHES_QUERY, {course, today})
  const found: PricedBatch[] = []
  for (const item of Array.isArray(result) ? (result as Array<{batch?: unknown; price?: unknown}>) : []) {
    const [batch] = parseBatches([item?.batch])
    const price = PriceSchema.safeParse(item?.price ?? {})
    if (!batch || !price.success) continue
    found.push({
      ...batch,
      price: {
        cadetship: price.data.cadetship === true,
        pricing: price.data.pricing ?? null,
        priceUsd: price.data.priceUsd ?? null,
        priceInr: price.data.priceInr ?? null,
        enrolAmountUsd: price.data.enrolAmountUsd ?? null,
      },
    })
  }
  return found
}
