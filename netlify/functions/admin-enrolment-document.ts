/** GET /api/admin/enrollments/:orderId/documents/:uploadId — downloads a document attached to that order (bearer token). */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {enrolmentDocument} from '../services/admin/enrolments'

export default handle(async (request: Request, context: {ip?: string; params?: Record<string, string>}) => {
  requireMethod(request, 'GET')
  return enrolmentDocument(request, context)
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/documents/:uploadId', method: 'GET'}
