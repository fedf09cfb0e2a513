/**
 * The contract of GET /api/admin/enrollments (spec sections 3 and 7, "Enrollment record",
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
  /**
   * The `updatedAt` of the record this row was derived from (ISO 8601): the row's version. A
   * row older than its record is stale and the index repair re-derives it (issue 12, finding 7).
   */
  updatedAt: string
}
