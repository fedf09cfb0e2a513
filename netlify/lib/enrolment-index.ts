/**
 * The enrolment index: the admin list's summaries of every enrolment, so listing never reads
 * one blob per enrolment. Kept in its own Blobs store (`enrolment-index`, strong consistency)
 * as SHARD_COUNT shard blobs `v1/shard-XX`; an order id belongs to the shard given by the
 * first byte of its SHA-256. A shard holds `{entries: {orderId: summary}}`.
 *
 * - Writes: `indexEnrolment(record)` after createPending and markPaid, through updateJSON
 *   (conditional write retried until it lands; serialised per shard in-process), so
 *   concurrent enrolments never lose each other's entry. Enrolments only move forward
 *   (pending → paid, attachments are only added), and the merge keeps the most advanced
 *   summary, so two writes of one order landing out of order cannot regress it.
 * - Reads: `listIndexedEnrolments()` reads the shards in parallel, newest first.
 * - Repair: `rebuildEnrolmentIndex()` (npm run enrolments:rebuild-index) recomputes every shard
 *   from the records; entries written while it runs are kept.
 */
import {createHash} from 'node:crypto'
import {getStore, type Store} from '@netlify/blobs'
import {updateJSON} from './blobs'
import type {EnrolmentSummary} from '../../schemas/api/admin'
import type {EnrolmentRecord} from './enrolments'

export const INDEX_STORE = 'enrolment-index'
export const SHARD_COUNT = 16

export type {EnrolmentSummary} from '../../schemas/api/admin'

export type IndexShard = {entries: Record<string, EnrolmentSummary>}

export const indexStore = (): Store => getStore({name: INDEX_STORE, consistency: 'strong'})

export function shardOf(orderId: string): number {
  return createHash('sha256').update(orderId, 'utf8').digest()[0]! % SHARD_COUNT
}

export const shardKey = (shard: number) => `v1/shard-${shard.toString(16).padStart(2, '0')}`

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
  }
}

const progress = (s: EnrolmentSummary) => [s.status === 'paid' ? 1 : 0, s.attachmentCount] as const

/** The summary to keep of two for one order: the more advanced one (ties: `incoming`). */
export function mergeSummary(existing: EnrolmentSummary | undefined, incoming: EnrolmentSummary): EnrolmentSummary {
  if (!existing) return incoming
  const [a1, a2] = progress(existing)
  const [b1, b2] = progress(incoming)
  return b1 > a1 || (b1 === a1 && b2 >= a2) ? incoming : existing
}

const sameSummary = (a: EnrolmentSummary | undefined, b: EnrolmentSummary) => a !== undefined && JSON.stringify(a) === JSON.stringify(b)

/** Adds or advances the summary of `record` in its shard (no write when nothing changes). */
export async function indexEnrolment(record: EnrolmentRecord): Promise<void> {
  const summary = toSummary(record)
  await updateJSON<IndexShard>(indexStore(), shardKey(shardOf(record.orderId)), (current) => {
    const existing = current?.entries[record.orderId]
    const next = mergeSummary(existing, summary)
    if (sameSummary(existing, next)) return undefined
    return {entries: {...(current?.entries ?? {}), [record.orderId]: next}}
  })
}

/**
 * indexEnrolment for the enrolment writers: an index failure must never fail a payment (the
 * record is the truth). It is logged; the next write of the order or a rebuild repairs it.
 */
export async function indexEnrolmentSafely(record: EnrolmentRecord): Promise<void> {
  try {
    await indexEnrolment(record)
  } catch (error) {
    console.error(`[enrolment-index] could not index order ${record.orderId} (run npm run enrolments:rebuild-index):`, error)
  }
}

/** Every summary, newest first (ties by order id), from SHARD_COUNT parallel reads. */
export async function listIndexedEnrolments(): Promise<EnrolmentSummary[]> {
  const store = indexStore()
  const shards = await Promise.all(Array.from({length: SHARD_COUNT}, (_, i) => store.get(shardKey(i), {type: 'json'}) as Promise<IndexShard | null>))
  const rows: EnrolmentSummary[] = []
  for (const shard of shards) if (shard) for (const key in shard.entries) rows.push(shard.entries[key]!)
  return rows.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0))
}

/**
 * Recomputes every shard from the enrolment records (`records`, default: all of them).
 * Each shard is replaced through updateJSON; entries of orders created after the rebuild
 * started (written concurrently) are kept, any other entry without a record is dropped.
 */
export async function rebuildEnrolmentIndex(records?: EnrolmentRecord[]): Promise<{enrolments: number; shards: number}> {
  const startedAt = new Date().toISOString()
  const all = records ?? (await (await import('./enrolments')).listEnrolments())
  const built: Record<string, EnrolmentSummary>[] = Array.from({length: SHARD_COUNT}, () => ({}))
  for (const record of all) built[shardOf(record.orderId)]![record.orderId] = toSummary(record)
  const store = indexStore()
  await Promise.all(
    built.map((entries, shard) =>
      updateJSON<IndexShard>(store, shardKey(shard), (current) => {
        const next: Record<string, EnrolmentSummary> = {...entries}
        for (const [orderId, summary] of Object.entries(current?.entries ?? {})) {
          if (next[orderId]) next[orderId] = mergeSummary(next[orderId], summary)
          else if (summary.createdAt >= startedAt) next[orderId] = summary
        }
        return {entries: next}
      }),
    ),
  )
  return {enrolments: all.length, shards: SHARD_COUNT}
}

/** Deletes every shard (tests; the index is then empty until rebuilt). */
export async function clearEnrolmentIndex(): Promise<void> {
  const store = indexStore()
  await Promise.all(Array.from({length: SHARD_COUNT}, (_, i) => store.delete(shardKey(i))))
}
