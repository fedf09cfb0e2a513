/**
 * Public verification of certificates (docs/requirements.md#req-issue-20-verify), for
 * GET /api/verify (netlify/functions/verify.ts) and the /verify pages' loaders and actions:
 *
 * - verifyCertificate({number, dateOfBirth}): the certificate's status, holder, course and dates —
 *   only when BOTH the number exists and the date of birth is the holder's; null otherwise, the
 *   same null for an unknown number and a wrong date of birth (the callers answer the one
 *   NO_MATCH_MESSAGE), and the same work for both (a record is read, a comparison made), so
 *   neither the answer nor its headers tell which it was;
 * - lookupMaskedCertificate(number): what the QR page shows before the date of birth — status,
 *   course and dates with the holder's name masked ('R**** M****');
 * - checkVerifyRateLimit(clientKey): one look-up counted against RATE_LIMIT_VERIFY (default 20 per
 *   10 minutes per client: netlify/platform/rate-limit.ts), so the register cannot be enumerated.
 *
 * `today` ('YYYY-MM-DD', the provider's day) defaults to today; statuses are computed on it.
 */
import {timingSafeEqual} from 'node:crypto'
import type {MaskedCertificate, VerifyResponse} from '#schemas/contracts/certificates'
import {providerToday} from '#schemas/rules/batches'
import {certificateStatus, isCertificateNumber, maskName} from '#schemas/rules/certificates'
import {checkNamedRateLimit} from '#netlify/platform/rate-limit'
import {findCertificate, type CertificateRecord} from './register'

/** A date of birth no certificate has: compared against when the number is unknown, so both paths do the same work. */
const NO_DATE = '0000-00-00'

/** Whether two 'YYYY-MM-DD' days are the same, compared in constant time. */
const sameDay = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'utf8')
  const right = Buffer.from(b, 'utf8')
  return left.length === right.length && timingSafeEqual(left, right)
}

function publicView(record: CertificateRecord, today: string): Omit<VerifyResponse, 'holderName'> {
  return {
    status: certificateStatus(record, today),
    number: record.number,
    courseName: record.courseName,
    courseStart: record.courseStart,
    courseEnd: record.courseEnd,
    issuedOn: record.issuedOn,
    expiresOn: record.expiresOn,
    revokedOn: record.revokedOn,
  }
}

/**
 * The verification of certificate `number` for the holder born on `dateOfBirth` ('YYYY-MM-DD'),
 * or null when no certificate matches both (unknown number, wrong date of birth, malformed input:
 * one null). The number is compared upper-case and trimmed.
 */
export async function verifyCertificate(
  query: {number: string; dateOfBirth: string},
  today: string = providerToday(new Date()),
): Promise<VerifyResponse | null> {
  const number = query.number.trim().toUpperCase()
  const record = isCertificateNumber(number) ? await findCertificate(number) : null
  const matches = sameDay(record?.dateOfBirth ?? NO_DATE, query.dateOfBirth.trim())
  if (!record || !matches) return null
  const view = publicView(record, today)
  return {
    status: view.status,
    number: view.number,
    holderName: record.holderName,
    courseName: view.courseName,
    courseStart: view.courseStart,
    courseEnd: view.courseEnd,
    issuedOn: view.issuedOn,
    expiresOn: view.expiresOn,
    revokedOn: view.revokedOn,
  }
}

/** What /verify/{number} shows before the date of birth (the holder's name masked), or null for an unknown or malformed number. */
export async function lookupMaskedCertificate(number: string, today: string = providerToday(new Date())): Promise<MaskedCertificate | null> {
  const normalised = number.trim().toUpperCase()
  const record = isCertificateNumber(normalised) ? await findCertificate(normalised) : null
  if (!record) return null
  return {...publicView(record, today), maskedName: maskName(record.holderName)}
}

/**
 * Counts one look-up of `clientKey` (the client's address: netlify/platform/http.ts clientAddress, or
 * the page's request address) against RATE_LIMIT_VERIFY; `allowed` false when over it, with the
 * seconds until the window closes (a Retry-After value). Throws only when Blobs does.
 */
export async function checkVerifyRateLimit(clientKey: string, now?: Date): Promise<{allowed: boolean; retryAfterSeconds: number}> {
  const {allowed, retryAfterSeconds} = await checkNamedRateLimit('VERIFY', clientKey, now)
  return {allowed, retryAfterSeconds}
}
