/** PATCH /api/admin/enquiries/:id — mark an enquiry handled or new again (bearer token); see netlify/services/admin/enquiries.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {updateEnquiryForAdmin} from '../services/admin/enquiries'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'PATCH')
  return updateEnquiryForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/enquiries/:id', method: 'PATCH'}
