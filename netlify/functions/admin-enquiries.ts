/** GET /api/admin/enquiries — the enquiries inbox, newest first (bearer token); see netlify/services/admin/enquiries.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {listEnquiriesForAdmin} from '../services/admin/enquiries'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  return listEnquiriesForAdmin(request)
})

export const config: Config = {path: '/api/admin/enquiries', method: 'GET'}
