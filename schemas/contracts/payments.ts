/**
 * The contracts of the admin payments page (/admin/payments), one zod schema each, used
 * by the functions (netlify/services/admin/payments.ts) and by the page (web/app/components/admin/):
 *
 *   GET  /api/admin/payments                                → 200 PaymentsOverviewSchema
 *   GET  /api/admin/payments?page=&pageSize=&q=&sort=&dir=&result=&from=&to=
 *        WebhookLogQuerySchema → 200 PaymentsPageSchema (the webhook log paged,
 *        docs/requirements.md#req-admin-list-queries, with the orders needing attention)
 *   POST /api/admin/enrollments/:orderId/check-gateway      → 200 GatewayCheckSchema
 *
 * Errors are `{error}` (./errors.ts): 401 without a valid token, 404 unknown order, 409 not
 * pending, 502/504 when the gateway fails or times out (nothing changed).
 */
import {z} from 'zod'
import {FROM_AFTER_TO, fromBeforeTo, listPageSchema, listQueryShape, oneOfParam} from './list-query'

/** What became of one webhook delivery (netlify/services/payments/webhook-log.ts). */
export const WEBHOOK_LOG_RESULTS = ['processed', 'duplicate', 'rejected', 'ignored'] as const
export const WebhookLogResultSchema = z.enum(WEBHOOK_LOG_RESULTS)
export type WebhookLogResult = z.infer<typeof WebhookLogResultSchema>

/** One entry of the webhook event log: Razorpay's event id (or null), type, order, result, detail, time (ISO 8601). */
export const WebhookLogEntrySchema = z.object({
  id: z.string().nullable(),
  type: z.string().nullable(),
  orderId: z.string().nullable(),
  result: WebhookLogResultSchema,
  /** A finer word for the result, e.g. 'paid', 'already-paid', 'bad signature'. */
  detail: z.string().optional(),
  at: z.string(),
})
export type WebhookLogEntry = z.infer<typeof WebhookLogEntrySchema>

/** An order still pending more than 30 minutes after creation ("Needs attention"). */
export const StalePendingOrderSchema = z.object({
  orderId: z.string(),
  name: z.string(),
  email: z.string(),
  courseName: z.string(),
  /** USD, major units (as the admin list). */
  amount: z.number(),
  currency: z.string(),
  createdAt: z.string(),
})
export type StalePendingOrder = z.infer<typeof StalePendingOrderSchema>

/** 200 of GET /api/admin/payments: the orders needing attention (oldest first) and the last 200 webhook events (newest first). */
export const PaymentsOverviewSchema = z.object({
  needsAttention: z.array(StalePendingOrderSchema),
  webhookEvents: z.array(WebhookLogEntrySchema),
})
export type PaymentsOverview = z.infer<typeof PaymentsOverviewSchema>

/**
 * 200 of POST …/check-gateway: `paid` — a captured payment was found and the enrolment is now
 * paid (receipt issued); `already-paid` — it was paid meanwhile; `no-payment` — the gateway has
 * no captured payment for the order (nothing changed). `message` is shown to staff.
 */
export const GatewayCheckSchema = z.object({
  orderId: z.string(),
  outcome: z.enum(['paid', 'already-paid', 'no-payment']),
  paymentId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  message: z.string(),
})
export type GatewayCheck = z.infer<typeof GatewayCheckSchema>

/** The columns the paged webhook log sorts by: time (the default, newest first), event id, type, order, result. */
export const WEBHOOK_LOG_SORTS = ['at', 'id', 'type', 'orderId', 'result'] as const
export type WebhookLogSort = (typeof WEBHOOK_LOG_SORTS)[number]

/** Rows per page of the webhook log when the call does not say. */
export const WEBHOOK_LOG_PAGE_SIZE = 25

/**
 * The query of the paged GET /api/admin/payments (./list-query.ts), for its webhook log: `q`
 * searches the event id, type, order id and detail (case-insensitive substring); `result`
 * (WEBHOOK_LOG_RESULTS) filters; `from`/`to` the day delivered (UTC); sort WEBHOOK_LOG_SORTS,
 * newest first by default.
 */
export const WebhookLogQuerySchema = listQueryShape({sorts: WEBHOOK_LOG_SORTS, defaultSort: 'at', defaultDir: 'desc', defaultPageSize: WEBHOOK_LOG_PAGE_SIZE})
  .extend({result: oneOfParam('result', WEBHOOK_LOG_RESULTS)})
  .refine(fromBeforeTo, {message: FROM_AFTER_TO, path: ['from']})
export type WebhookLogQuery = z.output<typeof WebhookLogQuerySchema>

/** 200 of the paged GET /api/admin/payments: one page of the webhook log (every kept delivery) and the orders needing attention (oldest first). */
export const PaymentsPageSchema = listPageSchema(WebhookLogEntrySchema).extend({needsAttention: z.array(StalePendingOrderSchema)})
export type PaymentsPage = z.infer<typeof PaymentsPageSchema>
