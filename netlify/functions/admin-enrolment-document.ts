/**
 * GET /api/admin/enrollments/:orderId/documents/:uploadId — downloads a document attached to that
 * order (bearer token), as an attachment of an allowed type (else application/octet-stream),
 * sandboxed. 401 without a valid token; 404 unless that upload is attached to that order.
 */
import type {Config} from '@netlify/functions'
import {download, handle, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {enrolmentDocumentForStaff} from '../services/admin/enrolments'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'GET')
  await requireBearer(request, verifyStaffToken)
  const {bytes, ...file} = await enrolmentDocumentForStaff(context.params?.orderId ?? '', context.params?.uploadId ?? '')
  return download(bytes, {...file, stream: true})
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/documents/:uploadId', method: 'GET'}
