/**
 * Which backup archives to keep (docs/requirements.md#req-backups), as restic's `forget
 * --keep-daily 35 --keep-monthly 12` does: the newest archive of each of the 35 most recent UTC
 * days that have one, and the newest of each of the 12 most recent UTC months that have one.
 * Every other archive is pruned, after a successful backup only.
 */

/** Archives kept per day (the most recent days that have one). */
export const KEEP_DAILY = 35
/** Archives kept per month (the most recent months that have one). */
export const KEEP_MONTHLY = 12

/**
 * The names of `archives` to delete: `at` is each archive's time (ISO 8601, UTC). Pure; the
 * order of `archives` does not matter, and an archive is never both kept and pruned.
 */
export function archivesToPrune(archives: ReadonlyArray<{name: string; at: string}>, keep = {daily: KEEP_DAILY, monthly: KEEP_MONTHLY}): string[] {
  const newestFirst = [...archives].sort((a, b) => (a.at === b.at ? b.name.localeCompare(a.name) : b.at.localeCompare(a.at)))
  const kept = new Set<string>()
  const keepNewestPer = (period: (at: string) => string, count: number) => {
    const seen = new Set<string>()
    for (const archive of newestFirst) {
      const bucket = period(archive.at)
      if (seen.has(bucket)) continue
      if (seen.size >= count) break
      seen.add(bucket)
      kept.add(archive.name)
    }
  }
  keepNewestPer((at) => at.slice(0, 10), keep.daily)
  keepNewestPer((at) => at.slice(0, 7), keep.monthly)
  return newestFirst.filter((archive) => !kept.has(archive.name)).map((archive) => archive.name)
}

/** The archive file name of a backup started at `at`: `backup-2026-11-27T02-00-00Z.tar.gz.enc` (sortable, no colons). */
export const archiveName = (at: Date): string => `backup-${at.toISOString().slice(0, 19).replace(/:/g, '-')}Z${ARCHIVE_SUFFIX}`

/** The suffix of every archive: a gzip-compressed tar, encrypted. */
export const ARCHIVE_SUFFIX = '.tar.gz.enc'

/** The time an archive's name records (ISO 8601), or null for a name that is not an archive's. */
export function archiveTime(name: string): string | null {
  const match = /^backup-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.tar\.gz\.enc$/.exec(name)
  return match ? `${match[1]}T${match[2]}:${match[3]}:${match[4]}.000Z` : null
}
