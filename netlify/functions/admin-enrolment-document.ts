/**
 * GET /api/admin/enrollments/:orderId/documents/:uploadId — downloads a document attached to that
 * order (bearer token), as an attachment (`Content-Disposition: attachment` with a safe file name,
 * RFC 6266 `filename*` for the exact one) of an allowed type (else application/octet-stream),
 * sandboxed, `Cache-Control: no-store`. 401 without a valid token; 404 unless that upload is
 * attached to that order; 410 once the enrolment's documents were deleted under the retention
 * period (docs/requirements.md#req-document-retention).
 */
import type {Config} from '@netlify/functions'
import {download, guardedHandle, requireMethod} from '../platform/http'
import {auditStaff} from '../services/staff/audit-trail'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {enrolmentDocumentForStaff} from '../services/admin/enrolments'

export default guardedHandle('documents:read', authorizeStaff, async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  const [orderId, uploadId] = [context.params?.orderId ?? '', context.params?.uploadId ?? '']
  const {bytes, ...file} = await enrolmentDocumentForStaff(orderId, uploadId)
  await auditStaff(staff, 'document-download', {type: 'enrolment', id: orderId}, {uploadId, fileName: file.fileName})
  return download(bytes, {...file, stream: true})
})

export const config: Config = {path: '/api/admin/enrollments/:orderId/documents/:uploadId', method: 'GET'}
