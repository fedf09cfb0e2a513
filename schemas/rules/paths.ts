/**
 * Builders for the site's internal links, so a route's address is written in one place: the
 * pages, the sitemap, the Studio's previews and Presentation tool all import them. All return
 * root-relative paths with path segments and query strings URL-encoded. No imports: safe for
 * the browser, the server and the Studio.
 */

/** /courses/{categoryId} */
export const categoryPath = (categoryId: string) => `/courses/${encodeURIComponent(categoryId)}`

/** /services/{slug} or /services/officer-licensing/{slug} */
export function servicePath(section: string | null | undefined, slug: string | null | undefined): string {
  const safe = encodeURIComponent(slug ?? '')
  return section === 'officer-licensing' ? `/services/officer-licensing/${safe}` : `/services/${safe}`
}

/** Query of the enrolment form (docs/requirements.md#req-routes: training, course, category, price, country, amount). */
export type EnrolLinkParams = {
  training: string
  course: string
  price?: string
  amount?: number
  country?: string
  category?: string
  /** A course batch's document id: the form preselects that batch. */
  batch?: string
}

/** /payment?training=…&course=…[&price=…][&country=…][&amount=…][&batch=…] (docs/requirements.md#req-routes, #req-batches-content). */
export function enrolPath(params: EnrolLinkParams): string {
  const query = new URLSearchParams()
  query.set('training', params.training)
  query.set('course', params.course)
  if (params.category) query.set('category', params.category)
  if (params.price) query.set('price', params.price)
  if (params.country) query.set('country', params.country)
  if (params.amount !== undefined) query.set('amount', String(params.amount))
  if (params.batch) query.set('batch', params.batch)
  return `/payment?${query.toString()}`
}

/** The course calendar: every upcoming batch. */
export const CALENDAR_PATH = '/courses/calendar'

/** /courses/calendar[?category=…]: the calendar, filtered by a category id when given. */
export const calendarPath = (categoryId?: string) => (categoryId ? `${CALENDAR_PATH}?${new URLSearchParams({category: categoryId}).toString()}` : CALENDAR_PATH)

/** /exam/{examId}/start */
export const examStartPath = (examId: string) => `/exam/${encodeURIComponent(examId)}/start`

/** /exam/{examId}/take */
export const examTakePath = (examId: string) => `/exam/${encodeURIComponent(examId)}/take`

/** POST /api/exams/{examId}/attempts: a new attempt's signed draw (schemas/contracts/exam-attempts.ts). */
export const examAttemptsApiPath = (examId: string) => `/api/exams/${encodeURIComponent(examId)}/attempts`

/** /exam/{examId}/results */
export const examResultsPath = (examId: string) => `/exam/${encodeURIComponent(examId)}/results`

/**
 * /enrolment/confirmation/{orderId}/{key}: an enrolment's confirmation page. The key is
 * the record's 128-bit random `confirmationKey`, so the URL cannot be guessed from the order id.
 */
export const confirmationPath = (orderId: string, key: string) => `/enrolment/confirmation/${encodeURIComponent(orderId)}/${encodeURIComponent(key)}`

/** {confirmationPath}/receipt.pdf: the receipt PDF of a paid enrolment. */
export const receiptPdfPath = (orderId: string, key: string) => `${confirmationPath(orderId, key)}/receipt.pdf`

/** The admin area's list of enrolments (fixed by the product spec). */
export const ADMIN_LIST_PATH = '/adminEnrollments'

/** The admin area's payments page: orders needing attention and the webhook event log. */
export const ADMIN_PAYMENTS_PATH = '/admin/payments'
/** Staff's batches page: seats, rosters and waitlists. */
export const ADMIN_BATCHES_PATH = '/admin/batches'

/** Staff's item statistics of the practice exams. */
export const ADMIN_EXAMS_PATH = '/admin/exams'

/** Staff's register of course certificates: search, CSV, PDF, revoke, expiring soon. */
export const ADMIN_CERTIFICATES_PATH = '/admin/certificates'

/** The admin area's outbox of e-mail messages. */
export const ADMIN_OUTBOX_PATH = '/admin/outbox'

/** The admin area's inbox of contact enquiries. */
export const ADMIN_ENQUIRIES_PATH = '/admin/enquiries'

/** The owner's list of staff accounts: invite, roles, disable, sessions. */
export const ADMIN_STAFF_PATH = '/admin/staff'

/** The owner's audit log. */
export const ADMIN_AUDIT_PATH = '/admin/audit'

/** The owner's backups: the last backup, the archives kept, "Back up now". */
export const ADMIN_BACKUPS_PATH = '/admin/backups'

/** The owner's privacy requests: look up a person, export their data, erase it. */
export const ADMIN_PRIVACY_PATH = '/admin/privacy'

/** The signed-in person's own account: password, second factors, sessions. */
export const ADMIN_ACCOUNT_PATH = '/admin/account'

/** The page an invite e-mail links: choose a password and set up the authenticator. */
export const adminInvitePath = (token: string): string => `/admin/invite/${token}`

/** The page a password reset e-mail links. */
export const adminResetPath = (token: string): string => `/admin/reset/${token}`

/**
 * The legal pages' slugs (docs/requirements.md#req-legal): each is served at /{slug} by pages/legal.tsx,
 * registered once per slug in web/vite.config.ts; the Studio allows only these
 * (schemas/content/pages.ts).
 */
export const LEGAL_SLUGS = ['terms', 'privacy', 'refund', 'shipping'] as const

/** /{slug} of a legal page */
export const legalPath = (slug: string) => `/${encodeURIComponent(slug)}`

/**
 * The id of a course's card on its category page, so a link (and the course's structured
 * data) can point at it: /courses/{category}#{anchor}. Sanity ids are [A-Za-z0-9._-].
 */
export const courseAnchor = (courseId: string) => `course-${courseId.replace(/^course-/, '').replace(/[^A-Za-z0-9_-]+/g, '-')}`

/**
 * An absolute URL on the site: `origin` (no trailing slash, e.g. https://www.example.com)
 * followed by the root-relative `path`. A path that is already absolute is returned as is.
 */
export function absoluteUrl(origin: string, path: string): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) return path
  return `${origin.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`
}

/** My training, the candidates' portal: the sign-in form, or everything under the signed-in address. */
export const ACCOUNT_PATH = '/account'

/**
 * /account?email=…[&next=…]: the sign-in form with the address filled in, the "View in My
 * training" link of every e-mail a candidate gets (one more tap sends the link). `next` is the
 * portal page to open after signing in.
 */
export function accountPath(options: {email?: string; next?: string; expired?: boolean} = {}): string {
  const query = new URLSearchParams()
  if (options.email) query.set('email', options.email)
  if (options.next && options.next !== ACCOUNT_PATH) query.set('next', options.next)
  if (options.expired) query.set('expired', '1')
  const search = query.toString()
  return search ? `${ACCOUNT_PATH}?${search}` : ACCOUNT_PATH
}

/** /account/sign-in/{token}: the link e-mailed by "Your sign-in link". */
export const accountSignInPath = (token: string): string => `${ACCOUNT_PATH}/sign-in/${encodeURIComponent(token)}`

/** The API of the sign-in link request. */
export const ACCOUNT_SIGN_IN_LINK_API = '/api/account/sign-in-link'

/** /account/enrolments/{orderId}/receipts/{number}.pdf: a receipt or refund receipt of the candidate's enrolment. */
export const accountReceiptPath = (orderId: string, receiptNumber: string): string =>
  `${ACCOUNT_PATH}/enrolments/${encodeURIComponent(orderId)}/receipts/${encodeURIComponent(receiptNumber)}.pdf`

/** /account/certificates/{number}.pdf: a certificate of the signed-in candidate. */
export const accountCertificatePath = (number: string): string => `${ACCOUNT_PATH}/certificates/${encodeURIComponent(number)}.pdf`

/** /account/exam-attempts/{attemptId}.pdf: the results PDF of a practice exam attempt kept with the account. */
export const accountExamAttemptPath = (attemptId: string): string => `${ACCOUNT_PATH}/exam-attempts/${encodeURIComponent(attemptId)}.pdf`

/** /account/my-data: "Download my data", the privacy export of the signed-in address. */
export const ACCOUNT_MY_DATA_PATH = `${ACCOUNT_PATH}/my-data`

/** The API that keeps a practice exam attempt with the signed-in account. */
export const ACCOUNT_EXAM_ATTEMPTS_API = '/api/account/exam-attempts'

/** The API of "Ask us to erase my data". */
export const ACCOUNT_ERASURE_REQUEST_API = '/api/account/erasure-request'

/** The API of "Leave the waitlist" for one place. */
export const accountLeaveWaitlistApi = (batchId: string, entryId: string): string =>
  `/api/account/waitlists/${encodeURIComponent(batchId)}/${encodeURIComponent(entryId)}/leave`

/** The group booking form of a batch: /book/group?batch={batchId}. */
export const GROUP_BOOKING_FORM_PATH = '/book/group'
export const groupBookingFormPath = (batchId: string) => `${GROUP_BOOKING_FORM_PATH}?batch=${encodeURIComponent(batchId)}`
/** A group booking's page (its delegates), with its 128-bit key: /book/group/{bookingId}/{key}. */
export const groupBookingPath = (bookingId: string, key: string) => `${GROUP_BOOKING_FORM_PATH}/${encodeURIComponent(bookingId)}/${encodeURIComponent(key)}`
/** {groupBookingPath}/proforma.pdf: the pro-forma invoice of a booking paid by invoice. */
export const groupProformaPath = (bookingId: string, key: string) => `${groupBookingPath(bookingId, key)}/proforma.pdf`
/** POST: a new group booking. */
export const GROUP_BOOKINGS_API = '/api/group-bookings'
/** The staff's companies and their group bookings. */
export const ADMIN_COMPANIES_PATH = '/admin/companies'
export const ADMIN_COMPANIES_API = '/api/admin/companies'
/** POST: finance records the bank transfer of a pro-forma. */
export const adminGroupPaymentApi = (bookingId: string) => `/api/admin/group-bookings/${encodeURIComponent(bookingId)}/payment-received`
/** POST: staff cancel a group booking. */
export const adminGroupCancelApi = (bookingId: string) => `/api/admin/group-bookings/${encodeURIComponent(bookingId)}/cancel`
