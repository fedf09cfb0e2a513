/**
 * The restore (docs/requirements.md#req-backups, the runbook docs/operations.md): an archive
 * back into the site's Blobs stores.
 *
 * 1. The archive (a local file, a name at the target, or `latest`) is read once to check every
 *    entry's SHA-256 against its manifest and the authentication tag: a truncated or changed
 *    archive, or one under another key, is refused before anything is written.
 * 2. A site that holds data is refused unless `force`; with `force` each archived store is made
 *    equal to the archive (keys the archive lacks are deleted), except the erasure ledger, which
 *    is merged so that no erasure is forgotten.
 * 3. The second read writes every blob with its metadata. Counters are blobs like any other, so
 *    receipt and certificate numbers continue from where they were.
 * 4. `afterRestore` runs (the privacy erasures recorded in the ledger are applied again), and the
 *    restore is written to the audit log.
 */
import {createHash} from 'node:crypto'
import {createReadStream} from 'node:fs'
import {mkdtemp, rm, stat} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {listKeys, listStoreNames, openStore, STORES} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import type {ArchiveManifest, StoreSummary} from '#schemas/contracts/backup'
import {recordAudit} from '../staff/audit-trail'
import {readArchive, verifyArchive} from './archive'
import type {BackupKey} from './crypto'
import {EXCLUDED_STORES, isBlobKey} from './backup'
import type {BackupTarget} from './targets'

/** Stores whose entries a forced restore adds to, never replaces: the erasure ledger. */
export const MERGED_STORES: readonly string[] = [STORES.privacyErasures]

export const TARGET_NOT_EMPTY = 'The target already holds data: restore into an empty site, or pass --force to replace its stores'

export type RestoreOptions = {
  /** A local archive file, an archive name at `from`, or `latest` (the newest archive at `from`). */
  archive: string
  /** Where named archives are (the configured target by default, chosen by the caller). */
  from: BackupTarget
  /** The keys that may have encrypted the archive (BACKUP_KEY and BACKUP_KEY_PREVIOUS). */
  keys: readonly BackupKey[]
  /** Replace the stores of a site that holds data. */
  force?: boolean
  /** Runs after the blobs are written (the erasure ledger's re-application); its result is returned. */
  afterRestore?: () => Promise<unknown>
  now?: Date
}

/** What a restore wrote: the archive's name, per store the keys and bytes written (equal to the manifest's), and afterRestore's result. */
export type RestoreOutcome = {name: string; stores: Record<string, StoreSummary>; manifest: ArchiveManifest; after: unknown}

async function fileSha256(path: string): Promise<{sha256: string; bytes: number}> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return {sha256: hash.digest('hex'), bytes: (await stat(path)).size}
}

/** The local file of the archive to restore (downloaded to `work` when it is at the target), and its name. */
async function localArchive(options: RestoreOptions, work: string): Promise<{file: string; name: string; atTarget: boolean}> {
  const isFile = await stat(options.archive).then(
    (info) => info.isFile(),
    () => false,
  )
  if (isFile) return {file: options.archive, name: options.archive.split(/[\\/]/).pop()!, atTarget: false}
  let name = options.archive
  if (name === 'latest') {
    const newest = (await options.from.list())[0]
    if (!newest) throw new ServiceError('not-found', `No archive at ${options.from.where}`)
    name = newest.name
  }
  const file = join(work, name.replace(/[\\/]/g, '_'))
  if (!(await options.from.fetch(name, file))) throw new ServiceError('not-found', `No archive ${name} at ${options.from.where}`)
  return {file, name, atTarget: true}
}

/** Whether any store but the excluded ones holds a blob. */
async function siteHoldsData(): Promise<boolean> {
  for (const name of await listStoreNames()) {
    if (EXCLUDED_STORES.includes(name)) continue
    if ((await listKeys(openStore(name), isBlobKey)).length > 0) return true
  }
  return false
}

/**
 * Restores the archive of `options` (see the module comment). ServiceError 'invalid' for an
 * archive that is not one, is damaged or changed (naming the first bad entry) or is under another
 * key; 'not-found' for a missing archive; 'conflict' TARGET_NOT_EMPTY. Nothing is written unless
 * the whole archive checked out.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreOutcome> {
  const work = await mkdtemp(join(tmpdir(), 'restore-'))
  try {
    const {file, name, atTarget} = await localArchive(options, work)
    const manifest = await verifyArchive(file, options.keys)
    if (atTarget) {
      const summary = await options.from.summary(name)
      const actual = await fileSha256(file)
      if (summary?.archive && (summary.archive.sha256 !== actual.sha256 || summary.archive.bytes !== actual.bytes)) {
        throw new ServiceError('invalid', `The archive ${name} does not match the SHA-256 its manifest records`)
      }
    }
    if (!options.force && (await siteHoldsData())) throw new ServiceError('conflict', TARGET_NOT_EMPTY)

    const entries = new Map((manifest.entries ?? []).map((entry) => [`${entry.store}\u0000${entry.key}`, entry]))
    if (options.force) {
      for (const store of Object.keys(manifest.stores)) {
        if (MERGED_STORES.includes(store) || EXCLUDED_STORES.includes(store)) continue
        const blobs = openStore(store)
        for (const key of await listKeys(blobs, isBlobKey)) if (!entries.has(`${store}\u0000${key}`)) await blobs.delete(key)
      }
    }

    const written: Record<string, StoreSummary> = {}
    await readArchive(file, options.keys, async (blob) => {
      if (EXCLUDED_STORES.includes(blob.store)) return
      const entry = entries.get(`${blob.store}\u0000${blob.key}`)
      if (!entry || entry.sha256 !== blob.sha256) throw new ServiceError('invalid', `The archive changed while it was restored: ${blob.store}/${blob.key}`)
      const data = blob.data.buffer.slice(blob.data.byteOffset, blob.data.byteOffset + blob.data.byteLength) as ArrayBuffer
      const merged = MERGED_STORES.includes(blob.store)
      await openStore(blob.store).set(blob.key, data, {metadata: entry.metadata, ...(merged ? {onlyIfNew: true} : {})})
      const summary = (written[blob.store] ??= {keys: 0, bytes: 0})
      summary.keys += 1
      summary.bytes += blob.data.byteLength
    })
    const after = options.afterRestore ? await options.afterRestore() : null
    const {entries: _entries, ...summary} = manifest
    await recordAudit(
      {actor: {type: 'system'}, client: null, action: 'restore', target: {type: 'backup', id: name.slice(0, 200)}, summary: {stores: written}},
      options.now,
    )
    return {name, stores: written, manifest: summary, after}
  } finally {
    await rm(work, {recursive: true, force: true})
  }
}
