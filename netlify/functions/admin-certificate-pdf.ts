/**
 * GET /api/admin/certificates/:number/pdf — a certificate's PDF as the attachment
 * `certificate-{number}.pdf` (bearer token): 401 without a valid token, 400 malformed number, 404
 * unknown; see netlify/services/admin/certificates.ts.
 */
import type {Config} from '@netlify/functions'
import {CertificateNumberSchema} from '#schemas/contracts/certificates'
import {download, guardedHandle, parseWith, requireMethod} from '../platform/http'
import {auditStaff} from '../services/staff/audit-trail'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {certificatePdfForStaff} from '../services/admin/certificates'

export default guardedHandle(
  'certificates:read',
  authorizeStaff,
  async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
    requireMethod(request, 'GET')
    const number = parseWith(CertificateNumberSchema, context.params?.number ?? '')
    const {bytes, ...file} = await certificatePdfForStaff(number)
    await auditStaff(staff, 'document-download', {type: 'certificate', id: number}, {fileName: file.fileName})
    return download(bytes, file)
  },
)

export const config: Config = {path: '/api/admin/certificates/:number/pdf', method: 'GET'}
