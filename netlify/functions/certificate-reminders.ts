/**
 * Scheduled daily at 04:00 UTC (08:00 in Dubai; on Netlify, and under `npm start` through
 * netlify/platform/local-schedule.ts): the certificate expiry reminders
 * (netlify/services/certificates/reminders.ts) — each holder of a valid certificate expiring within 90
 * days is e-mailed once through the outbox (sent by `outbox-delivery`); first, the erasures of the
 * privacy ledger are applied again (netlify/services/privacy/erasure.ts reapplyErasures), which
 * erases the holder's name kept on a certificate that is no longer valid
 * (docs/requirements.md#req-privacy). Invoked as Netlify invokes scheduled functions (a POST with
 * `{next_run}`); 200 with the counts, or 500 if a step failed (logged).
 */
import type {Config} from '@netlify/functions'
import {json} from '../platform/http'
import {nextRunOf, scheduledSteps} from '../platform/scheduled-steps'
import {sendExpiryReminders} from '../services/certificates/reminders'
import {reapplyErasures} from '../services/privacy/erasure'

export default async function certificateReminders(request: Request): Promise<Response> {
  const nextRun = await nextRunOf(request)
  const steps = scheduledSteps('certificate-reminders')
  const erasures = await steps.run('privacy erasures re-applied', () => reapplyErasures())
  if (erasures?.applied) console.log(`[certificate-reminders] ${erasures.applied} records erased again from the privacy ledger`)
  const reminded = await steps.run('expiry reminders', () => sendExpiryReminders())
  if (reminded?.length) console.log(`[certificate-reminders] ${reminded.length} expiry reminders queued`)
  return json({reminded: reminded?.length ?? null, erasuresApplied: erasures?.applied ?? null, nextRun}, {status: steps.failed ? 500 : 200})
}

export const config: Config = {schedule: '0 4 * * *'}
