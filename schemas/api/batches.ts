/**
 * The contracts of course batches' seats (issue 16; docs/requirements.md#req-seats):
 *
 *   GET  /api/batches/availability?ids=a,b,c  AvailabilityQuerySchema → 200 AvailabilityResponseSchema
 *   POST /api/waitlist                        WaitlistSchema          → 200 WaitlistResponseSchema
 *
 * (netlify/functions/batches-availability.ts and waitlist.ts; logic in netlify/lib/batches/.)
 * Batch ids are ./ids.ts BATCH_ID_PATTERN; errors are `{error, details?}` (./errors.ts). The
 * enrolment's own batch contracts (create-order's `batchId`, POST /api/enroll/release) are in
 * ./enrolment.ts.
 */
import {z} from 'zod'
import {emailField, mobileField, personNameField} from '../forms/fields'
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
 * POST /api/waitlist: a place on a batch's waitlist (no money is taken). The fields follow the
 * site's form rules (schemas/forms/fields.ts), as on the enrolment form.
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
