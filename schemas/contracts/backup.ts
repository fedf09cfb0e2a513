/**
 * The bodies of the owner's backup API (netlify/functions/admin-backups.ts,
 * docs/requirements.md#req-backups):
 *   GET  /api/admin/backups   (backups:manage) → 200 BackupStatusSchema
 *   POST /api/admin/backups   (backups:manage) → 202 BackupStartedSchema (409 while one runs)
 * and the archive manifest written by netlify/services/backup (ArchiveManifestSchema).
 */
import {z} from 'zod'

/** How a backup run ended. */
export const BackupResultSchema = z.enum(['succeeded', 'failed'])
export type BackupResult = z.infer<typeof BackupResultSchema>

/** One backup run: when it started (ISO 8601), the archive's size (bytes), how long it took (milliseconds), how it ended. */
export const BackupRunSchema = z.object({
  at: z.string(),
  bytes: z.number().int().nonnegative(),
  durationMs: z.number().int().nonnegative(),
  result: BackupResultSchema,
  /** The archive written (succeeded runs). */
  name: z.string().optional(),
  /** Why it failed, for the owner (failed runs). */
  error: z.string().optional(),
})
export type BackupRun = z.infer<typeof BackupRunSchema>

/** One archive kept at the target: its file name, when it was made (ISO 8601) and its size (bytes). */
export const BackupArchiveSchema = z.object({name: z.string(), at: z.string(), bytes: z.number().int().nonnegative()})
export type BackupArchive = z.infer<typeof BackupArchiveSchema>

/**
 * 200 of GET /api/admin/backups: the last run (null before the first), the archives kept (newest
 * first), whether a backup is running now, the last successful run's time (ISO 8601, null if none)
 * and the health warning the admin pages show (null when the daily backup is fine).
 */
export const BackupStatusSchema = z.object({
  last: BackupRunSchema.nullable(),
  archives: z.array(BackupArchiveSchema),
  running: z.boolean(),
  lastSucceededAt: z.string().nullable(),
  warning: z.string().nullable(),
})
export type BackupStatus = z.infer<typeof BackupStatusSchema>

/** 202 of POST /api/admin/backups: a backup has started (its start time, ISO 8601). */
export const BackupStartedSchema = z.object({started: z.literal(true), at: z.string()})
export type BackupStarted = z.infer<typeof BackupStartedSchema>

/** One entry of an archive: its store, its key, its blob metadata, its size (bytes) and SHA-256 (hex). */
export const ManifestEntrySchema = z.object({
  store: z.string(),
  key: z.string(),
  metadata: z.record(z.unknown()),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
})
export type ManifestEntry = z.infer<typeof ManifestEntrySchema>

/** Per store: how many keys and how many bytes the archive holds. */
export const StoreSummarySchema = z.object({keys: z.number().int().nonnegative(), bytes: z.number().int().nonnegative()})
export type StoreSummary = z.infer<typeof StoreSummarySchema>

/**
 * The manifest: inside the encrypted archive (its last tar entry, `manifest.json`, with every
 * entry) and beside it (`<archive>.json`, the summary without entries, for listings and checks).
 * `archive` is the encrypted file's size (bytes) and SHA-256 (hex): absent inside the archive,
 * which cannot hold its own hash.
 */
export const ArchiveManifestSchema = z.object({
  format: z.literal('maritime-backup/1'),
  name: z.string(),
  createdAt: z.string(),
  keyId: z.string(),
  stores: z.record(StoreSummarySchema),
  entries: z.array(ManifestEntrySchema).optional(),
  archive: z.object({bytes: z.number().int().nonnegative(), sha256: z.string()}).optional(),
})
export type ArchiveManifest = z.infer<typeof ArchiveManifestSchema>
