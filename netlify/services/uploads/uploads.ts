/**
 * Cadetship document uploads (docs/requirements.md#req-validation-upload): chunked uploads stored in
 * the `uploads` Blobs store, before payment. A Netlify function accepts at most 6 MB per
 * request, so a document (up to 10 MB) goes up in chunks of at most 4 MiB:
 *
 *   start    POST /api/enroll/upload {fileName, size, contentType}  → {uploadId, chunkSize, chunks}
 *   chunk    PUT  /api/enroll/upload/:uploadId/:index  (raw bytes)   → {uploadId, index, size}
 *   complete POST /api/enroll/upload/:uploadId/complete              → {uploadId, fileName, contentType, size}
 * (the contracts: schemas/contracts/uploads.ts, shared with the browser client)
 *
 * Layout of the store (one "folder" per upload):
 *   {uploadId}/meta       JSON UploadRecord (status pending → complete | rejected)
 *   {uploadId}/chunk/{i}  the bytes of chunk i, metadata {size, sha256}
 *
 * Rules enforced here, on the server, whatever the browser said:
 * - the name's extension, the declared size (1 byte .. 10 MB) and the declared MIME type
 *   follow the shared rule (schemas/rules/documents.ts);
 * - every chunk but the last is exactly `chunkSize` bytes and the last one is the remainder,
 *   so the chunks add up to the declared size; a chunk is written once (`onlyIfNew`): a retry
 *   with the same bytes is accepted, different bytes are refused, so nothing can change a file
 *   after it has been checked;
 * - on completion all chunks must be present and the content's magic bytes (`file-type`)
 *   must be the type the name's extension claims (DOC = an OLE2/CFB container, only for .doc);
 * - only a completed upload can be attached (resolveCompletedUploads); an upload that never
 *   completes is never attached, and stale ones can be purged (purgeStaleUploads).
 */
import {createHash, randomBytes} from 'node:crypto'
import {fileTypeFromBuffer} from 'file-type/core'
import {isUploadId, UploadIdSchema} from '#schemas/contracts/ids'
import type {Attachment, ChunkResponse, StartUpload, StartUploadResponse} from '#schemas/contracts/uploads'
import {
  ALLOWED_TYPES_LIST,
  ALLOWED_TYPES_TEXT,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENT_MB,
  MAX_DOCUMENTS,
  UPLOAD_CHUNK_BYTES,
  chunkCount,
  documentTypeByName,
  rejectReason,
} from '#schemas/rules/documents'
import {listKeys, openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'

/**
 * A document refused for its type: a name or declared type not allowed, or content that is not
 * the type its name claims. Its kind is `invalid`; the upload edges answer it with 415
 * (Unsupported Media Type), as the file's type is what is refused.
 */
export class UnsupportedDocumentError extends ServiceError {
  constructor(message: string) {
    super('invalid', message, {field: 'file'})
    this.name = 'UnsupportedDocumentError'
  }
}

export type {Attachment} from '#schemas/contracts/uploads'

export type UploadRecord = {
  uploadId: string
  fileName: string
  /** Declared size in bytes (the chunks must add up to it). */
  size: number
  /** The MIME type the browser reported (informational only). */
  declaredType: string
  chunkSize: number
  chunks: number
  status: 'pending' | 'complete' | 'rejected'
  createdAt: string
  /** Set on completion: the canonical MIME type of the verified content. */
  contentType?: string
  completedAt?: string
  /** Set on rejection: why (the UnsupportedDocumentError message). */
  reason?: string
  /** The order (enrolment) this upload is attached to; an upload belongs to one order only. */
  claimedBy?: string
}

type ChunkMetadata = {size: number; sha256: string}

/** Bytes of one chunk request body the chunk function reads at most (beyond: 413). */
export const MAX_CHUNK_BODY_BYTES = UPLOAD_CHUNK_BYTES

const UNKNOWN_UPLOAD = 'Unknown upload'

const metaKey = (uploadId: string) => `${uploadId}/meta`
/** Whether a key of the uploads store is an upload's record `{uploadId}/meta` (any other key is not listed). */
export const isUploadMetaKey = (key: string): boolean => key.endsWith('/meta') && isUploadId(key.slice(0, -'/meta'.length))
const chunkKey = (uploadId: string, index: number) => `${uploadId}/chunk/${index}`

const store = () => openStore(STORES.uploads)

function newUploadId(): string {
  return `upl_${randomBytes(24).toString('base64url')}`
}

/** The upload's record, or not-found for an id that is malformed or unknown. */
async function findRecord(uploadId: string): Promise<UploadRecord> {
  if (!UploadIdSchema.safeParse(uploadId).success) throw new ServiceError('not-found', UNKNOWN_UPLOAD)
  const record = (await store().get(metaKey(uploadId), {type: 'json'})) as UploadRecord | null
  if (!record) throw new ServiceError('not-found', UNKNOWN_UPLOAD)
  return record
}

const toAttachment = (record: UploadRecord): Attachment => ({
  uploadId: record.uploadId,
  fileName: record.fileName,
  contentType: record.contentType ?? 'application/octet-stream',
  size: record.size,
})

/** Starts an upload: checks the declared name, size and type and records it as pending. */
export async function startUpload(body: StartUpload): Promise<StartUploadResponse> {
  const {fileName, size, contentType} = body
  const reason = rejectReason({name: fileName, size, type: contentType})
  if (reason === 'type') throw new UnsupportedDocumentError(`"${fileName}" is not an allowed file type (allowed: ${ALLOWED_TYPES_LIST}).`)
  if (reason === 'empty') throw new ServiceError('invalid', `"${fileName}" is empty.`)
  if (reason === 'size') throw new ServiceError('invalid', `"${fileName}" is larger than ${MAX_DOCUMENT_MB}MB (${MAX_DOCUMENT_BYTES} bytes).`)

  const record: UploadRecord = {
    uploadId: newUploadId(),
    fileName,
    size,
    declaredType: contentType,
    chunkSize: UPLOAD_CHUNK_BYTES,
    chunks: chunkCount(size, UPLOAD_CHUNK_BYTES),
    status: 'pending',
    createdAt: new Date().toISOString(),
  }
  const written = await store().setJSON(metaKey(record.uploadId), record, {onlyIfNew: true})
  if (!written.modified) throw new Error('Upload id collision') // 192 random bits: never in practice
  return {uploadId: record.uploadId, chunkSize: record.chunkSize, chunks: record.chunks}
}

/** The exact byte length chunk `index` of this upload must have. */
export function expectedChunkSize(record: Pick<UploadRecord, 'size' | 'chunkSize' | 'chunks'>, index: number): number {
  return index < record.chunks - 1 ? record.chunkSize : record.size - record.chunkSize * (record.chunks - 1)
}

/** Parses a chunk index from the URL, checking it against the upload's chunk count. */
function parseIndex(raw: string, record: UploadRecord): number {
  if (!/^\d{1,6}$/.test(raw)) throw new ServiceError('invalid', 'The chunk index must be a whole number')
  const index = Number(raw)
  if (index >= record.chunks) throw new ServiceError('invalid', `Chunk index out of range: this upload has chunks 0 to ${record.chunks - 1}`)
  return index
}

/**
 * Stores one chunk. `readBytes` reads the chunk's bytes (the edge passes readBody with
 * MAX_CHUNK_BODY_BYTES, which answers 413 beyond it); it is called only once the upload and
 * the index are known to be valid.
 */
export async function putChunk(uploadId: string, rawIndex: string, readBytes: () => Promise<Uint8Array>): Promise<ChunkResponse> {
  const record = await findRecord(uploadId)
  if (record.status !== 'pending') throw new ServiceError('conflict', `This upload is already ${record.status === 'complete' ? 'complete' : 'rejected'}`)
  const index = parseIndex(rawIndex, record)
  const bytes = await readBytes()
  const expected = expectedChunkSize(record, index)
  if (bytes.byteLength !== expected) {
    throw new ServiceError('invalid', `Chunk ${index} must be ${expected} bytes, got ${bytes.byteLength}`)
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  const metadata: ChunkMetadata = {size: bytes.byteLength, sha256}
  const uploads = store()
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer
  const written = await uploads.set(chunkKey(uploadId, index), data, {onlyIfNew: true, metadata})
  if (!written.modified) {
    // Written before: a retry of the very same bytes is fine, anything else is refused.
    const existing = await uploads.getMetadata(chunkKey(uploadId, index))
    if ((existing?.metadata as ChunkMetadata | undefined)?.sha256 !== sha256) {
      throw new ServiceError('conflict', `Chunk ${index} was already uploaded with different content`)
    }
  }
  return {uploadId, index, size: bytes.byteLength}
}

/** The kind of content of `bytes` by its magic bytes (file-type), e.g. 'pdf', 'cfb', 'docx', or null. */
export async function detectContentType(bytes: Uint8Array): Promise<string | null> {
  return (await fileTypeFromBuffer(bytes))?.ext ?? null
}

/**
 * Whether the content (its magic bytes) is the allowed type the file name claims: a PDF for
 * .pdf, an OLE2/CFB container for .doc, an Office Open XML word document for .docx, a JPEG for
 * .jpg/.jpeg, a PNG for .png. Resolves to the canonical MIME type, or null when it is not.
 */
export async function verifyContent(fileName: string, bytes: Uint8Array): Promise<string | null> {
  const claimed = documentTypeByName(fileName)
  if (!claimed) return null
  return (await detectContentType(bytes)) === claimed.detectedAs ? claimed.mime : null
}

async function readChunk(uploadId: string, index: number): Promise<Uint8Array> {
  const data = await store().get(chunkKey(uploadId, index), {type: 'arrayBuffer'})
  if (!data) throw new ServiceError('invalid', `Chunk ${index} is missing`)
  return new Uint8Array(data)
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.byteLength
  }
  return out
}

async function deleteChunks(record: UploadRecord): Promise<void> {
  const uploads = store()
  await Promise.all(Array.from({length: record.chunks}, (_, i) => uploads.delete(chunkKey(record.uploadId, i))))
}

/**
 * Completes an upload: every chunk present, the sizes adding up to the declared size, and the
 * content's magic bytes matching the name's extension. Idempotent: completing a completed
 * upload answers the same attachment. A content mismatch rejects the upload for good
 * (UnsupportedDocumentError) and deletes its bytes; missing chunks (invalid) leave it pending, so they can still be sent.
 */
export async function completeUpload(uploadId: string): Promise<Attachment> {
  const record = await findRecord(uploadId)
  if (record.status === 'complete') return toAttachment(record)
  if (record.status === 'rejected') throw new UnsupportedDocumentError(record.reason ?? `The file is not a valid ${ALLOWED_TYPES_TEXT} document`)

  const uploads = store()
  const chunks = await Promise.all(Array.from({length: record.chunks}, (_, i) => uploads.getMetadata(chunkKey(uploadId, i))))
  const missing = chunks.flatMap((chunk, i) => (chunk ? [] : [i]))
  if (missing.length > 0) {
    throw new ServiceError('invalid', `The upload is incomplete: chunk${missing.length > 1 ? 's' : ''} ${missing.join(', ')} of ${record.chunks} missing`)
  }
  const total = chunks.reduce((sum, chunk) => sum + Number((chunk?.metadata as ChunkMetadata | undefined)?.size ?? 0), 0)
  if (total !== record.size) throw new ServiceError('invalid', `The upload is incomplete: received ${total} of ${record.size} bytes`)

  // Magic bytes of the first chunk; a zip that a 4 MiB prefix cannot tell apart (an Office
  // document whose [Content_Types].xml comes late) is judged on the whole file.
  let contentType = await verifyContent(record.fileName, await readChunk(uploadId, 0))
  if (!contentType && record.chunks > 1 && documentTypeByName(record.fileName)?.kind === 'docx') {
    const parts = await Promise.all(Array.from({length: record.chunks}, (_, i) => readChunk(uploadId, i)))
    contentType = await verifyContent(record.fileName, concat(parts))
  }

  if (!contentType) {
    const claimed = documentTypeByName(record.fileName)
    const reason = `"${record.fileName}" is not a valid ${claimed ? claimed.kind.toUpperCase() : ALLOWED_TYPES_TEXT} file: its content does not match its name (allowed: ${ALLOWED_TYPES_LIST}).`
    await updateJSON<UploadRecord>(uploads, metaKey(uploadId), (current) =>
      current && current.status === 'pending' ? {...current, status: 'rejected', reason} : undefined,
    )
    await deleteChunks(record)
    throw new UnsupportedDocumentError(reason)
  }

  const {value} = await updateJSON<UploadRecord>(uploads, metaKey(uploadId), (current) =>
    current && current.status === 'pending' ? {...current, status: 'complete', contentType, completedAt: new Date().toISOString()} : undefined,
  )
  if (!value) throw new ServiceError('not-found', UNKNOWN_UPLOAD)
  if (value.status !== 'complete') throw new UnsupportedDocumentError(value.reason ?? `The file is not a valid ${ALLOWED_TYPES_TEXT} document`)
  return toAttachment(value)
}

/**
 * The completed uploads with these ids, in the given order. Throws ServiceError invalid naming
 * the first id that is unknown or not completed (an upload that never completed is never
 * attached), and for more than MAX_DOCUMENTS ids or an id listed twice.
 */
export async function resolveCompletedUploads(uploadIds: string[]): Promise<Attachment[]> {
  if (uploadIds.length === 0) return []
  if (uploadIds.length > MAX_DOCUMENTS) throw new ServiceError('invalid', `At most ${MAX_DOCUMENTS} documents can be attached`)
  const seen = new Set<string>()
  for (const id of uploadIds) {
    if (seen.has(id)) throw new ServiceError('invalid', `Upload ${id} is listed more than once`)
    seen.add(id)
  }
  const uploads = store()
  const records = await Promise.all(
    uploadIds.map(async (id) => (UploadIdSchema.safeParse(id).success ? ((await uploads.get(metaKey(id), {type: 'json'})) as UploadRecord | null) : null)),
  )
  return records.map((record, i) => {
    if (!record || record.status !== 'complete') {
      throw new ServiceError('invalid', `Document upload ${String(uploadIds[i]).slice(0, 80)} is unknown or did not complete: please upload it again`)
    }
    if (record.claimedBy) throw new ServiceError('conflict', `"${record.fileName}" is already attached to another enrolment: please upload it again`)
    return toAttachment(record)
  })
}

/**
 * Attaches completed uploads to one order (conditional writes): an upload already claimed by
 * another order throws ServiceError conflict; claiming again for the same order is harmless.
 */
export async function claimUploads(uploadIds: string[], orderId: string): Promise<void> {
  const uploads = store()
  for (const id of uploadIds) {
    const {value} = await updateJSON<UploadRecord>(uploads, metaKey(id), (current) =>
      current && current.status === 'complete' && !current.claimedBy ? {...current, claimedBy: orderId} : undefined,
    )
    if (!value || value.status !== 'complete') throw new ServiceError('invalid', `Document upload ${id} is unknown or did not complete: please upload it again`)
    if (value.claimedBy !== orderId) throw new ServiceError('conflict', `"${value.fileName}" is already attached to another enrolment: please upload it again`)
  }
}

/**
 * Claims one completed upload for `orderId` (a conditional write; claiming again for the same
 * order is harmless) and resolves to it as an attachment: a document a candidate adds to their
 * enrolment later (netlify/services/account/documents.ts). Throws ServiceError invalid for an id
 * that is malformed, unknown or not completed, conflict for an upload claimed by another order.
 */
export async function claimUpload(uploadId: string, orderId: string): Promise<Attachment> {
  if (!UploadIdSchema.safeParse(uploadId).success) {
    throw new ServiceError('invalid', `Document upload ${uploadId.slice(0, 80)} is unknown or did not complete: please upload it again`)
  }
  await claimUploads([uploadId], orderId)
  return toAttachment(await findRecord(uploadId))
}

/**
 * Gives back the claim of `orderId` on `uploadId` (a conditional write: only while that order
 * holds it), when the document could not be attached after all. Never throws (logged): an
 * upload left claimed is only never attached elsewhere.
 */
export async function releaseUploadClaim(uploadId: string, orderId: string): Promise<void> {
  try {
    await updateJSON<UploadRecord>(store(), metaKey(uploadId), (current) => {
      if (!current || current.claimedBy !== orderId) return undefined
      const {claimedBy: _claimed, ...rest} = current
      return rest
    })
  } catch (error) {
    console.error(`[uploads] the claim of ${orderId} on ${uploadId} could not be released`, error)
  }
}

/** The bytes of a completed upload (for staff to download it), checked against its record. */
export async function readUpload(uploadId: string): Promise<{attachment: Attachment; bytes: Uint8Array}> {
  const record = await findRecord(uploadId)
  if (record.status !== 'complete') throw new ServiceError('not-found', UNKNOWN_UPLOAD)
  const parts = await Promise.all(Array.from({length: record.chunks}, (_, i) => readChunk(uploadId, i)))
  const bytes = concat(parts)
  if (bytes.byteLength !== record.size) throw new Error(`Upload ${uploadId} is damaged: ${bytes.byteLength} of ${record.size} bytes`)
  return {attachment: toAttachment(record), bytes}
}

/**
 * Deletes uploads that are still pending (or were rejected) and were started more than
 * `maxAgeMs` ago, with their chunks. Completed uploads are kept. Resolves to the ids deleted.
 * Run hourly by netlify/functions/purge-stale-uploads.ts (on Netlify, and by `npm start`).
 * Lists only `{uploadId}/meta` keys (isUploadMetaKey): other keys, such as the Blobs
 * emulation's temporary files, are never read.
 */
export async function purgeStaleUploads(maxAgeMs = 24 * 60 * 60 * 1000, now = Date.now()): Promise<string[]> {
  const uploads = store()
  const deleted: string[] = []
  for (const key of await listKeys(uploads, isUploadMetaKey)) {
    const record = (await uploads.get(key, {type: 'json'})) as UploadRecord | null
    if (!record || record.status === 'complete') continue
    if (now - Date.parse(record.createdAt) <= maxAgeMs) continue
    await deleteChunks(record)
    await uploads.delete(key)
    deleted.push(record.uploadId)
  }
  return deleted
}

/**
 * Deletes, with their chunks, those of `uploadIds` that are claimed by `orderId` (attached to
 * that order and so to no other): the documents of a stale pending enrolment that the purge
 * removes. An upload that is unknown, malformed or claimed by another
 * order is left alone. Resolves to the ids deleted.
 */
export async function deleteUploadsClaimedBy(uploadIds: readonly string[], orderId: string): Promise<string[]> {
  const uploads = store()
  const deleted: string[] = []
  for (const uploadId of uploadIds) {
    if (!isUploadId(uploadId)) continue
    const record = (await uploads.get(metaKey(uploadId), {type: 'json'})) as UploadRecord | null
    if (!record || record.claimedBy !== orderId) continue
    await deleteChunks(record)
    await uploads.delete(metaKey(uploadId))
    deleted.push(uploadId)
  }
  return deleted
}
