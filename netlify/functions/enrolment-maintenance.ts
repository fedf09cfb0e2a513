/**
 * Scheduled (hourly, UTC; on Netlify, and under `npm start` through netlify/platform/local-schedule.ts):
 * the enrolment housekeeping.
 * 1. Repairs the admin list's index from the records (finding 7): rows missing or older than
 *    their record are re-derived, rows without a record dropped (netlify/services/enrolments/repair.ts).
 * 2. Purges pending enrolments created more than 7 days ago, with their index rows and their
 *    documents; never a paid one, even when a payment races the purge (finding 6,
 *    netlify/services/enrolments/purge.ts).
 * 3. Checks the daily backup: failed, or none for more than 26 hours, the owners are e-mailed
 *    once per incident (netlify/services/backup/alerts.ts).
 * Invoked as Netlify invokes scheduled functions: a POST whose JSON body is `{next_run}`. Each
 * step runs even if another fails; the answer is 200 with the counts, or 500 if a step failed
 * (logged). Hourly keeps the cost at one listing and one read per enrolment an hour; a payment's
 * own retries and the Razorpay webhook already re-index an order in between.
 */
import type {Config} from '@netlify/functions'
import {json} from '../platform/http'
import {nextRunOf, scheduledSteps} from '../platform/scheduled-steps'
import {alertOwners} from '../services/backup/alerts'
import {purgeStalePendingEnrolments} from '../services/enrolments/purge'
import {repairEnrolmentIndex} from '../services/enrolments/repair'

export default async function enrolmentMaintenance(request: Request): Promise<Response> {
  const nextRun = await nextRunOf(request)
  const steps = scheduledSteps('enrolment-maintenance')
  const run = steps.run
  const repair = await run('index repair', () => repairEnrolmentIndex())
  const purge = await run('purge of stale pending enrolments', () => purgeStalePendingEnrolments())
  const backupAlert = await run('backup health', () => alertOwners())
  if (backupAlert) console.error(`[enrolment-maintenance] backup needs attention, owners e-mailed: ${backupAlert}`)
  if (repair && (repair.repaired || repair.removed)) {
    console.log(`[enrolment-maintenance] index repair: checked ${repair.checked}, repaired ${repair.repaired}, removed ${repair.removed}`)
  }
  if (purge?.purged.length) console.log(`[enrolment-maintenance] purged ${purge.purged.length} stale pending enrolments (${purge.uploads.length} documents)`)
  return json(
    {repair, purge: purge && {checked: purge.checked, purged: purge.purged.length, uploads: purge.uploads.length}, nextRun},
    {status: steps.failed ? 500 : 200},
  )
}

export const config: Config = {schedule: '@hourly'}
