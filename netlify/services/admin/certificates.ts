/**
 * Staff's certificate use cases (docs/requirements.md#req-issue-20-certificates); the edges
 * (netlify/functions/admin-certificate*.ts) check the token and parse the request with the
 * contracts of schemas/contracts/certificates.ts. The register is ../certificates/register.ts.
 *
 * - issue → {certificate}; not-found unknown order, conflict not completed / a valid certificate
 *   already / an issue in progress;
 * - list (q, orderId) → {certificates, expiringSoon};
 * - revoke (number, reason) → {certificate}; not-found unknown, conflict already revoked;
 * - PDF → the bytes to download as `certificate-{number}.pdf`; not-found unknown.
 */
import type {z} from 'zod'
import type {AdminCertificatesQuerySchema, AdminCertificatesResponse, CertificateResponse, IssueCertificateRequestSchema} from '#schemas/contracts/certificates'
import {providerToday} from '#schemas/rules/batches'
import {certificateFileName} from '#schemas/rules/certificates'
import {ServiceError} from '#netlify/platform/errors'
import {CERTIFICATE_CONTENT_TYPE} from '../certificates/certificate-pdf'
import {
  CERTIFICATE_NOT_FOUND,
  certificatePdf,
  issueCertificate,
  listCertificates,
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
