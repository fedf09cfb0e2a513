/**
 * Scheduled every 5 minutes (UTC; on Netlify, and under `npm start` through
 * netlify/platform/local-schedule.ts): the expiry of seat holds
 * (netlify/services/seats/expiry.ts), then the release of group bookings whose pro-forma is unpaid
 * past its due day (netlify/services/group-bookings/release.ts). Invoked as Netlify invokes scheduled functions (a POST with
 * `{next_run}`); 200 with the counts, or 500 if the step failed (logged).
 */
import type {Config} from '@netlify/functions'
import {json} from '../platform/http'
import {nextRunOf, scheduledSteps} from '../platform/scheduled-steps'
import {expireHolds} from '../services/seats/expiry'
import {releaseOverdueBookings} from '../services/group-bookings/release'

export default async function seatHolds(request: Request): Promise<Response> {
  const nextRun = await nextRunOf(request)
  const steps = scheduledSteps('seat-holds')
  const result = await steps.run('hold expiry', () => expireHolds())
  if (result?.expired.length) console.log(`[seat-holds] ${result.expired.length} expired holds released in ${result.batches} batches`)
  const released = await steps.run('group booking release', () => releaseOverdueBookings())
  if (released?.length) console.log(`[seat-holds] ${released.length} unpaid group bookings released: ${released.join(', ')}`)
  return json(
    {batches: result?.batches ?? null, expired: result?.expired.length ?? null, releasedBookings: released?.length ?? null, nextRun},
    {status: steps.failed ? 500 : 200},
  )
}

export const config: Config = {schedule: '*/5 * * * *'}
