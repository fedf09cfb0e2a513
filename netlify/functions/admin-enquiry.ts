/**
 * PATCH /api/admin/enquiries/:id {status: 'new' | 'handled'} — mark an enquiry handled or new
 * (bearer token); see netlify/services/admin/enquiries.ts. Order of the checks: 401 without a
 * valid token; 404 'Unknown enquiry' for an id that is not a message key; 415/413/400 for the
 * body (400 names the field); 404 for a well-formed id with no message.
 */
import type {Config} from '@netlify/functions'
import {EnquiryUpdateSchema, ENQUIRY_UPDATE_MAX_BYTES} from '#schemas/contracts/enquiries'
import {guardedHandle, json, readJson, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {requireEnquiryId, updateEnquiryForStaff} from '../services/admin/enquiries'

export default guardedHandle(
  'enquiries:update',
  authorizeStaff,
  async (request: Request, context: {params?: Record<string, string>}, _staff: StaffPrincipal) => {
    requireMethod(request, 'PATCH')
    const id = requireEnquiryId(context.params?.id)
    const {status} = await readJson(request, EnquiryUpdateSchema, ENQUIRY_UPDATE_MAX_BYTES)
    return json(await updateEnquiryForStaff(id, status))
  },
)

export const config: Config = {path: '/api/admin/enquiries/:id', method: 'PATCH'}
