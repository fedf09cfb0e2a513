/**
 * POST /api/enroll/upload — starts a chunked cadetship document upload (netlify/lib/uploads.ts).
 * Body (JSON): {fileName, size, contentType}. 201 {uploadId, chunkSize, chunks};
 * 400 bad body, empty or larger than 10MB; 415 not a PDF/DOC/DOCX/JPG/PNG name or type.
 */
import type {Config, Context} from '@netlify/functions'
import {handle, json, readJson, requireMethod} from '../lib/http'
import {StartUploadSchema, startUpload} from '../lib/uploads'

export default handle(async (request: Request, _context: Pick<Context, 'params'>) => {
  requireMethod(request, 'POST')
  const body = await readJson(request, StartUploadSchema)
  return json(await startUpload(body), {status: 201})
})

export const config: Config = {path: '/api/enroll/upload', method: 'POST'}
