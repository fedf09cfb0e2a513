/**
 * POST /api/admin/certificates/:number/revoke {reason} — revoke a certificate (bearer token): 200
 * {certificate}; 401 without a valid token, 400 malformed number or reason, 404 unknown, 409
 * already revoked; see netlify/services/admin/certificates.ts.
 */
import type {Config} from '@netlify/functions'
import {CertificateNumberSchema, MAX_CERTIFICATE_BODY_BYTES, RevokeCertificateRequestSchema} from '#schemas/contracts/certificates'
import {guardedHandle, json, parseWith, readJson, requireMethod} from '../platform/http'
import {auditStaff} from '../services/staff/audit-trail'
import {authorizeStaff, staffAccount, type StaffPrincipal} from '../services/admin/auth'
import {revokeCertificateForStaff} from '../services/admin/certificates'

export default guardedHandle(
  'certificates:revoke',
  authorizeStaff,
  async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
    requireMethod(request, 'POST')
    const number = parseWith(CertificateNumberSchema, context.params?.number ?? '')
    const {reason} = await readJson(request, RevokeCertificateRequestSchema, MAX_CERTIFICATE_BODY_BYTES)
    const answer = await revokeCertificateForStaff(number, reason, {account: staffAccount(staff)})
    await auditStaff(staff, 'certificate-revoke', {type: 'certificate', id: number}, {reason})
    return json(answer)
  },
)

export const config: Config = {path: '/api/admin/certificates/:number/revoke', method: 'POST'}
