/**
 * The purge of stale pending enrolments (keep pending enrolments out of
 * staff's way): an enrolment still pending PENDING_MAX_AGE_MS (7 days) after its `createdAt`
 * is deleted, with its index row and the documents claimed by that order only. A paid
 * enrolment is never deleted, whatever its age, and neither is any other status (a
 * `cancelled` one stays, as staff left it): only `pending` is purged.
 *
 * Race with a payment (the purge and markPaid at the same moment). @netlify/blobs 10.7.13 has
 * no conditional delete, so "check pending, then delete" could delete a payment written in
 * between. Instead, per order:
 *   1. beginPurge — a conditional write (updateJSON) that marks the record `purgeStartedAt`
 *      only while it is still pending and old. Exactly one of the mark and markPaid's own
 *      conditional write lands first: if the payment did, the record is paid and is kept; if
 *      the mark did, markPaid refuses the record from then on (409, logged for review) and
 *      never writes to it;
 *   2. its index row is removed;
 *   3. the uploads claimed by the order are deleted (decision: deleted, not released — they
 *      are identity documents of someone who did not pay, and a returning visitor uploads
 *      again for a new order);
 *   4. the record is deleted, only if it carries the mark (deleteMarkedEnrolment).
 * A purge interrupted between steps leaves a marked record, which the next run finishes (and
 * which the repair treats as gone). Run hourly by netlify/functions/enrolment-maintenance.ts.
 */
import {isInvoiceOrderId} from '#schemas/contracts/ids'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {beginPurge, deleteMarkedEnrolment, getEnrolment, listEnrolmentKeys} from './enrolments'
import {removeIndexRows} from './index-store'
import {mapWithConcurrency, REPAIR_CONCURRENCY} from './repair'
import {deleteUploadsClaimedBy} from '../uploads/uploads'

/** How long a pending enrolment is kept after its createdAt (ms): 7 days. */
export const PENDING_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000

/** Points between the purge's steps of one order, for tests that interleave a payment. */
export type PurgeStep = 'before-mark' | 'marked' | 'row-removed' | 'uploads-deleted' | 'deleted'

/** Options of purgeStalePendingEnrolments (all optional). */
export type PurgeOptions = {
  /** The purge's clock (default: the current time). */
  now?: Date
  /** Pending enrolments created more than this long before `now` are purged (ms; default 7 days). */
  maxAgeMs?: number
  /** Orders worked on at once (default REPAIR_CONCURRENCY). */
  concurrency?: number
  /** Test seam: awaited at each step of each order's purge. */
  onStep?: (step: PurgeStep, orderId: string) => Promise<void> | void
}

/** `purged`: the order ids deleted; `uploads`: the upload ids deleted with them; `checked`: records looked at. */
export type PurgeResult = {checked: number; purged: string[]; uploads: string[]}

/**
 * Purges the pending enrolments created before `now - maxAgeMs` (see the module comment for
 * the steps and why a paid record is never lost). Throws if the store fails; what was done
 * stays done and the next run continues.
 */
export async function purgeStalePendingEnrolments(options: PurgeOptions = {}): Promise<PurgeResult> {
  const now = options.now ?? new Date()
  const createdBefore = new Date(now.getTime() - (options.maxAgeMs ?? PENDING_MAX_AGE_MS)).toISOString()
  const keys = await listEnrolmentKeys()
  const purged: string[] = []
  const uploads: string[] = []
  let checked = 0
  await mapWithConcurrency(keys, options.concurrency ?? REPAIR_CONCURRENCY, async (orderId) => {
    const record = await getEnrolment(orderId)
    if (!record) return
    checked++
    // Cheap filter; beginPurge decides again on the record as it is when it writes.
    if (!record.purgeStartedAt && (record.status !== 'pending' || !(record.createdAt < createdBefore))) return
    // An invoice order stays pending until its pro-forma's due day; the release job closes it.
    if (!record.purgeStartedAt && isInvoiceOrderId(record.orderId)) return
    await options.onStep?.('before-mark', orderId)
    const claim = await beginPurge(orderId, createdBefore, now)
    if (claim.outcome !== 'marked') return
    await options.onStep?.('marked', orderId)
    await removeIndexRows([claim.record], (row) => !wasPaid(row))
    await options.onStep?.('row-removed', orderId)
    uploads.push(
      ...(await deleteUploadsClaimedBy(
        claim.record.attachments.map((a) => a.uploadId),
        orderId,
      )),
    )
    await options.onStep?.('uploads-deleted', orderId)
    if (await deleteMarkedEnrolment(orderId)) purged.push(orderId)
    await options.onStep?.('deleted', orderId)
  })
  return {checked, purged, uploads}
}
