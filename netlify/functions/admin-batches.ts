/** GET /api/admin/batches — the upcoming batches with their seats and waitlists (bearer token); see netlify/services/admin/batches.ts. */
import type {Config} from '@netlify/functions'
import {guardedHandle, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {listBatchesForStaff} from '../services/admin/batches'

export default guardedHandle('batches:read', authorizeStaff, async (request: Request, _context: unknown, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  return json(await listBatchesForStaff())
})

export const config: Config = {path: '/api/admin/batches', method: 'GET'}
