/**
 * /api/admin/certificates (bearer token; 401 without a valid one); see netlify/services/admin/certificates.ts:
 * - POST {orderId, holderName, dateOfBirth, idNumber?, courseStart, courseEnd} → 201 {certificate};
 *   400 (zod messages), 404 unknown order, 409 not completed / a valid certificate already / an
 *   issue in progress;
 * - GET ?q=&orderId= → {certificates, expiringSoon}; 400 for a malformed orderId;
 * - GET with `page` or `pageSize` (AdminCertificatesListQuerySchema) → {rows, total, page,
 *   pageSize, expiringSoon}; 400 naming a bad parameter (docs/requirements.md#req-admin-list-queries);
 * - GET with `format=csv` (the same filters and sort) → the matching register as a streamed
 *   `certificates-YYYY-MM-DD.csv`, recorded in the audit log (`csv-export`); it also needs the
 *   export permission ('enrolments:export', as every list's CSV).
 */
import type {Config} from '@netlify/functions'
import {
  AdminCertificatesListQuerySchema,
  AdminCertificatesQuerySchema,
  CERTIFICATES_CSV_HEADER,
  certificatesCsvName,
  IssueCertificateRequestSchema,
  MAX_CERTIFICATE_BODY_BYTES,
} from '#schemas/contracts/certificates'
import {exportFilters, isPagedCall} from '#schemas/contracts/list-query'
import {providerToday} from '#schemas/rules/batches'
import {can, NO_ACCESS} from '#schemas/rules/staff-roles'
import {ServiceError} from '../platform/errors'
import {csvDownload, guardedHandle, json, parseWith, queryParam, readJson, readListQuery} from '../platform/http'
import {authorizeStaff, staffAccount, type StaffPrincipal} from '../services/admin/auth'
import {auditStaff} from '../services/staff/audit-trail'
import {
  certificatePageForStaff,
  certificatesCsvForStaff,
  issueCertificateForStaff,
  listCertificatesForStaff,
  type IssueOptions,
} from '../services/admin/certificates'

/** The handler with the issuing `options` (tests inject a PDF renderer). */
export const certificatesHandler =
  (options: IssueOptions = {}) =>
  async (request: Request, _context: unknown, staff: StaffPrincipal): Promise<Response> => {
    if (request.method === 'POST') {
      const body = await readJson(request, IssueCertificateRequestSchema, MAX_CERTIFICATE_BODY_BYTES)
      const answer = await issueCertificateForStaff(body, {...options, account: staffAccount(staff)})
      await auditStaff(staff, 'certificate-issue', {type: 'certificate', id: answer.certificate.number}, {orderId: body.orderId})
      return json(answer, {status: 201})
    }
    const params = new URL(request.url).searchParams
    if (isPagedCall(params) || params.has('format')) {
      const query = readListQuery(request, AdminCertificatesListQuerySchema)
      if (query.format !== 'csv') return json(await certificatePageForStaff(query, {now: options.now}))
      if (!can(staff.role, 'enrolments:export')) throw new ServiceError('forbidden', NO_ACCESS)
      const now = options.now ?? new Date()
      const {count, rows} = await certificatesCsvForStaff(query, {now})
      await auditStaff(staff, 'csv-export', {type: 'certificates', id: 'csv'}, {rows: count, filters: exportFilters(query)})
      return csvDownload(certificatesCsvName(providerToday(now)), CERTIFICATES_CSV_HEADER, rows)
    }
    const [q, orderId] = [queryParam(request, 'q'), queryParam(request, 'orderId')]
    return json(await listCertificatesForStaff(parseWith(AdminCertificatesQuerySchema, {...(q ? {q} : {}), ...(orderId ? {orderId} : {})})))
  }

/** The endpoint with the issuing `options` (tests inject a PDF renderer). */
export const certificatesEndpoint = (options: IssueOptions = {}) =>
  guardedHandle({GET: 'certificates:read', POST: 'certificates:issue'}, authorizeStaff, certificatesHandler(options))

export default certificatesEndpoint()

export const config: Config = {path: '/api/admin/certificates', method: ['GET', 'POST']}
