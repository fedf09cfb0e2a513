/**
 * Staff's enquiries (docs/requirements.md#req-enquiries), over ../enquiries/enquiries.ts; the edges
 * (netlify/functions/admin-enquiries.ts, admin-enquiry.ts) check the token and the body:
 * - list: every contact message, newest first (EnquiryListSchema:
 *   `{id, name, email, phone, subject, message, status, createdAt, handledAt?}`);
 * - page: one page of the enquiries matching a parsed EnquiryListQuery (search, status, days,
 *   sort; #schemas/rules/admin-lists matchingEnquiries) with how many are new and how many in all
 *   (EnquiryPageSchema; docs/requirements.md#req-admin-list-queries);
 * - update: `{status: 'new' | 'handled'}` → the enquiry after the change
 *   (EnquiryUpdateResponseSchema); not-found 'Unknown enquiry' for an id that is not a message
 *   key (requireEnquiryId, checked before the body is read) or a well-formed id with no message.
 */
import type {EnquiryList, EnquiryListQuery, EnquiryPage, EnquiryStatus, EnquiryUpdateResponse} from '#schemas/contracts/enquiries'
import {pageOf} from '#schemas/contracts/list-query'
import {matchingEnquiries} from '#schemas/rules/admin-lists'
import {isEnquiryId} from '#schemas/contracts/ids'
import {ServiceError} from '#netlify/platform/errors'
import {listEnquiries, setEnquiryStatus} from '../enquiries/enquiries'

export const ENQUIRY_NOT_FOUND = 'Unknown enquiry'

/** The `:id` path parameter as an enquiry id, or not-found (the router has decoded it once). */
export function requireEnquiryId(value: string | undefined): string {
  if (!isEnquiryId(value ?? '')) throw new ServiceError('not-found', ENQUIRY_NOT_FOUND)
  return value!
}

/** Every enquiry, newest first (EnquiryListSchema). */
export async function listEnquiriesForStaff(): Promise<EnquiryList> {
  return listEnquiries()
}

/** One page of the enquiries matching `query` (parsed EnquiryListQuerySchema), how many enquiries are new and how many there are. */
export async function enquiryPageForStaff(query: EnquiryListQuery): Promise<EnquiryPage> {
  const all = await listEnquiries()
  return {...pageOf(matchingEnquiries(all, query), query), newCount: all.filter((enquiry) => enquiry.status === 'new').length, allCount: all.length}
}

/** Sets the status of enquiry `id` at `now` (default: the current time) and answers the enquiry; not-found when unknown. */
export async function updateEnquiryForStaff(id: string, status: EnquiryStatus, options: {now?: Date} = {}): Promise<EnquiryUpdateResponse> {
  const enquiry = await setEnquiryStatus(requireEnquiryId(id), status, options)
  if (!enquiry) throw new ServiceError('not-found', ENQUIRY_NOT_FOUND)
  return enquiry
}
