/**
 * The contracts of the admin enquiries inbox (docs/requirements.md#req-enquiries): the
 * contact messages sent from /contact or POST /api/contact, as staff read and handle them:
 *
 *   GET   /api/admin/enquiries       → 200 EnquiryListSchema (newest first)
 *   GET   /api/admin/enquiries?page=&pageSize=&q=&sort=&dir=&status=&from=&to=
 *                                    EnquiryListQuerySchema → 200 EnquiryPageSchema (one page,
 *                                    docs/requirements.md#req-admin-list-queries)
 *   PATCH /api/admin/enquiries/:id   EnquiryUpdateSchema → 200 EnquiryUpdateResponseSchema (the
 *                                    enquiry after the change)
 *
 * (netlify/functions/admin-enquiries.ts and admin-enquiry.ts, logic in netlify/services/enquiries/enquiries.ts
 * and netlify/services/admin/enquiries.ts; both need the admin bearer token.)
 *
 * An enquiry's id is the key of its stored message (schemas/contracts/ids.ts ENQUIRY_ID_PATTERN,
 * `2026-11-24T10-00-00.000Z_<uuid>`); anything else in the path answers 404. The client's
 * address hash kept with the message is never part of an answer.
 */
import {z} from 'zod'
import {EnquiryIdSchema} from './ids'
import {FROM_AFTER_TO, fromBeforeTo, listPageSchema, listQueryShape, oneOfParam} from './list-query'

/** Where an enquiry is: `new` (nobody has handled it yet; every message stored by earlier versions) or `handled`. */
export const ENQUIRY_STATUSES = ['new', 'handled'] as const
const STATUS_MESSAGE = 'status must be "new" or "handled"'
export const EnquiryStatusSchema = z.enum(ENQUIRY_STATUSES, {errorMap: () => ({message: STATUS_MESSAGE})})
export type EnquiryStatus = z.infer<typeof EnquiryStatusSchema>

/** One enquiry, as staff see it. Times are ISO 8601 (UTC). */
export const EnquirySchema = z.object({
  id: EnquiryIdSchema,
  name: z.string(),
  email: z.string(),
  /** The phone number the sender gave, or null. */
  phone: z.string().nullable(),
  /** One of the contact form's subjects (schemas/contracts/forms/contact.ts CONTACT_SUBJECTS). */
  subject: z.string(),
  /** The whole message, as sent (up to 5000 characters). */
  message: z.string(),
  status: EnquiryStatusSchema,
  /** When the server received it. */
  createdAt: z.string(),
  /** When it was marked handled; present only while it is `handled`. */
  handledAt: z.string().optional(),
})
export type Enquiry = z.infer<typeof EnquirySchema>

/** 200 of GET /api/admin/enquiries: every enquiry, newest first. */
export const EnquiryListSchema = z.array(EnquirySchema)
export type EnquiryList = z.infer<typeof EnquiryListSchema>

/**
 * The body of PATCH /api/admin/enquiries/:id: `{status: 'new' | 'handled'}` and nothing else. A
 * missing or other value is 400 `status must be "new" or "handled"` (details `{status: [...]}`);
 * another field is 400 naming it.
 */
export const EnquiryUpdateSchema = z.object({status: EnquiryStatusSchema}).strict()
export type EnquiryUpdate = z.infer<typeof EnquiryUpdateSchema>

/** Largest PATCH body read (bytes); a larger one is 413. */
export const ENQUIRY_UPDATE_MAX_BYTES = 1024

/**
 * 200 of PATCH /api/admin/enquiries/:id: the enquiry after the change. `handled` sets `handledAt`
 * (kept as it was when the enquiry was handled already), `new` removes it.
 */
export const EnquiryUpdateResponseSchema = EnquirySchema
export type EnquiryUpdateResponse = z.infer<typeof EnquiryUpdateResponseSchema>

/** The columns the paged list sorts by: when received (the default, newest first), name, e-mail, subject, status. */
export const ENQUIRY_SORTS = ['createdAt', 'name', 'email', 'subject', 'status'] as const
export type EnquirySort = (typeof ENQUIRY_SORTS)[number]

/** Rows per page when the call does not say. */
export const ENQUIRY_PAGE_SIZE = 25

/**
 * The query of the paged GET /api/admin/enquiries (./list-query.ts): `q` searches the name,
 * e-mail, subject and message (case-insensitive substring); `status` `new` or `handled` (absent:
 * both); `from`/`to` the day received (UTC); sort ENQUIRY_SORTS, newest first by default.
 */
export const EnquiryListQuerySchema = listQueryShape({sorts: ENQUIRY_SORTS, defaultSort: 'createdAt', defaultDir: 'desc', defaultPageSize: ENQUIRY_PAGE_SIZE})
  .extend({status: oneOfParam('status', ENQUIRY_STATUSES)})
  .refine(fromBeforeTo, {message: FROM_AFTER_TO, path: ['from']})
export type EnquiryListQuery = z.output<typeof EnquiryListQuerySchema>

/**
 * 200 of the paged GET /api/admin/enquiries: one page; how many enquiries are new in all (the
 * navigation's count) and how many there are in all, whatever the query (the page's "No enquiries
 * yet" against "No enquiries found").
 */
export const EnquiryPageSchema = listPageSchema(EnquirySchema).extend({newCount: z.number().int().min(0), allCount: z.number().int().min(0)})
export type EnquiryPage = z.infer<typeof EnquiryPageSchema>
