/** POST /api/admin/certificates/:number/revoke {reason} — revoke a certificate (bearer token); see netlify/lib/admin/certificates.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {revokeCertificateForAdmin} from '../lib/admin/certificates'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return revokeCertificateForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/certificates/:number/revoke', method: 'POST'}
