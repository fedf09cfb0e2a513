/**
 * The admin API behind a valid token (see ./auth.ts):
 * - list: GET /api/admin/enrollments[?status=paid|all] → the index's summaries, newest first:
 *   the paid enrolments only unless `status=all` (issue 12, finding 6); another value → 400;
 *   rows of a batch since cancelled in the content carry `batchCancelled: true` (issue 16);
 * - detail: GET /api/admin/enrollments/:orderId → the full EnrolmentRecord, with its history
 *   (`[]` when none);
 * - follow-up: PATCH /api/admin/enrollments/:orderId {status?, note?} → the record after the
 *   change (issue 15; docs/requirements.md#req-enrolment-status): one history entry by the
 *   token's account; a move the rule refuses is 409 with its reason;
 * - refunds: POST /api/admin/enrollments/:orderId/refunds {amount, reason, note?} with an
 *   Idempotency-Key → `{refund, enrolment}` (issue 15; docs/requirements.md#req-refunds);
 * - document: GET /api/admin/enrollments/:orderId/documents/:uploadId → the file, only if that
 *   upload is attached to that order.
 * Every answer is Cache-Control: no-store (json() and the document headers).
 */
import {EnrolmentUpdateSchema, MAX_UPDATE_BYTES, parseAdminListStatus, type EnrolmentDetail, type EnrolmentList} from '#schemas/contracts/admin'
import {isOrderId, isUploadId} from '#schemas/contracts/ids'
import {IdempotencyKeySchema, MAX_REFUND_BYTES, RefundRequestSchema, type RefundResponse} from '#schemas/contracts/refunds'
import {DOCUMENT_MIME_TYPES} from '#schemas/rules/documents'
import {NO_STORE} from '#netlify/platform/cache'
import {NON_PAGE_CSP} from '#netlify/platform/security'
import {changeEnrolment, getEnrolment, type EnrolmentRecord} from '../enrolments/enrolments'
import {listIndexedEnrolments} from '../enrolments/index-store'
import {HttpError, json, readJson} from '#netlify/platform/http'
import {publicRefund, requestRefund} from '../refunds/refunds'
import {readUpload} from '../uploads/uploads'
import {freeEnrolmentSeat} from '../seats/release'
import {installmentScheduleOrNull, installmentViewsOf} from '../installments/installments'
import type {InstallmentView, ScheduleRow} from '#schemas/rules/installments'
import {withCancelledBatches} from './batches'
import {requireAdmin} from './auth'

export const ENROLMENT_NOT_FOUND = 'Enrolment not found'
export const DOCUMENT_NOT_FOUND = 'Document not found'

/** Content types a document may be served as: the canonical MIME types of the upload rule (DOCUMENT_TYPES). */
const SERVABLE_TYPES: ReadonlySet<string> = new Set(DOCUMENT_MIME_TYPES)

/**
 * A path parameter checked against its own id pattern (schemas/contracts/ids.ts) before it reaches
 * storage: anything else (" ", "", "../x", a prefix of keys) is 404 (issue 12, finding 5).
 */
const param = (context: {params?: Record<string, string>} | undefined, name: 'orderId' | 'uploadId'): string => {
  const value = context?.params?.[name] ?? ''
  if (name === 'uploadId' ? !isUploadId(value) : !isOrderId(value)) throw new HttpError(404, name === 'uploadId' ? DOCUMENT_NOT_FOUND : ENROLMENT_NOT_FOUND)
  return value
}

/** GET /api/admin/enrollments: the list (EnrolmentListSchema). 401 without a valid token, 400 for an unknown `status`. */
export async function listEnrolmentsForAdmin(request: Request): Promise<Response> {
  await requireAdmin(request)
  const query = parseAdminListStatus(new URL(request.url).searchParams)
  if (!query.ok) throw new HttpError(400, query.message)
  const body: EnrolmentList = await withCancelledBatches(await listIndexedEnrolments({status: query.status}))
  return json(body)
}

/** GET /api/admin/enrollments/:orderId: the stored record (EnrolmentDetailSchema). 401 without a valid token, 404 for an unknown order. */
export async function enrolmentDetail(request: Request, context?: {params?: Record<string, string>}): Promise<Response> {
  await requireAdmin(request)
  const record = await getEnrolment(param(context, 'orderId'))
  if (!record) throw new HttpError(404, ENROLMENT_NOT_FOUND)
  return json(toDetail(record, await installmentScheduleOrNull(record)))
}

/**
 * The detail answer of a record: the record, with `history: []` and `refunds: []` when it has none
 * yet (refunds as the API shows them), and — given the cadetship's schedule (issue 17) — its
 * `installments` with their states at `now`.
 */
export const toDetail = (
  record: EnrolmentRecord,
  schedule?: readonly ScheduleRow[] | null,
  now = new Date(),
): EnrolmentDetail & {installments?: InstallmentView[]} => ({
  ...record,
  history: record.history ?? [],
  refunds: (record.refunds ?? []).map(publicRefund),
  ...(schedule ? {installments: installmentViewsOf(record, schedule, now)} : {}),
})

/**
 * PATCH /api/admin/enrollments/:orderId (EnrolmentUpdateSchema → EnrolmentDetailSchema; issue
 * 15): changes the status and/or adds a note, as the token's account. Checks in this order:
 * 401 without a valid token; 404 for an id that is not an order id (before anything is read);
 * 415/413/400 for a body that is not JSON, too large (MAX_UPDATE_BYTES) or invalid (unknown
 * status, bad note, neither field); 404 for an unknown order; 409 for a move the rule refuses
 * (schemas/rules/enrolment-status.ts checkStaffMove) or a record being purged.
 */
export async function updateEnrolmentForAdmin(request: Request, context?: {params?: Record<string, string>}, options: {now?: Date} = {}): Promise<Response> {
  const {email} = await requireAdmin(request)
  const orderId = param(context, 'orderId')
  const change = await readJson(request, EnrolmentUpdateSchema, MAX_UPDATE_BYTES)
  try {
    const now = options.now ?? new Date()
    const record = await changeEnrolment(orderId, change, {kind: 'staff', account: email}, now)
    // A cancelled enrolment gives its seat back (issue 16); harmless when it had none or gave it already.
    if (change.status === 'cancelled') await freeEnrolmentSeat(record, now)
    return json(toDetail(record, await installmentScheduleOrNull(record)))
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new HttpError(404, ENROLMENT_NOT_FOUND)
    throw error
  }
}

/**
 * POST /api/admin/enrollments/:orderId/refunds (issue 15; schemas/contracts/refunds.ts,
 * docs/requirements.md#req-refunds): refunds part or all of the payment as the token's account.
 * Checks in this order: 401 without a valid token; 404 for an id that is not an order id; 400
 * for a missing or malformed Idempotency-Key header; 415/413/400 for a body that is not JSON, too
 * large (MAX_REFUND_BYTES) or invalid (naming the field); then ../refunds.ts requestRefund: 404
 * unknown order, 409 never paid / key reused, 400 amount over what is left, 502/504 from the
 * gateway with nothing changed. 201 `{refund, enrolment}` for a new refund, 200 for the same key again.
 */
export async function refundEnrolmentForAdmin(request: Request, context?: {params?: Record<string, string>}, options: {now?: Date} = {}): Promise<Response> {
  const {email} = await requireAdmin(request)
  const orderId = param(context, 'orderId')
  const key = IdempotencyKeySchema.safeParse(request.headers.get('idempotency-key') ?? undefined)
  if (!key.success) throw new HttpError(400, key.error.issues[0]!.message, {'Idempotency-Key': [key.error.issues[0]!.message]})
  const body = await readJson(request, RefundRequestSchema, MAX_REFUND_BYTES)
  try {
    const {refund, record, created} = await requestRefund(orderId, {...body, idempotencyKey: key.data, account: email}, options)
    const answer: RefundResponse = {refund, enrolment: toDetail(record, await installmentScheduleOrNull(record))}
    return json(answer, {status: created ? 201 : 200})
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new HttpError(404, ENROLMENT_NOT_FOUND)
    throw error
  }
}

/** `attachment; filename="…"` with an ASCII fallback (quotes, backslashes, controls replaced) and RFC 5987 filename*. */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, '_').trim() || 'document'
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/**
 * GET /api/admin/enrollments/:orderId/documents/:uploadId: the document's bytes as an attachment
 * download, served only as one of the allowed MIME types (else application/octet-stream) and
 * sandboxed. 401 without a valid token; 404 unless that upload is attached to that order.
 */
export async function enrolmentDocument(request: Request, context?: {params?: Record<string, string>}): Promise<Response> {
  await requireAdmin(request)
  const orderId = param(context, 'orderId')
  const uploadId = param(context, 'uploadId')
  const record = await getEnrolment(orderId)
  if (!record) throw new HttpError(404, ENROLMENT_NOT_FOUND)
  const attached = record.attachments.find((a) => a.uploadId === uploadId)
  if (!attached) throw new HttpError(404, DOCUMENT_NOT_FOUND)
  let file
  try {
    file = await readUpload(uploadId)
  } catch (error) {
    if (error instanceof HttpError && error.status === 404) throw new HttpError(404, DOCUMENT_NOT_FOUND)
    throw error
  }
  const type = attached.contentType.toLowerCase()
  const bytes = file.bytes
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': SERVABLE_TYPES.has(type) ? type : 'application/octet-stream',
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': contentDisposition(attached.fileName),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': NO_STORE,
      'Content-Security-Policy': `${NON_PAGE_CSP}; sandbox`,
    },
  })
}
