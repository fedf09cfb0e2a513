/**
 * POST /api/admin/certificates/:number/revoke {reason} — revoke a certificate (bearer token): 200
 * {certificate}; 401 without a valid token, 400 malformed number or reason, 404 unknown, 409
 * already revoked; see netlify/services/admin/certificates.ts.
 */
import type {Config} from '@netlify/functions'
import {CertificateNumberSchema, MAX_CERTIFICATE_BODY_BYTES, RevokeCertificateRequestSchema} from '#schemas/contracts/certificates'
import {handle, json, parseWith, readJson, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {revokeCertificateForStaff} from '../services/admin/certificates'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  const {email} = await requireBearer(request, verifyStaffToken)
  const number = parseWith(CertificateNumberSchema, context.params?.number ?? '')
  const {reason} = await readJson(request, RevokeCertificateRequestSchema, MAX_CERTIFICATE_BODY_BYTES)
  return json(await revokeCertificateForStaff(number, reason, {account: email}))
})

export const config: Config = {path: '/api/admin/certificates/:number/revoke', method: 'POST'}
