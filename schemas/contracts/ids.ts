/**
 * The formats of the ids that appear in API paths and Blobs keys: every id
 * taken from a path is checked against its own pattern before it reaches storage (anything
 * else answers 404), and store listings keep only keys of these shapes (the Blobs emulation's
 * temporary files are not ours).
 *
 * - Order ids: Razorpay's `order_` + 14 alphanumerics; the sandbox's `order_sandbox_` + 14
 *   (netlify/platform/payments/gateway.ts). Accepted: `order_` + 6..64 of [A-Za-z0-9_].
 * - Upload ids: `upl_` + 16..64 of [A-Za-z0-9_-] (POST /api/enroll/upload).
 * - Enquiry ids: the key of a contact message in the contact-messages store, its
 *   receipt time with `-` for `:`, then its UUID: `2026-11-24T10-00-00.000Z_<uuid>`
 *   (netlify/services/enquiries/contact.ts contactMessageKey). Keys sort by time.
 */
import {z} from 'zod'

export const ORDER_ID_PATTERN = /^order_[A-Za-z0-9_]{6,64}$/
export const UPLOAD_ID_PATTERN = /^upl_[A-Za-z0-9_-]{16,64}$/
export const ENQUIRY_ID_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z_[0-9a-f-]{36}$/

/** An order id (also the key of an enrolment record). */
export const OrderIdSchema = z.string().regex(ORDER_ID_PATTERN, 'Unknown order')

/** An enquiry's id: the key of its contact message (GET /api/admin/enquiries, PATCH /api/admin/enquiries/:id). */
export const EnquiryIdSchema = z.string().regex(ENQUIRY_ID_PATTERN, 'Unknown enquiry')

/** Upload ids issued by POST /api/enroll/upload. */
export const UploadIdSchema = z.string().regex(UPLOAD_ID_PATTERN, 'Unknown upload')

export const isOrderId = (value: string): boolean => ORDER_ID_PATTERN.test(value)

/** The prefix of a group booking's order paid by invoice: our own id, unknown to the gateway (nothing to reconcile there). */
export const INVOICE_ORDER_PREFIX = 'order_invoice_'
export const isInvoiceOrderId = (value: string): boolean => value.startsWith(INVOICE_ORDER_PREFIX) && isOrderId(value)
export const isUploadId = (value: string): boolean => UPLOAD_ID_PATTERN.test(value)
export const isEnquiryId = (value: string): boolean => ENQUIRY_ID_PATTERN.test(value)

/**
 * Batch ids: the `_id` of a published `courseBatch` document — Sanity's letters,
 * digits, `-` and `_` (no dots: those are drafts and private paths), 1–100 characters, starting
 * alphanumeric. Also the key of a batch's seats record and waitlist in Blobs.
 */
export const BATCH_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/

/** A batch id (create-order's `batchId`, the waitlist, availability). */
export const BatchIdSchema = z.string({invalid_type_error: 'Unknown batch'}).regex(BATCH_ID_PATTERN, 'Unknown batch')

export const isBatchId = (value: string): boolean => BATCH_ID_PATTERN.test(value)
