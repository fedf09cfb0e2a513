/**
 * What each admin list searches, filters and sorts by (docs/requirements.md#req-admin-list-queries),
 * over rows already read: one home for the server (netlify/services/*) and for the tests' stand-ins
 * of the API. Pure: each takes every row and a parsed query (the list's schema in
 * schemas/contracts) and answers the matching rows in the asked order; the caller pages them
 * (pageOf) or streams them as CSV. Ties keep a stable order (by id in the same direction), so a
 * row never shows on two pages of one order.
 *
 * - Enquiries: `q` name, e-mail, subject, message; `status`; `from`/`to` the day received.
 * - Outbox: `q` recipients, subject, id (`{kind}:{about}`); `status`, `kind`; `from`/`to` the day created.
 * - Certificates: `q` number, holder, course name and code; `status` (on the day of the
 *   answer), `orderId`; `from`/`to` the day issued.
 * - Webhook log: `q` event id, type, order id, detail; `result`; `from`/`to` the day delivered.
 * - Audit log: `q` the person (name, e-mail, id), action, target `type:id`, client; `actor`,
 *   `action`, `target` exact (schemas/contracts/audit.ts); `from`/`to` the day recorded.
 */
import type {AuditEntry, AuditQuery, AuditSort} from '#schemas/contracts/audit'
import type {Certificate, AdminCertificatesListQuery, CertificateSort} from '#schemas/contracts/certificates'
import type {Enquiry, EnquiryListQuery, EnquirySort} from '#schemas/contracts/enquiries'
import {containsText, inDayRange, sortRows, textSortKey, type SortDirection} from '#schemas/contracts/list-query'
import type {OutboxListQuery, OutboxMessage, OutboxSort} from '#schemas/contracts/outbox'
import type {WebhookLogEntry, WebhookLogQuery, WebhookLogSort} from '#schemas/contracts/payments'

type SortKey<T> = (row: T) => string | number | null | undefined

/** Ties broken by `id` in the sort's direction. */
const byId =
  <T>(id: (row: T) => string, dir: SortDirection) =>
  (a: T, b: T): number => {
    const [x, y] = [id(a), id(b)]
    return x === y ? 0 : (x < y ? -1 : 1) * (dir === 'asc' ? 1 : -1)
  }

const ENQUIRY_KEYS: Record<EnquirySort, SortKey<Enquiry>> = {
  createdAt: (row) => row.createdAt,
  name: (row) => textSortKey(row.name),
  email: (row) => row.email.toLowerCase(),
  subject: (row) => textSortKey(row.subject),
  status: (row) => row.status,
}

/** The enquiries matching `query`, in its order. */
export function matchingEnquiries(rows: readonly Enquiry[], query: EnquiryListQuery): Enquiry[] {
  const matching = rows.filter(
    (row) =>
      (!query.status || row.status === query.status) &&
      inDayRange(row.createdAt, query) &&
      containsText(query.q, row.name, row.email, row.subject, row.message),
  )
  return sortRows(
    matching,
    ENQUIRY_KEYS[query.sort],
    query.dir,
    byId((row) => row.id, query.dir),
  )
}

const OUTBOX_KEYS: Record<OutboxSort, SortKey<OutboxMessage>> = {
  createdAt: (row) => row.createdAt,
  sentAt: (row) => row.sentAt,
  subject: (row) => textSortKey(row.subject),
  kind: (row) => row.kind,
  status: (row) => row.status,
  attempts: (row) => row.attempts,
}

/** The outbox messages matching `query`, in its order. */
export function matchingOutbox(rows: readonly OutboxMessage[], query: OutboxListQuery): OutboxMessage[] {
  const matching = rows.filter(
    (row) =>
      (!query.status || row.status === query.status) &&
      (!query.kind || row.kind === query.kind) &&
      inDayRange(row.createdAt, query) &&
      containsText(query.q, row.subject, row.id, ...row.to),
  )
  return sortRows(
    matching,
    OUTBOX_KEYS[query.sort],
    query.dir,
    byId((row) => row.id, query.dir),
  )
}

const CERTIFICATE_KEYS: Record<CertificateSort, SortKey<Certificate>> = {
  issuedOn: (row) => row.issuedOn,
  number: (row) => textSortKey(row.number),
  holderName: (row) => textSortKey(row.holderName),
  courseName: (row) => textSortKey(row.courseName),
  expiresOn: (row) => row.expiresOn,
  status: (row) => row.status,
}

/**
 * The certificates matching `query`, in its order (`rows` with their status on the day of the
 * answer). Issued the same day, the later number comes first when newest first.
 */
export function matchingCertificates(rows: readonly Certificate[], query: Omit<AdminCertificatesListQuery, 'format'>): Certificate[] {
  const matching = rows.filter(
    (row) =>
      (!query.status || row.status === query.status) &&
      (!query.orderId || row.orderId === query.orderId) &&
      inDayRange(row.issuedOn, query) &&
      containsText(query.q, row.number, row.holderName, row.courseName, row.courseCode),
  )
  return sortRows(
    matching,
    CERTIFICATE_KEYS[query.sort],
    query.dir,
    byId((row) => textSortKey(row.number), query.dir),
  )
}

const WEBHOOK_KEYS: Record<WebhookLogSort, SortKey<WebhookLogEntry>> = {
  at: (row) => row.at,
  id: (row) => row.id,
  type: (row) => row.type,
  orderId: (row) => row.orderId,
  result: (row) => row.result,
}

/** The webhook log entries matching `query`, in its order (`rows` newest first: ties keep that order's sense). */
export function matchingWebhookEvents(rows: readonly WebhookLogEntry[], query: WebhookLogQuery): WebhookLogEntry[] {
  const matching = rows.filter(
    (row) => (!query.result || row.result === query.result) && inDayRange(row.at, query) && containsText(query.q, row.id, row.type, row.orderId, row.detail),
  )
  return sortRows(
    matching,
    WEBHOOK_KEYS[query.sort],
    query.dir,
    byId((row) => `${row.at}|${row.id ?? ''}`, query.dir),
  )
}

/** The audit entry's person as searched and sorted: name, e-mail and id; scheduled work 'System'. */
const auditPerson = (entry: AuditEntry): string[] => (entry.actor.type === 'staff' ? [entry.actor.name ?? '', entry.actor.email, entry.actor.id] : ['System'])
const auditTarget = (entry: AuditEntry): string => (entry.target ? `${entry.target.type}:${entry.target.id}` : '')

/** Whether `entry` matches the audit query's filters and search (see schemas/contracts/audit.ts). */
export function matchesAuditQuery(entry: AuditEntry, query: Omit<AuditQuery, 'page' | 'pageSize' | 'sort' | 'dir' | 'format'>): boolean {
  if (query.action && entry.action !== query.action) return false
  if (query.actor) {
    const wanted = query.actor.toLowerCase()
    if (entry.actor.type !== 'staff') return false
    if (entry.actor.id.toLowerCase() !== wanted && entry.actor.email.toLowerCase() !== wanted) return false
  }
  if (query.target) {
    if (!entry.target) return false
    if (query.target !== auditTarget(entry) && query.target !== entry.target.id) return false
  }
  if (!inDayRange(entry.at, query)) return false
  return containsText(query.q, ...auditPerson(entry), entry.action, auditTarget(entry), entry.client)
}

const AUDIT_KEYS: Record<AuditSort, SortKey<AuditEntry>> = {
  at: (entry) => entry.seq,
  actor: (entry) => textSortKey(auditPerson(entry)[0] || auditPerson(entry)[1]),
  action: (entry) => entry.action,
  target: (entry) => textSortKey(auditTarget(entry)),
}

/** Audit entries (already matching) in the query's order; ties by seq in the same direction. */
export function sortAuditEntries(entries: readonly AuditEntry[], query: Pick<AuditQuery, 'sort' | 'dir'>): AuditEntry[] {
  const sign = query.dir === 'asc' ? 1 : -1
  return sortRows(entries, AUDIT_KEYS[query.sort], query.dir, (a, b) => (a.seq - b.seq) * sign)
}
