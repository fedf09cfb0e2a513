/**
 * Staff's certificate use cases (docs/requirements.md#req-issue-20-certificates); the edges
 * (netlify/functions/admin-certificate*.ts) check the token and parse the request with the
 * contracts of schemas/contracts/certificates.ts. The register is ../certificates/register.ts.
 *
 * - issue → {certificate}; not-found unknown order, conflict not completed / a valid certificate
 *   already / an issue in progress;
 * - list (q, orderId) → {certificates, expiringSoon};
 * - page (a parsed AdminCertificatesListQuery: search, status, orderId, days, sort;
 *   #schemas/rules/admin-lists matchingCertificates) → {rows, total, page, pageSize, expiringSoon};
 * - CSV (the same query) → every matching certificate as a CSV row, in the list's order, yielded
 *   one by one (docs/requirements.md#req-admin-list-queries);
 * - revoke (number, reason) → {certificate}; not-found unknown, conflict already revoked;
 * - PDF → the bytes to download as `certificate-{number}.pdf`; not-found unknown.
 */
import type {z} from 'zod'
import {
  certificateCsvRow,
  type AdminCertificatesListQuery,
  type AdminCertificatesPage,
  type AdminCertificatesQuerySchema,
  type AdminCertificatesResponse,
  type CertificateResponse,
  type IssueCertificateRequestSchema,
} from '#schemas/contracts/certificates'
import {pageOf} from '#schemas/contracts/list-query'
import {matchingCertificates} from '#schemas/rules/admin-lists'
import type {CsvValue} from '#schemas/rules/csv'
import {providerToday} from '#schemas/rules/batches'
import {certificateFileName} from '#schemas/rules/certificates'
import {ServiceError} from '#netlify/platform/errors'
import {CERTIFICATE_CONTENT_TYPE} from '../certificates/certificate-pdf'
import {
  CERTIFICATE_NOT_FOUND,
  certificatePdf,
  issueCertificate,
  listCertificates,
  registerForList,
  revokeCertificate,
  toCertificate,
  type RegisterOptions,
} from '../certificates/register'
import type {StaffDocument} from './enrolments'

/** The issuing options the edge may inject (the clock, the PDF renderer). */
export type IssueOptions = Pick<RegisterOptions, 'now' | 'renderCertificatePdf'>

/** Issues the certificate of `body` (IssueCertificateRequestSchema, parsed) as `account`. */
export async function issueCertificateForStaff(
  body: z.infer<typeof IssueCertificateRequestSchema>,
  options: IssueOptions & {account: string},
): Promise<CertificateResponse> {
  const now = options.now ?? new Date()
  const {record} = await issueCertificate(body, {...options, now})
  return {certificate: toCertificate(record, providerToday(now))}
}

/** The register's certificates matching `query` (AdminCertificatesQuerySchema, parsed) at `now`. */
export async function listCertificatesForStaff(
  query: z.infer<typeof AdminCertificatesQuerySchema>,
  options: {now?: Date} = {},
): Promise<AdminCertificatesResponse> {
  return listCertificates(query, providerToday(options.now ?? new Date()))
}

/** One page of the register matching `query` (parsed AdminCertificatesListQuerySchema) at `now`, with the certificates expiring soon. */
export async function certificatePageForStaff(query: AdminCertificatesListQuery, options: {now?: Date} = {}): Promise<AdminCertificatesPage> {
  const {certificates, expiringSoon} = await registerForList(providerToday(options.now ?? new Date()))
  return {...pageOf(matchingCertificates(certificates, query), query), expiringSoon}
}

/**
 * The register's CSV for `query` at `now`: how many rows, and the rows (certificateCsvRow) of
 * every matching certificate in the list's order, yielded one at a time (`page` ignored).
 */
export async function certificatesCsvForStaff(
  query: AdminCertificatesListQuery,
  options: {now?: Date} = {},
): Promise<{count: number; rows: AsyncIterable<CsvValue[]>}> {
  const {certificates} = await registerForList(providerToday(options.now ?? new Date()))
  const matching = matchingCertificates(certificates, query)
  async function* rows() {
    for (const certificate of matching) yield certificateCsvRow(certificate)
  }
  return {count: matching.length, rows: rows()}
}

/** Revokes certificate `number` (CertificateNumberSchema, parsed) for `reason` as `account`. */
export async function revokeCertificateForStaff(number: string, reason: string, options: {account: string; now?: Date}): Promise<CertificateResponse> {
  const now = options.now ?? new Date()
  const record = await revokeCertificate(number, reason, {now, account: options.account})
  return {certificate: toCertificate(record, providerToday(now))}
}

/** The PDF of certificate `number` as a download; not-found CERTIFICATE_NOT_FOUND when there is none. */
export async function certificatePdfForStaff(number: string): Promise<StaffDocument> {
  const found = await certificatePdf(number)
  if (!found) throw new ServiceError('not-found', CERTIFICATE_NOT_FOUND)
  return {bytes: found.pdf, contentType: CERTIFICATE_CONTENT_TYPE, fileName: certificateFileName(number)}
}
