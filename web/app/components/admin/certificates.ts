/**
 * The admin side of course certificates (docs/requirements.md#req-issue-20-admin-certificates),
 * free of React: the requests of /admin/certificates and of the enrolment dialog's certificate
 * section, with the bearer token, and the register's texts.
 *
 * - GET /api/admin/certificates[?q=&orderId=] → {certificates (newest first), expiringSoon (valid,
 *   expiring within 90 days, soonest first)}; with `page` one page of the register searched,
 *   filtered and sorted by the server (docs/requirements.md#req-admin-list-queries) and with
 *   `format=csv` the whole matching register as CSV, made and streamed by the server.
 * - POST /api/admin/certificates {orderId, holderName, dateOfBirth, idNumber?, courseStart,
 *   courseEnd} → 201 {certificate}; 400 (a field), 404 (no such enrolment), 409 (not completed,
 *   or a valid certificate already) carry the server's `{error}`, shown as it is.
 * - POST /api/admin/certificates/{number}/revoke {reason} → {certificate}; 409 revoked already.
 * - GET /api/admin/certificates/{number}/pdf → the PDF, saved through an object URL (a plain link
 *   could not send the bearer header).
 * Every 401 throws UnauthorizedError (the page signs out); other failures throw Error with the
 * server's message for 4xx, else CERTIFICATE_MESSAGES.
 */
import {
  AdminCertificatesPageSchema,
  AdminCertificatesResponseSchema,
  CertificateResponseSchema,
  certificatesCsvName,
  type AdminCertificatesResponse,
  type Certificate,
  type IssueCertificateRequest,
  type RevokeCertificateRequest,
} from '#schemas/contracts/certificates'
import {certificateFileName, daysBetween} from '#schemas/rules/certificates'
import {localDate} from '#schemas/rules/format'
import {adminFetch, adminRequest, clientErrors} from './admin-fetch'
import {saveBlob} from './api'

export const CERTIFICATE_MESSAGES = {
  loadFailed: 'Failed to load the certificates',
  issueFailed: 'The certificate could not be issued. Please try again.',
  revokeFailed: 'The certificate could not be revoked. Please try again.',
  pdfFailed: 'The certificate PDF could not be downloaded. Please try again.',
  csvFailed: 'The CSV could not be downloaded. Please try again.',
  empty: 'No certificates have been issued yet.',
  noMatches: 'No certificates match your search.',
  noneExpiring: 'No certificate expires in the next 90 days.',
  notCompleted: 'A certificate can be issued once the enrolment is completed.',
  markCompleted: 'Mark the enrolment as completed above when the candidate has finished the course.',
  reasonRequired: 'Please give the reason for revoking this certificate.',
} as const

/** /api/admin/certificates/{number}[/{action}] */
export const certificateUrl = (number: string, action?: 'revoke' | 'pdf') =>
  `/api/admin/certificates/${encodeURIComponent(number)}${action ? `/${action}` : ''}`

/** The register (or one enrolment's certificates with `orderId`) and the certificates expiring soon. */
export function fetchCertificates(token: string, signal?: AbortSignal, query: {orderId?: string; q?: string} = {}): Promise<AdminCertificatesResponse> {
  const search = new URLSearchParams()
  if (query.q) search.set('q', query.q)
  if (query.orderId) search.set('orderId', query.orderId)
  const url = `/api/admin/certificates${search.size ? `?${search}` : ''}`
  return adminFetch(url, {token, signal, schema: AdminCertificatesResponseSchema, failed: CERTIFICATE_MESSAGES.loadFailed})
}

/** One page of the register for `params` (page, pageSize, q, sort, dir, status, from, to) and the certificates expiring soon; a 400 shows the server's message. */
export function fetchCertificatesPage(token: string, params: URLSearchParams, signal?: AbortSignal) {
  return adminFetch(`/api/admin/certificates?${params}`, {
    token,
    signal,
    schema: AdminCertificatesPageSchema,
    failed: CERTIFICATE_MESSAGES.loadFailed,
    serverMessage: clientErrors,
  })
}

/** Downloads the register's CSV made by the server for `params` (the page's search, filters and sort; every page) and saves it. */
export async function downloadCertificatesCsv(token: string, params: URLSearchParams): Promise<void> {
  const search = new URLSearchParams(params)
  search.set('format', 'csv')
  const response = await adminRequest(`/api/admin/certificates?${search}`, {
    token,
    headers: {Accept: 'text/csv'},
    failed: CERTIFICATE_MESSAGES.csvFailed,
    serverMessage: clientErrors,
  })
  saveBlob(await response.blob(), certificatesCsvFileName(new Date()))
}

/** POST `url` with `body` as JSON; the certificate of the answer. */
async function postForCertificate(token: string, url: string, body: unknown, failed: string): Promise<Certificate> {
  return (await adminFetch(url, {token, method: 'POST', body, schema: CertificateResponseSchema, failed, serverMessage: clientErrors})).certificate
}

/** Issues a certificate for a completed enrolment (see the module comment for the errors). */
export function issueCertificate(token: string, body: IssueCertificateRequest): Promise<Certificate> {
  return postForCertificate(token, '/api/admin/certificates', body, CERTIFICATE_MESSAGES.issueFailed)
}

/** Revokes certificate `number` with `reason`; resolves to the certificate after it (status revoked). */
export function revokeCertificate(token: string, number: string, reason: string): Promise<Certificate> {
  return postForCertificate(token, certificateUrl(number, 'revoke'), {reason} satisfies RevokeCertificateRequest, CERTIFICATE_MESSAGES.revokeFailed)
}

/** A field of the issue form (the enrolment dialog's "Issue certificate"). */
export type IssueField = 'holderName' | 'dateOfBirth' | 'idNumber' | 'courseStart' | 'courseEnd'

/** The issue form's labels, also used to name the fields in the API's messages. */
export const ISSUE_LABELS: Readonly<Record<IssueField, string>> = {
  holderName: 'Full name as printed',
  dateOfBirth: 'Date of birth',
  idNumber: 'INDoS or passport number',
  courseStart: 'Course start',
  courseEnd: 'Course end',
}
export const ISSUE_FIELDS = Object.keys(ISSUE_LABELS) as IssueField[]

/**
 * An API message with its field names replaced by the form's labels: "dateOfBirth must be in the
 * past" → "Date of birth must be in the past"; "courseEnd must be on or after courseStart" →
 * "Course end must be on or after the course start". Other messages are left as they are.
 */
export function withLabel(message: string): string {
  return message.replace(/\b(holderName|dateOfBirth|idNumber|courseStart|courseEnd)\b/g, (name, _match, offset: number) =>
    offset === 0 ? ISSUE_LABELS[name as IssueField] : `the ${ISSUE_LABELS[name as IssueField].toLowerCase()}`,
  )
}

/** Downloads the certificate's PDF with the bearer header and saves it. */
export async function downloadCertificatePdf(token: string, number: string): Promise<void> {
  const response = await adminRequest(certificateUrl(number, 'pdf'), {
    token,
    headers: {Accept: '*/*'},
    failed: CERTIFICATE_MESSAGES.pdfFailed,
    serverMessage: clientErrors,
  })
  saveBlob(await response.blob(), certificateFileName(number))
}

/** The revoke form's check: the reason, trimmed (1–500 characters), or the message to show. */
export function revokeReasonProblem(reason: string): string | null {
  const trimmed = reason.trim()
  if (!trimmed) return CERTIFICATE_MESSAGES.reasonRequired
  if (trimmed.length > 500) return 'Please keep the reason under 500 characters.'
  return null
}

/** "in 12 days", "today", "tomorrow": how far `expiresOn` is from `today` (both 'YYYY-MM-DD'). */
export function expiresInText(expiresOn: string, today: string): string {
  const days = daysBetween(today, expiresOn)
  if (days <= 0) return 'today'
  if (days === 1) return 'tomorrow'
  return `in ${days} days`
}

/** certificates-{YYYY-MM-DD}.csv (the day of `date` where the browser is). */
export const certificatesCsvFileName = (date: Date) => certificatesCsvName(localDate(date))

/** The register's page after `certificate` changed (revoked): its row replaced, and it leaves "Expiring in 90 days" unless still valid. */
export function withCertificate<P extends {rows: Certificate[]; expiringSoon: Certificate[]}>(register: P, certificate: Certificate): P {
  const replace = (list: Certificate[]) => list.map((c) => (c.number === certificate.number ? certificate : c))
  return {
    ...register,
    rows: replace(register.rows),
    expiringSoon: certificate.status === 'valid' ? replace(register.expiringSoon) : register.expiringSoon.filter((c) => c.number !== certificate.number),
  }
}
