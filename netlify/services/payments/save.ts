/**
 * POST /api/enroll/save: the checkout's success callback. Accepts JSON (SaveEnrolmentSchema)
 * or multipart/form-data with the same fields as text and documents under `files` (as in
 * docs/requirements.md#req-calls), at most MAX_MULTIPART_BYTES. Looks up the STORED order, verifies the payment
 * signature against the stored order id (one code path for Razorpay and the sandbox) and
 * marks the enrolment paid — idempotently. The stored enrolment (from create-order) is the
 * truth: the form fields of this call are not trusted and not stored. Then the receipt (issue 14,
 * netlify/services/enrolments/paid-enrolment.ts completePayment): the answer carries the receipt number and the
 * confirmation page's path.
 */
import {SaveEnrolmentSchema, type SaveEnrolmentBody, type SaveResponse} from '#schemas/contracts/enrolment'
import {MAX_DOCUMENTS} from '#schemas/rules/documents'
import {ENROLMENT_MESSAGES} from '#schemas/rules/enrolment'
import {CADETSHIP_TRAINING} from '#schemas/rules/programs'
import {confirmationPath} from '#schemas/rules/paths'
import {getEnrolment, markPaid} from '../enrolments/enrolments'
import {completePayment, type ReceiptOptions} from '../enrolments/paid-enrolment'
import {HttpError, json, parseWith, readBody, readJson} from '#netlify/platform/http'
import {requirePaymentsConfig} from '#netlify/platform/payments/config'
import {storeDocuments, type StoredDocuments} from './documents'
import {verifyPayment} from '#netlify/platform/payments/gateway'

/** Largest multipart body read (bytes): a function takes 6 MB per request once base64-encoded. */
export const MAX_MULTIPART_BYTES = 4_500_000

export type {SaveResponse} from '#schemas/contracts/enrolment'

type Parsed = {body: SaveEnrolmentBody; files: File[]}

async function readSave(request: Request): Promise<Parsed> {
  const type = request.headers.get('content-type') ?? ''
  if (/^application\/json\b/i.test(type)) return {body: await readJson(request, SaveEnrolmentSchema), files: []}
  if (!/^multipart\/form-data\b/i.test(type)) throw new HttpError(415, 'Send the body as application/json or multipart/form-data')

  const raw = await readBody(request, MAX_MULTIPART_BYTES)
  let form: FormData
  try {
    form = await new Response(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength) as ArrayBuffer, {headers: {'content-type': type}}).formData()
  } catch {
    throw new HttpError(400, 'The form data could not be read')
  }
  const fields: Record<string, string> = {}
  const files: File[] = []
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') {
      if (name !== 'files') fields[name] = value
    } else if (name === 'files') {
      files.push(value)
    }
  }
  return {body: parseWith(SaveEnrolmentSchema, fields), files}
}

/**
 * The save callback (see the module comment): answers SaveResponse, or 400/401/404/409/413/415
 * through HttpError. `options` go to completePayment (the clock and the receipt's PDF renderer).
 */
export async function saveEnrolment(request: Request, options: ReceiptOptions = {}): Promise<Response> {
  const config = requirePaymentsConfig()
  const {body, files} = await readSave(request)
  const orderId = body.razorpay_order_id
  const paymentId = body.razorpay_payment_id

  const record = await getEnrolment(orderId)
  if (!record) throw new HttpError(404, 'Unknown order')
  if (!verifyPayment(config, record, {paymentId, signature: body.razorpay_signature})) {
    console.warn(`[save] invalid payment signature for order ${orderId} (payment ${paymentId}, order mode ${record.mode}, site mode ${config.mode})`)
    throw new HttpError(400, 'Payment signature is invalid')
  }

  // The payment is proven: documents that fail their checks are skipped, never a reason to
  // lose the paid enrolment.
  let documents: StoredDocuments = {attachments: [], skipped: []}
  if (files.length > 0) {
    if (record.trainingProgram !== CADETSHIP_TRAINING) {
      documents.skipped = files.map((file) => ({fileName: file.name, reason: 'Documents are only for cadetship enrolments'}))
    } else {
      documents = await storeDocuments(files, Math.max(0, MAX_DOCUMENTS - record.attachments.length))
    }
    if (documents.skipped.length > 0) console.warn(`[save] order ${orderId}: skipped documents`, documents.skipped)
  }

  const {record: paid, changed} = await markPaid(orderId, paymentId, 'callback', {extraAttachments: documents.attachments})
  if (!changed) console.info(`[save] order ${orderId} was already paid by ${paid.paymentId} (${paid.paidVia}): nothing to do`)
  // Receipt number, receipt and staff notice (issue 14): idempotent, at most 5 s on SMTP, never a reason to fail the answer.
  const completed = await completePayment(paid, options)

  const response: SaveResponse = {
    status: 'paid',
    orderId,
    paymentId,
    receiptNumber: completed.receiptNumber ?? null,
    confirmationUrl: confirmationPath(orderId, completed.confirmationKey ?? ''),
  }
  if (documents.skipped.length > 0) {
    response.skippedFiles = documents.skipped.map((s) => s.fileName)
    response.message = ENROLMENT_MESSAGES.filesSkipped
  }
  return json(response)
}
