/**
 * POST /api/enroll/upload/:uploadId/complete — finishes a document upload
 * (netlify/services/uploads/uploads.ts): all chunks present, sizes adding up to the declared size, magic
 * bytes matching the name's extension. No body. 200 {uploadId, fileName, contentType, size}
 * (also when already complete); 400 chunks missing; 404 unknown upload; 415 content is not
 * the allowed type its name claims (the upload is then rejected and its bytes deleted).
 */
import type {Config, Context} from '@netlify/functions'
import {answeringAs, handle, json, requireMethod} from '../platform/http'
import {completeUpload, UnsupportedDocumentError} from '../services/uploads/uploads'

export default handle(async (request: Request, context: Pick<Context, 'params'>) => {
  requireMethod(request, 'POST')
  return json(await answeringAs(415, UnsupportedDocumentError, completeUpload(context.params?.uploadId ?? '')))
})

export const config: Config = {path: '/api/enroll/upload/:uploadId/complete', method: 'POST'}
