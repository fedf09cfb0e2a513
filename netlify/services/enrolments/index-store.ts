/**
 * The enrolment index: the admin list's rows and card sums, so listing never reads one blob per
 * enrolment and no request reads every row to answer a page of it. Kept in its own Blobs store
 * (`enrolment-index`, strong consistency), partitioned by the month an enrolment was created
 * (UTC): one JSON blob `v2/month-YYYY-MM` per month (IndexPartition) holding
 * - `rows`: a compact row per enrolment of that month, by order id (EnrolmentSummary without
 *   `_id`, which is the order id);
 * - `sums`: the figures behind the cards and "Revenue by month" for those rows
 *   (#schemas/rules/enrolment-list ListSums: per status and currency), kept equal to
 *   sumsOf(rows) by every write;
 * - `version`: one more at every write.
 *
 * - Writes: `indexEnrolment(record)` after every record write (createPending, markPaid, the
 *   receipt number, staff changes: ./enrolments.ts) rewrites ONE partition, the record's month,
 *   through updateJSON (conditional write retried until it lands; serialised per partition
 *   in-process), so concurrent enrolments never lose each other's row. Every record write only
 *   moves it forward — the payment is received once, a receipt number is given once,
 *   attachments and history entries (each status change and note) are only added — and the merge
 *   keeps the most advanced row, so two writes of one order landing out of order cannot regress
 *   it (a `contacted` row never goes back to `paid`: the history count decides). The sums move
 *   with the row: the old row's part taken out, the new one's added.
 * - Versions: a row carries its record's `updatedAt`, so a row older than its record can be
 *   found and re-derived: the record is the truth. The repair (./repair.ts: scheduled, at `npm
 *   start`'s boot, and `npm run enrolments:rebuild-index`) writes through `indexEnrolments`, the
 *   same conditional merge, and re-derives sums that disagree with their rows.
 * - Reads: `readPartitions()` lists the partitions with their etags (one listing) and downloads
 *   only those this function instance has not seen at that etag (the cache below), so a repeated
 *   read moves no row. A blob is replaced whole, so a partition read while it is written is the
 *   old version or the new one, never a mix.
 * - Removal: `removeIndexRows` (the purge of stale pending enrolments, and the repair for rows
 *   whose record is gone).
 *
 * The first index (16 hash shards `v1/shard-XX`) is carried over by migrateShardIndex: the
 * repair runs it first, and a read that finds no partition but shards runs it too.
 */
import type {Store} from '@netlify/blobs'
import {openStore, updateJSON} from '#netlify/platform/blobs'
import type {AdminListStatus, EnrolmentSummary} from '#schemas/contracts/admin'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {addToSums, emptySums, sumsOf, type ListSums} from '#schemas/rules/enrolment-list'
import type {EnrolmentBatch, EnrolmentRecord} from './record'

export const INDEX_STORE = 'enrolment-index'
/** The key prefix of the partitions. */
export const PARTITION_PREFIX = 'v2/month-'
/** The key prefix of the first index's shards (carried over, then deleted). */
const SHARD_PREFIX = 'v1/shard-'

export type {EnrolmentSummary} from '#schemas/contracts/admin'

/** A row as a partition stores it: the summary without `_id` (the order id again). */
export type IndexRow = Omit<EnrolmentSummary, '_id'>

/** One month's partition. */
export type IndexPartition = {version: number; rows: Record<string, IndexRow>; sums: ListSums}

export const indexStore = (): Store => openStore(INDEX_STORE)

/** The partition (month 'YYYY-MM', UTC) of an enrolment created at `createdAt` (ISO 8601); '0000-00' for an unreadable time. */
export function partitionOf(createdAt: string): string {
  const month = String(createdAt ?? '').slice(0, 7)
  return /^\d{4}-\d{2}$/.test(month) ? month : '0000-00'
}

export const partitionKey = (month: string) => `${PARTITION_PREFIX}${month}`

/** A stored row with its `_id` back (the answer's row). */
export const withId = (row: IndexRow): EnrolmentSummary => ({_id: row.orderId, ...row})

/** The admin-list row of a record (schemas/contracts/admin.ts), with the record's `updatedAt` as the row's version. */
export function toSummary(record: EnrolmentRecord): EnrolmentSummary {
  return {
    _id: record.orderId,
    orderId: record.orderId,
    name: record.name,
    email: record.email,
    mobile: record.mobile,
    amount: Number(record.amount),
    currency: record.currency,
    trainingProgramName: record.trainingProgramName,
    courseName: record.courseName,
    country: record.countryName ?? '',
    status: record.status,
    createdAt: record.createdAt,
    paidAt: record.paidAt ?? null,
    paymentId: record.paymentId ?? null,
    attachmentCount: record.attachments?.length ?? 0,
    receiptNumber: record.receiptNumber ?? null,
    updatedAt: record.updatedAt,
    historyCount: record.history?.length ?? 0,
    ...summaryRefunds(record),
    ...summaryInstallments(record),
    ...(record.batch ? {batch: summaryBatch(record.batch)} : {}),
    ...(record.overCapacity ? {overCapacity: true as const} : {}),
    ...(record.documentsDeletedAt && !record.documentsDeletionPending ? {documentsDeletedAt: record.documentsDeletedAt} : {}),
    ...(record.groupOrder
      ? {company: record.groupOrder.company, group: {bookingId: record.groupOrder.bookingId, role: 'order' as const, seats: record.groupOrder.seats}}
      : record.delegateOf
        ? {company: record.delegateOf.company, group: {bookingId: record.delegateOf.bookingId, role: 'delegate' as const}}
        : {}),
  }
}

/** The row's `batch`: the record's snapshot, field by field (nothing else a record might carry). */
function summaryBatch(batch: EnrolmentBatch): NonNullable<EnrolmentSummary['batch']> {
  return {id: batch.id, startDate: batch.startDate, endDate: batch.endDate, city: batch.city, venue: batch.venue ?? null, country: batch.country}
}

/** The row's `refunds`: the ones the gateway has answered (a `requested` one may still be refused and removed), or nothing. */
function summaryRefunds(record: EnrolmentRecord): Pick<EnrolmentSummary, 'refunds'> {
  const refunds = (record.refunds ?? []).filter((refund) => refund.status !== 'requested')
  return refunds.length === 0 ? {} : {refunds: refunds.map(({createdAt, amount, status}) => ({createdAt, amount, status}))}
}

/**
 * The row's `installmentPayments`: the installment links paid, in the enrolment's
 * currency (the amount received: the link's unless the gateway reported another, which staff see
 * flagged), by number; or nothing.
 */
function summaryInstallments(record: EnrolmentRecord): Pick<EnrolmentSummary, 'installmentPayments'> {
  const paid = (record.installmentLinks ?? [])
    .filter((link) => link.status === 'paid' && link.paidAt && link.currency === record.currency)
    .map((link) => ({number: link.number, paidAt: link.paidAt!, amount: link.paidAmountMinor ?? link.amountMinor}))
    .filter((payment) => Number.isSafeInteger(payment.amount) && payment.amount > 0)
    .sort((a, b) => a.number - b.number)
  return paid.length === 0 ? {} : {installmentPayments: paid}
}

/** How far the refunds of a row have got: each answered refund counts 1, then 1 more once processed or failed (only ever grows). */
const refundProgress = (s: IndexRow) => (s.refunds ?? []).reduce((n, refund) => n + (refund.status === 'pending' ? 1 : 2), 0)

/**
 * How far an enrolment has got, each part only ever growing over a record's life: paid
 * (wasPaid) before unpaid, then with a receipt number; then more history entries;
 * then refunds further on; then more installments paid; then more
 * attachments; then the newer version.
 */
const progress = (s: IndexRow) =>
  [
    (wasPaid(s) ? 2 : 0) + (s.receiptNumber ? 1 : 0),
    s.historyCount ?? 0,
    refundProgress(s),
    s.installmentPayments?.length ?? 0,
    s.attachmentCount,
    s.updatedAt ?? '',
  ] as const

/**
 * The summary to keep of two for one order: the more advanced one (`progress`, compared part by
 * part) — paid beats unpaid whatever the versions say (a row never regresses a paid enrolment
 * to pending), a receipt number beats none, more history entries beat fewer (a
 * status change or note is never undone by a late write of the row before it), then
 * more attachments, then the later `updatedAt` (rows written before rows had versions count as
 * oldest). Ties: `incoming`.
 */
export function mergeSummary<T extends IndexRow>(existing: T | undefined, incoming: T): T {
  if (!existing) return incoming
  const a = progress(existing)
  const b = progress(incoming)
  for (let i = 0; i < a.length - 1; i++) if (b[i] !== a[i]) return b[i]! > a[i]! ? incoming : existing
  return b.at(-1)! >= a.at(-1)! ? incoming : existing
}

/** Whether two rows are the same, field by field (`_id` aside: it is the order id again). */
export const sameSummary = (a: IndexRow | undefined, b: IndexRow | undefined) =>
  a !== undefined && b !== undefined && JSON.stringify(stripId(a)) === JSON.stringify(stripId(b))

const stripId = (row: IndexRow & {_id?: string}): IndexRow => {
  if (!('_id' in row)) return row
  const {_id: _ignored, ...rest} = row
  return rest
}

/** Adds or advances the row of `record` in its partition (no write when nothing changes). Resolves to whether the row changed. */
export async function indexEnrolment(record: EnrolmentRecord): Promise<boolean> {
  return (await indexEnrolments([record])) > 0
}

/** The stored row of a record. */
const toRow = (record: EnrolmentRecord): IndexRow => {
  const {_id: _ignored, ...row} = toSummary(record)
  return row
}

/**
 * indexEnrolment for many records: one conditional update per partition touched, each merging
 * the records' rows into the partition's current rows with mergeSummary and moving the sums
 * with them. Resolves to the number of rows that changed (added or advanced).
 */
export async function indexEnrolments(records: readonly EnrolmentRecord[]): Promise<number> {
  return upsertRows(records.map(toRow))
}

/**
 * Merges `rows` into their partitions (mergeSummary), the sums moved with them: one conditional
 * write per partition touched. Resolves to the rows changed. (The writers give records through
 * indexEnrolments; rows as such come from the first index, tests and benchmarks.)
 */
export async function upsertRows(rows: readonly IndexRow[]): Promise<number> {
  const byMonth = groupBy(rows, (row) => partitionOf(row.createdAt))
  const store = indexStore()
  const counts = await Promise.all(
    [...byMonth].map(async ([month, incoming]) => {
      let changed = 0
      await updateJSON<IndexPartition>(store, partitionKey(month), (current) => {
        const rows = {...(current?.rows ?? {})}
        const sums = current ? structuredClone(current.sums) : emptySums()
        changed = 0
        for (const row of incoming) {
          const existing = rows[row.orderId]
          const next = mergeSummary(existing, row)
          if (sameSummary(existing, next)) continue
          if (existing) addToSums(sums, existing, -1)
          addToSums(sums, next, 1)
          rows[row.orderId] = next
          changed++
        }
        return changed > 0 ? {version: (current?.version ?? 0) + 1, rows, sums} : undefined
      })
      return changed
    }),
  )
  return counts.reduce((sum, n) => sum + n, 0)
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = keyOf(item)
    const group = groups.get(key)
    if (group) group.push(item)
    else groups.set(key, [item])
  }
  return groups
}

/**
 * indexEnrolment for the enrolment writers: an index failure must never fail a payment (the
 * record is the truth). It is logged; the next write of the order, the scheduled repair or a
 * rebuild repairs it.
 */
export async function indexEnrolmentSafely(record: EnrolmentRecord): Promise<void> {
  try {
    await indexEnrolment(record)
  } catch (error) {
    console.error(`[enrolment-index] could not index order ${record.orderId} (the scheduled repair will, or run npm run enrolments:rebuild-index):`, error)
  }
}

/**
 * Removes the rows of these enrolments (order id and creation time, which names the partition),
 * each only while `stillRemovable(row)` holds for the row as it is at the moment of the
 * (conditional) write; default: always. Resolves to the number of rows removed.
 */
export async function removeIndexRows(
  enrolments: readonly Pick<IndexRow, 'orderId' | 'createdAt'>[],
  stillRemovable: (row: IndexRow) => boolean = () => true,
): Promise<number> {
  const byMonth = groupBy(enrolments, (enrolment) => partitionOf(enrolment.createdAt))
  const store = indexStore()
  const counts = await Promise.all(
    [...byMonth].map(async ([month, items]) => {
      let removed = 0
      await updateJSON<IndexPartition>(store, partitionKey(month), (current) => {
        removed = 0
        if (!current) return undefined
        const rows = {...current.rows}
        const sums = structuredClone(current.sums)
        for (const {orderId} of items) {
          const row = rows[orderId]
          if (row && stillRemovable(row)) {
            addToSums(sums, row, -1)
            delete rows[orderId]
            removed++
          }
        }
        return removed > 0 ? {version: current.version + 1, rows, sums} : undefined
      })
      return removed
    }),
  )
  return counts.reduce((sum, n) => sum + n, 0)
}

/**
 * Re-derives the sums of every partition whose sums are not sumsOf(its rows) (a write by an
 * older version, or a hand-edited blob), each by a conditional write. Resolves to the partitions
 * rewritten.
 */
export async function repairPartitionSums(): Promise<number> {
  const store = indexStore()
  let repaired = 0
  for (const partition of await readPartitions()) {
    if (sameSums(partition.sums, sumsOf(partition.list))) continue
    const result = await updateJSON<IndexPartition>(store, partitionKey(partition.month), (current) => {
      if (!current) return undefined
      const sums = sumsOf(Object.values(current.rows))
      return sameSums(current.sums, sums) ? undefined : {version: current.version + 1, rows: current.rows, sums}
    })
    if (result.changed) repaired++
  }
  return repaired
}

/** Whether two sums are equal (key order aside). */
function sameSums(a: ListSums | undefined, b: ListSums): boolean {
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
        )
      : value
  return a !== undefined && JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))
}

/** A partition as read: its month, etag, version, sums, and its rows as the answers give them (with `_id`). */
export type ReadPartition = {month: string; etag: string; version: number; sums: ListSums; list: EnrolmentSummary[]}

/**
 * The partitions read before, by key, with the etag they had: readPartitions downloads a
 * partition again only when the listing gives another etag for it (any write changes it). Never
 * changed in place: what it holds is shared by every reader of this instance.
 */
const cache = new Map<string, ReadPartition>()

/**
 * Every partition, oldest month first: one listing of the store (keys and etags), then the
 * partitions whose etag this instance has not seen, in parallel. A partition the listing
 * leaves out (the emulation's listing can come back short while another request writes) is read
 * by its key before it is dropped. Carries the first index over first when only it exists.
 */
export async function readPartitions(): Promise<ReadPartition[]> {
  const store = indexStore()
  const listed = new Map<string, string>()
  for await (const page of store.list({paginate: true, prefix: PARTITION_PREFIX})) {
    for (const blob of page.blobs) if (/^v2\/month-\d{4}-\d{2}$/.test(blob.key)) listed.set(blob.key, blob.etag)
  }
  if (listed.size === 0 && (await migrateShardIndex()) > 0) return readPartitions()
  const missing = [...cache.keys()].filter((key) => !listed.has(key))
  const stale = [...listed].filter(([key, etag]) => cache.get(key)?.etag !== etag).map(([key]) => key)
  await Promise.all(
    [...stale, ...missing].map(async (key) => {
      const found = await store.getWithMetadata(key, {type: 'json'})
      if (!found) {
        cache.delete(key)
        return
      }
      const data = found.data as IndexPartition
      // Kept under the LISTED etag: listings and reads may spell one version's etag differently
      // (the emulation derives it from the file's path as each sees it). Content newer than the
      // listing under it only means one more download at the next listing.
      const etag = listed.get(key) ?? found.etag ?? ''
      cache.set(key, {
        month: key.slice(PARTITION_PREFIX.length),
        etag,
        version: data.version ?? 0,
        list: Object.values(data.rows ?? {}).map(withId),
        sums: data.sums ?? emptySums(),
      })
    }),
  )
  return [...cache.values()].sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0))
}

/** Every row, by order id (readPartitions; the rows are shared: never change them). */
export async function readIndexRows(): Promise<Map<string, EnrolmentSummary>> {
  const rows = new Map<string, EnrolmentSummary>()
  for (const partition of await readPartitions()) for (const row of partition.list) rows.set(row.orderId, row)
  return rows
}

/**
 * The rows, newest first (ties by order id): every enrolment (`status: 'all'`, the default
 * here) or the paid ones only (`status: 'paid'`: every row whose payment was received, wasPaid).
 * Reads every row: for jobs and small lists; the admin list pages through ./list-query.ts.
 */
export async function listIndexedEnrolments(options: {status?: AdminListStatus} = {}): Promise<EnrolmentSummary[]> {
  const status = options.status ?? 'all'
  const rows = [...(await readIndexRows()).values()].filter((row) => status === 'all' || wasPaid(row))
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0))
}

/**
 * Carries the rows of the first index (hash shards `v1/shard-XX`) into the partitions, through
 * the same conditional merge, then deletes the shards. Idempotent; resolves to the rows carried.
 */
export async function migrateShardIndex(): Promise<number> {
  const store = indexStore()
  const keys: string[] = []
  for await (const page of store.list({paginate: true, prefix: SHARD_PREFIX}))
    for (const blob of page.blobs) if (/^v1\/shard-[0-9a-f]{2}$/.test(blob.key)) keys.push(blob.key)
  if (keys.length === 0) return 0
  const shards = await Promise.all(keys.map((key) => store.get(key, {type: 'json'}) as Promise<{entries?: Record<string, EnrolmentSummary>} | null>))
  const rows = shards.flatMap((shard) => Object.values(shard?.entries ?? {}).map(({_id: _ignored, ...row}) => row))
  await upsertRows(rows)
  await Promise.all(keys.map((key) => store.delete(key)))
  return rows.length
}

/** Deletes every partition (tests; the index is then empty until rebuilt). */
export async function clearEnrolmentIndex(): Promise<void> {
  const store = indexStore()
  const keys: string[] = []
  for await (const page of store.list({paginate: true})) for (const blob of page.blobs) keys.push(blob.key)
  await Promise.all(keys.map((key) => store.delete(key)))
  cache.clear()
}
