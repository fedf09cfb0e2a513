/**
 * The contracts of the staff audit log (docs/requirements.md#req-audit-log): what one entry
 * holds, the query of `GET /api/admin/audit` and its answer. netlify/services/audit/audit.ts
 * writes and reads the entries; the /admin/audit page reads the answer.
 *
 *   GET /api/admin/audit?actor=&action=&target=&from=&to=&page=&pageSize=&q=&sort=&dir=   → 200 AuditPageSchema
 *   GET /api/admin/audit?…&format=csv                              → 200 text/csv (every match)
 *
 * - `actor`: a staff id or e-mail, matched case-insensitively against either (the whole value).
 * - `action`: one of AUDIT_ACTIONS.
 * - `target`: `type:id` (e.g. `enrolment:order_sandbox_AAAAAAAAAAAAAA`) or the id alone.
 * - `from` / `to`: days `YYYY-MM-DD` in UTC, both inclusive.
 * - `page`: 1, 2, …; `pageSize` 1–100 (default AUDIT_PAGE_SIZE); `sort` (AUDIT_SORTS) and `dir`,
 *   newest first by default; `q` a case-insensitive substring of the person's name, e-mail or
 *   id, the action, the target `type:id` or the client address (docs/requirements.md#req-admin-list-queries).
 * An empty parameter is the same as an absent one. A bad one is refused with a message naming it.
 */
import {z} from 'zod'
import {blankToUndefined, FROM_AFTER_TO, fromBeforeTo, listPageSchema, listQueryShape, textParam} from './list-query'

export {isCalendarDay} from './list-query'

/** Everything staff (or scheduled work) can do that the audit log records. */
export const AUDIT_ACTIONS = [
  'sign-in',
  'sign-in-failed',
  'second-factor-failed',
  'sign-out',
  'password-reset-requested',
  'password-reset',
  'password-changed',
  'invite',
  'invite-resent',
  'invite-accepted',
  'role-change',
  'disable',
  'enable',
  'session-end',
  'second-factor-enrolled',
  'second-factor-removed',
  'recovery-codes-regenerated',
  'second-factor-reset',
  'document-view',
  'document-download',
  'csv-export',
  'refund-requested',
  'refund-outcome',
  'enrolment-status',
  'enrolment-note',
  'enrolment-date-change',
  'installment-link',
  'certificate-issue',
  'certificate-revoke',
  'outbox-send-again',
  'privacy-lookup',
  'privacy-export',
  'privacy-erasure',
  'backup-requested',
  'restore',
  'documents-deleted',
  'group-booking-payment',
  'group-booking-cancel',
] as const

export const AuditActionSchema = z.enum(AUDIT_ACTIONS, {
  errorMap: () => ({message: 'action must be one of the audit actions'}),
})
export type AuditAction = z.infer<typeof AuditActionSchema>

/** Rows per page of GET /api/admin/audit. */
export const AUDIT_PAGE_SIZE = 50

/** The CSV file's name: `audit-log-{YYYY-MM-DD}.csv` (the UTC day of `now`); the API's Content-Disposition and the page's download. */
export const auditCsvFileName = (now: Date): string => `audit-log-${now.toISOString().slice(0, 10)}.csv`

/** The previous hash of the first entry: 64 zeros. */
export const AUDIT_GENESIS_HASH = '0'.repeat(64)

/** A SHA-256 digest in lowercase hex. */
export const Sha256HexSchema = z.string().regex(/^[0-9a-f]{64}$/)

/** Who did it: a signed-in staff member, or the site's scheduled work. */
export const AuditActorSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('staff'),
    id: z.string().trim().min(1).max(100),
    email: z.string().trim().min(3).max(254),
    name: z.string().trim().min(1).max(200).optional(),
  }),
  z.object({type: z.literal('system')}),
])
export type AuditActor = z.infer<typeof AuditActorSchema>

/** What it was done to: a kind (`enrolment`, `staff`, `certificate`, …) and its id. */
export const AuditTargetSchema = z.object({
  type: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, 'target type must be lowercase letters, digits and hyphens'),
  id: z.string().min(1).max(200),
})
export type AuditTarget = z.infer<typeof AuditTargetSchema>

/** A small before/after summary (secrets and file contents never in it: redactSummary). */
export const AuditSummarySchema = z.record(z.string(), z.unknown())
export type AuditSummary = z.infer<typeof AuditSummarySchema>

/** One entry of the log, as stored and as answered. `hash` = SHA-256 hex of `prevHash` + the canonical JSON of the entry without `hash`. */
export const AuditEntrySchema = z.object({
  id: z.string().min(1).max(100),
  seq: z.number().int().min(1),
  /** UTC ISO time. */
  at: z.string().datetime(),
  actor: AuditActorSchema,
  /** The client's address, or null (scheduled work). */
  client: z.string().max(100).nullable(),
  action: AuditActionSchema,
  target: AuditTargetSchema.nullable(),
  summary: AuditSummarySchema,
  prevHash: Sha256HexSchema,
  hash: Sha256HexSchema,
})
export type AuditEntry = z.infer<typeof AuditEntrySchema>

/** What a caller records: the service adds id, seq, time and the hashes. */
export const AuditInputSchema = z.object({
  actor: AuditActorSchema,
  client: z.string().trim().max(100).nullish(),
  action: AuditActionSchema,
  target: AuditTargetSchema.nullish(),
  summary: AuditSummarySchema.nullish(),
})
export type AuditInput = z.input<typeof AuditInputSchema>

/** The columns the audit log sorts by: time (the default, newest first; entries in seq order), person, action, target. */
export const AUDIT_SORTS = ['at', 'actor', 'action', 'target'] as const
export type AuditSort = (typeof AUDIT_SORTS)[number]

/**
 * The query of GET /api/admin/audit (see the module comment), on the shared list query
 * (./list-query.ts: page, pageSize, q, sort, dir, from, to); `format=csv` asks for the CSV file.
 */
export const AuditQuerySchema = listQueryShape({sorts: AUDIT_SORTS, defaultSort: 'at', defaultDir: 'desc', defaultPageSize: AUDIT_PAGE_SIZE})
  .extend({
    actor: textParam('actor', 254),
    action: z.preprocess(blankToUndefined, AuditActionSchema.optional()),
    target: textParam('target', 250),
    format: z.preprocess(blankToUndefined, z.enum(['json', 'csv'], {errorMap: () => ({message: 'format must be json or csv'})}).optional()),
  })
  .refine(fromBeforeTo, {message: FROM_AFTER_TO, path: ['from']})
export type AuditQuery = z.output<typeof AuditQuerySchema>
export type AuditQueryInput = z.input<typeof AuditQuerySchema>

/** The answer of GET /api/admin/audit: one page of the matching entries (ListPage), newest first unless sorted otherwise. */
export const AuditPageSchema = listPageSchema(AuditEntrySchema)
export type AuditPage = z.infer<typeof AuditPageSchema>
