/**
 * /api/admin/certificates (bearer token; 401 without a valid one); see netlify/services/admin/certificates.ts:
 * - POST {orderId, holderName, dateOfBirth, idNumber?, courseStart, courseEnd} → 201 {certificate};
 *   400 (zod messages), 404 unknown order, 409 not completed / a valid certificate already / an
 *   issue in progress;
 * - GET ?q=&orderId= → {certificates, expiringSoon}; 400 for a malformed orderId.
 */
import type {Config} from '@netlify/functions'
import {AdminCertificatesQuerySchema, IssueCertificateRequestSchema, MAX_CERTIFICATE_BODY_BYTES} from '#schemas/contracts/certificates'
import {handle, json, parseWith, queryParam, readJson, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {issueCertificateForStaff, listCertificatesForStaff, type IssueOptions} from '../services/admin/certificates'

/** The handler with the issuing `options` (tests inject a PDF renderer). */
export const certificatesHandler =
  (options: IssueOptions = {}) =>
  async (request: Request): Promise<Response> => {
    requireMethod(request, 'GET', 'POST')
    const {email} = await requireBearer(request, verifyStaffToken)
    if (request.method === 'POST') {
      const body = await readJson(request, IssueCertificateRequestSchema, MAX_CERTIFICATE_BODY_BYTES)
      return json(await issueCertificateForStaff(body, {...options, account: email}), {status: 201})
    }
    const [q, orderId] = [queryParam(request, 'q'), queryParam(request, 'orderId')]
    return json(await listCertificatesForStaff(parseWith(AdminCertificatesQuerySchema, {...(q ? {q} : {}), ...(orderId ? {orderId} : {})})))
  }

export default handle(certificatesHandler())

export const config: Config = {path: '/api/admin/certificates', method: ['GET', 'POST']}
