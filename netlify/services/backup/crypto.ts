/**
 * The encryption of backup archives (docs/requirements.md#req-backups). An archive file is:
 *
 *   `MTBACKUP {"format","keyId","salt","iv"}\n`   the header, in clear (authenticated as AAD)
 *   AES-256-GCM ciphertext of the gzip-compressed tar
 *   the 16-byte GCM authentication tag
 *
 * Each archive's key is derived from the backup key (BACKUP_KEY, at least 32 random bytes) with
 * HKDF-SHA256 and a random 16-byte salt, so no two archives share a key; the 12-byte IV is random
 * too. `keyId` names the backup key (a hash of it, never the key), so a restore picks the right
 * key after a rotation and says "This archive was encrypted with another key" when it has none.
 */
import {createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, type DecipherGCM} from 'node:crypto'
import {open} from 'node:fs/promises'
import {Transform, type TransformCallback} from 'node:stream'
import {ServiceError} from '#netlify/platform/errors'

export const ARCHIVE_FORMAT = 'maritime-backup/1'
const MAGIC = 'MTBACKUP '
const MAX_HEADER_BYTES = 1024
export const TAG_BYTES = 16
const HKDF_INFO = 'maritime-backup/1 aes-256-gcm'

/** The message of a restore that has no key for an archive. */
export const WRONG_KEY = 'This archive was encrypted with another key'

/** A backup key: its id (16 hex digits of a SHA-256 of it) and its bytes. */
export type BackupKey = {id: string; secret: Buffer}

/** The header of an archive file: the format, the id of its backup key, the HKDF salt and GCM IV (base64). */
export type ArchiveHeader = {format: typeof ARCHIVE_FORMAT; keyId: string; salt: string; iv: string}

/** A backup key from its text: base64 (standard or URL-safe) of at least 32 bytes (checked by the env module). */
export function backupKey(text: string): BackupKey {
  const secret = Buffer.from(text.trim(), /[-_]/.test(text) ? 'base64url' : 'base64')
  const id = createHash('sha256').update('maritime-backup key id\0').update(secret).digest('hex').slice(0, 16)
  return {id, secret}
}

const archiveKey = (key: BackupKey, salt: Buffer): Buffer => Buffer.from(hkdfSync('sha256', key.secret, salt, HKDF_INFO, 32))

/**
 * A Transform that encrypts what passes through under `key`: it emits the header first, then
 * the ciphertext, then the tag when it ends.
 */
export function encryptingStream(key: BackupKey): Transform {
  const salt = randomBytes(16)
  const iv = randomBytes(12)
  const header: ArchiveHeader = {format: ARCHIVE_FORMAT, keyId: key.id, salt: salt.toString('base64'), iv: iv.toString('base64')}
  const headerBytes = Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`)
  const cipher = createCipheriv('aes-256-gcm', archiveKey(key, salt), iv)
  cipher.setAAD(headerBytes)
  let started = false
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (!started) {
        started = true
        this.push(headerBytes)
      }
      callback(null, cipher.update(chunk))
    },
    flush(callback: TransformCallback) {
      if (!started) this.push(headerBytes)
      this.push(cipher.final())
      callback(null, cipher.getAuthTag())
    },
  })
}

/** Where an archive file's parts are: its header, the ciphertext's byte range (end exclusive) and its tag. */
export type ArchiveLayout = {header: ArchiveHeader; headerBytes: Buffer; start: number; end: number; tag: Buffer}

/**
 * Reads the header and tag of the archive file at `path`. ServiceError 'invalid' when it is not
 * an archive of this format or is too short to hold one.
 */
export async function readLayout(path: string): Promise<ArchiveLayout> {
  const file = await open(path, 'r')
  try {
    const {size} = await file.stat()
    const head = Buffer.alloc(Math.min(MAX_HEADER_BYTES, size))
    await file.read(head, 0, head.length, 0)
    const newline = head.indexOf(0x0a)
    if (!head.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC)) || newline < 0) throw new ServiceError('invalid', 'This file is not a backup archive')
    let header: ArchiveHeader
    try {
      header = JSON.parse(head.subarray(MAGIC.length, newline).toString('utf8')) as ArchiveHeader
    } catch {
      throw new ServiceError('invalid', 'This archive’s header is damaged')
    }
    if (header.format !== ARCHIVE_FORMAT) throw new ServiceError('invalid', `This archive’s format ${JSON.stringify(header.format)} is not ${ARCHIVE_FORMAT}`)
    const start = newline + 1
    if (size < start + TAG_BYTES) throw new ServiceError('invalid', 'This archive is truncated: it ends before its first entry')
    const tag = Buffer.alloc(TAG_BYTES)
    await file.read(tag, 0, TAG_BYTES, size - TAG_BYTES)
    return {header, headerBytes: head.subarray(0, start), start, end: size - TAG_BYTES, tag}
  } finally {
    await file.close()
  }
}

/** The key of `keys` the archive was encrypted with; ServiceError 'invalid' WRONG_KEY when none is. */
export function keyFor(layout: ArchiveLayout, keys: readonly BackupKey[]): BackupKey {
  const key = keys.find((candidate) => candidate.id === layout.header.keyId)
  if (!key) throw new ServiceError('invalid', WRONG_KEY)
  return key
}

/** The GCM decipher of an archive (its tag set): its `final()` throws when the archive was changed. */
export function decipherFor(layout: ArchiveLayout, key: BackupKey): DecipherGCM {
  const decipher = createDecipheriv('aes-256-gcm', archiveKey(key, Buffer.from(layout.header.salt, 'base64')), Buffer.from(layout.header.iv, 'base64'))
  decipher.setAAD(layout.headerBytes)
  decipher.setAuthTag(layout.tag)
  return decipher
}
