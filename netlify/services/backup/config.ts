/**
 * The backup's configuration (netlify/platform/env.ts BackupEnvSchema,
 * docs/requirements.md#req-backups): the key that encrypts new archives, the keys a restore
 * accepts, and the target.
 *
 * Production fails closed: without BACKUP_KEY or an S3 bucket (BACKUP_S3_BUCKET) the backup stops
 * with ServiceError 'unavailable' (the job reports it loudly and e-mails the owners). Elsewhere
 * the embedded default is the folder `backups/` beside BLOBS_DIR (or BACKUP_DIR) and, without
 * BACKUP_KEY, a key generated once and kept in `<folder>/.key` (mode 600).
 */
import {randomBytes} from 'node:crypto'
import {mkdir, readFile, writeFile} from 'node:fs/promises'
import {dirname, join, resolve} from 'node:path'
import {getEnv, isBackupKey, isProduction, type Env} from '#netlify/platform/env'
import {ServiceError} from '#netlify/platform/errors'
import {backupKey, type BackupKey} from './crypto'
import {folderTarget, s3Target, type BackupTarget} from './targets'

/** The configuration of one backup or restore. */
export type BackupConfig = {key: BackupKey; keys: BackupKey[]; target: BackupTarget}

export const NOT_CONFIGURED = 'Backups are not configured: production requires BACKUP_KEY and BACKUP_S3_BUCKET'

/** The embedded default's folder: `backups/` beside BLOBS_DIR, or BACKUP_DIR. */
export const localBackupDir = (env: Env = getEnv()): string => resolve(env.BACKUP_DIR ?? join(dirname(resolve(env.BLOBS_DIR)), 'backups'))

/** The S3 target of the environment (BACKUP_S3_BUCKET set), or null; `bucket`/`prefix` override it (`--from s3://…`). */
export function s3TargetOf(env: Env, override: {bucket?: string; prefix?: string} = {}): BackupTarget | null {
  const bucket = override.bucket ?? env.BACKUP_S3_BUCKET
  if (!bucket) return null
  return s3Target({
    bucket,
    prefix: override.prefix ?? env.BACKUP_S3_PREFIX,
    region: env.BACKUP_S3_REGION,
    endpoint: env.BACKUP_S3_ENDPOINT,
    accessKeyId: env.BACKUP_S3_ACCESS_KEY_ID,
    secretAccessKey: env.BACKUP_S3_SECRET_ACCESS_KEY,
  })
}

/** The local key `<dir>/.key`, created once (mode 600, never overwritten: two first runs at once agree on one). */
async function localKey(dir: string): Promise<BackupKey> {
  const file = join(dir, '.key')
  await mkdir(dir, {recursive: true, mode: 0o700})
  const fresh = randomBytes(32).toString('base64')
  await writeFile(file, `${fresh}\n`, {flag: 'wx', mode: 0o600}).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error
  })
  const text = (await readFile(file, 'utf8')).trim()
  if (!isBackupKey(text)) throw new ServiceError('unavailable', `The backup key in ${file} is not base64 of at least 32 bytes`)
  return backupKey(text)
}

/**
 * The configuration of `env`. ServiceError 'unavailable' NOT_CONFIGURED in production without a
 * key or a bucket.
 */
export async function backupConfig(env: Env = getEnv()): Promise<BackupConfig> {
  const s3 = s3TargetOf(env)
  if (isProduction(env) && (!env.BACKUP_KEY || !s3)) throw new ServiceError('unavailable', NOT_CONFIGURED)
  const key = env.BACKUP_KEY ? backupKey(env.BACKUP_KEY) : await localKey(localBackupDir(env))
  const previous = (env.BACKUP_KEY_PREVIOUS ?? []).map(backupKey)
  return {key, keys: [key, ...previous], target: s3 ?? folderTarget(localBackupDir(env))}
}
