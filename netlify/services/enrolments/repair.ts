/**
 * The enrolment index repair (finding 7: "the admin list disagrees with its records
 * after a crash"). A record is written before its index row (createPending, markPaid), so a
 * process that dies between the two leaves a paid record listed as pending until something
 * touches the order again. The record is the truth: the repair re-derives every row that is
 * missing or older than its record, and drops rows whose record is gone.
 *
 * Run by the scheduled function netlify/functions/enrolment-maintenance.ts (hourly, on Netlify
 * and under `npm start`), once at `npm start`'s boot (./local-schedule.ts), and by `npm run
 * enrolments:rebuild-index`.
 */
import {getEnrolment, listEnrolmentKeys, type EnrolmentRecord} from './enrolments'
import {
  indexEnrolments,
  migrateShardIndex,
  readIndexRows,
  readPartitions,
  removeIndexRows,
  repairPartitionSums,
  sameSummary,
  toSummary,
  type EnrolmentSummary,
} from './index-store'

/**
 * What a repair did: records `checked` (read), rows `repaired` (added or advanced), rows
 * `removed`, partitions whose `sums` were re-derived (`sums`), rows carried over from the first
 * index (`migrated`).
 */
export type RepairCounts = {checked: number; repaired: number; removed: number; sums: number; migrated: number}

/** Records read at once by default. */
export const REPAIR_CONCURRENCY = 16

/**
 * Maps `items` through `fn` with at most `limit` calls in flight (limit ≥ 1), keeping the
 * order of `items`. Rejects with the first error (calls already started still finish).
 */
export async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index]!)
    }
  }
  await Promise.all(Array.from({length: Math.max(1, Math.min(limit, items.length))}, worker))
  return results
}

/**
 * Whether `row` needs re-deriving from `record`: no row, a row without a version (written
 * before rows had one), a row older than the record, or a row that is not the record's summary.
 * (A row that is newer or more advanced than the record read is left to mergeSummary: it keeps
 * the more advanced of the two, so a paid row never goes back to pending.)
 */
export function isStale(row: EnrolmentSummary | undefined, record: EnrolmentRecord): boolean {
  if (!row || !row.updatedAt) return true
  if (row.updatedAt < record.updatedAt) return true
  return !sameSummary(row, toSummary(record))
}

/** A record the index must not list: none, or one the purge has claimed. */
const isGone = (record: EnrolmentRecord | null) => record === null || Boolean(record.purgeStartedAt)

/**
 * Repairs the enrolment index from the records:
 * 1. lists the record keys (order ids only: never the Blobs emulation's temporary files or any
 *    other key) and reads the records, at most `concurrency` at a time;
 * 2. re-derives, through indexEnrolments (the conditional merge of the writers), every row
 *    that is missing or stale (isStale);
 * 0. carries the first index's shards over (migrateShardIndex), if any are left;
 * 3. removes the rows whose record does not exist (or is being purged) — each confirmed by
 *    reading the record itself (a listing can miss keys), and only if the row has not changed
 *    since it was read.
 * 4. re-derives the sums of partitions that disagree with their rows (repairPartitionSums).
 * Rows written while it runs are kept. Resolves to {checked, repaired, removed}; throws if the
 * store cannot be read or written (nothing half-done matters: every step is idempotent).
 */
export async function repairEnrolmentIndex(options: {concurrency?: number} = {}): Promise<RepairCounts> {
  const concurrency = options.concurrency ?? REPAIR_CONCURRENCY
  const migrated = await migrateShardIndex()
  const keys = await listEnrolmentKeys()
  const listed = await mapWithConcurrency(keys, concurrency, (key) => getEnrolment(key))
  const rows = await readIndexRows()

  // Rows of orders the listing did not give (or gave without a live record): read each record.
  const seen = new Set(listed.filter((record) => !isGone(record)).map((record) => record!.orderId))
  const suspects = [...rows.keys()].filter((orderId) => !seen.has(orderId))
  const rechecked = await mapWithConcurrency(suspects, concurrency, (orderId) => getEnrolment(orderId))

  const read = [...listed, ...rechecked].filter((record): record is EnrolmentRecord => record !== null)
  const live = read.filter((record) => !isGone(record))
  const repaired = await indexEnrolments(live.filter((record) => isStale(rows.get(record.orderId), record)))

  const gone = suspects.filter((_, i) => isGone(rechecked[i] ?? null))
  const removed =
    gone.length === 0
      ? 0
      : await removeIndexRows(
          gone.map((orderId) => rows.get(orderId)!),
          (row) => sameSummary(row, rows.get(row.orderId)),
        )

  const sums = await repairPartitionSums()
  return {checked: new Set(read.map((record) => record.orderId)).size, repaired, removed, sums, migrated}
}

/**
 * Brings the whole index in line with the enrolment records (`npm run
 * enrolments:rebuild-index`): repairEnrolmentIndex below, which re-derives every
 * missing or stale row and drops rows whose record is gone; rows written meanwhile are kept.
 * Resolves to the records read (`enrolments`), the partition count and the repair's counts.
 */
export async function rebuildEnrolmentIndex(): Promise<{enrolments: number; partitions: number; repaired: number; removed: number}> {
  const {checked, repaired, removed} = await repairEnrolmentIndex()
  return {enrolments: checked, partitions: (await readPartitions()).length, repaired, removed}
}
