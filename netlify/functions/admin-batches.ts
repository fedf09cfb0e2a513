/** GET /api/admin/batches — the upcoming batches with their seats and waitlists (bearer token); see netlify/services/admin/batches.ts. */
import type {Config} from '@netlify/functions'
import {handle, json, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {listBatchesForStaff} from '../services/admin/batches'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  await requireBearer(request, verifyStaffToken)
  return json(await listBatchesForStaff())
})

export const config: Config = {path: '/api/admin/batches', method: 'GET'}
