/** GET /api/admin/enquiries — every contact message, newest first (bearer token); see netlify/services/admin/enquiries.ts. */
import type {Config} from '@netlify/functions'
import {handle, json, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {listEnquiriesForStaff} from '../services/admin/enquiries'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  await requireBearer(request, verifyStaffToken)
  return json(await listEnquiriesForStaff())
})

export const config: Config = {path: '/api/admin/enquiries', method: 'GET'}
