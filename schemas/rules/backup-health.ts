/**
 * When the daily backup needs the owner's attention (docs/requirements.md#req-backups): the
 * last run failed, or no backup has succeeded for more than BACKUP_STALE_HOURS. The red banner of
 * the admin pages and the owners' e-mail both use this one rule.
 */
import type {BackupRun} from '#schemas/contracts/backup'

/** A daily backup older than this (hours) counts as missing: a day and two hours of slack. */
export const BACKUP_STALE_HOURS = 26

const HOUR_MS = 3_600_000

/** `2026-11-27 02:00 UTC` for a warning (UTC, to the minute). */
const utcMinute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`

/**
 * The warning to show, or null when the backups are fine. `last`: the last run (null before the
 * first); `lastSucceededAt`: ISO 8601 of the last successful run (null if none); `now` the clock.
 * A site younger than a day (`since`, ISO 8601: when the site first started, or null) is not
 * warned about a backup that was never due.
 */
export function backupWarning({
  last,
  lastSucceededAt,
  now,
  since = null,
}: {
  last: BackupRun | null
  lastSucceededAt: string | null
  now: Date
  since?: string | null
}): string | null {
  if (last?.result === 'failed') return `The last backup failed (${utcMinute(last.at)}): ${last.error ?? 'see the server log'}.`
  if (lastSucceededAt === null) {
    if (since !== null && now.getTime() - Date.parse(since) <= BACKUP_STALE_HOURS * HOUR_MS) return null
    return 'No backup has been made yet.'
  }
  if (now.getTime() - Date.parse(lastSucceededAt) > BACKUP_STALE_HOURS * HOUR_MS) {
    return `No backup for more than ${BACKUP_STALE_HOURS} hours: the last one succeeded on ${utcMinute(lastSucceededAt)}.`
  }
  return null
}
