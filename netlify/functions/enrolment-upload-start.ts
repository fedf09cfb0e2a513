/**
 * POST /api/enroll/upload — starts a chunked cadetship document upload (netlify/services/uploads/uploads.ts).
 * Body (JSON): {fileName, size, contentType}. 201 {uploadId, chunkSize, chunks};
 * 400 bad body, empty or larger than 10MB; 415 not a PDF/DOC/DOCX/JPG/PNG name or type;
 * 429 after RATE_LIMIT_UPLOAD_START starts (default 30/1h) from one client, so
 * anonymous visitors cannot fill storage.
 */
import type {Config, Context} from '@netlify/functions'
import {answeringAs, clientAddress, handle, json, readJson, requireMethod} from '../platform/http'
import {enforceRateLimit} from '../platform/rate-limit'
import {StartUploadSchema} from '#schemas/contracts/uploads'
import {startUpload, UnsupportedDocumentError} from '../services/uploads/uploads'

export default handle(async (request: Request, context: Pick<Context, 'params' | 'ip'>) => {
  requireMethod(request, 'POST')
  const body = await readJson(request, StartUploadSchema)
  await enforceRateLimit('UPLOAD_START', clientAddress(request, context), 'Too many uploads. Please try again later.')
  return json(await answeringAs(415, UnsupportedDocumentError, startUpload(body)), {status: 201})
})

export const config: Config = {path: '/api/enroll/upload', method: 'POST'}
