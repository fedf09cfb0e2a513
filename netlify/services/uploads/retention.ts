/**
 * Document retention (docs/requirements.md#req-document-retention): the documents of an
 * enrolment that was completed, cancelled or refunded more than the site settings' "Document
 * retention (days)" ago (default 180; schemas/rules/document-retention.ts) are deleted from the
 * `uploads` store, the enrolment is marked `documentsDeletedAt`, and one audit entry
 * `documents-deleted` (actor `system`) is written per enrolment. Run daily by
 * netlify/functions/document-retention.ts. HTTP-free; the clock is injected (`now`).
 *
 * Which enrolments: the admin list's index (../enrolments/index-store.ts, 16 shard reads) names
 * the candidates — a closing status, documents attached, and no finished deletion — so neither
 * every record nor any upload is read for the others. Per candidate:
 *   1. claimDocumentsDeletion — a conditional write that sets `documentsDeletedAt` and
 *      `documentsDeletionPending` only while the record is still due (status and days checked
 *      against the record as written, so a refund landing first keeps the documents);
 *   2. the uploads claimed by that order are deleted (bytes and record; already gone: nothing);
 *   3. finishDocumentsDeletion — clears the pending flag (a conditional write: one run wins);
 *   4. the run that finished it writes the audit entry.
 * A run stopped after step 1 leaves the claim pending, and the next run finishes it; one stopped
 * between steps 3 and 4 loses that audit entry (logged) rather than ever writing two. A document
 * is counted by the run that deleted it only, so nothing is counted twice.
 */
import {DOCUMENT_RETENTION_QUERY} from '#netlify/platform/content/queries'
import {fetchContent} from '#netlify/platform/content/client'
import {documentsDue, isRetentionStatus, retentionDays, statusSince} from '#schemas/rules/document-retention'
import {claimDocumentsDeletion, finishDocumentsDeletion} from '../enrolments/enrolments'
import {readIndexRows} from '../enrolments/index-store'
import {mapWithConcurrency, REPAIR_CONCURRENCY} from '../enrolments/repair'
import {recordAudit} from '../staff/audit-trail'
import {deleteUploadsClaimedBy} from './uploads'

/** The site settings' retention days, or the default when unset or invalid. Throws when the content cannot be read. */
export async function documentRetentionDays(): Promise<number> {
  const settings = await fetchContent(DOCUMENT_RETENTION_QUERY)
  return retentionDays(settings?.documentRetentionDays)
}

/** Options of deleteExpiredDocuments (all optional). */
export type RetentionOptions = {
  /** The clock (default: the current time). */
  now?: Date
  /** The retention period in days (default: the site settings', documentRetentionDays()). */
  days?: number
  /** Enrolments worked on at once (default REPAIR_CONCURRENCY). */
  concurrency?: number
}

/**
 * `days` the period applied; `checked` the candidates looked at (from the index); `enrolments`
 * the orders whose deletion this run finished; `documents` the uploads this run deleted.
 */
export type RetentionResult = {days: number; checked: number; enrolments: string[]; documents: number}

/**
 * Deletes the documents that are due (see the module comment). Idempotent: a second run at the
 * same time finds nothing to do. Throws when the content or a store cannot be read; what was
 * done stays done, and the next run continues.
 */
export async function deleteExpiredDocuments(options: RetentionOptions = {}): Promise<RetentionResult> {
  const now = options.now ?? new Date()
  const days = options.days ?? (await documentRetentionDays())
  const candidates = [...(await readIndexRows()).values()].filter((row) => isRetentionStatus(row.status) && row.attachmentCount > 0 && !row.documentsDeletedAt)
  const enrolments: string[] = []
  let documents = 0
  await mapWithConcurrency(candidates, options.concurrency ?? REPAIR_CONCURRENCY, async ({orderId}) => {
    const claim = await claimDocumentsDeletion(orderId, (record) => documentsDue(record, days, now), now)
    if (claim.outcome !== 'claimed') return
    const {record} = claim
    const deleted = await deleteUploadsClaimedBy(
      record.attachments.map((attachment) => attachment.uploadId),
      orderId,
    )
    documents += deleted.length
    if (!(await finishDocumentsDeletion(orderId, now))) return
    enrolments.push(orderId)
    await recordAudit(
      {
        actor: {type: 'system'},
        client: null,
        action: 'documents-deleted',
        target: {type: 'enrolment', id: orderId},
        summary: {documents: record.attachments.length, status: record.status, statusSince: statusSince(record), retentionDays: days},
      },
      now,
    )
  })
  return {days, checked: candidates.length, enrolments, documents}
}
