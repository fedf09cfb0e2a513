/**
 * PUT /api/enroll/upload/:uploadId/:index — one chunk of a document upload, as raw bytes
 * (netlify/services/uploads/uploads.ts). Every chunk but the last is exactly `chunkSize` bytes (4 MiB).
 * 200 {uploadId, index, size}; 400 bad index or length; 404 unknown upload; 409 upload already
 * complete or chunk already sent with other bytes; 413 body over 4 MiB.
 */
import type {Config, Context} from '@netlify/functions'
import {handle, json, readBody, requireMethod} from '../platform/http'
import {MAX_CHUNK_BODY_BYTES, putChunk} from '../services/uploads/uploads'

export default handle(async (request: Request, context: Pick<Context, 'params'>) => {
  requireMethod(request, 'PUT')
  const {uploadId = '', index = ''} = context.params ?? {}
  return json(await putChunk(uploadId, index, () => readBody(request, MAX_CHUNK_BODY_BYTES)))
})

export const config: Config = {path: '/api/enroll/upload/:uploadId/:index', method: 'PUT'}
