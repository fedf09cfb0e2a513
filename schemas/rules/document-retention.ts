/**
 * Document retention (docs/requirements.md#req-document-retention): the documents a candidate
 * uploaded (passport, CDC, medical scans) are deleted a set number of days after their enrolment
 * reached a closing status. The days are a Studio setting (site settings "Document retention
 * (days)"); the daily job (netlify/services/uploads/retention.ts), the Studio's validation and
 * the admin pages use this one rule. Pure.
 */
import type {EnrolmentStatus} from './enrolment-status'

/** Days kept when the setting is absent or not a whole number of at least 1. */
export const DEFAULT_DOCUMENT_RETENTION_DAYS = 180

/** The statuses after which the documents are no longer needed: nothing moves an enrolment out of them but a refund. */
export const RETENTION_STATUSES = ['completed', 'cancelled', 'refunded'] as const satisfies readonly EnrolmentStatus[]

const DAY_MS = 86_400_000

/** Whether `value` is a valid setting: a whole number of days, at least 1. */
export const isRetentionDays = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1

/** The setting's days, or DEFAULT_DOCUMENT_RETENTION_DAYS when it is absent or invalid. */
export const retentionDays = (value: unknown): number => (isRetentionDays(value) ? value : DEFAULT_DOCUMENT_RETENTION_DAYS)

/** Whether an enrolment in `status` is one whose documents are deleted once the days have passed. */
export const isRetentionStatus = (status: string): boolean => (RETENTION_STATUSES as readonly string[]).includes(status)

/**
 * When the enrolment reached its current status (ISO 8601): the last history entry that moved
 * it there (`to`), or `updatedAt` when the history has none (never earlier than the move).
 */
export function statusSince(record: {status: string; updatedAt: string; history?: ReadonlyArray<{at: string; to?: string}>}): string {
  const history = record.history ?? []
  for (let i = history.length - 1; i >= 0; i--) if (history[i]!.to === record.status) return history[i]!.at
  return record.updatedAt
}

/**
 * Whether the documents of an enrolment are due for deletion at `now`: its status is one of
 * RETENTION_STATUSES and it reached that status MORE than `days` whole days before `now`.
 */
export function documentsDue(
  record: {status: string; updatedAt: string; history?: ReadonlyArray<{at: string; to?: string}>},
  days: number,
  now: Date,
): boolean {
  if (!isRetentionStatus(record.status)) return false
  return now.getTime() - Date.parse(statusSince(record)) > days * DAY_MS
}
