/** GET /api/admin/certificates/:number/pdf — a certificate's PDF as a download (bearer token); see netlify/lib/admin/certificates.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {certificatePdfForAdmin} from '../lib/admin/certificates'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'GET')
  return certificatePdfForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/certificates/:number/pdf', method: 'GET'}
