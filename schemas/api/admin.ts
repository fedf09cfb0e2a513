/**
 * The contract of GET /api/admin/enrollments (docs/requirements.md#req-entities-enrollment-record, #req-calls,
 * plus issue 5's email, status, dates and ids): one row per enrolment. Produced by
 * netlify/lib/enrolment-index.ts, read by the admin pages (web/app/components/admin).
 */
import {z} from 'zod'

export type EnrolmentStatus = 'pending' | 'paid'

/** One row of the admin list. */
export type EnrolmentSummary = {
  /** The order id (spec's _id). */
  _id: string
  orderId: string
  name: string
  email: string
  mobile: string
  /** USD, major units. */
  amount: number
  currency: string
  trainingProgramName: string
  courseName: string
  /** The jurisdiction's name (competency training), else ''. */
  country: string
  status: EnrolmentStatus
  createdAt: string
  paidAt: string | null
  paymentId: string | null
  attachmentCount: number
  /**
   * The `updatedAt` of the record this row was derived from (ISO 8601): the row's version. A
   * row older than its record is stale and the index repair re-derives it (issue 12, finding 7).
   */
  updatedAt: string
}

/**
 * Which enrolments GET /api/admin/enrollments lists (query `status`, issue 12, finding 6):
 * `paid` (the default, also when the query is absent) or `all` (paid and pending). Anything
 * else, or the parameter given twice, answers 400.
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
