/** GET /api/admin/certificates/:number/pdf — a certificate's PDF as a download (bearer token); see netlify/services/admin/certificates.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {certificatePdfForAdmin} from '../services/admin/certificates'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'GET')
  return certificatePdfForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/certificates/:number/pdf', method: 'GET'}
