/**
 * Cadetship documents (docs/requirements.md#req-validation-upload): the one home of the rule, imported
 * by the upload component in the browser and by the upload functions on the server.
 *
 * - Allowed: PDF, DOC, DOCX, JPG, PNG — judged by the file name's extension and, when the
 *   browser reports one, a MIME type that fits that extension. (The server decides on the
 *   file's magic bytes afterwards: netlify/services/uploads/uploads.ts.)
 * - At most 10 MB (10 * 1024 * 1024 bytes) each, and not empty.
 * - At most 5 files in total (MAX_DOCUMENTS, also the most documents one enrolment can have
 *   attached): files beyond the fifth are dropped.
 * Any rejected file shows the spec's message, FILES_SKIPPED_MESSAGE (ENROLMENT_MESSAGES.filesSkipped).
 *
 * Every text that names the allowed types or the limits (the form's hint, the upload area, the
 * server's 400/415 messages) and every list of their MIME types (what a document may be served
 * as) is derived here from DOCUMENT_TYPES, MAX_DOCUMENT_BYTES and MAX_DOCUMENTS.
 *
 * Upload chunks are at most 4 MiB: a Netlify function accepts at most 6 MB per request.
 */

/** Largest document, in bytes (10 MiB, which the site calls "10MB"). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024
/** MAX_DOCUMENT_BYTES in (binary) megabytes, as the texts write it: 10. */
export const MAX_DOCUMENT_MB = MAX_DOCUMENT_BYTES / (1024 * 1024)
/** The most documents one enrolment can have: the form's limit and the API's (create-order, save). */
export const MAX_DOCUMENTS = 5
/** Bytes of one upload chunk (every chunk but the last has exactly this size). */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024

export type DocumentKind = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png'

type DocumentType = {
  kind: DocumentKind
  /** How the texts list the type; types with the same name are listed once ("DOC/DOCX"). */
  listedAs: string
  /** Extensions of the file name (lower case, with the dot). */
  extensions: readonly string[]
  /** The canonical MIME type stored with a completed upload. */
  mime: string
  /** MIME types a browser may report for such a file (besides none or a generic one). */
  mimes: readonly string[]
  /** What the `file-type` package reports for the content. */
  detectedAs: string
}

export const DOCUMENT_TYPES: readonly DocumentType[] = [
  {kind: 'pdf', listedAs: 'PDF', extensions: ['.pdf'], mime: 'application/pdf', mimes: ['application/pdf', 'application/x-pdf'], detectedAs: 'pdf'},
  {kind: 'doc', listedAs: 'DOC/DOCX', extensions: ['.doc'], mime: 'application/msword', mimes: ['application/msword'], detectedAs: 'cfb'},
  {
    kind: 'docx',
    listedAs: 'DOC/DOCX',
    extensions: ['.docx'],
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    mimes: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    detectedAs: 'docx',
  },
  {kind: 'jpg', listedAs: 'JPG', extensions: ['.jpg', '.jpeg'], mime: 'image/jpeg', mimes: ['image/jpeg', 'image/pjpeg'], detectedAs: 'jpg'},
  {kind: 'png', listedAs: 'PNG', extensions: ['.png'], mime: 'image/png', mimes: ['image/png'], detectedAs: 'png'},
]

const LISTED_TYPES = [...new Set(DOCUMENT_TYPES.map((t) => t.listedAs))]

/** The allowed types as a list: "PDF, DOC/DOCX, JPG, PNG" (the spec's message, the server's 415s). */
export const ALLOWED_TYPES_LIST = LISTED_TYPES.join(', ')

/** The allowed types as a phrase: "PDF, DOC/DOCX, JPG or PNG" (hints and per-file reasons). */
export const ALLOWED_TYPES_TEXT = `${LISTED_TYPES.slice(0, -1).join(', ')} or ${LISTED_TYPES[LISTED_TYPES.length - 1]}`

/** The canonical MIME types of the allowed documents: what a stored document may be served as. */
export const DOCUMENT_MIME_TYPES: readonly string[] = DOCUMENT_TYPES.map((t) => t.mime)

/**
 * The spec's message for rejected files (docs/requirements.md#req-errors), quoted exactly:
 * 'Some files were skipped (allowed: PDF, DOC/DOCX, JPG, PNG; max 10MB each).'
 */
export const FILES_SKIPPED_MESSAGE = `Some files were skipped (allowed: ${ALLOWED_TYPES_LIST}; max ${MAX_DOCUMENT_MB}MB each).`

/** MIME types that say nothing about the content (some browsers and phones send these). */
const GENERIC_MIMES = new Set(['', 'application/octet-stream', 'binary/octet-stream'])

/** For the file input's `accept` attribute. */
export const DOCUMENT_ACCEPT = DOCUMENT_TYPES.flatMap((t) => t.extensions).join(',')

/** The lower-case extension of a file name, with the dot ('' when there is none). */
export function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.')
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot).toLowerCase() : ''
}

/** The document type a file name claims by its extension, or null. */
export function documentTypeByName(fileName: string): DocumentType | null {
  const extension = extensionOf(fileName)
  return DOCUMENT_TYPES.find((t) => t.extensions.includes(extension)) ?? null
}

export type FileLike = {name: string; size: number; type?: string}
export type SkipReason = 'type' | 'size' | 'empty' | 'limit'

/** Why one file cannot be uploaded, or null when it can (the 5-file limit aside). */
export function rejectReason(file: FileLike): Exclude<SkipReason, 'limit'> | null {
  const type = documentTypeByName(file.name)
  if (!type) return 'type'
  const mime = (file.type ?? '').trim().toLowerCase()
  if (!GENERIC_MIMES.has(mime) && !type.mimes.includes(mime)) return 'type'
  if (!Number.isFinite(file.size) || file.size <= 0) return 'empty'
  if (file.size > MAX_DOCUMENT_BYTES) return 'size'
  return null
}

/**
 * Splits a selection into the files to upload and the files skipped (with the reason), given
 * how many documents are already attached. Files are taken in order; invalid ones never use up
 * one of the five places.
 */
export function checkFiles<F extends FileLike>(files: Iterable<F>, alreadyAttached = 0): {accepted: F[]; skipped: Array<{file: F; reason: SkipReason}>} {
  const accepted: F[] = []
  const skipped: Array<{file: F; reason: SkipReason}> = []
  for (const file of files) {
    const reason = rejectReason(file)
    if (reason) skipped.push({file, reason})
    else if (alreadyAttached + accepted.length >= MAX_DOCUMENTS) skipped.push({file, reason: 'limit'})
    else accepted.push(file)
  }
  return {accepted, skipped}
}

/** How many chunks of `chunkSize` bytes a file of `size` bytes needs. */
export const chunkCount = (size: number, chunkSize = UPLOAD_CHUNK_BYTES) => Math.max(1, Math.ceil(size / chunkSize))

/** "820 KB", "2.4 MB" (binary units, as the 10MB limit is). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  const mb = bytes / (1024 * 1024)
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`
}
