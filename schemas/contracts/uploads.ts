/**
 * The contracts of the chunked document uploads (docs/requirements.md#req-validation-upload), one zod
 * schema each, used by the functions (netlify/functions/enrolment-upload-*.ts through
 * netlify/services/uploads/uploads.ts) and, as types, by the browser client (web/app/lib/upload-client.ts):
 *
 *   start    POST /api/enroll/upload StartUploadSchema                   → 201 StartUploadResponseSchema
 *   chunk    PUT  /api/enroll/upload/:uploadId/:index (raw bytes)        → 200 ChunkResponseSchema
 *   complete POST /api/enroll/upload/:uploadId/complete (no body)        → 200 AttachmentSchema
 *
 * AttachmentSchema is also the one shape of a document attached to an enrolment: stored with the
 * enrolment record, answered by the admin detail (schemas/contracts/admin.ts), listed by the form.
 * Errors of every call are `{error: message}` (netlify/platform/http.ts).
 */
import {z} from 'zod'
import {UploadIdSchema} from './ids'

/**
 * A completed, verified upload, as attached to an enrolment: `contentType` is the canonical MIME
 * type of its verified content (schemas/rules/documents.ts), `size` in bytes.
 */
export const AttachmentSchema = z.object({
  uploadId: UploadIdSchema,
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  /** Set on a document the candidate added in My training (absent: sent with the enrolment form). */
  addedBy: z.literal('candidate').optional(),
  /** When the candidate added it (ISO 8601); with `addedBy`. */
  addedAt: z.string().optional(),
  /** The checklist item the candidate said it is (e.g. "Passport (original and a copy)"); absent when not said. */
  checklistItem: z.string().optional(),
})
export type Attachment = z.infer<typeof AttachmentSchema>

/** The last path segment of a name, without control characters, trimmed. */
function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
}

/**
 * The body of POST /api/enroll/upload: the file's name (its last path segment, cleaned), its
 * size in bytes and the MIME type the browser reported ('' when none). 400 with these messages
 * when it does not parse; the document rule itself (type, size) is checked afterwards (415/400).
 */
export const StartUploadSchema = z.object({
  fileName: z
    .string({required_error: 'Send the file name', invalid_type_error: 'Send the file name'})
    .max(255, 'The file name is too long (at most 255 characters)')
    .transform(cleanFileName)
    .refine((name) => name.length > 0, 'Send the file name'),
  size: z
    .number({required_error: 'Send the file size in bytes', invalid_type_error: 'Send the file size in bytes'})
    .int('Send the file size in bytes')
    .nonnegative('Send the file size in bytes'),
  contentType: z.string().max(255).optional().default(''),
})
/** What the browser sends to start an upload. */
export type StartUploadRequest = z.input<typeof StartUploadSchema>
/** The start body as the function reads it (name cleaned, contentType defaulted). */
export type StartUpload = z.output<typeof StartUploadSchema>

/** 201 of POST /api/enroll/upload: the new upload's id, the chunk size (bytes) and how many chunks to send. */
export const StartUploadResponseSchema = z.object({
  uploadId: UploadIdSchema,
  chunkSize: z.number().int().positive(),
  chunks: z.number().int().positive(),
})
export type StartUploadResponse = z.infer<typeof StartUploadResponseSchema>

/** 200 of PUT /api/enroll/upload/:uploadId/:index: the chunk stored, its index and size in bytes. */
export const ChunkResponseSchema = z.object({
  uploadId: UploadIdSchema,
  index: z.number().int().nonnegative(),
  size: z.number().int().nonnegative(),
})
export type ChunkResponse = z.infer<typeof ChunkResponseSchema>
