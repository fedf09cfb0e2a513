/**
 * "Request another date" (docs/requirements.md#req-account, docs/account/date-change.md): the
 * candidate's request, staff's decision, and the request as stored on the enrolment record and
 * shown in the admin detail.
 *
 *   POST /api/account/enrolments/:orderId/date-change            DateChangeRequestBodySchema
 *        → 201 DateChangeAnswerSchema; 401 without a session; 404 not the candidate's order;
 *          400 bad input or a date not offered; 409 not eligible, a request already pending,
 *          or DATE_FILLED_UP
 *   POST /api/admin/enrollments/:orderId/date-change/:requestId   DateChangeDecisionSchema
 *        → 200 DateChangeDecisionAnswerSchema (the enrolment after it and the decision); 404 unknown order or request; 409 already
 *          decided, no longer eligible, or DATE_FILLED_UP (nothing changed)
 */
import {z} from 'zod'
import {BATCH_ID_PATTERN} from './ids'
import {EnrolmentBatchSchema, EnrolmentDetailSchema} from './admin'

/** The longest note a candidate or staff may add (characters). */
export const MAX_DATE_CHANGE_NOTE = 500

/** The largest body read by either endpoint (bytes): a batch id and a note. */
export const MAX_DATE_CHANGE_BYTES = 4 * 1024

/** The 409 of a date whose last seat went meanwhile: the booking stays as it was. */
export const DATE_FILLED_UP = 'That date has just filled up'

/** A note: trimmed, at most MAX_DATE_CHANGE_NOTE characters, no control characters but line breaks and tabs. */
const NoteSchema = z
  .string({invalid_type_error: 'The note must be text'})
  .trim()
  .max(MAX_DATE_CHANGE_NOTE, `Keep the note to ${MAX_DATE_CHANGE_NOTE} characters or fewer`)
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value), 'The note contains characters that are not allowed')

/** The candidate's body: the batch wanted and an optional note. */
export const DateChangeRequestBodySchema = z
  .object({
    batchId: z.string({required_error: 'Choose a date', invalid_type_error: 'Choose a date'}).min(1, 'Choose a date').regex(BATCH_ID_PATTERN, 'Unknown batch'),
    note: NoteSchema.default(''),
  })
  .strict()
export type DateChangeRequestBody = z.input<typeof DateChangeRequestBodySchema>

/** Staff's body: approve or decline, with an optional note for the history. */
export const DateChangeDecisionSchema = z
  .object({
    decision: z.enum(['approve', 'decline'], {errorMap: () => ({message: 'decision must be approve or decline'})}),
    note: NoteSchema.default(''),
  })
  .strict()
export type DateChangeDecision = z.input<typeof DateChangeDecisionSchema>

/** Where a request is. */
export const DATE_CHANGE_STATUSES = ['pending', 'approved', 'declined'] as const
export type DateChangeStatus = (typeof DATE_CHANGE_STATUSES)[number]

/** A request as stored on the enrolment (`dateChangeRequests`, oldest first) and shown to staff. Times ISO 8601. */
export const StoredDateChangeRequestSchema = z.object({
  /** `dc_` + 16 random base64url characters. */
  id: z.string(),
  status: z.enum(DATE_CHANGE_STATUSES),
  /** The batch the enrolment had when asked (a snapshot). */
  fromBatch: EnrolmentBatchSchema,
  /** The batch asked for, as the content had it then (a snapshot). */
  toBatch: EnrolmentBatchSchema,
  /** The candidate's note ('' when none). */
  note: z.string(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** The staff account that decided, or null while pending. */
  decidedBy: z.string().nullable(),
  /** Staff's note with the decision ('' when none). */
  decisionNote: z.string().default(''),
})
export type StoredDateChangeRequest = z.infer<typeof StoredDateChangeRequestSchema>

/** A request id as it appears in a path. */
export const DATE_CHANGE_ID_PATTERN = /^dc_[A-Za-z0-9_-]{16}$/

/** 201 of the candidate's request: the request stored. */
export const DateChangeAnswerSchema = z.object({request: StoredDateChangeRequestSchema})
export type DateChangeAnswer = z.infer<typeof DateChangeAnswerSchema>

/** 200 of staff's decision: the enrolment after it (EnrolmentDetailSchema) and what was decided. */
export const DateChangeDecisionAnswerSchema = z.object({enrolment: EnrolmentDetailSchema, decision: z.enum(['approved', 'declined'])})
export type DateChangeDecisionAnswer = z.infer<typeof DateChangeDecisionAnswerSchema>
