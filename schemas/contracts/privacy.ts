/**
 * The contracts of privacy requests (docs/requirements.md#req-privacy): the owner looks up a
 * person by e-mail, exports what the site holds about them, or erases it.
 *
 *   GET  /api/admin/privacy?email=     → 200 PrivacyLookupSchema; 404 NO_RECORDS_MESSAGE
 *   POST /api/admin/privacy/export     PrivacyExportRequestSchema → 200 application/zip (attachment, no-store)
 *   POST /api/admin/privacy/erase      PrivacyEraseRequestSchema  → 200 PrivacyEraseResponseSchema
 *
 * Errors are `{error, details?}` (./errors.ts): 400 naming the field (a bad address, no reason, a
 * confirmation that is not the address), 401, 403 (every role but the owner), 404 (no record names
 * the address and it was never erased), 409 (erase: a payment of theirs is pending).
 */
import {z} from 'zod'

/** The kinds of records that can name a person, in the order the page lists them. */
export const PRIVACY_KINDS = ['enrolments', 'groupBookings', 'enquiries', 'waitlists', 'certificates', 'examAttempts', 'outbox', 'uploads'] as const
export type PrivacyKind = (typeof PRIVACY_KINDS)[number]

/** What staff read for each kind (the page's headings, the export's file names are the keys). */
export const PRIVACY_KIND_LABELS: Readonly<Record<PrivacyKind, string>> = {
  enrolments: 'Enrolments',
  groupBookings: 'Group bookings',
  enquiries: 'Enquiries',
  waitlists: 'Waitlists',
  certificates: 'Certificates',
  examAttempts: 'Exam attempts',
  outbox: 'Outbox messages',
  uploads: 'Uploaded documents',
}

/** 404 of a look-up, export or erasure when no record names the address and it was never erased. */
export const NO_RECORDS_MESSAGE = 'No records name this e-mail address'

/** 400 of an erasure whose confirmation is not the address. */
export const CONFIRM_MISMATCH_MESSAGE = 'Type the e-mail address again to confirm: the two do not match'

/** Longest erasure reason (characters). */
export const MAX_PRIVACY_REASON = 500

/** Largest POST body read (bytes). */
export const MAX_PRIVACY_BODY_BYTES = 4 * 1024

/** A person's e-mail address, trimmed and lower-cased (records are matched case-insensitively). */
export const PrivacyEmailSchema = z
  .string({required_error: 'Enter the e-mail address', invalid_type_error: 'Enter the e-mail address'})
  .trim()
  .min(1, 'Enter the e-mail address')
  .max(254, 'The e-mail address is too long (at most 254 characters)')
  .email('Enter a valid e-mail address, like name@example.com')
  .transform((value) => value.toLowerCase())

/** The query of GET /api/admin/privacy. */
export const PrivacyLookupQuerySchema = z.object({email: PrivacyEmailSchema})

/** The body of POST /api/admin/privacy/export. */
export const PrivacyExportRequestSchema = z.object({email: PrivacyEmailSchema}).strict()
export type PrivacyExportRequest = z.input<typeof PrivacyExportRequestSchema>

/**
 * The body of POST /api/admin/privacy/erase: the address, why (1–500 characters), the address typed
 * again (`confirm`, compared case-insensitively), and whether the person objects to their name
 * staying in the certificate register (`objection`, default false).
 */
export const PrivacyEraseRequestSchema = z
  .object({
    email: PrivacyEmailSchema,
    reason: z
      .string({required_error: 'Give the reason for the erasure', invalid_type_error: 'Give the reason for the erasure'})
      .trim()
      .min(1, 'Give the reason for the erasure')
      .max(MAX_PRIVACY_REASON, `The reason is too long (at most ${MAX_PRIVACY_REASON} characters)`),
    confirm: z.string({required_error: CONFIRM_MISMATCH_MESSAGE, invalid_type_error: CONFIRM_MISMATCH_MESSAGE}).max(254, CONFIRM_MISMATCH_MESSAGE),
    objection: z.boolean({invalid_type_error: 'objection must be true or false'}).default(false),
  })
  .strict()
  .refine((body) => body.confirm.trim().toLowerCase() === body.email, {message: CONFIRM_MISMATCH_MESSAGE, path: ['confirm']})
export type PrivacyEraseRequest = z.input<typeof PrivacyEraseRequestSchema>
export type PrivacyEraseBody = z.output<typeof PrivacyEraseRequestSchema>

/** One record that names the person: its id, a short label, its date (ISO 8601, or null) and the record as stored where sensible. */
export const PrivacyItemSchema = z.object({
  id: z.string(),
  label: z.string(),
  date: z.string().nullable(),
  record: z.record(z.string(), z.unknown()).optional(),
})
export type PrivacyItem = z.infer<typeof PrivacyItemSchema>

/** The records of each kind. */
export const PrivacyRecordsSchema = z.object(
  Object.fromEntries(PRIVACY_KINDS.map((kind) => [kind, z.array(PrivacyItemSchema)])) as Record<PrivacyKind, z.ZodArray<typeof PrivacyItemSchema>>,
)
export type PrivacyRecords = z.infer<typeof PrivacyRecordsSchema>

/** A count per kind. */
export const PrivacyCountsSchema = z.object(
  Object.fromEntries(PRIVACY_KINDS.map((kind) => [kind, z.number().int().nonnegative()])) as Record<PrivacyKind, z.ZodNumber>,
)
export type PrivacyCounts = z.infer<typeof PrivacyCountsSchema>

/** A past erasure of the address, from the erasure ledger (never the address itself). */
export const PrivacyErasureSchema = z.object({at: z.string(), objection: z.boolean()})

/**
 * 200 of GET /api/admin/privacy: the address, its SHA-256 (what the audit log and the erasure
 * ledger name), the records by kind and their counts, and its past erasures. An address erased
 * before answers 200 with what still names it (usually nothing).
 */
export const PrivacyLookupSchema = z.object({
  email: z.string(),
  emailHash: z.string().regex(/^[0-9a-f]{64}$/),
  records: PrivacyRecordsSchema,
  counts: PrivacyCountsSchema,
  total: z.number().int().nonnegative(),
  erasures: z.array(PrivacyErasureSchema),
})
export type PrivacyLookup = z.infer<typeof PrivacyLookupSchema>

/** 200 of POST /api/admin/privacy/erase: the records changed per kind (all 0 when the address was erased before and nothing names it). */
export const PrivacyEraseResponseSchema = z.object({erased: PrivacyCountsSchema})
export type PrivacyEraseResponse = z.infer<typeof PrivacyEraseResponseSchema>

/** The export's file name: `personal-data-{first 12 hex of the address's SHA-256}-{YYYY-MM-DD}.zip` (the UTC day of `now`). */
export const privacyExportFileName = (emailHash: string, now: Date): string => `personal-data-${emailHash.slice(0, 12)}-${now.toISOString().slice(0, 10)}.zip`
