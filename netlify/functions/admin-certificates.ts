/** GET /api/admin/certificates (the register, searchable) and POST /api/admin/certificates (issue one) — bearer token; see netlify/services/admin/certificates.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {issueCertificateForAdmin, listCertificatesForAdmin} from '../services/admin/certificates'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET', 'POST')
  return request.method === 'POST' ? issueCertificateForAdmin(request) : listCertificatesForAdmin(request)
})

export const config: Config = {path: '/api/admin/certificates', method: ['GET', 'POST']}
