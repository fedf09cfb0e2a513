/** GET /api/admin/batches/:batchId — one batch with its roster and waitlist (bearer token): 401 without a valid token, 404 unknown batch; see netlify/services/admin/batches.ts. */
import type {Config} from '@netlify/functions'
import {handle, json, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {batchDetailForStaff} from '../services/admin/batches'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'GET')
  await requireBearer(request, verifyStaffToken)
  return json(await batchDetailForStaff(context.params?.batchId ?? ''))
})

export const config: Config = {path: '/api/admin/batches/:batchId', method: 'GET'}
