/**
 * Staff's use cases on enrolments (the admin API's edges in netlify/functions/admin-enrolment*.ts
 * check the token and parse the request):
 * - list: the index's summaries, newest first: the paid enrolments only unless `status=all`;
 *   rows of a batch since cancelled in the content carry `batchCancelled: true`;
 * - a page of the list (searched, sorted, filtered and summed on the server), and its CSV;
 * - detail: the full EnrolmentRecord, with its history (`[]` when none);
 * - follow-up: a status change and/or a note (docs/requirements.md#req-enrolment-status): one
 *   history entry by the staff account; a move the rule refuses is a conflict with its reason;
 * - refunds: part or all of the payment, idempotent by key (docs/requirements.md#req-refunds);
 * - document: an upload's bytes, only if that upload is attached to that order.
 * Refusals are ServiceErrors (not-found, conflict, invalid, upstream, timeout) with the message
 * the client reads.
 */
import type {EnrolmentDetail, EnrolmentList, EnrolmentListQuery, EnrolmentPage, EnrolmentSummary, EnrolmentUpdate} from '#schemas/contracts/admin'
import type {CsvValue} from '#schemas/rules/csv'
import {enrolmentCsvRow} from '#schemas/rules/enrolment-list'
import {isOrderId, isUploadId} from '#schemas/contracts/ids'
import type {RefundResponse} from '#schemas/contracts/refunds'
import {DOCUMENT_MIME_TYPES} from '#schemas/rules/documents'
import {ServiceError} from '#netlify/platform/errors'
import {changeEnrolment, getEnrolment, type EnrolmentRecord} from '../enrolments/enrolments'
import {listIndexedEnrolments} from '../enrolments/index-store'
import {indexedEnrolmentRows, queryIndexedEnrolments} from '../enrolments/list-query'
import {publicRefund, requestRefund, type RefundInput} from '../refunds/refunds'
import {readUpload} from '../uploads/uploads'
import {freeEnrolmentSeat} from '../seats/release'
import {installmentScheduleOrNull, installmentViewsOf} from '../installments/installments'
import type {InstallmentView, ScheduleRow} from '#schemas/rules/installments'
import {withCancelledBatches} from './batches'

export const ENROLMENT_NOT_FOUND = 'Enrolment not found'
export const DOCUMENT_NOT_FOUND = 'Document not found'

/** Content types a document may be served as: the canonical MIME types of the upload rule (DOCUMENT_TYPES). */
const SERVABLE_TYPES: ReadonlySet<string> = new Set(DOCUMENT_MIME_TYPES)

/**
 * A path's order id checked against its pattern (schemas/contracts/ids.ts) before it reaches
 * storage: anything else (" ", "", "../x", a prefix of keys) is not-found ENROLMENT_NOT_FOUND.
 * The edges call it before they read a body, so a bad id answers 404 whatever the body.
 */
export function requireOrderId(value: string | undefined): string {
  if (!isOrderId(value ?? '')) throw new ServiceError('not-found', ENROLMENT_NOT_FOUND)
  return value!
}

/** A path's upload id checked against its pattern: anything else is not-found DOCUMENT_NOT_FOUND. */
export function requireUploadId(value: string | undefined): string {
  if (!isUploadId(value ?? '')) throw new ServiceError('not-found', DOCUMENT_NOT_FOUND)
  return value!
}

/** Unknown order ('Unknown order' of the enrolment store) as staff read it: ENROLMENT_NOT_FOUND. */
async function asEnrolmentNotFound<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not-found') throw new ServiceError('not-found', ENROLMENT_NOT_FOUND)
    throw error
  }
}

/** The list (EnrolmentListSchema) of `status` ('paid' or 'all'), newest first, cancelled batches marked. */
export async function listEnrolmentsForStaff(status: 'paid' | 'all'): Promise<EnrolmentList> {
  return withCancelledBatches(await listIndexedEnrolments({status}))
}

/**
 * One page of the enrolment list (the paged GET: EnrolmentListQuerySchema, parsed) as staff see
 * it (EnrolmentPageSchema): the page's rows with cancelled batches marked, the total, and the
 * cards of the whole filtered set; revenue (the card's figures and Revenue by month) only when
 * `revenue` (the staff member may read revenue). Throws only what the store throws.
 */
export async function enrolmentPageForStaff(query: EnrolmentListQuery, options: {revenue: boolean; now?: Date}): Promise<EnrolmentPage> {
  const page = await queryIndexedEnrolments(query, options)
  const {revenue, ...cards} = page.summary
  return {
    rows: await withCancelledBatches(page.rows),
    total: page.total,
    page: page.page,
    pageSize: page.pageSize,
    summary: options.revenue ? {...cards, revenue, revenueByMonth: page.revenueByMonth} : cards,
  }
}

/** Rows marked for cancelled batches at once (one content query each). */
const CSV_BATCH_ROWS = 500

/**
 * Every row of the list for `query` (its page aside), in the asked order, as CSV rows
 * (#schemas/rules/enrolment-list enrolmentCsvRow), cancelled batches marked 500 rows at a time:
 * read as the CSV is written, never all at once.
 */
export async function* enrolmentCsvRowsForStaff(query: EnrolmentListQuery): AsyncGenerator<CsvValue[]> {
  let chunk: EnrolmentSummary[] = []
  for await (const row of indexedEnrolmentRows(query)) {
    chunk.push(row)
    if (chunk.length === CSV_BATCH_ROWS) {
      for (const marked of await withCancelledBatches(chunk)) yield enrolmentCsvRow(marked)
      chunk = []
    }
  }
  for (const marked of await withCancelledBatches(chunk)) yield enrolmentCsvRow(marked)
}

/** The stored record of `orderId` (EnrolmentDetailSchema). Not-found for an unknown or malformed id. */
export async function enrolmentDetailForStaff(orderId: string): Promise<EnrolmentDetail & {installments?: InstallmentView[]}> {
  const record = await getEnrolment(requireOrderId(orderId))
  if (!record) throw new ServiceError('not-found', ENROLMENT_NOT_FOUND)
  return toDetail(record, await installmentScheduleOrNull(record))
}

/**
 * The detail answer of a record: the record, with `history: []` and `refunds: []` when it has none
 * yet (refunds as the API shows them), and — given the cadetship's schedule — its
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
 * Changes the status and/or adds a note (EnrolmentUpdateSchema, parsed) as `account` at `now`,
 * and answers the record after it (EnrolmentDetailSchema). A cancelled enrolment gives its seat
 * back. Throws ServiceError not-found ENROLMENT_NOT_FOUND for an unknown order, conflict for a
 * move the rule refuses (schemas/rules/enrolment-status.ts checkStaffMove) or a record being purged.
 */
export async function updateEnrolmentForStaff(
  orderId: string,
  change: EnrolmentUpdate,
  options: {account: string; now?: Date},
): Promise<EnrolmentDetail & {installments?: InstallmentView[]}> {
  const now = options.now ?? new Date()
  const record = await asEnrolmentNotFound(() => changeEnrolment(orderId, change, {kind: 'staff', account: options.account}, now))
  // A cancelled enrolment gives its seat back; harmless when it had none or gave it already.
  if (change.status === 'cancelled') await freeEnrolmentSeat(record, now)
  return toDetail(record, await installmentScheduleOrNull(record))
}

/**
 * Refunds part or all of the payment of `orderId` (requestRefund of ../refunds/refunds.ts) and
 * answers `{refund, enrolment}` with `created` (a new refund: 201; the same key again: 200).
 * Throws ServiceError: not-found ENROLMENT_NOT_FOUND; conflict never paid / key reused; invalid
 * for an amount over what is left; upstream / timeout from the gateway with nothing changed.
 */
export async function refundEnrolmentForStaff(
  orderId: string,
  input: RefundInput,
  options: {now?: Date} = {},
): Promise<{answer: RefundResponse; created: boolean}> {
  const {refund, record, created} = await asEnrolmentNotFound(() => requestRefund(orderId, input, options))
  return {answer: {refund, enrolment: toDetail(record, await installmentScheduleOrNull(record))}, created}
}

/** A document to download: its bytes, the type it is served as and its file name. */
export type StaffDocument = {bytes: Uint8Array; contentType: string; fileName: string}

/** The 410 of a document deleted under the retention period (docs/requirements.md#req-document-retention), with the day (UTC). */
export const documentDeletedMessage = (deletedAt: string): string =>
  `This document was deleted on ${deletedAt.slice(0, 10)} under the document retention period and can no longer be downloaded.`

/**
 * The document `uploadId` of `orderId`, served only as one of the allowed MIME types (else
 * application/octet-stream). Not-found for a malformed id, and unless that upload is attached to that order;
 * gone (410) once the enrolment's documents were deleted under the retention period.
 */
export async function enrolmentDocumentForStaff(orderId: string, uploadId: string): Promise<StaffDocument> {
  requireOrderId(orderId)
  requireUploadId(uploadId)
  const record = await getEnrolment(orderId)
  if (!record) throw new ServiceError('not-found', ENROLMENT_NOT_FOUND)
  const attached = record.attachments.find((a) => a.uploadId === uploadId)
  if (!attached) throw new ServiceError('not-found', DOCUMENT_NOT_FOUND)
  if (record.documentsDeletedAt) throw new ServiceError('gone', documentDeletedMessage(record.documentsDeletedAt))
  let file
  try {
    file = await readUpload(uploadId)
  } catch (error) {
    if (error instanceof ServiceError && error.kind === 'not-found') throw new ServiceError('not-found', DOCUMENT_NOT_FOUND)
    throw error
  }
  const type = attached.contentType.toLowerCase()
  return {bytes: file.bytes, contentType: SERVABLE_TYPES.has(type) ? type : 'application/octet-stream', fileName: attached.fileName}
}
