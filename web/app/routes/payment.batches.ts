/**
 * GET /payment/batches?training={program id}&course={course name}: the open batches starting after
 * today (the provider's day) of one course, earliest first, as the enrolment form offers them
 * (docs/requirements.md#req-batches-form; contract: schemas/contracts/batches.ts CourseBatchesQuerySchema
 * → CourseBatchesResponseSchema).
 *
 * Why: /payment carries only the batches of the course its query prefills, not every open batch
 * of the catalogue (over 200, most of the page's data); when the visitor chooses another course the
 * form asks here for that course's (web/app/lib/course-batches.ts, docs/performance.md).
 *
 * Answers: 200 `{batches}` (`[]` for an unknown program or course, or one without open batches),
 * content-cached like the calendar until the provider's next midnight (a batch leaves the list
 * the day it starts), with the batch, course and programme cache tags; 400 `{error, details}` for
 * a missing or over-long parameter; 503 `{error}` when the content cannot be read.
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {batchesForCourse, providerToday, secondsUntilNextProviderDay} from '#schemas/rules/batches'
import {contentCacheHeaders, noStoreHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {ENROLMENT_BATCHES_QUERY} from '#netlify/platform/content/queries'
import {CourseBatchesQuerySchema, type CourseBatchesResponse} from '#schemas/contracts/batches'

const JSON_TYPE = {'Content-Type': 'application/json; charset=utf-8'}

/** The documents the answer shows: purged when an editor publishes one of their types. */
const TAGS = ['type:courseBatch', 'type:course', 'type:courseCategory', 'type:cadetshipProgramme']

function fail(status: number, body: {error: string; details?: Record<string, string[]>}): Response {
  return new Response(JSON.stringify(body), {status, headers: noStoreHeaders(JSON_TYPE)})
}

export async function loader({request}: LoaderFunctionArgs): Promise<Response> {
  const query = new URL(request.url).searchParams
  const parsed = CourseBatchesQuerySchema.safeParse({training: query.get('training') ?? undefined, course: query.get('course') ?? undefined})
  if (!parsed.success) {
    const details = parsed.error.flatten().fieldErrors as Record<string, string[]>
    return fail(400, {error: Object.values(details).flat()[0] ?? 'Send training and course', details})
  }
  const now = new Date()
  let all
  try {
    all = await fetchContent(ENROLMENT_BATCHES_QUERY, {today: providerToday(now)})
  } catch {
    return fail(503, {error: 'The course dates are not available right now. Please try again.'})
  }
  const body: CourseBatchesResponse = {batches: batchesForCourse(all, {trainingProgram: parsed.data.training, course: parsed.data.course})}
  const headers = contentCacheHeaders(TAGS, {cdnMaxAgeSeconds: secondsUntilNextProviderDay(now)})
  for (const [name, value] of Object.entries(JSON_TYPE)) headers.set(name, value)
  return new Response(JSON.stringify(body), {headers})
}
