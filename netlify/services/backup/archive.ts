/**
 * Backup archives on disk (docs/requirements.md#req-backups): a tar stream (tar-stream) of every
 * blob, `stores/<store>/<key>` (both URI-encoded) one entry each, then `manifest.json` (every
 * entry's store, key, metadata, size and SHA-256), gzip-compressed, encrypted (./crypto.ts).
 * Everything streams: memory holds one blob at a time, whatever the archive's size.
 */
import {createHash} from 'node:crypto'
import {createReadStream, createWriteStream} from 'node:fs'
import {Transform, Writable, type TransformCallback} from 'node:stream'
import {pipeline} from 'node:stream/promises'
import {createGunzip, createGzip} from 'node:zlib'
import tar from 'tar-stream'
import {ServiceError} from '#netlify/platform/errors'
import type {ArchiveManifest, ManifestEntry, StoreSummary} from '#schemas/contracts/backup'
import {ARCHIVE_FORMAT, decipherFor, encryptingStream, keyFor, readLayout, type BackupKey} from './crypto'

/** One blob to archive: its store, key, metadata and bytes. */
export type BlobEntry = {store: string; key: string; metadata: Record<string, unknown>; data: Uint8Array}

const MANIFEST_ENTRY = 'manifest.json'
const entryName = (store: string, key: string) => `stores/${encodeURIComponent(store)}/${encodeURIComponent(key)}`
const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')
/** A fixed time for every tar header: archives of the same blobs differ only by their encryption. */
const EPOCH = new Date(0)

/** Counts and hashes the bytes that pass through (the encrypted file's size and SHA-256). */
function measuring(): Transform & {bytes: number; sha256: () => string} {
  const hash = createHash('sha256')
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      hash.update(chunk)
      stream.bytes += chunk.length
      callback(null, chunk)
    },
  }) as Transform & {bytes: number; sha256: () => string}
  stream.bytes = 0
  stream.sha256 = () => hash.digest('hex')
  return stream
}

const addEntry = (pack: tar.Pack, name: string, data: Uint8Array) =>
  new Promise<void>((resolve, reject) => {
    // The callback runs once the pack has taken the bytes (it waits while gzip is behind): backpressure.
    pack.entry({name, size: data.byteLength, mtime: EPOCH, mode: 0o600}, Buffer.from(data.buffer, data.byteOffset, data.byteLength), (error) =>
      error ? reject(error) : resolve(),
    )
  })

/**
 * Writes the blobs of `source` to a new archive file at `path`, encrypted under `key`. Resolves
 * to the manifest, with every entry and the encrypted file's size (bytes) and SHA-256.
 */
export async function writeArchive(
  path: string,
  options: {key: BackupKey; name: string; createdAt: string; source: AsyncIterable<BlobEntry>},
): Promise<ArchiveManifest> {
  const pack = tar.pack()
  const measure = measuring()
  const written = pipeline(pack, createGzip({level: 1}), encryptingStream(options.key), measure, createWriteStream(path, {mode: 0o600}))
  const entries: ManifestEntry[] = []
  const stores: Record<string, StoreSummary> = {}
  try {
    for await (const blob of options.source) {
      await addEntry(pack, entryName(blob.store, blob.key), blob.data)
      entries.push({store: blob.store, key: blob.key, metadata: blob.metadata, bytes: blob.data.byteLength, sha256: sha256(blob.data)})
      const summary = (stores[blob.store] ??= {keys: 0, bytes: 0})
      summary.keys += 1
      summary.bytes += blob.data.byteLength
    }
    const manifest: ArchiveManifest = {format: ARCHIVE_FORMAT, name: options.name, createdAt: options.createdAt, keyId: options.key.id, stores, entries}
    await addEntry(pack, MANIFEST_ENTRY, Buffer.from(JSON.stringify(manifest)))
    pack.finalize()
    await written
    return {...manifest, archive: {bytes: measure.bytes, sha256: measure.sha256()}}
  } catch (error) {
    pack.destroy(error as Error)
    await written.catch(() => undefined)
    throw error
  }
}

/** Which blob a tar entry holds (null for the manifest, or a name that is not ours). */
function blobOf(name: string): {store: string; key: string} | null {
  const match = /^stores\/([^/]+)\/([^/]+)$/.exec(name)
  if (!match) return null
  try {
    return {store: decodeURIComponent(match[1]!), key: decodeURIComponent(match[2]!)}
  } catch {
    return null
  }
}

const describe = (blob: {store: string; key: string}) => `${blob.store}/${blob.key}`

/** Authentication failed although every entry and the manifest could be read: the hashes say which entry changed. */
class UnauthenticatedArchive extends ServiceError {
  constructor(readonly manifest: ArchiveManifest) {
    super('invalid', 'This archive was changed: it fails its authentication check')
  }
}

/**
 * Reads the archive file at `path` once, in order: `onEntry` gets each blob (its bytes and their
 * SHA-256) as it is decrypted, then the manifest is returned. It is NOT yet authenticated while
 * `onEntry` runs: the GCM tag is checked at the end, so a caller writes nothing before a pass
 * has completed. ServiceError 'invalid': not an archive, WRONG_KEY, damaged (naming the entry
 * being read), truncated, or failing its authentication.
 */
export async function readArchive(
  path: string,
  keys: readonly BackupKey[],
  onEntry: (blob: {store: string; key: string; data: Buffer; sha256: string}) => Promise<void> | void,
): Promise<ArchiveManifest> {
  const layout = await readLayout(path)
  const key = keyFor(layout, keys)
  const extract = tar.extract()
  let current: string | null = null
  let last: string | null = null
  let manifest: ArchiveManifest | null = null
  let failure: ServiceError | null = null
  const fail = (message: string) => (failure ??= new ServiceError('invalid', message))

  const consume = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = []
      for await (const chunk of entry) chunks.push(chunk as Buffer)
      const data = Buffer.concat(chunks)
      const name = entry.header.name
      if (name === MANIFEST_ENTRY) {
        try {
          manifest = JSON.parse(data.toString('utf8')) as ArchiveManifest
        } catch {
          throw fail('This archive’s manifest is damaged')
        }
        continue
      }
      const blob = blobOf(name)
      if (!blob) throw fail(`This archive holds an entry that is not a blob: ${JSON.stringify(name)}`)
      current = describe(blob)
      await onEntry({...blob, data, sha256: sha256(data)})
      last = current
      current = null
    }
  })()
  const decrypt = pipeline(
    createReadStream(path, {start: layout.start, end: layout.end - 1}),
    decipherFor(layout, key),
    createGunzip(),
    extract as unknown as Writable,
  )
  const [decrypted, consumed] = await Promise.allSettled([decrypt, consume])
  if (failure) throw failure
  if (consumed.status === 'rejected' && consumed.reason instanceof ServiceError) throw consumed.reason
  if (decrypted.status === 'rejected' && consumed.status === 'fulfilled' && manifest) throw new UnauthenticatedArchive(manifest)
  if (decrypted.status === 'rejected' || consumed.status === 'rejected') {
    const where = current ? `at the entry ${current}` : last ? `after the entry ${last}` : 'before its first entry'
    throw new ServiceError('invalid', `This archive is damaged or was changed: it cannot be read ${where}`)
  }
  if (!manifest)
    throw new ServiceError('invalid', `This archive is truncated: it ends ${last ? `after the entry ${last}` : 'before its first entry'}, without its manifest`)
  return manifest
}

/**
 * Checks the archive at `path` without writing anything: every entry's SHA-256 and size against
 * the manifest, the manifest's count of every store, and the authentication tag. Resolves to the
 * manifest. ServiceError 'invalid' naming the first bad entry (or readArchive's errors).
 */
export async function verifyArchive(path: string, keys: readonly BackupKey[]): Promise<ArchiveManifest> {
  const seen: Array<{store: string; key: string; sha256: string; bytes: number}> = []
  let manifest: ArchiveManifest
  let unauthenticated: UnauthenticatedArchive | null = null
  try {
    manifest = await readArchive(path, keys, (blob) => {
      seen.push({store: blob.store, key: blob.key, sha256: blob.sha256, bytes: blob.data.byteLength})
    })
  } catch (error) {
    if (!(error instanceof UnauthenticatedArchive)) throw error
    unauthenticated = error
    manifest = error.manifest
  }
  const expected = manifest.entries ?? []
  const byName = new Map(expected.map((entry) => [describe(entry), entry]))
  for (const entry of seen) {
    const listed = byName.get(describe(entry))
    if (!listed) throw new ServiceError('invalid', `This archive was changed: the entry ${describe(entry)} is not in its manifest`)
    if (listed.sha256 !== entry.sha256 || listed.bytes !== entry.bytes)
      throw new ServiceError('invalid', `This archive was changed: the entry ${describe(entry)} does not match its SHA-256`)
    byName.delete(describe(entry))
  }
  const missing = byName.values().next()
  if (!missing.done) throw new ServiceError('invalid', `This archive is missing the entry ${describe(missing.value)} listed in its manifest`)
  if (unauthenticated) throw unauthenticated
  return manifest
}
