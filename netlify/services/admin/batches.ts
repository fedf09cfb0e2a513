/**
 * Staff's view of the course batches (docs/requirements.md#req-batches-staff); the edges
 * (netlify/functions/admin-batches.ts, admin-batch.ts) check the token:
 * - list: the batches starting after today (the provider's day), whatever
 *   their status, earliest first, each with its live seat counts (the seats store, as
 *   availability counts them: expired holds never count) and its waitlist's length;
 * - detail: `{batch, roster, waitlist}`: the roster is the paid
 *   enrolments whose index row (../enrolment-index.ts) names the batch, by name — never one read
 *   per enrolment record; not-found BATCH_NOT_FOUND for an id that is not a batch id (before
 *   anything is read) or a batch the content does not have.
 * - markCancelledBatches: the admin list's "Batch cancelled" (the list adds `batchCancelled` to
 *   the rows of batches whose status in the content is `cancelled`, when it answers).
 */
import type {AdminBatch, AdminBatchDetail, AdminBatchList, RosterEntry} from '#schemas/contracts/batches'
import type {EnrolmentSummary} from '#schemas/contracts/admin'
import {isBatchId} from '#schemas/contracts/ids'
import {providerToday} from '#schemas/rules/batches'
import {seatCounts, type SeatsRecord} from '#schemas/rules/seats'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {fetchBatch, fetchBatches, fetchUpcomingBatches, type Batch} from '../seats/content'
import {readSeats} from '../seats/seats'
import {getWaitlist} from '../waitlist/waitlist'
import {listIndexedEnrolments} from '../enrolments/index-store'
import {ServiceError} from '#netlify/platform/errors'
import {batchSnapshot} from '../payments/create-order'

export const BATCH_NOT_FOUND = 'Batch not found'

/** The staff view of `batch` with its seats record and waitlist length at `now`. */
export function toAdminBatch(batch: Batch, seats: SeatsRecord | null, waitlist: number, now: Date): AdminBatch {
  return {
    ...batchSnapshot(batch),
    status: batch.status,
    courseName: batch.course.name,
    counts: seatCounts(seats, batch.seats, now),
    waitlist,
  }
}

/** The roster of `batchId` from the admin list's rows: the paid ones (wasPaid) of that batch, by name (then order id), without group bookings' orders (their named delegates are there). */
export function rosterOf(rows: readonly EnrolmentSummary[], batchId: string): RosterEntry[] {
  return (
    rows
      // A group booking's order is its payment, not a person: its delegates are the roster's rows.
      .filter((row) => row.batch?.id === batchId && wasPaid(row) && row.group?.role !== 'order')
      .map((row) => ({
        orderId: row.orderId,
        name: row.name,
        email: row.email,
        mobile: row.mobile,
        status: row.status,
        paidAt: row.paidAt,
        receiptNumber: row.receiptNumber,
        overCapacity: row.overCapacity === true,
        ...(row.company ? {company: row.company} : {}),
      }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en', {sensitivity: 'base'}) || (a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0))
  )
}

/**
 * The admin list's rows with `batchCancelled: true` on those whose batch id is in `cancelled`
 * (the ids of batches whose status in the content is `cancelled`); other rows unchanged.
 */
export function markCancelledBatches(rows: readonly EnrolmentSummary[], cancelled: ReadonlySet<string>): EnrolmentSummary[] {
  return rows.map((row) => (row.batch && cancelled.has(row.batch.id) ? {...row, batchCancelled: true as const} : row))
}

/**
 * markCancelledBatches with the batches' current status read from the content (one query for
 * the distinct batch ids of the rows). A content failure is logged and the rows are answered
 * unmarked: the list must not fail because the content does not answer.
 */
export async function withCancelledBatches(rows: EnrolmentSummary[]): Promise<EnrolmentSummary[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.batch ? [row.batch.id] : [])))]
  if (ids.length === 0) return rows
  try {
    const batches = await fetchBatches(ids)
    const cancelled = new Set([...batches.values()].filter((batch) => batch.status === 'cancelled').map((batch) => batch.id))
    return markCancelledBatches(rows, cancelled)
  } catch (error) {
    console.error('[admin] could not read the batches of the enrolment list; answered without "Batch cancelled"', error)
    return rows
  }
}

/** The batches starting after the provider's day at `now` (default: the current time), with seats and waitlists (AdminBatchListSchema). */
export async function listBatchesForStaff(options: {now?: Date} = {}): Promise<AdminBatchList> {
  const now = options.now ?? new Date()
  const batches = await fetchUpcomingBatches(providerToday(now))
  const ids = batches.map((batch) => batch.id)
  const [seats, waitlists] = await Promise.all([readSeats(ids), Promise.all(ids.map(getWaitlist))])
  return {batches: batches.map((batch, i) => toAdminBatch(batch, seats.get(batch.id) ?? null, waitlists[i]!.length, now))}
}

/** The batch `batchId` with its roster and waitlist (AdminBatchDetailSchema); not-found for a malformed or unknown id. */
export async function batchDetailForStaff(batchId: string, options: {now?: Date} = {}): Promise<AdminBatchDetail> {
  if (!isBatchId(batchId)) throw new ServiceError('not-found', BATCH_NOT_FOUND)
  const now = options.now ?? new Date()
  const batch = await fetchBatch(batchId)
  if (!batch) throw new ServiceError('not-found', BATCH_NOT_FOUND)
  const [seats, waitlist, rows] = await Promise.all([readSeats([batchId]), getWaitlist(batchId), listIndexedEnrolments({status: 'paid'})])
  return {
    batch: toAdminBatch(batch, seats.get(batchId) ?? null, waitlist.length, now),
    roster: rosterOf(rows, batchId),
    waitlist: waitlist.map((entry) => ({
      name: entry.name,
      email: entry.email,
      mobile: entry.mobile,
      joinedAt: entry.joinedAt,
      notifiedAt: entry.notifiedAt ?? null,
    })),
  }
}
