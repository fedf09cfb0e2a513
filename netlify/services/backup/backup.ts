/**
 * The backup (docs/requirements.md#req-backups): every Blobs store the site has, read by
 * listing (so a store added later is never forgotten), into one encrypted archive at the target,
 * then the retention rule prunes old archives. One backup at a time (a lease in `backup-state`).
 *
 * A blob written while the export runs is either in this archive or in the next one: each store
 * is listed again after its keys were read, and any key not seen yet is read too, until a listing
 * brings nothing new (the Blobs emulation's listing can come back short under concurrent writes).
 */
import {randomUUID} from 'node:crypto'
import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {listKeys, listStoreNames, openStore, refuse, updateJSON} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {archiveName, archivesToPrune} from '#schemas/rules/backup-retention'
import type {ArchiveManifest, BackupRun, BackupStatus} from '#schemas/contracts/backup'
import {alertOwners} from './alerts'
import {writeArchive, type BlobEntry} from './archive'
import {backupConfig, type BackupConfig} from './config'
import {backupWarning as warningFor} from '#schemas/rules/backup-health'
import {BACKUP_STATE_STORE, readRunState, recordRun, stateStore} from './state'

/** Stores never archived nor restored: the backup's own state (its lease, its last run). */
export const EXCLUDED_STORES: readonly string[] = [BACKUP_STATE_STORE]

/** How long a lease holds (ms): a backup that died is taken over after this. */
export const LEASE_MS = 6 * 60 * 60 * 1000

/** Attempts to store an archive at the target: the first and 3 retries. */
export const UPLOAD_ATTEMPTS = 4

export const BACKUP_RUNNING = 'A backup is already running'

type Lease = {id: string; startedAt: string; expiresAt: string}

/** A held lease: its id, and when the backup began (ISO 8601). */
export type HeldLease = {id: string; startedAt: string}

/** Blobs read at once while the archive is written (memory: this many blobs at most). */
const READ_AHEAD = 8

/** A blob key the archive keeps: never a temporary file of the Blobs emulation (`.<random>` beside a blob). */
export const isBlobKey = (key: string): boolean => !key.split('/').some((part) => part.startsWith('.'))

/**
 * Takes the one backup lease at `now`; ServiceError 'conflict' BACKUP_RUNNING while another
 * backup holds an unexpired one. Pass the lease to runBackup, which releases it.
 */
export async function acquireLease(now = new Date()): Promise<HeldLease> {
  const lease: Lease = {id: randomUUID(), startedAt: now.toISOString(), expiresAt: new Date(now.getTime() + LEASE_MS).toISOString()}
  const {refusal} = await updateJSON<Lease, 'running'>(stateStore(), 'lease', (current) =>
    current && current.expiresAt > lease.startedAt ? refuse('running' as const) : lease,
  )
  if (refusal) throw new ServiceError('conflict', BACKUP_RUNNING)
  return {id: lease.id, startedAt: lease.startedAt}
}

async function releaseLease(lease: HeldLease): Promise<void> {
  await updateJSON<Lease | {released: string}>(stateStore(), 'lease', (current) =>
    current && 'id' in current && current.id === lease.id ? {released: new Date().toISOString()} : undefined,
  )
}

/** Every blob of every store but EXCLUDED_STORES, store by store in name order (see the module comment). */
export async function* allBlobs(): AsyncGenerator<BlobEntry> {
  for (const name of await listStoreNames()) {
    if (EXCLUDED_STORES.includes(name)) continue
    const store = openStore(name)
    const seen = new Set<string>()
    for (let round = 0; round < 10; round++) {
      const fresh = (await listKeys(store, isBlobKey)).filter((key) => !seen.has(key))
      if (fresh.length === 0) break
      // A few reads ahead of the archive, in order: Blobs' round trips overlap compression and encryption.
      for (let i = 0; i < fresh.length; i += READ_AHEAD) {
        const batch = fresh.slice(i, i + READ_AHEAD)
        for (const key of batch) seen.add(key)
        const blobs = await Promise.all(batch.map((key) => store.getWithMetadata(key, {type: 'arrayBuffer'})))
        for (const [j, blob] of blobs.entries()) {
          if (blob) yield {store: name, key: batch[j]!, metadata: (blob.metadata ?? {}) as Record<string, unknown>, data: new Uint8Array(blob.data)}
        }
      }
    }
  }
}

/** What a successful backup did: the run and the archive's manifest summary (no entries). */
export type BackupOutcome = {run: BackupRun; manifest: ArchiveManifest; pruned: string[]}

export type BackupOptions = {
  /** The clock (tests inject one). */
  now?: () => Date
  /** The configuration (default: the environment's). */
  config?: BackupConfig
  /** The lease already taken (POST /api/admin/backups takes it before answering 202); default: taken here. */
  lease?: HeldLease
  /** The wait before retry `attempt` (1-based), ms; default 2 s, 4 s, 8 s. */
  retryDelayMs?: (attempt: number) => number
  /** The site's public origin, for the link in the owners' e-mail. */
  origin?: string
}

async function storeWithRetries(config: BackupConfig, name: string, file: string, summary: ArchiveManifest, delay: (attempt: number) => number) {
  let lastError: unknown
  for (let attempt = 1; attempt <= UPLOAD_ATTEMPTS; attempt++) {
    try {
      await config.target.put(name, file, summary)
      return
    } catch (error) {
      lastError = error
      console.error(`[backup] storing ${name} at ${config.target.where} failed (attempt ${attempt} of ${UPLOAD_ATTEMPTS}): ${messageOf(error)}`)
      if (attempt < UPLOAD_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, delay(attempt)))
    }
  }
  const reason = lastError instanceof Error ? lastError.message : String(lastError)
  throw new ServiceError('unavailable', `The backup target ${config.target.where} could not be reached after ${UPLOAD_ATTEMPTS} attempts: ${reason}`)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Backs up every store now: writes the archive to a temporary file, stores it at the target
 * (4 attempts), prunes by the retention rule (35 daily, 12 monthly; only after success), records
 * the run in `backup-state`. On failure it records the failed run, e-mails the owners (once per
 * incident) and throws: ServiceError 'conflict' BACKUP_RUNNING (nothing recorded),
 * 'unavailable' NOT_CONFIGURED or an unreachable target, or the Blobs error. The archives kept
 * before are never touched by a failed run.
 */
export async function runBackup(options: BackupOptions = {}): Promise<BackupOutcome> {
  const now = options.now ?? (() => new Date())
  const started = now()
  const lease = options.lease ?? (await acquireLease(started))
  const work = await mkdtemp(join(tmpdir(), 'backup-'))
  try {
    const config = options.config ?? (await backupConfig())
    const name = archiveName(started)
    const file = join(work, name)
    const manifest = await writeArchive(file, {key: config.key, name, createdAt: started.toISOString(), source: allBlobs()})
    const {entries: _entries, ...summary} = manifest
    await storeWithRetries(config, name, file, summary, options.retryDelayMs ?? ((attempt) => 1000 * 2 ** attempt))
    const pruned = await prune(config)
    const run: BackupRun = {
      at: started.toISOString(),
      bytes: manifest.archive?.bytes ?? 0,
      durationMs: now().getTime() - started.getTime(),
      result: 'succeeded',
      name,
    }
    await recordRun(run)
    return {run, manifest: summary, pruned}
  } catch (error) {
    const run: BackupRun = {at: started.toISOString(), bytes: 0, durationMs: now().getTime() - started.getTime(), result: 'failed', error: messageOf(error)}
    await recordRun(run).catch((stateError: unknown) => console.error('[backup] the failed run could not be recorded:', stateError))
    await alertOwners({now: now(), origin: options.origin}).catch((mailError: unknown) =>
      console.error('[backup] the owners could not be e-mailed:', mailError),
    )
    throw error
  } finally {
    await releaseLease(lease).catch((leaseError: unknown) => console.error('[backup] the lease could not be released:', leaseError))
    await rm(work, {recursive: true, force: true})
  }
}

/** Deletes the archives the retention rule no longer keeps; a failed deletion is logged and left for the next run. */
async function prune(config: BackupConfig): Promise<string[]> {
  const doomed = archivesToPrune(await config.target.list())
  const pruned: string[] = []
  for (const name of doomed) {
    try {
      await config.target.remove(name)
      pruned.push(name)
    } catch (error) {
      console.error(`[backup] pruning ${name} failed; the next backup tries again:`, error)
    }
  }
  return pruned
}

/**
 * The owners' view (GET /api/admin/backups): the last run, the archives kept (an unreachable or
 * unconfigured target lists none and says so in `warning`), whether one runs now, the warning.
 */
export async function backupStatus(options: {now?: Date; config?: BackupConfig} = {}): Promise<BackupStatus> {
  const now = options.now ?? new Date()
  const state = await readRunState(now)
  const lease = (await stateStore().get('lease', {type: 'json'})) as Partial<Lease> | null
  let archives: BackupStatus['archives'] = []
  let targetProblem: string | null = null
  try {
    archives = await (options.config ?? (await backupConfig())).target.list()
  } catch (error) {
    targetProblem = `The backup target cannot be read: ${messageOf(error)}`
  }
  return {
    last: state.last,
    archives,
    running: Boolean(lease?.id && lease.expiresAt && lease.expiresAt > now.toISOString()),
    lastSucceededAt: state.lastSucceededAt,
    warning: warningFor({...state, now}) ?? targetProblem,
  }
}
