/** POST /api/admin/certificates/:number/revoke {reason} — revoke a certificate (bearer token); see netlify/services/admin/certificates.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {revokeCertificateForAdmin} from '../services/admin/certificates'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return revokeCertificateForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/certificates/:number/revoke', method: 'POST'}
