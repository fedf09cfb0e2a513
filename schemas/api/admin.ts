/**
 * The contract of GET /api/admin/enrollments (docs/requirements.md#req-entities-enrollment-record, #req-calls,
 * plus issue 5's email, status, dates and ids): one row per enrolment. Produced by
 * netlify/lib/enrolment-index.ts, read by the admin pages (web/app/components/admin).
 */

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
}
