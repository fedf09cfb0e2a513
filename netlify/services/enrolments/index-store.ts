/**
 * The enrolment index: the admin list's summaries of every enrolment, so listing never reads
 * one blob per enrolment. Kept in its own Blobs store (`enrolment-index`, strong consistency)
 * as SHARD_COUNT shard blobs `v1/shard-XX`; an order id belongs to the shard given by the
 * first byte of its SHA-256. A shard holds `{entries: {orderId: summary}}`.
 *
 * - Writes: `indexEnrolment(record)` after every record write (createPending, markPaid, the
 *   receipt number, staff changes: ./enrolments.ts), through updateJSON (conditional write
 *   retried until it lands; serialised per shard in-process), so concurrent enrolments never
 *   lose each other's entry. Every record write only moves it forward — the payment is
 *   received once, a receipt number is given once, attachments and history entries (each
 *   status change and note) are only added — and the merge keeps the most advanced
 *   summary, so two writes of one order landing out of order cannot regress it (a `contacted`
 *   row never goes back to `paid`, whatever the statuses are: the history count decides).
 * - Versions: a row carries its record's `updatedAt`, so a row older than
 *   its record can be found and re-derived: the record is the truth. The repair
 *   (./enrolment-repair.ts: scheduled, at `npm start`'s boot, and `npm run
 *   enrolments:rebuild-index`) writes through `indexEnrolments`, the same conditional merge.
 * - Reads: `listIndexedEnrolments()` reads the shards in parallel, newest first; all rows or
 *   the paid ones only.
 * - Removal: `removeIndexRows` (the purge of stale pending enrolments, and the repair for rows
 *   whose record is gone).
 */
import {createHash} from 'node:crypto'
import type {Store} from '@netlify/blobs'
import {openStore, updateJSON} from '#netlify/platform/blobs'
import type {AdminListStatus, EnrolmentSummary} from '#schemas/contracts/admin'
import {wasPaid} from '#schemas/rules/enrolment-status'
import type {EnrolmentBatch, EnrolmentRecord} from './record'

export const INDEX_STORE = 'enrolment-index'
export const SHARD_COUNT = 16

export type {EnrolmentSummary} from '#schemas/contracts/admin'

export type IndexShard = {entries: Record<string, EnrolmentSummary>}

export const indexStore = (): Store => openStore(INDEX_STORE)

export function shardOf(orderId: string): number {
  return createHash('sha256').update(orderId, 'utf8').digest()[0]! % SHARD_COUNT
}

export const shardKey = (shard: number) => `v1/shard-${shard.toString(16).padStart(2, '0')}`

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
const refundProgress = (s: EnrolmentSummary) => (s.refunds ?? []).reduce((n, refund) => n + (refund.status === 'pending' ? 1 : 2), 0)

/**
 * How far an enrolment has got, each part only ever growing over a record's life: paid
 * (wasPaid) before unpaid, then with a receipt number; then more history entries;
 * then refunds further on; then more installments paid; then more
 * attachments; then the newer version.
 */
const progress = (s: EnrolmentSummary) =>
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
export function mergeSummary(existing: EnrolmentSummary | undefined, incoming: EnrolmentSummary): EnrolmentSummary {
  if (!existing) return incoming
  const a = progress(existing)
  const b = progress(incoming)
  for (let i = 0; i < a.length - 1; i++) if (b[i] !== a[i]) return b[i]! > a[i]! ? incoming : existing
  return b.at(-1)! >= a.at(-1)! ? incoming : existing
}

/** Whether two rows are the same, field by field. */
export const sameSummary = (a: EnrolmentSummary | undefined, b: EnrolmentSummary | undefined) =>
  a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b)

/** Adds or advances the summary of `record` in its shard (no write when nothing changes). Resolves to whether the row changed. */
export async function indexEnrolment(record: EnrolmentRecord): Promise<boolean> {
  return (await indexEnrolments([record])) > 0
}

/**
 * indexEnrolment for many records: one conditional update per shard touched, each merging the
 * records' summaries into the shard's current rows with mergeSummary. Resolves to the number
 * of rows that changed (added or advanced).
 */
export async function indexEnrolments(records: readonly EnrolmentRecord[]): Promise<number> {
  const byShard = new Map<number, EnrolmentSummary[]>()
  for (const record of records) {
    const shard = shardOf(record.orderId)
    byShard.set(shard, [...(byShard.get(shard) ?? []), toSummary(record)])
  }
  const store = indexStore()
  const counts = await Promise.all(
    [...byShard].map(async ([shard, summaries]) => {
      let changed = 0
      await updateJSON<IndexShard>(store, shardKey(shard), (current) => {
        const entries = {...(current?.entries ?? {})}
        changed = 0
        for (const summary of summaries) {
          const existing = entries[summary.orderId]
          const next = mergeSummary(existing, summary)
          if (sameSummary(existing, next)) continue
          entries[summary.orderId] = next
          changed++
        }
        return changed > 0 ? {entries} : undefined
      })
      return changed
    }),
  )
  return counts.reduce((sum, n) => sum + n, 0)
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
 * Removes the rows of these orders, each only while `stillRemovable(row)` holds for the row as
 * it is at the moment of the (conditional) write; default: always. Resolves to the number of
 * rows removed.
 */
export async function removeIndexRows(orderIds: readonly string[], stillRemovable: (row: EnrolmentSummary) => boolean = () => true): Promise<number> {
  const byShard = new Map<number, string[]>()
  for (const orderId of orderIds) byShard.set(shardOf(orderId), [...(byShard.get(shardOf(orderId)) ?? []), orderId])
  const store = indexStore()
  const counts = await Promise.all(
    [...byShard].map(async ([shard, ids]) => {
      let removed = 0
      await updateJSON<IndexShard>(store, shardKey(shard), (current) => {
        removed = 0
        if (!current) return undefined
        const entries = {...current.entries}
        for (const orderId of ids) {
          const row = entries[orderId]
          if (row && stillRemovable(row)) {
            delete entries[orderId]
            removed++
          }
        }
        return removed > 0 ? {entries} : undefined
      })
      return removed
    }),
  )
  return counts.reduce((sum, n) => sum + n, 0)
}

/** Every row, by order id, from SHARD_COUNT parallel reads. */
export async function readIndexRows(): Promise<Map<string, EnrolmentSummary>> {
  const store = indexStore()
  const shards = await Promise.all(Array.from({length: SHARD_COUNT}, (_, i) => store.get(shardKey(i), {type: 'json'}) as Promise<IndexShard | null>))
  const rows = new Map<string, EnrolmentSummary>()
  for (const shard of shards) if (shard) for (const key in shard.entries) rows.set(key, shard.entries[key]!)
  return rows
}

/**
 * The rows of the admin list, newest first (ties by order id): every enrolment (`status:
 * 'all'`, the default here) or the paid ones only (`status: 'paid'`, what the admin API asks
 * for unless staff ask for pending ones too) — every row whose payment
 * was received (wasPaid: paid, and moved on since).
 */
export async function listIndexedEnrolments(options: {status?: AdminListStatus} = {}): Promise<EnrolmentSummary[]> {
  const status = options.status ?? 'all'
  const rows = [...(await readIndexRows()).values()].filter((row) => status === 'all' || wasPaid(row))
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0))
}

/** Deletes every shard (tests; the index is then empty until rebuilt). */
export async function clearEnrolmentIndex(): Promise<void> {
  const store = indexStore()
  await Promise.all(Array.from({length: SHARD_COUNT}, (_, i) => store.delete(shardKey(i))))
}
