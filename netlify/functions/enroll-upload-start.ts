/**
 * POST /api/enroll/upload — starts a chunked cadetship document upload (netlify/lib/uploads.ts).
 * Body (JSON): {fileName, size, contentType}. 201 {uploadId, chunkSize, chunks};
 * 400 bad body, empty or larger than 10MB; 415 not a PDF/DOC/DOCX/JPG/PNG name or type;
 * 429 after UPLOAD_RATE_LIMIT starts (default 30) from one client within an hour, so
 * anonymous visitors cannot fill storage.
 */
import type {Config, Context} from '@netlify/functions'
import {clientAddress, handle, HttpError, json, readJson, requireMethod} from '../lib/http'
import {checkRateLimit} from '../lib/rate-limit'
import {StartUploadSchema, startUpload} from '../lib/uploads'

export default handle(async (request: Request, context: Pick<Context, 'params' | 'ip'>) => {
  requireMethod(request, 'POST')
  const body = await readJson(request, StartUploadSchema)
  const limit = Number(process.env.UPLOAD_RATE_LIMIT) || 30
  const rate = await checkRateLimit({bucket: 'upload-start', key: clientAddress(request, context), limit, windowSeconds: 3600})
  if (!rate.allowed) {
    throw new HttpError(429, 'Too many uploads. Please try again later.', undefined, {'Retry-After': String(rate.retryAfterSeconds)})
  }
  return json(await startUpload(body), {status: 201})
})

export const config: Config = {path: '/api/enroll/upload', method: 'POST'}
