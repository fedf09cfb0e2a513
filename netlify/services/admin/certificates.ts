/**
 * Staff's certificate endpoints (issue 20; docs/requirements.md#req-issue-20-certificates), behind
 * a valid token (./auth.ts: 401 without); every answer Cache-Control: no-store. The register is
 * netlify/services/certificates/register.ts; the contracts schemas/contracts/certificates.ts.
 *
 * - POST /api/admin/certificates {orderId, holderName, dateOfBirth, idNumber?, courseStart, courseEnd}
 *   → 201 {certificate}; 400 (zod messages), 404 unknown order, 409 not completed / a valid
 *   certificate already / an issue in progress;
 * - GET /api/admin/certificates?q=&orderId= → {certificates, expiringSoon}; 400 for a malformed orderId;
 * - POST /api/admin/certificates/:number/revoke {reason} → 200 {certificate}; 400 malformed number
 *   or reason, 404 unknown, 409 already revoked;
 * - GET /api/admin/certificates/:number/pdf → the PDF as an attachment `certificate-{number}.pdf`.
 */
import {
  AdminCertificatesQuerySchema,
  CertificateNumberSchema,
  IssueCertificateRequestSchema,
  MAX_CERTIFICATE_BODY_BYTES,
  RevokeCertificateRequestSchema,
  type AdminCertificatesResponse,
  type CertificateResponse,
} from '#schemas/contracts/certificates'
import {providerToday} from '#schemas/rules/batches'
import {certificateFileName} from '#schemas/rules/certificates'
import {NO_STORE} from '#netlify/platform/cache'
import {NON_PAGE_CSP} from '#netlify/platform/security'
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
import {HttpError, json, parseWith, readJson} from '#netlify/platform/http'
import {requireAdmin} from './auth'
import {contentDisposition} from './enrolments'

type Context = {params?: Record<string, string>}

/** The `:number` path parameter, upper-cased: 400 when it is not a certificate number. */
const numberParam = (context: Context | undefined): string => parseWith(CertificateNumberSchema, context?.params?.number ?? '')

/** POST /api/admin/certificates; `options` go to issueCertificate (the clock, the PDF renderer). */
export async function issueCertificateForAdmin(request: Request, options: Pick<RegisterOptions, 'now' | 'renderCertificatePdf'> = {}): Promise<Response> {
  const {email} = await requireAdmin(request)
  const body = await readJson(request, IssueCertificateRequestSchema, MAX_CERTIFICATE_BODY_BYTES)
  const now = options.now ?? new Date()
  const {record} = await issueCertificate(body, {...options, now, account: email})
  const answer: CertificateResponse = {certificate: toCertificate(record, providerToday(now))}
  return json(answer, {status: 201})
}

/** GET /api/admin/certificates?q=&orderId=. */
export async function listCertificatesForAdmin(request: Request, options: {now?: Date} = {}): Promise<Response> {
  await requireAdmin(request)
  const params = new URL(request.url).searchParams
  const query = parseWith(AdminCertificatesQuerySchema, {
    ...(params.get('q') ? {q: params.get('q')} : {}),
    ...(params.get('orderId') ? {orderId: params.get('orderId')} : {}),
  })
  const answer: AdminCertificatesResponse = await listCertificates(query, providerToday(options.now ?? new Date()))
  return json(answer)
}

/** POST /api/admin/certificates/:number/revoke. */
export async function revokeCertificateForAdmin(request: Request, context: Context | undefined, options: {now?: Date} = {}): Promise<Response> {
  const {email} = await requireAdmin(request)
  const number = numberParam(context)
  const {reason} = await readJson(request, RevokeCertificateRequestSchema, MAX_CERTIFICATE_BODY_BYTES)
  const now = options.now ?? new Date()
  const record = await revokeCertificate(number, reason, {now, account: email})
  const answer: CertificateResponse = {certificate: toCertificate(record, providerToday(now))}
  return json(answer)
}

/** GET /api/admin/certificates/:number/pdf. */
export async function certificatePdfForAdmin(request: Request, context: Context | undefined): Promise<Response> {
  await requireAdmin(request)
  const number = numberParam(context)
  const found = await certificatePdf(number)
  if (!found) throw new HttpError(404, CERTIFICATE_NOT_FOUND)
  const bytes = found.pdf
  return new Response(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer, {
    headers: {
      'Content-Type': CERTIFICATE_CONTENT_TYPE,
      'Content-Length': String(bytes.byteLength),
      'Content-Disposition': contentDisposition(certificateFileName(number)),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': NO_STORE,
      'Content-Security-Policy': `${NON_PAGE_CSP}; sandbox`,
    },
  })
}
