/**
 * The audit log page's client and words (docs/requirements.md#req-audit-log), free of React:
 *
 * - `fetchAudit(token, query, signal)`: GET /api/admin/audit?actor=&action=&target=&from=&to=&page=&sort=&dir=
 *   with the bearer token → AuditPage (schemas/contracts/audit.ts), rows newest first. A 401 throws
 *   UnauthorizedError (the page signs out); a 400 shows the server's message; anything else
 *   AUDIT_MESSAGES.loadFailed.
 * - `downloadAuditCsv(token, query)`: the same filters and order with `format=csv` (every match,
 *   not one page; streamed by the server), saved as `audit-log-{YYYY-MM-DD}.csv` through an object URL (a plain link could not
 *   send the bearer header).
 * - The labels of the actions, and how a row's person, target, time and details read.
 */
import {
  AUDIT_ACTIONS,
  auditCsvFileName,
  AuditPageSchema,
  type AuditAction,
  type AuditActor,
  type AuditPage,
  type AuditSort,
  type AuditTarget,
} from '#schemas/contracts/audit'
import type {SortDirection} from '#schemas/contracts/list-query'
import {adminFetch, adminRequest, clientErrors} from './admin-fetch'
import {saveBlob} from './api'

export const AUDIT_MESSAGES = {
  loadFailed: 'Failed to load the audit log',
  exportFailed: 'The CSV could not be downloaded. Please try again.',
  empty: 'No audit entries match these filters.',
  datesReversed: 'The “From” day must be on or before the “To” day.',
} as const

/** Each action as staff read it (the filter's options, the Action column). */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'second-factor-failed': 'Second factor failed',
  'sign-out': 'Signed out',
  'password-reset-requested': 'Password reset requested',
  'password-reset': 'Password reset',
  'password-changed': 'Password changed',
  invite: 'Invited',
  'invite-resent': 'Invitation sent again',
  'invite-accepted': 'Invitation accepted',
  'role-change': 'Role changed',
  disable: 'Account disabled',
  enable: 'Account enabled',
  'session-end': 'Session ended',
  'second-factor-enrolled': 'Second factor added',
  'second-factor-removed': 'Second factor removed',
  'recovery-codes-regenerated': 'Recovery codes renewed',
  'second-factor-reset': 'Second factor reset',
  'document-view': 'Document viewed',
  'document-download': 'Document downloaded',
  'csv-export': 'CSV exported',
  'refund-requested': 'Refund requested',
  'refund-outcome': 'Refund outcome',
  'enrolment-status': 'Enrolment status changed',
  'enrolment-note': 'Enrolment note added',
  'enrolment-date-change': 'Enrolment date change',
  'installment-link': 'Installment link sent',
  'certificate-issue': 'Certificate issued',
  'certificate-revoke': 'Certificate revoked',
  'outbox-send-again': 'E-mail sent again',
  'privacy-lookup': 'Personal data looked up',
  'privacy-export': 'Personal data exported',
  'privacy-erasure': 'Personal data erased',
  'backup-requested': 'Backup requested',
  restore: 'Backup restored',
  'documents-deleted': 'Documents deleted (retention)',
  'group-booking-payment': 'Group booking payment recorded',
  'group-booking-cancel': 'Group booking cancelled',
}

/** The actions in the filter's order (alphabetical by label). */
export const AUDIT_ACTION_OPTIONS: ReadonlyArray<{value: AuditAction; label: string}> = AUDIT_ACTIONS.map((value) => ({
  value,
  label: AUDIT_ACTION_LABELS[value],
})).sort((a, b) => a.label.localeCompare(b.label, 'en'))

/** The filters of the page, as typed (empty: no filter); dates `YYYY-MM-DD`. */
export type AuditFilters = {actor: string; action: AuditAction | ''; target: string; from: string; to: string}

export const NO_AUDIT_FILTERS: AuditFilters = {actor: '', action: '', target: '', from: '', to: ''}

/** A query of GET /api/admin/audit: the filters (any left out), the page (default 1) and the order (default newest first). */
export type AuditClientQuery = Partial<AuditFilters> & {page?: number; sort?: AuditSort; dir?: SortDirection}

/** `?actor=…&…` of the query: empty filters, page 1 and the default order left out, `format=csv` for the CSV. */
export function auditSearch(query: AuditClientQuery, format?: 'csv'): string {
  const search = new URLSearchParams()
  for (const name of ['actor', 'action', 'target', 'from', 'to'] as const) {
    const value = query[name]?.trim()
    if (value) search.set(name, value)
  }
  if (query.page && query.page > 1) search.set('page', String(query.page))
  if (query.sort && (query.sort !== 'at' || query.dir === 'asc')) {
    search.set('sort', query.sort)
    search.set('dir', query.dir ?? 'asc')
  }
  if (format) search.set('format', format)
  return search.size ? `?${search}` : ''
}

/** One page of the audit log (see the module comment). */
export function fetchAudit(token: string, query: AuditClientQuery, signal?: AbortSignal): Promise<AuditPage> {
  return adminFetch(`/api/admin/audit${auditSearch(query)}`, {
    token,
    signal,
    schema: AuditPageSchema,
    failed: AUDIT_MESSAGES.loadFailed,
    serverMessage: clientErrors,
  })
}

/** Downloads every entry matching the query's filters as CSV and saves it. */
export async function downloadAuditCsv(token: string, query: AuditClientQuery): Promise<void> {
  const {page: _page, ...filters} = query
  const response = await adminRequest(`/api/admin/audit${auditSearch(filters, 'csv')}`, {
    token,
    headers: {Accept: 'text/csv'},
    failed: AUDIT_MESSAGES.exportFailed,
    serverMessage: clientErrors,
  })
  saveBlob(await response.blob(), auditCsvFileName(new Date()))
}

/** The filters' problem before asking the server (the date inputs give valid days), or null. */
export function auditFiltersProblem(filters: AuditFilters): string | null {
  return filters.from && filters.to && filters.from > filters.to ? AUDIT_MESSAGES.datesReversed : null
}

/** '2026-11-24 09:00:05' of an ISO time (the column says UTC). */
export const auditTimeText = (at: string): string => `${at.slice(0, 10)} ${at.slice(11, 19)}`

/** Who: the staff member's name (else e-mail), and their e-mail under it; scheduled work 'System'. */
export function auditPersonText(actor: AuditActor): {name: string; email: string | null} {
  if (actor.type === 'system') return {name: 'System', email: null}
  return {name: actor.name ?? actor.email, email: actor.name ? actor.email : null}
}

/** 'enrolment:order_…' or '—'. */
export const auditTargetText = (target: AuditTarget | null): string => (target ? `${target.type}:${target.id}` : '—')

/** An action's label; an unknown one as it is. */
export const auditActionText = (action: string): string => AUDIT_ACTION_LABELS[action as AuditAction] ?? action

/**
 * The summary as lines 'path: value', nested keys joined with dots ('before.status: paid'),
 * lists of plain values joined with ', ', anything else as JSON.
 */
export function auditDetailLines(summary: Readonly<Record<string, unknown>>, prefix = ''): string[] {
  const lines: string[] = []
  for (const [key, value] of Object.entries(summary)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const nested = auditDetailLines(value as Record<string, unknown>, path)
      lines.push(...(nested.length ? nested : [`${path}: —`]))
    } else if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
      lines.push(`${path}: ${value.map(String).join(', ') || '—'}`)
    } else {
      lines.push(`${path}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    }
  }
  return lines
}
