/**
 * GET /api/admin/certificates/:number/pdf — a certificate's PDF as the attachment
 * `certificate-{number}.pdf` (bearer token): 401 without a valid token, 400 malformed number, 404
 * unknown; see netlify/services/admin/certificates.ts.
 */
import type {Config} from '@netlify/functions'
import {CertificateNumberSchema} from '#schemas/contracts/certificates'
import {download, handle, parseWith, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {certificatePdfForStaff} from '../services/admin/certificates'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'GET')
  await requireBearer(request, verifyStaffToken)
  const {bytes, ...file} = await certificatePdfForStaff(parseWith(CertificateNumberSchema, context.params?.number ?? ''))
  return download(bytes, file)
})

export const config: Config = {path: '/api/admin/certificates/:number/pdf', method: 'GET'}
