/**
 * The contracts of course batches' seats (docs/requirements.md#req-seats):
 *
 *   GET  /api/batches/availability?ids=a,b,c  AvailabilityQuerySchema → 200 AvailabilityResponseSchema
 *   POST /api/waitlist                        WaitlistSchema          → 200 WaitlistResponseSchema
 *   GET  /payment/batches?training=&course=   CourseBatchesQuerySchema → 200 CourseBatchesResponseSchema
 *   GET  /api/admin/batches                   (bearer)                → 200 AdminBatchListSchema
 *   GET  /api/admin/batches/:batchId          (bearer)                → 200 AdminBatchDetailSchema (404 unknown id)
 *
 * (netlify/functions/batches-availability.ts, waitlist.ts, admin-batches.ts and admin-batch.ts; logic in
 * netlify/services/seats/ and netlify/services/admin/batches.ts. /payment/batches is the page's own resource
 * route, web/app/routes/payment.batches.ts.)
 * Batch ids are ./ids.ts BATCH_ID_PATTERN; errors are `{error, details?}` (./errors.ts). The
 * enrolment's own batch contracts (create-order's `batchId`, POST /api/enroll/release) are in
 * ./enrolment.ts.
 */
import {z} from 'zod'
import {EnrolmentBatchSchema, EnrolmentStatusSchema} from './admin'
import {emailField, mobileField, personNameField} from './forms/fields'
import {BATCH_ID_PATTERN, BatchIdSchema} from './ids'

/** The most batch ids one availability call may ask about. */
export const MAX_AVAILABILITY_IDS = 200

/** The `ids` query parameter: 1–MAX_AVAILABILITY_IDS comma-separated batch ids (duplicates counted once). */
export const AvailabilityQuerySchema = z
  .string({required_error: 'Send ids: comma-separated batch ids'})
  .transform((value) => [...new Set(value.split(',').map((id) => id.trim()))].filter((id) => id !== ''))
  .pipe(
    z
      .array(z.string().regex(BATCH_ID_PATTERN, 'Each id must be a batch id (letters, digits, - and _, at most 100 characters)'))
      .min(1, 'Send ids: comma-separated batch ids')
      .max(MAX_AVAILABILITY_IDS, `Ask about at most ${MAX_AVAILABILITY_IDS} batches at once`),
  )

/** The seats of one batch now: `seats` in all, `booked` (paid), `held` (payments in progress), `left` = seats − booked − held, never below 0. */
export const BatchAvailabilitySchema = z.object({
  seats: z.number().int().nonnegative(),
  booked: z.number().int().nonnegative(),
  held: z.number().int().nonnegative(),
  left: z.number().int().nonnegative(),
})
export type BatchAvailability = z.infer<typeof BatchAvailabilitySchema>

/** 200 of availability: the known batches among the ids, by id (unknown ids are absent). */
export const AvailabilityResponseSchema = z.object({availability: z.record(z.string(), BatchAvailabilitySchema)})
export type AvailabilityResponse = z.infer<typeof AvailabilityResponseSchema>

/**
 * GET /payment/batches: the enrolment form's program (`training`, a category id, as in /payment's
 * own query) and course (the course's name). Unknown ones are not an error: they have no batches.
 */
export const CourseBatchesQuerySchema = z.object({
  training: z
    .string({required_error: 'Send training: the program id'})
    .trim()
    .min(1, 'Send training: the program id')
    .max(64, 'training: at most 64 characters'),
  course: z.string({required_error: 'Send course: the course name'}).trim().min(1, 'Send course: the course name').max(120, 'course: at most 120 characters'),
})
export type CourseBatchesQuery = z.infer<typeof CourseBatchesQuerySchema>

/**
 * A batch the enrolment form offers (schemas/rules/batches.ts EnrolmentBatch): its id, days
 * ('YYYY-MM-DD'), city, class size, and its course as the form's values (`course` the course name,
 * `program` the category id).
 */
export const OfferedBatchSchema = z.object({
  _id: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  city: z.string().nullable(),
  seats: z.number().int().nullable(),
  course: z.string().nullable(),
  program: z.string().nullable(),
})

/** 200 of GET /payment/batches: the course's open batches starting after today (the provider's day), earliest first. */
export const CourseBatchesResponseSchema = z.object({batches: z.array(OfferedBatchSchema)})
export type CourseBatchesResponse = z.infer<typeof CourseBatchesResponseSchema>

/**
 * POST /api/waitlist: a place on a batch's waitlist (no money is taken). The fields follow the
 * site's form rules (schemas/contracts/forms/fields.ts), as on the enrolment form.
 */
export const WaitlistSchema = z.object({
  batchId: BatchIdSchema,
  name: personNameField('Please enter your full name.'),
  email: emailField(),
  mobile: mobileField(),
})
export type WaitlistRequest = z.input<typeof WaitlistSchema>
export type WaitlistSubmission = z.infer<typeof WaitlistSchema>

/** 200 of the waitlist: the place, 1 = first (the same e-mail again keeps its place). */
export const WaitlistResponseSchema = z.object({batchId: z.string(), status: z.literal('waiting'), position: z.number().int().positive()})
export type WaitlistResponse = z.infer<typeof WaitlistResponseSchema>

/**
 * One batch on staff's /admin/batches (docs/requirements.md#req-batches-staff): the
 * batch as the content has it now (dates 'YYYY-MM-DD', `status` open / closed / cancelled), its
 * course's name, its live seat counts (`left` is the page's "free") and how many wait for a seat.
 */
export const AdminBatchSchema = EnrolmentBatchSchema.extend({
  status: z.string(),
  courseName: z.string().nullable(),
  counts: BatchAvailabilitySchema,
  waitlist: z.number().int().nonnegative(),
})
export type AdminBatch = z.infer<typeof AdminBatchSchema>

/** 200 of GET /api/admin/batches: the batches starting after today (the provider's day), earliest first. */
export const AdminBatchListSchema = z.object({batches: z.array(AdminBatchSchema)})
export type AdminBatchList = z.infer<typeof AdminBatchListSchema>

/**
 * One candidate of a batch's roster: a paid enrolment (whatever staff did since: contacted,
 * cancelled, refunded, …) with the batch's id in the admin list's index. `overCapacity` when
 * booked beyond the seats; `company` for a group booking's delegate (the booking's order is never
 * on a roster: its delegates are).
 */
export const RosterEntrySchema = z.object({
  orderId: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  status: EnrolmentStatusSchema,
  paidAt: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  overCapacity: z.boolean(),
  /** The company of a delegate named on a group booking; absent for one candidate's enrolment. */
  company: z.string().optional(),
})
export type RosterEntry = z.infer<typeof RosterEntrySchema>

/** Someone on a batch's waitlist, as staff see them (first come first; `notifiedAt` once staff were told a seat came free for them). */
export const AdminWaitlistEntrySchema = z.object({
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  joinedAt: z.string(),
  notifiedAt: z.string().nullable(),
})
export type AdminWaitlistEntry = z.infer<typeof AdminWaitlistEntrySchema>

/** 200 of GET /api/admin/batches/:batchId: the batch (also a past one), its roster by name and its waitlist. */
export const AdminBatchDetailSchema = z.object({
  batch: AdminBatchSchema,
  roster: z.array(RosterEntrySchema),
  waitlist: z.array(AdminWaitlistEntrySchema),
})
export type AdminBatchDetail = z.infer<typeof AdminBatchDetailSchema>
