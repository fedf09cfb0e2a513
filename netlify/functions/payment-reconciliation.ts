/**
 * Scheduled every 15 minutes (UTC; on Netlify, and under `npm start` through
 * netlify/platform/local-schedule.ts): payment reconciliation.
 * 1. Asks the gateway about every order still pending between 30 minutes and 3 days after it was
 *    created, and marks paid those with a captured payment — through the webhook's path, so one
 *    receipt number and one receipt whatever else raced it (netlify/services/payments/reconcile.ts).
 * 2. Keeps the webhook event log to its newest 1,000 entries (netlify/services/payments/webhook-log.ts).
 * Invoked as Netlify invokes scheduled functions (a POST with `{next_run}`). Both steps run even
 * if the other fails; 200 with the counts, or 500 if a step failed (logged).
 */
import type {Config} from '@netlify/functions'
import {json} from '../platform/http'
import {reconcilePendingOrders} from '../services/payments/reconcile'
import {pruneWebhookLog} from '../services/payments/webhook-log'
import {nextRunOf, scheduledSteps} from '../platform/scheduled-steps'

export default async function paymentReconciliation(request: Request): Promise<Response> {
  const nextRun = await nextRunOf(request)
  const steps = scheduledSteps('payment-reconciliation')
  const report = await steps.run('reconciliation', () => reconcilePendingOrders())
  const pruned = await steps.run('webhook log pruning', () => pruneWebhookLog())
  if (report?.paid.length) console.log(`[payment-reconciliation] ${report.paid.length} orders found paid at the gateway: ${report.paid.join(', ')}`)
  return json({reconciliation: report && {...report, paid: report.paid.length}, pruned, nextRun}, {status: steps.failed ? 500 : 200})
}

export const config: Config = {schedule: '*/15 * * * *'}
