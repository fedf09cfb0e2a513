/**
 * Scheduled daily at 02:00 UTC (on Netlify, and under `npm start` through
 * netlify/platform/local-schedule.ts): the backup of every store (netlify/services/backup), then
 * the retention rule. 200 with the archive's name and size, or 500 when it failed — the failure
 * is recorded, shown in red on the admin pages and e-mailed to the owners, never silent.
 *
 * Netlify ends a scheduled function after 30 seconds: a site whose archive takes longer backs up
 * with `npm run backup` from a machine or CI job on the same schedule (docs/operations.md).
 */
import type {Config} from '@netlify/functions'
import {publicOrigin} from '../platform/env'
import {json} from '../platform/http'
import {nextRunOf, scheduledSteps} from '../platform/scheduled-steps'
import {runBackup} from '../services/backup/backup'

export default async function backupDaily(request: Request): Promise<Response> {
  const nextRun = await nextRunOf(request)
  const steps = scheduledSteps('backup-daily')
  const outcome = await steps.run('backup', () => runBackup({origin: publicOrigin()}))
  if (outcome) console.log(`[backup-daily] ${outcome.run.name}: ${outcome.run.bytes} bytes in ${outcome.run.durationMs} ms, ${outcome.pruned.length} pruned`)
  return json({archive: outcome?.run.name ?? null, bytes: outcome?.run.bytes ?? null, nextRun}, {status: steps.failed ? 500 : 200})
}

export const config: Config = {schedule: '0 2 * * *'}
