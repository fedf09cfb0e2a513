/** GET /api/admin/batches/:batchId — one batch with its roster and waitlist (bearer token); see netlify/services/admin/batches.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {batchDetailForAdmin} from '../services/admin/batches'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'GET')
  return batchDetailForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/batches/:batchId', method: 'GET'}
