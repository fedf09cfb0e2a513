/**
 * The seats left (docs/requirements.md#req-seats; GET /api/batches/availability?ids=…)
 * of up to 200 batches, for the course cards and the calendar, which fill them in after load.
 * Reads the batches' seat totals from the content (one query) and the seats records (./seats.ts
 * readSeats: one listing, then only the records changed since), never an enrolment: its cost does not grow with the enrolments stored
 * (bench/seats-availability.ts). Expired holds do not count (schemas/rules/seats.ts). The edge
 * answers `Cache-Control: no-store`: a seat count must never be older than the request.
 */
import type {AvailabilityResponse} from '#schemas/contracts/batches'
import {seatCounts} from '#schemas/rules/seats'
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
