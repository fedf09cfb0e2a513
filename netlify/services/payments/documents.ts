/**
 * Documents posted with POST /api/enroll/save as multipart (docs/requirements.md#req-calls: files under
 * `files`). They go through the uploads module's own path — start, chunks, complete — so they
 * are checked (extension, size, magic bytes) and stored exactly like chunked uploads, and come
 * back as ordinary attachments. A file that fails a check is skipped, never stored.
 */
import {ZodError} from 'zod'
import {MAX_DOCUMENTS} from '#schemas/rules/documents'
import {ServiceError} from '#netlify/platform/errors'
import {StartUploadSchema, type Attachment} from '#schemas/contracts/uploads'
import {completeUpload, expectedChunkSize, putChunk, startUpload} from '../uploads/uploads'

export type StoredDocuments = {attachments: Attachment[]; skipped: Array<{fileName: string; reason: string}>}

/** Stores up to `room` of `files` (in order) as completed uploads; the others are skipped. */
export async function storeDocuments(files: File[], room = MAX_DOCUMENTS): Promise<StoredDocuments> {
  const attachments: Attachment[] = []
  const skipped: StoredDocuments['skipped'] = []
  for (const file of files) {
    if (attachments.length >= room) {
      skipped.push({fileName: file.name, reason: `At most ${MAX_DOCUMENTS} documents`})
      continue
    }
    try {
      const start = StartUploadSchema.parse({fileName: file.name, size: file.size, contentType: file.type})
      const bytes = new Uint8Array(await file.arrayBuffer())
      const upload = await startUpload(start)
      let offset = 0
      for (let index = 0; index < upload.chunks; index++) {
        const size = expectedChunkSize({size: bytes.byteLength, chunkSize: upload.chunkSize, chunks: upload.chunks}, index)
        const chunk = bytes.subarray(offset, offset + size)
        offset += size
        await putChunk(upload.uploadId, String(index), async () => chunk)
      }
      attachments.push(await completeUpload(upload.uploadId))
    } catch (error) {
      // The uploads' refusal of this file.
      if (error instanceof ServiceError) {
        skipped.push({fileName: file.name, reason: error.message})
        continue
      }
      if (error instanceof ZodError) {
        skipped.push({fileName: file.name, reason: 'The file name or size is not acceptable'})
        continue
      }
      throw error
    }
  }
  return {attachments, skipped}
}
