/**
 * The owner's backups page's client and words (docs/requirements.md#req-backup-status), free of React:
 *
 * - `fetchBackups(token, signal)`: GET /api/admin/backups with the bearer token → BackupStatus
 *   (schemas/contracts/backup.ts): the last run, the archives kept (newest first), whether one is
 *   running, the last success and the health warning. A 401 throws UnauthorizedError (the page
 *   signs out); a 403 or 404 shows the server's message; anything else BACKUP_MESSAGES.loadFailed.
 * - `startBackup(token)`: POST /api/admin/backups → 202 BackupStarted; 409 means a backup is
 *   already running (BackupAlreadyRunningError, the page shows it and follows that one).
 * - How sizes (MB), durations, times (UTC) and results read.
 */
import {BackupStartedSchema, BackupStatusSchema, type BackupRun, type BackupStarted, type BackupStatus} from '#schemas/contracts/backup'
import {AdminApiError, adminFetch} from './admin-fetch'

export const BACKUPS_PATH = '/api/admin/backups'

export const BACKUP_MESSAGES = {
  loadFailed: 'Failed to load the backups',
  startFailed: 'The backup could not be started. Please try again.',
  alreadyRunning: 'A backup is already running: this page follows it.',
  running: 'A backup is running…',
  started: 'The backup has started.',
  finished: 'The backup has finished.',
  never: 'No backup has been made yet.',
  noArchives: 'No archives are kept yet.',
} as const

/** How often the page asks again while a backup runs (ms). */
export const BACKUP_POLL_MS = 3000

/** A 409 of POST /api/admin/backups: a backup is already running. */
export class BackupAlreadyRunningError extends Error {
  constructor(message: string = BACKUP_MESSAGES.alreadyRunning) {
    super(message)
    this.name = 'BackupAlreadyRunningError'
  }
}

/** The backups' status (see the module comment). */
export const fetchBackups = (token: string, signal?: AbortSignal): Promise<BackupStatus> =>
  adminFetch(BACKUPS_PATH, {
    token,
    signal,
    schema: BackupStatusSchema,
    failed: BACKUP_MESSAGES.loadFailed,
    serverMessage: (status) => status === 403 || status === 404,
  })

/** Starts a backup now (see the module comment). */
export async function startBackup(token: string): Promise<BackupStarted> {
  try {
    return await adminFetch(BACKUPS_PATH, {
      token,
      method: 'POST',
      schema: BackupStartedSchema,
      failed: BACKUP_MESSAGES.startFailed,
      serverMessage: (status) => status === 403,
    })
  } catch (error) {
    if (error instanceof AdminApiError && error.status === 409) throw new BackupAlreadyRunningError()
    throw error
  }
}

const MIB = 1024 * 1024

/** A size in bytes as staff read it, in MB with one decimal (GB from 1024 MB; "< 0.1 MB" for a tiny one). */
export function backupSizeText(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—'
  if (bytes === 0) return '0 MB'
  const mb = bytes / MIB
  if (mb >= 1024) return `${(mb / 1024).toFixed(1)} GB`
  if (mb < 0.05) return '< 0.1 MB'
  return `${mb.toFixed(1)} MB`
}

/** A duration in ms: "850 ms", "4.2 s", "2 min 5 s", "1 h 3 min". */
export function durationText(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—'
  if (ms < 1000) return `${Math.round(ms)} ms`
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`
  const seconds = Math.round(ms / 1000)
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${seconds % 60} s`
  return `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`
}

/** An ISO time in UTC to the minute, as the backup warning writes it: "2026-11-27 02:00 UTC". */
export const backupTimeText = (iso: string): string => (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : '—')

/** A run's result: "Succeeded" or "Failed". */
export const backupResultText = (run: Pick<BackupRun, 'result'>): string => (run.result === 'succeeded' ? 'Succeeded' : 'Failed')
