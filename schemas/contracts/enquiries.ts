/**
 * The contracts of the admin enquiries inbox (docs/requirements.md#req-enquiries): the
 * contact messages sent from /contact or POST /api/contact, as staff read and handle them:
 *
 *   GET   /api/admin/enquiries       → 200 EnquiryListSchema (newest first)
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
