/** GET /api/batches/availability?ids=… — see netlify/lib/batches/availability.ts. */
import type {Config} from '@netlify/functions'
import {handleAvailability} from '../lib/batches/availability'
import {handle, requireMethod} from '../lib/http'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  return handleAvailability(request)
})

export const config: Config = {path: '/api/batches/availability', method: 'GET'}
