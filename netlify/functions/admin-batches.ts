/** GET /api/admin/batches — upcoming batches with seat and waitlist counts (bearer token); see netlify/services/admin/batches.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {listBatchesForAdmin} from '../services/admin/batches'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  return listBatchesForAdmin(request)
})

export const config: Config = {path: '/api/admin/batches', method: 'GET'}
