/**
 * Saving a paid enrolment (POST /api/enroll/save): the checkout's success callback. Looks up the
 * STORED order, verifies the payment signature against the stored order id (one code path for
 * Razorpay and the sandbox: the gateway's verifyPayment) and marks the enrolment paid —
 * idempotently. The stored enrolment (from create-order) is the truth: the form fields of this
 * call are not trusted and not stored. Documents posted with it (multipart, under `files`, as in
 * docs/requirements.md#req-calls) are stored through the uploads' own checks. Then the receipt
 * (netlify/services/enrolments/paid-enrolment.ts completePayment): the answer carries the receipt
 * number and the confirmation page's path.
 */
import type {SaveEnrolmentBody, SaveResponse} from '#schemas/contracts/enrolment'
import {MAX_DOCUMENTS} from '#schemas/rules/documents'
import {ENROLMENT_MESSAGES} from '#schemas/rules/enrolment'
import {CADETSHIP_TRAINING} from '#schemas/rules/programs'
import {confirmationPath, groupBookingPath} from '#schemas/rules/paths'
import {ServiceError} from '#netlify/platform/errors'
import {paymentGateway, type PaymentGateway} from '#netlify/platform/payments/gateway'
import {getEnrolment, markPaid, type EnrolmentRecord} from '../enrolments/enrolments'
import {completePayment, type ReceiptOptions} from '../enrolments/paid-enrolment'
import {storeDocuments, type StoredDocuments} from './documents'

export type {SaveResponse} from '#schemas/contracts/enrolment'

/** What the checkout posted: the payment's ids and signature (SaveEnrolmentSchema), and any documents. */
export type SaveInput = {body: SaveEnrolmentBody; files: File[]}

/** The clock and PDF renderer of the receipt (completePayment), and the gateway that verifies (default: the configured one). */
export type SaveOptions = ReceiptOptions & {gateway?: PaymentGateway}

/**
 * The save callback (see the module comment). Resolves to SaveResponse. Throws ServiceError:
 * `not-found` 'Unknown order', `invalid` 'Payment signature is invalid', `unavailable` (payments
 * not configured); markPaid's refusals (an expired, cancelled or otherwise-paid order) as it gives them.
 */
export async function saveEnrolment(input: SaveInput, options: SaveOptions = {}): Promise<SaveResponse> {
  const gateway = options.gateway ?? paymentGateway()
  const orderId = input.body.razorpay_order_id
  const paymentId = input.body.razorpay_payment_id

  const record = await getEnrolment(orderId)
  if (!record) throw new ServiceError('not-found', 'Unknown order')
  if (!gateway.verifyPayment(record, {paymentId, signature: input.body.razorpay_signature})) {
    console.warn(`[save] invalid payment signature for order ${orderId} (payment ${paymentId}, order mode ${record.mode}, site mode ${gateway.mode})`)
    throw new ServiceError('invalid', 'Payment signature is invalid')
  }

  const documents = await documentsOfPayment(record, input.files)
  const {record: paid, changed} = await markPaid(orderId, paymentId, 'callback', {extraAttachments: documents.attachments})
  if (!changed) console.info(`[save] order ${orderId} was already paid by ${paid.paymentId} (${paid.paidVia}): nothing to do`)
  // Receipt number, receipt and staff notice: idempotent, at most 5 s on SMTP, never a reason to fail the answer.
  const completed = await completePayment(paid, options)

  const response: SaveResponse = {
    status: 'paid',
    orderId,
    paymentId,
    receiptNumber: completed.receiptNumber ?? null,
    // A group booking's order confirms on the booking's page, where the delegates are named.
    confirmationUrl: completed.groupOrder
      ? groupBookingPath(completed.groupOrder.bookingId, completed.confirmationKey ?? '')
      : confirmationPath(orderId, completed.confirmationKey ?? ''),
  }
  if (documents.skipped.length > 0) {
    response.skippedFiles = documents.skipped.map((s) => s.fileName)
    response.message = ENROLMENT_MESSAGES.filesSkipped
  }
  return response
}

/**
 * The documents of a proven payment, stored as attachments of a cadetship enrolment (up to
 * MAX_DOCUMENTS in all). A file that fails its checks is skipped, never a reason to lose the paid
 * enrolment; on another programme every file is skipped.
 */
async function documentsOfPayment(record: EnrolmentRecord, files: File[]): Promise<StoredDocuments> {
  if (files.length === 0) return {attachments: [], skipped: []}
  const documents =
    record.trainingProgram === CADETSHIP_TRAINING
      ? await storeDocuments(files, Math.max(0, MAX_DOCUMENTS - record.attachments.length))
      : {attachments: [], skipped: files.map((file) => ({fileName: file.name, reason: 'Documents are only for cadetship enrolments'}))}
  if (documents.skipped.length > 0) console.warn(`[save] order ${record.orderId}: skipped documents`, documents.skipped)
  return documents
}
