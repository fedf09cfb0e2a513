/** GET /api/batches/availability?ids=… — see netlify/services/seats/availability.ts. */
import type {Config} from '@netlify/functions'
import {handleAvailability} from '../services/seats/availability'
import {handle, requireMethod} from '../platform/http'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  return handleAvailability(request)
})

export const config: Config = {path: '/api/batches/availability', method: 'GET'}
