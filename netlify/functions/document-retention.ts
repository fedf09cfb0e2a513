/**
 * Scheduled daily at 03:00 UTC (on Netlify, and under `npm start` through
 * netlify/platform/local-schedule.ts): document retention (docs/requirements.md#req-document-retention,
 * netlify/services/uploads/retention.ts) — the uploaded documents of enrolments completed,
 * cancelled or refunded more than the site settings' "Document retention (days)" ago (default
 * 180) are deleted, each enrolment marked and written to the audit log. Invoked as Netlify
 * invokes scheduled functions (a POST with `{next_run}`); 200 with the counts, or 500 if the step
 * failed (logged).
 */
import type {Config} from '@netlify/functions'
import {json} from '../platform/http'
import {nextRunOf, scheduledSteps} from '../platform/scheduled-steps'
import {deleteExpiredDocuments} from '../services/uploads/retention'

export default async function documentRetention(request: Request): Promise<Response> {
  const nextRun = await nextRunOf(request)
  const steps = scheduledSteps('document-retention')
  const result = await steps.run('deletion of expired documents', () => deleteExpiredDocuments())
  if (result?.enrolments.length) {
    console.log(`[document-retention] deleted the documents of ${result.enrolments.length} enrolments (${result.documents} files; ${result.days} days)`)
  }
  return json(
    {
      days: result?.days ?? null,
      checked: result?.checked ?? null,
      enrolments: result?.enrolments.length ?? null,
      documents: result?.documents ?? null,
      nextRun,
    },
    {status: steps.failed ? 500 : 200},
  )
}

export const config: Config = {schedule: '0 3 * * *'}
