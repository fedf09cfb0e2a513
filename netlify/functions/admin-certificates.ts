/**
 * /api/admin/certificates (bearer token; 401 without a valid one); see netlify/services/admin/certificates.ts:
 * - POST {orderId, holderName, dateOfBirth, idNumber?, courseStart, courseEnd} → 201 {certificate};
 *   400 (zod messages), 404 unknown order, 409 not completed / a valid certificate already / an
 *   issue in progress;
 * - GET ?q=&orderId= → {certificates, expiringSoon}; 400 for a malformed orderId.
 */
import type {Config} from '@netlify/functions'
import {AdminCertificatesQuerySchema, IssueCertificateRequestSchema, MAX_CERTIFICATE_BODY_BYTES} from '#schemas/contracts/certificates'
import {guardedHandle, json, parseWith, queryParam, readJson} from '../platform/http'
import {authorizeStaff, staffAccount, type StaffPrincipal} from '../services/admin/auth'
import {auditStaff} from '../services/staff/audit-trail'
import {issueCertificateForStaff, listCertificatesForStaff, type IssueOptions} from '../services/admin/certificates'

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
    const [q, orderId] = [queryParam(request, 'q'), queryParam(request, 'orderId')]
    return json(await listCertificatesForStaff(parseWith(AdminCertificatesQuerySchema, {...(q ? {q} : {}), ...(orderId ? {orderId} : {})})))
  }

/** The endpoint with the issuing `options` (tests inject a PDF renderer). */
export const certificatesEndpoint = (options: IssueOptions = {}) =>
  guardedHandle({GET: 'certificates:read', POST: 'certificates:issue'}, authorizeStaff, certificatesHandler(options))

export default certificatesEndpoint()

export const config: Config = {path: '/api/admin/certificates', method: ['GET', 'POST']}
