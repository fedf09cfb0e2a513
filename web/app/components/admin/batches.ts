/**
 * The batches page's words and rules, free of React (docs/requirements.md#req-batches-staff):
 * the batch's status label, the count line, and the roster as CSV (the list's CSV rule:
 * #schemas/rules/csv buildCsv, formula cells neutralised).
 */
import type {AdminBatch, AdminBatchDetail} from '#schemas/contracts/batches'
import {enrolmentBatchText, OVER_CAPACITY} from '#schemas/rules/batches'
import {buildCsv} from '#schemas/rules/csv'
import {ENROLMENT_STATUS_LABELS, isEnrolmentStatus} from '#schemas/rules/enrolment-status'
import {formatDateTime, localDate} from '#schemas/rules/format'

/** A batch's status as staff read it. */
export const BATCH_STATUS_LABELS: Readonly<Record<string, string>> = {open: 'Open', closed: 'Closed', cancelled: 'Cancelled'}

/** "No upcoming batches." when the content schedules none. */
export const BATCHES_EMPTY = 'No upcoming batches.'

/** "1 upcoming batch" / "12 upcoming batches". */
export const batchesCountText = (n: number) => `${n} upcoming ${n === 1 ? 'batch' : 'batches'}`

/** The batch in one line: "12–16 Jan 2027 · Mumbai · Course". */
export const batchTitle = (batch: AdminBatch) => [enrolmentBatchText(batch), batch.courseName].filter(Boolean).join(' · ')

export const ROSTER_CSV_HEADER = ['Name', 'Email', 'Mobile', 'Status', 'Paid At', 'Receipt Number', 'Order ID', 'Over Capacity', 'Company'] as const

/** The roster of a batch as CSV (paid candidates by name), for the "Download roster (CSV)" button. */
export function rosterCsv(detail: AdminBatchDetail): string {
  return buildCsv(
    ROSTER_CSV_HEADER,
    detail.roster.map((entry) => [
      entry.name,
      entry.email,
      entry.mobile,
      isEnrolmentStatus(entry.status) ? ENROLMENT_STATUS_LABELS[entry.status] : entry.status,
      entry.paidAt ? formatDateTime(entry.paidAt) : '',
      entry.receiptNumber ?? '',
      entry.orderId,
      entry.overCapacity ? OVER_CAPACITY : '',
      entry.company ?? '',
    ]),
  )
}

/** The roster file's name: `roster-{batch id}-{today}.csv`. */
export const rosterFileName = (batchId: string, date: Date) => `roster-${batchId.replace(/[^A-Za-z0-9_-]/g, '_')}-${localDate(date)}.csv`
