/**
 * The contracts of the admin API (docs/requirements.md#req-entities-enrollment-record, #req-calls), one zod
 * schema each, used by the functions (netlify/services/admin/) and, as types, by the admin pages
 * (web/app/components/admin/api.ts):
 *
 *   POST /api/admin                                 AdminLoginSchema → 200 AdminLoginResponseSchema
 *   GET  /api/admin/enrollments[?status=paid|all]   (query: parseAdminListStatus) → 200 EnrolmentListSchema
 *   GET  /api/admin/enrollments?page=&pageSize=&…   (EnrolmentListQuerySchema) → 200 EnrolmentPageSchema, or the CSV
 *   GET  /api/admin/enrollments/:orderId            → 200 EnrolmentDetailSchema
 *   PATCH /api/admin/enrollments/:orderId           EnrolmentUpdateSchema → 200 EnrolmentDetailSchema
 *   GET  /api/admin/enrollments/:orderId/documents/:uploadId → the file's bytes
 *
 * The list rows are produced by netlify/services/enrolments/index-store.ts; errors are `{error}` (./errors.ts).
 * The statuses and the moves between them are schemas/rules/enrolment-status.ts.
 */
import {z} from 'zod'
import {ENROLMENT_STATUSES, noteProblem, normaliseNote} from '#schemas/rules/enrolment-status'
import {REFUND_REASONS, REFUND_STATUSES} from '#schemas/rules/refunds'
import {DEFAULT_SORT, ENROLMENT_SORTS, PAGE_SIZE} from '#schemas/rules/enrolment-list'
import {InstallmentViewSchema} from './installment-view'
import {BATCH_ID_PATTERN} from './ids'
import {blankToUndefined, FROM_AFTER_TO, fromBeforeTo, listPageSchema, listQueryShape, oneOfParam} from './list-query'
import {AttachmentSchema} from './uploads'

/**
 * An enrolment's status (schemas/rules/enrolment-status.ts): `pending` until its
 * payment is verified, then `paid`, then staff follow it up (`contacted`, `confirmed`,
 * `completed`) or cancel it (`cancelled`); refunds set `refunded` / `partially-refunded`.
 */
export const EnrolmentStatusSchema = z.enum(ENROLMENT_STATUSES, {
  errorMap: () => ({message: `status must be one of: ${ENROLMENT_STATUSES.join(', ')}`}),
})
export type EnrolmentStatus = z.infer<typeof EnrolmentStatusSchema>

/**
 * One entry of an enrolment's history: a status change, a note, or both at once.
 * `at` is ISO 8601 (UTC); `by` is the staff account's e-mail (the bearer token's subject), or
 * what else made the change (a refund, later); `from`/`to` are present together, for a status
 * change only; `note` is present for a note.
 */
export const EnrolmentHistoryEntrySchema = z.object({
  at: z.string(),
  by: z.string(),
  from: EnrolmentStatusSchema.optional(),
  to: EnrolmentStatusSchema.optional(),
  note: z.string().optional(),
})
export type EnrolmentHistoryEntry = z.infer<typeof EnrolmentHistoryEntrySchema>

/** Why a refund was made (schemas/rules/refunds.ts). */
export const RefundReasonSchema = z.enum(REFUND_REASONS, {
  errorMap: () => ({message: `reason must be one of: ${REFUND_REASONS.join(', ')}`}),
})

/**
 * One refund of an enrolment, as stored in its record (`refunds`, oldest first) and shown in the
 * detail: `id` our id (`rf_…`), `gatewayRefundId` Razorpay's (`rfnd_…`, or `rfnd_sandbox_…`) once
 * the gateway accepted it; `amount` in minor units of `currency`; `by` the staff account; times
 * ISO 8601; `failureReason` when the gateway failed it (refund.failed).
 */
export const RefundSchema = z.object({
  id: z.string(),
  gatewayRefundId: z.string().optional(),
  amount: z.number().int().positive(),
  currency: z.string(),
  reason: RefundReasonSchema,
  note: z.string().optional(),
  status: z.enum(REFUND_STATUSES),
  failureReason: z.string().optional(),
  by: z.string(),
  createdAt: z.string(),
  processedAt: z.string().optional(),
})
export type Refund = z.infer<typeof RefundSchema>

/**
 * A staff note: text, stored with CR LF / CR as `\n` and trimmed, then 1–2000
 * characters without control characters other than line breaks (noteProblem: 400 naming the
 * note).
 */
export const EnrolmentNoteSchema = z
  .string({invalid_type_error: 'The note must be text', required_error: 'The note must be text'})
  .transform(normaliseNote)
  .superRefine((note, context) => {
    const problem = noteProblem(note)
    if (problem) context.addIssue({code: z.ZodIssueCode.custom, message: problem})
  })

/**
 * PATCH /api/admin/enrollments/:orderId: a new status, a note, or both (one history
 * entry). Whether the move is allowed is decided against the stored record (409 otherwise:
 * checkStaffMove); an unknown field, an unknown status, a bad note or neither field is 400.
 */
export const EnrolmentUpdateSchema = z
  .object({status: EnrolmentStatusSchema.optional(), note: EnrolmentNoteSchema.optional()})
  .strict()
  .refine((body) => body.status !== undefined || body.note !== undefined, {message: 'Give a status, a note or both'})
/** What the admin page sends. */
export type EnrolmentUpdateRequest = z.input<typeof EnrolmentUpdateSchema>
/** The body as the function reads it (the note normalised). */
export type EnrolmentUpdate = z.infer<typeof EnrolmentUpdateSchema>

/** Largest PATCH body read (bytes): a 2000-character note of 3-byte characters, JSON-escaped, fits. */
export const MAX_UPDATE_BYTES = 16 * 1024

/** POST /api/admin: the administrator's credentials (400 with these messages when missing). */
export const AdminLoginSchema = z.object({
  email: z.string({required_error: 'Email is required'}).trim().min(1, 'Email is required').max(320),
  password: z.string({required_error: 'Password is required'}).min(1, 'Password is required').max(1024),
})
export type AdminLoginRequest = z.input<typeof AdminLoginSchema>

/** 200 of POST /api/admin: the bearer token and when it expires (ISO 8601). */
export const AdminLoginResponseSchema = z.object({authToken: z.string(), expiresAt: z.string()})
export type AdminLoginResponse = z.infer<typeof AdminLoginResponseSchema>

/**
 * The batch of an enrolment, as chosen at create-order (a snapshot;
 * netlify/services/enrolments/record.ts EnrolmentBatch): its id, first and last day ('YYYY-MM-DD'), city, optional
 * venue and the location's country.
 */
export const EnrolmentBatchSchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  city: z.string(),
  venue: z.string().nullable(),
  country: z.string(),
})
export type EnrolmentBatchSummary = z.infer<typeof EnrolmentBatchSchema>

/** One row of the admin list (GET /api/admin/enrollments). */
export const EnrolmentSummarySchema = z.object({
  /** The order id (spec's _id). */
  _id: z.string(),
  orderId: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  /** USD, major units. */
  amount: z.number(),
  currency: z.string(),
  trainingProgramName: z.string(),
  courseName: z.string(),
  /** The jurisdiction's name (competency training), else ''. */
  country: z.string(),
  status: EnrolmentStatusSchema,
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  paymentId: z.string().nullable(),
  attachmentCount: z.number().int().nonnegative(),
  /** The receipt number (schemas/rules/receipt-number.ts) once the payment has one, else null. */
  receiptNumber: z.string().nullable(),
  /**
   * The `updatedAt` of the record this row was derived from (ISO 8601): the row's version. A
   * row older than its record is stale and the index repair re-derives it.
   */
  updatedAt: z.string(),
  /**
   * How many entries the enrolment's history holds (status changes and notes; it only
   * grows, so the index keeps the later of two rows). Absent in rows written by earlier versions
   * (counts as 0; the index repair adds it).
   */
  historyCount: z.number().int().nonnegative().optional(),
  /**
   * The enrolment's refunds, oldest first: when each was made (ISO 8601), its amount
   * in MINOR units of `currency` and its state. Absent when there are none. Revenue is `amount`
   * minus the refunds that count (schemas/rules/refunds.ts refundCounts: all but the failed).
   */
  refunds: z.array(z.object({createdAt: z.string(), amount: z.number().int().positive(), status: z.enum(REFUND_STATUSES)})).optional(),
  /**
   * The cadetship installments paid by payment link (installment 1 is the row's own
   * payment), by number: when each was paid (ISO 8601) and its amount in MINOR units of
   * `currency`. Absent when there are none. Revenue adds them (schemas/rules/revenue.ts).
   */
  installmentPayments: z.array(z.object({number: z.number().int().min(2), paidAt: z.string(), amount: z.number().int().positive()})).optional(),
  /** The enrolment's dated batch; absent for an order without one ("dates on request"). */
  batch: EnrolmentBatchSchema.optional(),
  /** True when the payment was booked beyond the batch's seats ("Over capacity" for staff); absent otherwise. */
  overCapacity: z.literal(true).optional(),
  /**
   * True when the batch has since been cancelled in the content: the enrolment needs
   * staff attention ("Batch cancelled"). Never stored in the index: the list adds it when it
   * answers, from the batches' current status.
   */
  batchCancelled: z.literal(true).optional(),
  /**
   * When the enrolment's documents were deleted under the retention period (ISO 8601;
   * docs/requirements.md#req-document-retention), once that deletion has finished; absent before.
   */
  documentsDeletedAt: z.string().optional(),
  /** The company of a group booking: on its order's row and on each delegate's row; absent otherwise. */
  company: z.string().optional(),
  /** The group booking the row belongs to: `order` the booking's order (its payment, never a seat on the roster), `delegate` a named seat. */
  group: z.object({bookingId: z.string(), role: z.enum(['order', 'delegate']), seats: z.number().int().optional()}).optional(),
})
export type EnrolmentSummary = z.infer<typeof EnrolmentSummarySchema>

/** 200 of GET /api/admin/enrollments: the rows, newest first. */
export const EnrolmentListSchema = z.array(EnrolmentSummarySchema)
export type EnrolmentList = z.infer<typeof EnrolmentListSchema>

/**
 * 200 of GET /api/admin/enrollments/:orderId: the stored enrolment record in full (the
 * function answers netlify/services/enrolments/enrolments.ts's EnrolmentRecord, which must satisfy this). Unlike
 * a list row, `country` is the jurisdiction's key and `countryName` its name, and the documents
 * are listed (`attachments`). Fields not named here may be present too.
 */
export const EnrolmentDetailSchema = z
  .object({
    orderId: z.string(),
    /** Our reference, also Razorpay's receipt. */
    receipt: z.string(),
    status: EnrolmentStatusSchema,
    name: z.string(),
    email: z.string(),
    mobile: z.string(),
    trainingProgram: z.string(),
    trainingProgramName: z.string(),
    course: z.string(),
    courseName: z.string(),
    /** The jurisdiction's key (competency training), else ''. */
    country: z.string(),
    countryName: z.string(),
    /** USD, major units. */
    amount: z.number(),
    /** The order's amount in minor units (cents). */
    amountMinor: z.number().int(),
    currency: z.string(),
    attachments: z.array(AttachmentSchema),
    paymentId: z.string().optional(),
    paidAt: z.string().optional(),
    paidVia: z.enum(['callback', 'webhook', 'reconciliation', 'bank-transfer']).optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    mode: z.enum(['razorpay', 'sandbox']),
    /** The receipt number once the payment has one. */
    receiptNumber: z.string().optional(),
    /** The key of the enrolment's confirmation page and receipt. */
    confirmationKey: z.string().optional(),
    /** Status changes and notes, oldest first; [] when there are none. Only in the detail, never in a list row. */
    history: z.array(EnrolmentHistoryEntrySchema),
    /** Refunds, oldest first; [] when there are none. */
    refunds: z.array(RefundSchema),
    /**
     * The terms accepted before paying (schemas/rules/terms.ts TermsAcceptance): when
     * (ISO 8601) and the "Last updated" dates ('YYYY-MM-DD') of the Terms & Conditions and the
     * Cancellation & Refund Policy then. Absent for orders created by earlier versions.
     */
    termsAcceptance: z.object({acceptedAt: z.string(), termsUpdated: z.string().nullable(), refundPolicyUpdated: z.string().nullable()}).optional(),
    /** The cadetship's installments, each with its state; present for a cadetship enrolment only. */
    installments: z.array(InstallmentViewSchema).optional(),
    /**
     * When the documents were deleted under the retention period (ISO 8601;
     * docs/requirements.md#req-document-retention): `attachments` still names them, and their
     * downloads answer 410. Absent while they are kept.
     */
    documentsDeletedAt: z.string().optional(),
    /**
     * The name, date of birth ('YYYY-MM-DD') and nationality for certificates as the candidate
     * corrected them in My training; the certificate form starts from them. Absent until then.
     */
    certificateHolder: z.object({name: z.string(), dateOfBirth: z.string(), nationality: z.string(), updatedAt: z.string()}).optional(),
  })
  .passthrough()
export type EnrolmentDetail = z.infer<typeof EnrolmentDetailSchema>

/**
 * Which enrolments GET /api/admin/enrollments lists (query `status`):
 * `paid` (the default, also when the query is absent: every enrolment whose payment was
 * received, whatever its status since — schemas/rules/enrolment-status.ts wasPaid) or `all`
 * (with the pending ones and those cancelled before payment). Anything else, or the parameter
 * given twice, answers 400.
 */
export const ADMIN_LIST_STATUSES = ['paid', 'all'] as const
export type AdminListStatus = (typeof ADMIN_LIST_STATUSES)[number]

export const AdminListStatusSchema = z.enum(ADMIN_LIST_STATUSES, {
  errorMap: () => ({message: `status must be one of: ${ADMIN_LIST_STATUSES.join(', ')}`}),
})

/**
 * The list's `status` from a query string: `{ok: true, status}`, or `{ok: false, message}` for
 * an unknown value or a repeated parameter (the API answers 400 with the message).
 */
export function parseAdminListStatus(params: URLSearchParams): {ok: true; status: AdminListStatus} | {ok: false; message: string} {
  const values = params.getAll('status')
  if (values.length === 0) return {ok: true, status: 'paid'}
  const parsed = AdminListStatusSchema.safeParse(values.length === 1 ? values[0] : undefined)
  if (!parsed.success) return {ok: false, message: values.length > 1 ? 'Give status at most once' : parsed.error.issues[0]!.message}
  return {ok: true, status: parsed.data}
}

/**
 * The paged form of GET /api/admin/enrollments (docs/requirements.md#req-admin-list-queries),
 * asked for by naming `page` or `pageSize`: the shared list query (./list-query.ts: page,
 * pageSize ≤ 100 (default 10), q, sort, dir, from, to on the day the enrolment was created,
 * UTC) and
 * - `status`: `received` (the default: every enrolment whose payment was received, as the plain
 *   call's `paid`), `all`, or one status (`paid` here is that status only); with one status,
 *   `payment=received` keeps only those whose payment was received (a cancelled enrolment that
 *   was paid first) — schemas/rules/enrolment-list.ts statusFilter;
 * - `batch`: a batch id (the enrolments booked on it);
 * - `format=csv`: every matching row, in the asked order, as a streamed CSV ('enrolments:export').
 * `q` is the spec's search (schemas/rules/enrolment-list.ts matchesSearch), `sort` one of its
 * columns (ENROLMENT_SORTS; default name ascending).
 */
export const ENROLMENT_LIST_FILTERS = ['received', 'all', ...ENROLMENT_STATUSES] as const
export type EnrolmentListFilter = (typeof ENROLMENT_LIST_FILTERS)[number]

export const EnrolmentListQuerySchema = listQueryShape({sorts: ENROLMENT_SORTS, defaultSort: DEFAULT_SORT, defaultDir: 'asc', defaultPageSize: PAGE_SIZE})
  .extend({
    status: z.preprocess(
      blankToUndefined,
      z.enum(ENROLMENT_LIST_FILTERS, {errorMap: () => ({message: `status must be one of: ${ENROLMENT_LIST_FILTERS.join(', ')}`})}).default('received'),
    ),
    payment: oneOfParam('payment', ['received']),
    batch: z.preprocess(blankToUndefined, z.string().regex(BATCH_ID_PATTERN, 'batch must be a batch id').optional()),
    format: oneOfParam('format', ['json', 'csv']),
  })
  .refine(fromBeforeTo, {message: FROM_AFTER_TO, path: ['from']})
export type EnrolmentListQuery = z.output<typeof EnrolmentListQuerySchema>

/** The cards of the filtered set, and Revenue by month (the 12 months to now, all enrolments; only for staff who may read revenue). */
export const EnrolmentListSummarySchema = z.object({
  total: z.number().int().min(0),
  /** Net revenue per upper-case currency, MAJOR units; absent for staff without 'revenue:read'. */
  revenue: z.record(z.number()).optional(),
  programs: z.number().int().min(0),
  pending: z.number().int().min(0),
  awaitingContact: z.number().int().min(0),
  revenueByMonth: z
    .array(
      z.object({
        currency: z.string(),
        netMinor: z.number().int(),
        months: z.array(z.object({month: z.string(), paidMinor: z.number().int(), refundedMinor: z.number().int(), netMinor: z.number().int()})),
      }),
    )
    .optional(),
})
export type EnrolmentListSummary = z.infer<typeof EnrolmentListSummarySchema>

/** 200 of the paged GET /api/admin/enrollments. */
export const EnrolmentPageSchema = listPageSchema(EnrolmentSummarySchema).extend({summary: EnrolmentListSummarySchema})
export type EnrolmentPage = z.infer<typeof EnrolmentPageSchema>
