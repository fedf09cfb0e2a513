/**
 * Where archives are kept (docs/requirements.md#req-backups): a folder (the embedded default,
 * `backups/` beside BLOBS_DIR) or any S3-compatible bucket (@aws-sdk/client-s3: AWS S3,
 * Cloudflare R2, Backblaze B2, MinIO). Each archive is two objects: the encrypted archive
 * `<name>` and its manifest summary `<name>.json` (no entries, nothing personal), written after
 * the archive so a listed archive is always complete.
 */
import {createReadStream, createWriteStream} from 'node:fs'
import {copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {Readable} from 'node:stream'
import {pipeline} from 'node:stream/promises'
import {DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client} from '@aws-sdk/client-s3'
import {ARCHIVE_SUFFIX, archiveTime} from '#schemas/rules/backup-retention'
import {ArchiveManifestSchema, type ArchiveManifest, type BackupArchive} from '#schemas/contracts/backup'

/** A place that keeps archives. Every method may throw on an unreachable target (the caller retries). */
export interface BackupTarget {
  /** In words, for logs and the restore's output ("the folder …", "s3://bucket/prefix"). */
  readonly where: string
  /** Stores the archive file at `file` as `name`, then its summary. */
  put(name: string, file: string, summary: ArchiveManifest): Promise<void>
  /** Copies the archive `name` to the local file `file`; ServiceError-free null when there is none. */
  fetch(name: string, file: string): Promise<boolean>
  /** The summary stored beside the archive `name`, or null. */
  summary(name: string): Promise<ArchiveManifest | null>
  /** The archives kept (complete ones: with their summary), newest first. */
  list(): Promise<BackupArchive[]>
  /** Deletes the archive `name` and its summary. */
  remove(name: string): Promise<void>
}

const summaryName = (name: string) => `${name}.json`
const newestFirst = (archives: BackupArchive[]) => archives.sort((a, b) => b.at.localeCompare(a.at) || b.name.localeCompare(a.name))
const parseSummary = (text: string): ArchiveManifest | null => {
  try {
    const parsed = ArchiveManifestSchema.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The folder target: files `<dir>/<name>` and `<dir>/<name>.json`, written to a temporary name and renamed. */
export function folderTarget(dir: string): BackupTarget {
  return {
    where: `the folder ${dir}`,
    async put(name, file, summary) {
      await mkdir(dir, {recursive: true, mode: 0o700})
      const partial = join(dir, `.${name}.partial`)
      await copyFile(file, partial)
      await rename(partial, join(dir, name))
      await writeFile(join(dir, `.${summaryName(name)}.partial`), JSON.stringify(summary), {mode: 0o600})
      await rename(join(dir, `.${summaryName(name)}.partial`), join(dir, summaryName(name)))
    },
    async fetch(name, file) {
      try {
        await copyFile(join(dir, name), file)
        return true
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false
        throw error
      }
    },
    async summary(name) {
      return parseSummary(await readFile(join(dir, summaryName(name)), 'utf8').catch(() => 'null'))
    },
    async list() {
      const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? [] : Promise.reject(error)))
      const present = new Set(names)
      const archives: BackupArchive[] = []
      for (const name of names) {
        const at = archiveTime(name)
        if (!at || !present.has(summaryName(name))) continue
        archives.push({name, at, bytes: (await stat(join(dir, name))).size})
      }
      return newestFirst(archives)
    },
    async remove(name) {
      await rm(join(dir, summaryName(name)), {force: true})
      await rm(join(dir, name), {force: true})
    },
  }
}

/** How to reach an S3-compatible bucket. `endpoint` unset: AWS S3 itself. */
export type S3TargetConfig = {bucket: string; prefix: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string}

/**
 * The S3 target: objects `<prefix><name>` and `<prefix><name>.json` in `bucket`. Path-style
 * addressing with a custom endpoint (MinIO, s3rver, R2 accept it). The SDK's own retries are off
 * (one attempt each): the backup job retries the whole upload and reports the failure.
 */
export function s3Target(config: S3TargetConfig): BackupTarget {
  const client = new S3Client({
    region: config.region,
    maxAttempts: 1,
    // Checksums only where S3 requires them: the SDK's default streams uploads as `aws-chunked`
    // with trailing checksums, which several S3-compatible services do not accept.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.endpoint ? {endpoint: config.endpoint, forcePathStyle: true} : {}),
    ...(config.accessKeyId && config.secretAccessKey ? {credentials: {accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey}} : {}),
  })
  const key = (name: string) => `${config.prefix}${name}`
  const getText = async (name: string): Promise<string | null> => {
    try {
      const object = await client.send(new GetObjectCommand({Bucket: config.bucket, Key: key(name)}))
      return (await object.Body?.transformToString('utf8')) ?? null
    } catch (error) {
      if ((error as {name?: string}).name === 'NoSuchKey') return null
      throw error
    }
  }
  return {
    where: `s3://${config.bucket}/${config.prefix}`,
    async put(name, file, summary) {
      const {size} = await stat(file)
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: key(name),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: 'application/octet-stream',
        }),
      )
      await client.send(
        new PutObjectCommand({Bucket: config.bucket, Key: key(summaryName(name)), Body: JSON.stringify(summary), ContentType: 'application/json'}),
      )
    },
    async fetch(name, file) {
      try {
        const object = await client.send(new GetObjectCommand({Bucket: config.bucket, Key: key(name)}))
        if (!object.Body) return false
        await pipeline(object.Body as Readable, createWriteStream(file, {mode: 0o600}))
        return true
      } catch (error) {
        if ((error as {name?: string}).name === 'NoSuchKey') return false
        throw error
      }
    },
    async summary(name) {
      const text = await getText(summaryName(name))
      return text === null ? null : parseSummary(text)
    },
    async list() {
      const objects = new Map<string, number>()
      let token: string | undefined
      do {
        const page = await client.send(new ListObjectsV2Command({Bucket: config.bucket, Prefix: config.prefix, ContinuationToken: token}))
        for (const object of page.Contents ?? []) if (object.Key) objects.set(object.Key.slice(config.prefix.length), object.Size ?? 0)
        token = page.IsTruncated ? page.NextContinuationToken : undefined
      } while (token)
      const archives: BackupArchive[] = []
      for (const [name, bytes] of objects) {
        const at = archiveTime(name)
        if (at && objects.has(summaryName(name))) archives.push({name, at, bytes})
      }
      return newestFirst(archives)
    },
    async remove(name) {
      await client.send(new DeleteObjectsCommand({Bucket: config.bucket, Delete: {Objects: [{Key: key(summaryName(name))}, {Key: key(name)}]}}))
    },
  }
}

/** Whether `name` looks like an archive's file name (the retention rule's pattern). */
export const isArchiveName = (name: string): boolean => name.endsWith(ARCHIVE_SUFFIX) && archiveTime(name) !== null
