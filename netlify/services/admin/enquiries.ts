/**
 * The admin enquiries API behind a valid token (see ./auth.ts; issue 15,
 * docs/requirements.md#req-enquiries), over ../enquiries.ts:
 * - list: GET /api/admin/enquiries → every contact message, newest first (EnquiryListSchema:
 *   `{id, name, email, phone, subject, message, status, createdAt, handledAt?}`);
 * - update: PATCH /api/admin/enquiries/:id `{status: 'new' | 'handled'}` → the enquiry after the
 *   change (EnquiryUpdateResponseSchema).
 * Order of the checks: 401 without a valid token; 404 'Unknown enquiry' for an id that is not a
 * message key (checked before anything is read); 415/413/400 for the body (400 names the field:
 * `status must be "new" or "handled"`, details `{status: [...]}`); 404 'Unknown enquiry' for a
 * well-formed id with no message. Every answer is Cache-Control: no-store (json()).
 */
import {EnquiryUpdateSchema, ENQUIRY_UPDATE_MAX_BYTES, type EnquiryList, type EnquiryUpdateResponse} from '#schemas/contracts/enquiries'
import {isEnquiryId} from '#schemas/contracts/ids'
import {listEnquiries, setEnquiryStatus} from '../enquiries/enquiries'
import {HttpError, json, readJson} from '#netlify/platform/http'
import {requireAdmin} from './auth'

export const ENQUIRY_NOT_FOUND = 'Unknown enquiry'

/** The `:id` path parameter as an enquiry id, or a 404 (the router has decoded it once). */
function enquiryIdParam(context: {params?: Record<string, string>} | undefined): string {
  const value = context?.params?.id ?? ''
  if (!isEnquiryId(value)) throw new HttpError(404, ENQUIRY_NOT_FOUND)
  return value
}

/** GET /api/admin/enquiries: every enquiry, newest first (EnquiryListSchema). 401 without a valid token. */
export async function listEnquiriesForAdmin(request: Request): Promise<Response> {
  await requireAdmin(request)
  const body: EnquiryList = await listEnquiries()
  return json(body)
}

/**
 * PATCH /api/admin/enquiries/:id at `now` (default: the current time): sets the enquiry's status
 * and answers the enquiry (EnquiryUpdateResponseSchema). 401 without a valid token, 404 for an
 * unknown enquiry, 400 for a malformed body, 415 when it is not JSON, 413 above 1 KB.
 */
export async function updateEnquiryForAdmin(request: Request, context?: {params?: Record<string, string>}, options: {now?: Date} = {}): Promise<Response> {
  await requireAdmin(request)
  const id = enquiryIdParam(context)
  const {status} = await readJson(request, EnquiryUpdateSchema, ENQUIRY_UPDATE_MAX_BYTES)
  const enquiry = await setEnquiryStatus(id, status, options)
  if (!enquiry) throw new HttpError(404, ENQUIRY_NOT_FOUND)
  const body: EnquiryUpdateResponse = enquiry
  return json(body)
}
