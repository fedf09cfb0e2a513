/**
 * The contracts of refunds (docs/requirements.md#req-refunds), one zod schema each:
 *
 *   POST /api/admin/enrollments/:orderId/refunds   header `Idempotency-Key` (IdempotencyKeySchema)
 *        RefundRequestSchema → 201 RefundResponseSchema (a new refund)
 *                            → 200 RefundResponseSchema (the same key again: the same refund)
 *
 * Errors are `{error}` (./errors.ts): 400 naming the field (or the amount over what is left),
 * 401, 404, 409 (never paid; the same key still in flight), 413, 415, 502 (the gateway refused:
 * its reason, nothing changed), 504 (no answer in time: nothing changed). The rule of amounts,
 * reasons and statuses is schemas/rules/refunds.ts.
 */
import {z} from 'zod'
import {EnrolmentDetailSchema, EnrolmentNoteSchema, RefundReasonSchema, RefundSchema} from './admin'

export {RefundReasonSchema, RefundSchema, type Refund} from './admin'

/** The request's `Idempotency-Key` header: 10 to 100 letters, digits, `-` or `_` (a UUID fits). The same key refunds once. */
export const IdempotencyKeySchema = z
  .string({required_error: 'The Idempotency-Key header is required'})
  .regex(/^[A-Za-z0-9_-]{10,100}$/, 'The Idempotency-Key header must be 10 to 100 letters, digits, - or _')

/** POST body: the amount in minor units (an integer > 0), the reason, and an optional staff note (the note rule of admin.ts). */
export const RefundRequestSchema = z
  .object({
    amount: z
      .number({required_error: 'amount is required (minor units)', invalid_type_error: 'amount must be a number of minor units'})
      .int('amount must be a whole number of minor units (cents)')
      .positive('amount must be more than 0'),
    reason: RefundReasonSchema,
    note: EnrolmentNoteSchema.optional(),
  })
  .strict()
export type RefundRequest = z.input<typeof RefundRequestSchema>

/** Largest POST body read (bytes). */
export const MAX_REFUND_BYTES = 16 * 1024

/** 201/200: the refund and the enrolment after it (as GET /api/admin/enrollments/:orderId answers it). */
export const RefundResponseSchema = z.object({refund: RefundSchema, enrolment: EnrolmentDetailSchema})
export type RefundResponse = z.infer<typeof RefundResponseSchema>
