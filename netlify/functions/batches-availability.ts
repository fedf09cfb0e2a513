/**
 * GET /api/batches/availability?ids=… — the seats left of up to 200 batches (AvailabilityResponse;
 * no-store); 400 no, malformed or more than 200 ids, or `ids` given twice. See
 * netlify/services/seats/availability.ts.
 */
import type {Config} from '@netlify/functions'
import {AvailabilityQuerySchema} from '#schemas/contracts/batches'
import {availabilityOf} from '../services/seats/availability'
import {handle, HttpError, json, parseWith, requireMethod} from '../platform/http'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  const values = new URL(request.url).searchParams.getAll('ids')
  if (values.length > 1) throw new HttpError(400, 'Send ids once, comma-separated')
  return json(await availabilityOf(parseWith(AvailabilityQuerySchema, values[0]), new Date()))
})

export const config: Config = {path: '/api/batches/availability', method: 'GET'}
