/** GET /api/admin/batches/:batchId — one batch with its roster and waitlist (bearer token): 401 without a valid token, 404 unknown batch; see netlify/services/admin/batches.ts. */
import type {Config} from '@netlify/functions'
import {guardedHandle, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {batchDetailForStaff} from '../services/admin/batches'

export default guardedHandle('batches:read', authorizeStaff, async (request: Request, context: {params?: Record<string, string>}, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  return json(await batchDetailForStaff(context.params?.batchId ?? ''))
})

export const config: Config = {path: '/api/admin/batches/:batchId', method: 'GET'}
