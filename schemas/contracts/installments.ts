/**
 * The contracts of cadetship installments (docs/requirements.md#req-installments), one
 * zod schema each:
 *
 *   POST /api/admin/enrollments/:orderId/installments/:number/link   (bearer admin token)
 *        InstallmentLinkRequestSchema ({} or no body) → 201 InstallmentLinkResponseSchema
 *        400 not a cadetship enrolment / no such installment; 401; 404 unknown order;
 *        409 installment 1 unpaid, a link open, or the installment paid;
 *        502 the gateway refused (its reason), 504 no answer in time (no link sent).
 *   POST /api/sandbox/payment-links/:linkId/pay   (sandbox only, else 404)
 *        SandboxLinkPaySchema → 200 SandboxLinkPayResponseSchema
 *
 * The admin detail (GET /api/admin/enrollments/:orderId) of a cadetship enrolment carries
 * `installments: InstallmentView[]` (InstallmentViewSchema). The rule is schemas/rules/installments.ts.
 */
import {z} from 'zod'
import {EnrolmentDetailSchema} from './admin'
import {InstallmentViewSchema} from './installment-view'

export {InstallmentViewSchema, type InstallmentViewBody} from './installment-view'

/** The request's body: nothing (an empty object, or no body at all). */
export const InstallmentLinkRequestSchema = z.object({}).strict()

/** Largest request body read (bytes). */
export const MAX_INSTALLMENT_LINK_BYTES = 1024

/** 201: the installment after the link was made (state `requested`, its URL) and the enrolment's detail. */
export const InstallmentLinkResponseSchema = z.object({
  installment: InstallmentViewSchema,
  enrolment: EnrolmentDetailSchema,
})
export type InstallmentLinkResponse = z.infer<typeof InstallmentLinkResponseSchema>

/** POST /api/sandbox/payment-links/:linkId/pay: "Pay" or "Fail payment" on the local payment-link page. */
export const SandboxLinkPaySchema = z.object({outcome: z.enum(['pay', 'fail'], {errorMap: () => ({message: 'outcome must be pay or fail'})})}).strict()
export type SandboxLinkPayRequest = z.infer<typeof SandboxLinkPaySchema>

/** 200 of the sandbox pay: paid (with the installment's receipt number once issued), or Razorpay's failure shape. */
export const SandboxLinkPayResponseSchema = z.union([
  z.object({status: z.literal('paid'), paymentId: z.string(), receiptNumber: z.string().optional()}),
  z.object({status: z.literal('failed'), error: z.object({code: z.string(), description: z.string()})}),
])
export type SandboxLinkPayResponse = z.infer<typeof SandboxLinkPayResponseSchema>
