/**
 * The backup's own state (store `backup-state`, never in an archive and never restored: it
 * describes the backups themselves): `run` the last run and the last success, `lease` the
 * running backup's lease (one at a time), `alert` which incident the owners were e-mailed about.
 * Every change goes through updateJSON (a conditional write).
 */
import {openStore, updateJSON} from '#netlify/platform/blobs'
import {backupWarning as warningFor} from '#schemas/rules/backup-health'
import type {BackupRun} from '#schemas/contracts/backup'

export const BACKUP_STATE_STORE = 'backup-state'

export const stateStore = () => openStore(BACKUP_STATE_STORE)

/** The last run and the last success (ISO 8601), as stored under `run`. */
export type RunState = {last: BackupRun | null; lastSucceededAt: string | null; since: string | null}

/** The stored run state; a site that never backed up gets `since` now (written once), so a young site is not warned. */
export async function readRunState(now = new Date()): Promise<RunState> {
  const stored = (await stateStore().get('run', {type: 'json'})) as RunState | null
  if (stored) return stored
  const {value} = await updateJSON<RunState>(stateStore(), 'run', (current) => current ?? {last: null, lastSucceededAt: null, since: now.toISOString()})
  return value!
}

/** Records a finished run: the last run, and the last success when it succeeded. */
export async function recordRun(run: BackupRun): Promise<void> {
  await updateJSON<RunState>(stateStore(), 'run', (current) => ({
    since: current?.since ?? run.at,
    last: run,
    lastSucceededAt: run.result === 'succeeded' ? run.at : (current?.lastSucceededAt ?? null),
  }))
}

/**
 * The warning the admin pages show in red (schemas/rules/backup-health.ts), or null when the
 * daily backup is fine. Never throws: a state that cannot be read is itself the warning.
 */
export async function backupWarning(now = new Date()): Promise<string | null> {
  try {
    const state = await readRunState(now)
    return warningFor({...state, now})
  } catch {
    return 'The backup status could not be read.'
  }
}
