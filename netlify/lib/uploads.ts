/**
 * Cadetship document uploads (spec section 5, "Document upload"): chunked uploads stored in
 * the `uploads` Blobs store. INTERFACE STUB — the implementation replaces the body.
 */
import {HttpError} from './http'

/** A completed, verified upload, as attached to an enrolment. `size` in bytes. */
export type Attachment = {uploadId: string; fileName: string; contentType: string; size: number}

/**
 * The completed uploads with these ids, in the given order. Throws HttpError(400) naming
 * the first id that is unknown or not completed (an upload that never completed is never
 * attached).
 */
export async function resolveCompletedUploads(uploadIds: string[]): Promise<Attachment[]> {
  if (uploadIds.length === 0) return []
  throw new HttpError(400, 'Document uploads are not available yet')
}
