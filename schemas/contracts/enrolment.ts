/**
 * The contracts of enrolment and payment (docs/requirements.md#req-states-enrolment, #req-validation, #req-calls), one zod schema each, used
 * by the functions (netlify/services/payments/) and, as types, by the browser's checkout
 * (web/app/lib/checkout.ts):
 *
 *   POST /api/enroll/create-order CreateOrderSchema  → 200 CreateOrderResponseSchema
 *   POST /api/enroll/save         SaveEnrolmentSchema (JSON, or multipart with `files`) → 200 SaveResponseSchema
 *   POST /api/sandbox/pay         SandboxPaySchema   → 200 SandboxPayResponseSchema
 *   POST /api/enroll/release      ReleaseSchema      → 200 ReleaseResponseSchema
 *
 * Errors are `{error, details?}` (./errors.ts). The form itself (fields, messages, the amount
 * rule) is schemas/contracts/forms/enrolment.ts; document ids are ./ids.ts; the document limit is
 * schemas/rules/documents.ts.
 */
import {z} from 'zod'
import {MAX_DOCUMENTS} from '#schemas/rules/documents'
import {EnrolmentFormSchema} from './forms/enrolment'
import {ORDER_ID_PATTERN, OrderIdSchema, UploadIdSchema} from './ids'

/**
 * POST /api/enroll/create-order: the enrolment form plus the ids of completed document uploads
 * (cadetship only, at most MAX_DOCUMENTS). The form's optional `batchId` is the chosen batch (a
 * `courseBatch` id; the order then holds one of its seats for 30 minutes, or answers 409
 * `{error: 'This batch is full'}`). `currency` is 'USD' (the default) or 'INR'
 * (docs/requirements.md#req-inr: only for a course whose content has an INR price, else 400 with
 * `details.currency`); `amount` is in that currency, major units.
 */
export const CreateOrderSchema = EnrolmentFormSchema.and(z.object({attachments: z.array(UploadIdSchema).max(MAX_DOCUMENTS).default([])}))
/** What the browser sends. */
export type CreateOrderRequest = z.input<typeof CreateOrderSchema>
/** The body as the function reads it (amount a number, attachments defaulted). */
export type CreateOrderBody = z.infer<typeof CreateOrderSchema>

/**
 * 200 of create-order: what Checkout needs. `amount` is in minor units of `currency` (cents, or
 * paise for INR); `keyId` is
 * Razorpay's key id, or the sandbox's placeholder in `mode: 'sandbox'`.
 */
export const CreateOrderResponseSchema = z.object({
  id: OrderIdSchema,
  amount: z.number().int().positive(),
  currency: z.string(),
  keyId: z.string(),
  mode: z.enum(['razorpay', 'sandbox']),
  /** The merchant name Checkout shows. */
  name: z.string(),
  /** The course, as Checkout's description. */
  description: z.string(),
  prefill: z.object({name: z.string(), email: z.string(), contact: z.string()}),
})
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>

/** Razorpay's three payment result fields: order_…, pay_… (the sandbox uses order_sandbox_…, pay_sandbox_…) and the hex signature. */
export const PaymentResultSchema = z.object({
  razorpay_order_id: z.string().regex(ORDER_ID_PATTERN, 'Invalid order id'),
  razorpay_payment_id: z.string().regex(/^pay_[A-Za-z0-9_]{6,64}$/, 'Invalid payment id'),
  razorpay_signature: z.string().regex(/^[a-f0-9]{64}$/, 'Invalid signature'),
})
export type PaymentResult = z.infer<typeof PaymentResultSchema>

/**
 * POST /api/enroll/save: Razorpay's payment result plus the form's fields, all optional and never
 * trusted (the stored order is the truth); as multipart, the same fields as text and documents
 * under `files`.
 */
export const SaveEnrolmentSchema = PaymentResultSchema.and(
  z
    .object({
      name: z.string().max(120),
      email: z.string().max(254),
      mobile: z.string().max(40),
      trainingProgram: z.string().max(64),
      trainingProgramName: z.string().max(200),
      course: z.string().max(120),
      courseName: z.string().max(200),
      country: z.string().max(64),
      amount: z.union([z.number(), z.string().max(32)]),
      currency: z.string().max(8),
    })
    .partial(),
)
export type SaveEnrolmentRequest = z.input<typeof SaveEnrolmentSchema>
export type SaveEnrolmentBody = z.infer<typeof SaveEnrolmentSchema>

/**
 * 200 of save: the enrolment is paid. With multipart documents that failed their checks,
 * `skippedFiles` names them and `message` is the spec's ENROLMENT_MESSAGES.filesSkipped.
 */
export const SaveResponseSchema = z.object({
  status: z.literal('paid'),
  orderId: OrderIdSchema,
  paymentId: z.string(),
  /**
   * The receipt number given to this payment, or null when it could not be given yet
   * (the scheduled outbox job gives it within minutes; the confirmation page shows it then).
   */
  receiptNumber: z.string().nullable(),
  /**
   * The enrolment's confirmation page, a site-relative path with a 128-bit random key
   * (schemas/rules/paths.ts confirmationPath): the browser goes there after a successful payment.
   */
  confirmationUrl: z.string().startsWith('/'),
  skippedFiles: z.array(z.string()).optional(),
  message: z.string().optional(),
})
export type SaveResponse = z.infer<typeof SaveResponseSchema>

/** POST /api/sandbox/pay: a sandbox order, and "Pay" (the default) or "Fail payment". */
export const SandboxPaySchema = z.object({
  orderId: z.string({required_error: 'Send the orderId'}).regex(/^order_sandbox_[A-Za-z0-9]{6,64}$/, 'Unknown order'),
  outcome: z.enum(['pay', 'fail']).default('pay'),
})
export type SandboxPayRequest = z.input<typeof SandboxPaySchema>

/** Razorpay's payment.failed error shape, as the sandbox's "Fail payment" answers it. */
export const SandboxFailureSchema = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    source: z.string(),
    step: z.string(),
    reason: z.string(),
    metadata: z.object({order_id: z.string()}),
  }),
})
export type SandboxFailure = z.infer<typeof SandboxFailureSchema>

/** 200 of sandbox pay: a signed payment result ("Pay") or the failure ("Fail payment"). */
export const SandboxPayResponseSchema = z.union([PaymentResultSchema, SandboxFailureSchema])
export type SandboxPayResponse = z.infer<typeof SandboxPayResponseSchema>

/** POST /api/enroll/release: give back the seat an order holds (the checkout was dismissed or the payment failed). */
export const ReleaseSchema = z.object({orderId: z.string({required_error: 'Send the orderId', invalid_type_error: 'Unknown order'}).max(100, 'Unknown order')})
export type ReleaseRequest = z.input<typeof ReleaseSchema>

/**
 * 200 of release: `released` — this call gave the order's seat back; `not-held` — the order
 * holds no seat (released before, expired, or an order without a batch): nothing to do;
 * `paid` — the order is paid, its seat is booked and stays so (no change).
 */
export const ReleaseResponseSchema = z.object({orderId: OrderIdSchema, status: z.enum(['released', 'not-held', 'paid'])})
export type ReleaseResponse = z.infer<typeof ReleaseResponseSchema>
