/**
 * GET /api/admin/enquiries — every contact message, newest first (bearer token); with `page` or
 * `pageSize` one page of the matching ones (EnquiryListQuerySchema → EnquiryPageSchema; 400
 * naming a bad parameter); see netlify/services/admin/enquiries.ts.
 */
import type {Config} from '@netlify/functions'
import {EnquiryListQuerySchema} from '#schemas/contracts/enquiries'
import {isPagedCall} from '#schemas/contracts/list-query'
import {guardedHandle, json, readListQuery, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {enquiryPageForStaff, listEnquiriesForStaff} from '../services/admin/enquiries'

export default guardedHandle('enquiries:read', authorizeStaff, async (request: Request, _context: unknown, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  if (!isPagedCall(new URL(request.url).searchParams)) return json(await listEnquiriesForStaff())
  return json(await enquiryPageForStaff(readListQuery(request, EnquiryListQuerySchema)))
})

export const config: Config = {path: '/api/admin/enquiries', method: 'GET'}
