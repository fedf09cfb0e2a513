/**
 * GET /api/batches/availability?ids=… (issue 16; docs/requirements.md#req-seats): the seats left
 * of up to 200 batches, for the course cards and the calendar, which fill them in after load.
 * Reads the batches' seat totals from the content (one query) and the seats records (./seats.ts
 * readSeats: one listing, then only the records changed since), never an enrolment: its cost does not grow with the enrolments stored
 * (bench/seats-availability.ts). Expired holds do not count (schemas/rules/seats.ts). Answers
 * `Cache-Control: no-store` (netlify/platform/http.ts json, the policy of netlify/platform/cache.ts):
 * a seat count must never be older than the request.
 */
import {AvailabilityQuerySchema, type AvailabilityResponse} from '#schemas/contracts/batches'
import {seatCounts} from '#schemas/rules/seats'
import {HttpError, json, parseWith} from '#netlify/platform/http'
import {fetchBatches} from './content'
import {readSeats} from './seats'

/** The availability of the known batches among `ids` at `now`. */
export async function availabilityOf(ids: readonly string[], now: Date): Promise<AvailabilityResponse> {
  const [batches, records] = await Promise.all([fetchBatches(ids), readSeats(ids)])
  const availability: AvailabilityResponse['availability'] = {}
  for (const id of ids) {
    const batch = batches.get(id)
    if (batch) availability[id] = seatCounts(records.get(id) ?? null, batch.seats, now)
  }
  return {availability}
}

/** Handles GET /api/batches/availability: 200 AvailabilityResponse; 400 no, malformed or more than 200 ids, or `ids` given twice. */
export async function handleAvailability(request: Request, options: {now?: Date} = {}): Promise<Response> {
  const values = new URL(request.url).searchParams.getAll('ids')
  if (values.length > 1) throw new HttpError(400, 'Send ids once, comma-separated')
  const ids = parseWith(AvailabilityQuerySchema, values[0])
  return json(await availabilityOf(ids, options.now ?? new Date()))
}
