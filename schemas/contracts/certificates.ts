/**
 * The contracts of course certificates (docs/requirements.md#req-issue-20-certificates),
 * one zod schema each:
 *
 *   POST /api/admin/certificates                    IssueCertificateRequestSchema → 201 {certificate}
 *   GET  /api/admin/certificates?q=&orderId=        → 200 AdminCertificatesResponseSchema
 *   GET  /api/admin/certificates?page=&pageSize=&q=&sort=&dir=&status=&orderId=&from=&to=
 *        AdminCertificatesListQuerySchema → 200 AdminCertificatesPageSchema (one page,
 *        docs/requirements.md#req-admin-list-queries); with `format=csv` (no page needed) every
 *        match as `certificates-YYYY-MM-DD.csv` (CERTIFICATES_CSV_HEADER, certificateCsvRow)
 *   POST /api/admin/certificates/{number}/revoke    RevokeCertificateRequestSchema → 200 {certificate}
 *   GET  /api/admin/certificates/{number}/pdf       → 200 application/pdf
 *   GET  /api/verify?number=&dateOfBirth=           VerifyQuerySchema → 200 VerifyResponseSchema
 *
 * Errors are `{error}` (./errors.ts): 400 naming the field, 401 (admin, no token), 404 (unknown
 * order or certificate; for /api/verify the one NO_MATCH_MESSAGE for an unknown number and a wrong
 * date of birth alike), 409 (enrolment not completed, a valid certificate already, revoked twice),
 * 429 (verify: too many look-ups). Dates are calendar days 'YYYY-MM-DD'. The number, expiry and
 * status rule is schemas/rules/certificates.ts.
 */
import {z} from 'zod'
import {isIsoDate, providerToday} from '#schemas/rules/batches'
import {CERTIFICATE_STATUSES, isCertificateNumber, STATUS_LABELS} from '#schemas/rules/certificates'
import type {CsvValue} from '#schemas/rules/csv'
import {ORDER_ID_PATTERN, OrderIdSchema} from './ids'
import {blankToUndefined, formatParam, FROM_AFTER_TO, fromBeforeTo, listPageSchema, listQueryShape, oneOfParam} from './list-query'

/** Largest POST body read (bytes). */
export const MAX_CERTIFICATE_BODY_BYTES = 16 * 1024

/** The earliest date of birth accepted. */
export const MIN_DATE_OF_BIRTH = '1900-01-01'

/** A certificate number (schemas/rules/certificates.ts CERTIFICATE_NUMBER_PATTERN), e.g. `MTC-BOSIET-2026-00001`. */
export const CertificateNumberSchema = z
  .string({required_error: 'number is required', invalid_type_error: 'number must be a certificate number'})
  .trim()
  .toUpperCase()
  .refine(isCertificateNumber, 'number must be a certificate number like MTC-BOSIET-2026-00001')

/** A calendar day 'YYYY-MM-DD' that exists ('2027-02-30' does not). */
const day = (field: string) =>
  z
    .string({required_error: `${field} is required`, invalid_type_error: `${field} must be a date (YYYY-MM-DD)`})
    .trim()
    .refine(isIsoDate, `${field} must be a real date written YYYY-MM-DD`)

/** A date of birth: a real day after 1900-01-01 and before today (the provider's day at parse time). */
export const DateOfBirthSchema = day('dateOfBirth')
  .refine((value) => value >= MIN_DATE_OF_BIRTH, `dateOfBirth must be on or after ${MIN_DATE_OF_BIRTH}`)
  .refine((value) => value < providerToday(new Date()), 'dateOfBirth must be in the past')

/** The holder's full name as printed: 2–120 characters, no control characters. */
export const HolderNameSchema = z
  .string({required_error: 'holderName is required', invalid_type_error: 'holderName must be text'})
  .trim()
  .min(2, 'holderName must be at least 2 characters')
  .max(120, 'holderName must be at most 120 characters')
  // eslint-disable-next-line no-control-regex
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), 'holderName must not contain control characters')

/** An optional INDoS or passport number: 3–30 letters, digits, spaces or `-` / `/`. */
export const IdNumberSchema = z
  .string({invalid_type_error: 'idNumber must be text'})
  .trim()
  .max(30, 'idNumber must be at most 30 characters')
  .refine(
    (value) => value === '' || /^[A-Za-z0-9][A-Za-z0-9 /-]{2,29}$/.test(value),
    'idNumber must be 3 to 30 letters or digits (an INDoS or passport number)',
  )

/** POST /api/admin/certificates: the enrolment, the holder as printed, and the course dates (end ≥ start). */
export const IssueCertificateRequestSchema = z
  .object({
    orderId: z.string({required_error: 'orderId is required', invalid_type_error: 'Unknown order'}).pipe(OrderIdSchema),
    holderName: HolderNameSchema,
    dateOfBirth: DateOfBirthSchema,
    idNumber: IdNumberSchema.optional(),
    courseStart: day('courseStart'),
    courseEnd: day('courseEnd'),
  })
  .strict()
  .refine((body) => body.courseEnd >= body.courseStart, {message: 'courseEnd must be on or after courseStart', path: ['courseEnd']})
export type IssueCertificateRequest = z.input<typeof IssueCertificateRequestSchema>

/** A certificate's status on the day of the answer. */
export const CertificateStatusSchema = z.enum(CERTIFICATE_STATUSES)

/** A certificate as staff see it (the register's record plus its status today). */
export const CertificateSchema = z.object({
  number: z.string(),
  orderId: z.string(),
  courseSlug: z.string(),
  courseName: z.string(),
  courseCode: z.string(),
  holderName: z.string(),
  dateOfBirth: z.string(),
  idNumber: z.string().nullable(),
  email: z.string(),
  courseStart: z.string(),
  courseEnd: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string().nullable(),
  revokedOn: z.string().nullable(),
  revocationReason: z.string().nullable(),
  status: CertificateStatusSchema,
})
export type Certificate = z.infer<typeof CertificateSchema>

/** 201 of POST /api/admin/certificates and 200 of …/revoke. */
export const CertificateResponseSchema = z.object({certificate: CertificateSchema})
export type CertificateResponse = z.infer<typeof CertificateResponseSchema>

/** GET /api/admin/certificates query: `q` (number or holder name, case-insensitive substring), `orderId` (exact). */
export const AdminCertificatesQuerySchema = z.object({
  q: z.string().trim().max(120, 'q must be at most 120 characters').optional(),
  orderId: OrderIdSchema.optional(),
})

/** GET /api/admin/certificates: the matching certificates (newest first) and the valid ones expiring within 90 days (soonest first). */
export const AdminCertificatesResponseSchema = z.object({
  certificates: z.array(CertificateSchema),
  expiringSoon: z.array(CertificateSchema),
})
export type AdminCertificatesResponse = z.infer<typeof AdminCertificatesResponseSchema>

/** The columns the paged register sorts by: issued (the default, newest first), number, holder, course, expires, status. */
export const CERTIFICATE_SORTS = ['issuedOn', 'number', 'holderName', 'courseName', 'expiresOn', 'status'] as const
export type CertificateSort = (typeof CERTIFICATE_SORTS)[number]

/** Rows per page of the register when the call does not say. */
export const CERTIFICATE_PAGE_SIZE = 25

/**
 * The query of the paged GET /api/admin/certificates and of its CSV (./list-query.ts): `q`
 * searches the number, the holder's name, the course's name and code (case-insensitive
 * substring); `status` (valid, expired, revoked on the day of the answer) and `orderId` (exact)
 * filter; `from`/`to` the day issued; sort CERTIFICATE_SORTS, newest first by default; `format=csv`
 * the whole matching register as CSV.
 */
export const AdminCertificatesListQuerySchema = listQueryShape({
  sorts: CERTIFICATE_SORTS,
  defaultSort: 'issuedOn',
  defaultDir: 'desc',
  defaultPageSize: CERTIFICATE_PAGE_SIZE,
})
  .extend({
    status: oneOfParam('status', CERTIFICATE_STATUSES),
    orderId: z.preprocess(blankToUndefined, z.string().regex(ORDER_ID_PATTERN, 'orderId must be an order id').optional()),
    format: formatParam(),
  })
  .refine(fromBeforeTo, {message: FROM_AFTER_TO, path: ['from']})
export type AdminCertificatesListQuery = z.output<typeof AdminCertificatesListQuerySchema>

/** 200 of the paged GET /api/admin/certificates: one page of the register, and (whatever the filters) the valid ones expiring within 90 days. */
export const AdminCertificatesPageSchema = listPageSchema(CertificateSchema).extend({expiringSoon: z.array(CertificateSchema)})
export type AdminCertificatesPage = z.infer<typeof AdminCertificatesPageSchema>

/** The register's CSV columns. */
export const CERTIFICATES_CSV_HEADER = [
  'Certificate number',
  'Holder',
  'Date of birth',
  'INDoS or passport number',
  'Email',
  'Course',
  'Course code',
  'Course start',
  'Course end',
  'Issued',
  'Expires',
  'Status',
  'Revoked',
  'Revocation reason',
  'Order ID',
] as const

/** One certificate's CSV row (days as YYYY-MM-DD; "Does not expire" left empty). */
export function certificateCsvRow(c: Certificate): CsvValue[] {
  return [
    c.number,
    c.holderName,
    c.dateOfBirth,
    c.idNumber ?? '',
    c.email,
    c.courseName,
    c.courseCode,
    c.courseStart,
    c.courseEnd,
    c.issuedOn,
    c.expiresOn ?? '',
    STATUS_LABELS[c.status] ?? c.status,
    c.revokedOn ?? '',
    c.revocationReason ?? '',
    c.orderId,
  ]
}

/** The register CSV's file name on `day` ('YYYY-MM-DD'): `certificates-{day}.csv`. */
export const certificatesCsvName = (day: string): string => `certificates-${day}.csv`

/** POST …/revoke: why (1–500 characters). */
export const RevokeCertificateRequestSchema = z
  .object({
    reason: z
      .string({required_error: 'reason is required', invalid_type_error: 'reason must be text'})
      .trim()
      .min(1, 'reason is required')
      .max(500, 'reason must be at most 500 characters'),
  })
  .strict()
export type RevokeCertificateRequest = z.input<typeof RevokeCertificateRequestSchema>

/** GET /api/verify query (and the /verify form): the number and the holder's date of birth. */
export const VerifyQuerySchema = z.object({
  number: CertificateNumberSchema,
  dateOfBirth: day('dateOfBirth'),
})
export type VerifyQuery = z.input<typeof VerifyQuerySchema>

/** 200 of GET /api/verify: the status today, the full name, the course and its dates. */
export const VerifyResponseSchema = z.object({
  status: CertificateStatusSchema,
  number: z.string(),
  holderName: z.string(),
  courseName: z.string(),
  courseStart: z.string(),
  courseEnd: z.string(),
  issuedOn: z.string(),
  expiresOn: z.string().nullable(),
  revokedOn: z.string().nullable(),
})
export type VerifyResponse = z.infer<typeof VerifyResponseSchema>

/** What /verify/{number} (the QR target) shows before the date of birth: the name masked (schemas/rules/certificates.ts maskName). */
export const MaskedCertificateSchema = VerifyResponseSchema.omit({holderName: true}).extend({maskedName: z.string()})
export type MaskedCertificate = z.infer<typeof MaskedCertificateSchema>
