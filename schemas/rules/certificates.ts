/**
 * The certificate rule (docs/requirements.md#req-issue-20-certificates): how a course
 * certificate is numbered, when it expires, which status it has on a given day, how the public
 * QR page masks the holder's name, and when the expiry reminder is due. One home, imported by the
 * contract (schemas/contracts/certificates.ts), the register (netlify/services/certificates/*), the Studio's
 * validation of course codes and the pages. Pure: no wall clock (callers pass `today`, the
 * provider's day 'YYYY-MM-DD', see ./batches.ts providerToday), imports only domain modules.
 *
 * - Number: `{prefix}-{CODE}-{YYYY}-{NNNNN}`, e.g. `MTC-BOSIET-2026-00001`. The prefix is the
 *   receipts' prefix (site settings, DEFAULT_RECEIPT_PREFIX `MTC`); CODE the course's `code`
 *   (COURSE_CODE_PATTERN); YYYY the year of issue (provider's day); NNNNN the sequence of that
 *   year across all courses, from 1, zero-padded to at least 5 digits, never cut.
 * - Expiry: the issue day plus the course's `certificateValidityYears` whole years; no validity
 *   (null) means the certificate does not expire. Leap-day rule: a certificate issued on 29 Feb
 *   expires on 28 Feb of a year that has no 29 Feb (it never runs into March).
 * - Status on `today`: `revoked` when revoked (whatever the dates), else `expired` when today is
 *   after the expiry day (the expiry day itself is still valid), else `valid`.
 */
import {isIsoDate} from './batches'
import {RECEIPT_PREFIX_PATTERN} from './receipt-number'

export {DEFAULT_RECEIPT_PREFIX} from './receipt-number'

/** A course's code in certificate numbers: an upper-case letter, then 1–9 upper-case letters or digits (2–10 in all), e.g. `BOSIET`. */
export const COURSE_CODE_PATTERN = /^[A-Z][A-Z0-9]{1,9}$/

/** A certificate number: prefix, course code, four-digit year, sequence of at least 5 digits. */
export const CERTIFICATE_NUMBER_PATTERN = /^[A-Z][A-Z0-9]{0,9}-[A-Z][A-Z0-9]{1,9}-\d{4}-\d{5,}$/

/** The longest certificate number we accept as input (prefix 10 + code 10 + year 4 + a 12-digit sequence + 3 dashes). */
export const MAX_CERTIFICATE_NUMBER_LENGTH = 40

/** Whether `value` is a certificate number (CERTIFICATE_NUMBER_PATTERN). */
export const isCertificateNumber = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= MAX_CERTIFICATE_NUMBER_LENGTH && CERTIFICATE_NUMBER_PATTERN.test(value)

/** Whether `value` is a course code (COURSE_CODE_PATTERN). */
export const isCourseCode = (value: unknown): value is string => typeof value === 'string' && COURSE_CODE_PATTERN.test(value)

/**
 * `{prefix}-{CODE}-{YYYY}-{NNNNN}`: formatCertificateNumber('MTC', 'BOSIET', 2026, 1) →
 * 'MTC-BOSIET-2026-00001'. Throws RangeError for a prefix not matching RECEIPT_PREFIX_PATTERN,
 * a code not matching COURSE_CODE_PATTERN, a year outside 1000–9999 or a sequence that is not a
 * positive integer.
 */
export function formatCertificateNumber(prefix: string, courseCode: string, year: number, seq: number): string {
  if (!RECEIPT_PREFIX_PATTERN.test(prefix))
    throw new RangeError(`Invalid certificate prefix ${JSON.stringify(prefix)}: an upper-case letter, then up to 9 upper-case letters or digits`)
  if (!COURSE_CODE_PATTERN.test(courseCode))
    throw new RangeError(`Invalid course code ${JSON.stringify(courseCode)}: 2 to 10 upper-case letters or digits, starting with a letter`)
  if (!Number.isInteger(year) || year < 1000 || year > 9999) throw new RangeError(`Invalid certificate year ${year}`)
  if (!Number.isSafeInteger(seq) || seq < 1) throw new RangeError(`Invalid certificate sequence ${seq}`)
  return `${prefix}-${courseCode}-${year}-${String(seq).padStart(5, '0')}`
}

/** The year and sequence of a certificate number, or null when it is not one. */
export function parseCertificateNumber(value: string): {prefix: string; courseCode: string; year: number; seq: number} | null {
  if (!isCertificateNumber(value)) return null
  const [prefix, courseCode, year, seq] = value.split('-') as [string, string, string, string]
  return {prefix, courseCode, year: Number(year), seq: Number(seq)}
}

/** Validity in whole years a course may have (Studio bounds). */
export const CERTIFICATE_VALIDITY_YEARS = {min: 1, max: 20} as const

/**
 * The expiry day of a certificate issued on `issuedOn` ('YYYY-MM-DD') valid for `validityYears`
 * whole years: the same day and month that many years later; null when the course has no validity
 * (null, undefined or 0: the certificate does not expire). A 29 Feb issue expires on 28 Feb of a
 * non-leap year: certificateExpiry('2028-02-29', 5) → '2033-02-28'; certificateExpiry('2028-02-29', 4)
 * → '2032-02-29'. Throws RangeError for an issue day that is not a real day or a validity that is
 * not a positive whole number.
 */
export function certificateExpiry(issuedOn: string, validityYears: number | null | undefined): string | null {
  if (!isIsoDate(issuedOn)) throw new RangeError(`Invalid issue day ${JSON.stringify(issuedOn)}`)
  if (validityYears === null || validityYears === undefined || validityYears === 0) return null
  if (!Number.isInteger(validityYears) || validityYears < 0) throw new RangeError(`Invalid validity ${validityYears}`)
  const [year, month, day] = issuedOn.split('-').map(Number) as [number, number, number]
  const targetYear = year + validityYears
  const lastDay = new Date(Date.UTC(targetYear, month, 0)).getUTCDate()
  return `${String(targetYear).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`
}

/** A certificate's status on a day. */
export const CERTIFICATE_STATUSES = ['valid', 'expired', 'revoked'] as const
export type CertificateStatus = (typeof CERTIFICATE_STATUSES)[number]

/** What the pages and the API's readers see for each status. */
export const STATUS_LABELS: Readonly<Record<CertificateStatus, string>> = {valid: 'Valid', expired: 'Expired', revoked: 'Revoked'}

/** The dates a status depends on. */
export type CertificateDates = {expiresOn: string | null; revokedOn: string | null}

/**
 * The status on `today` ('YYYY-MM-DD'): 'revoked' when `revokedOn` is set, 'expired' when
 * `expiresOn` is before today (a certificate is valid through its expiry day), else 'valid'.
 */
export function certificateStatus(cert: CertificateDates, today: string): CertificateStatus {
  if (cert.revokedOn) return 'revoked'
  if (cert.expiresOn && cert.expiresOn < today) return 'expired'
  return 'valid'
}

/** Days before expiry when the holder is reminded and the admin list shows "Expiring in 90 days". */
export const EXPIRY_REMINDER_DAYS = 90

/** Whole days from day `from` to day `to` ('YYYY-MM-DD'; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const ms = (value: string) => {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number]
    return Date.UTC(y, m - 1, d)
  }
  return Math.round((ms(to) - ms(from)) / 86_400_000)
}

/**
 * Whether the certificate is valid on `today` and expires within `days` days of it (its expiry
 * day is today … today + days, inclusive). A certificate that does not expire never is.
 */
export function isExpiringWithin(cert: CertificateDates, today: string, days: number = EXPIRY_REMINDER_DAYS): boolean {
  if (certificateStatus(cert, today) !== 'valid' || !cert.expiresOn) return false
  const left = daysBetween(today, cert.expiresOn)
  return left >= 0 && left <= days
}

/**
 * The holder's name as the public QR page shows it before the date of birth is given: the first
 * letter of each word kept, every other letter replaced by one `*`: 'Rahul Mehta' → 'R**** M****'.
 * Spaces are kept (runs of white space become one); hyphens and apostrophes are kept and start a
 * new part ('Anne-Marie' → 'A***-M****').
 */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) =>
      word
        .split(/([-'’])/)
        .map((part) => (part === '-' || part === "'" || part === '’' ? part : maskPart(part)))
        .join(''),
    )
    .join(' ')
}

function maskPart(part: string): string {
  const letters = Array.from(part)
  return letters.length === 0 ? '' : letters[0] + '*'.repeat(letters.length - 1)
}

/** The one answer to an unknown number and to a wrong date of birth (no way to tell which). */
export const NO_MATCH_MESSAGE = 'No certificate matches these details'

/** Look-ups of GET /api/verify and the verify pages per client per window (429 after). */
export const VERIFY_RATE_LIMIT = {max: 20, windowSeconds: 600} as const

/** What the PDF, the e-mail and the pages print for a certificate without an expiry day. */
export const NO_EXPIRY_TEXT = 'Does not expire'

/** The public verification form's path. */
export const VERIFY_PATH = '/verify'

/** The QR code's target: `/verify/{number}` (the number URL-encoded). */
export const verifyPath = (number: string): string => `${VERIFY_PATH}/${encodeURIComponent(number)}`

/** The file name of a certificate's PDF: `certificate-MTC-BOSIET-2026-00001.pdf`. */
export const certificateFileName = (number: string): string => `certificate-${number}.pdf`

/**
 * The course dates the issue form starts with: the enrolment's batch days when it has a batch
 * ('YYYY-MM-DD'), else empty (staff type them). Staff may change them.
 */
export function defaultCourseDates(batch: {startDate?: string | null; endDate?: string | null} | null | undefined): {courseStart: string; courseEnd: string} {
  const start = batch?.startDate && isIsoDate(batch.startDate) ? batch.startDate : ''
  const end = batch?.endDate && isIsoDate(batch.endDate) && batch.endDate >= start ? batch.endDate : start
  return {courseStart: start, courseEnd: start ? end : ''}
}
