/**
 * Scheduled every 5 minutes (UTC; on Netlify, and under `npm start` through
 * netlify/platform/local-schedule.ts): the e-mail outbox's delivery.
 * 1. Finishes paid enrolments left without a receipt number — a crash, or Blobs or the content
 *    unavailable during the payment (netlify/services/enrolments/paid-enrolment.ts sweepPaidEnrolments): their
 *    receipt and staff notice are queued then.
 *    Likewise the staff notices of contact enquiries of the last 24 hours (netlify/services/enquiries/contact.ts
 *    sweepEnquiryNotices).
 * 2. Sends every due message of the outbox, retrying failed sends with exponential backoff for
 *    24 hours before marking them failed (netlify/services/mail/deliver.ts deliverDue). Without
 *    SMTP_URL nothing is sent: the messages wait in the outbox.
 * Invoked as Netlify invokes scheduled functions (a POST with `{next_run}`). Both steps run even
 * if the other fails; 200 with the counts, or 500 if a step failed (logged).
 */
import type {Config} from '@netlify/functions'
import {json} from '../platform/http'
import {nextRunOf, scheduledSteps} from '../platform/scheduled-steps'
import {deliverDue} from '../services/mail/deliver'
import {sweepEnquiryNotices} from '../services/enquiries/contact'
import {sweepPaidEnrolments} from '../services/enrolments/paid-enrolment'

export default async function outboxDelivery(request: Request): Promise<Response> {
  const nextRun = await nextRunOf(request)
  const steps = scheduledSteps('outbox-delivery')
  const run = steps.run
  const issued = await run('receipt sweep', () => sweepPaidEnrolments())
  const enquiries = await run('enquiry notice sweep', () => sweepEnquiryNotices())
  const delivery = await run('delivery', () => deliverDue())
  if (issued?.length) console.log(`[outbox-delivery] issued ${issued.length} missing receipts`)
  if (enquiries?.length) console.log(`[outbox-delivery] queued ${enquiries.length} missing enquiry notices`)
  if (delivery && delivery.due > 0) {
    console.log(
      `[outbox-delivery] due ${delivery.due}: sent ${delivery.sent}, retry ${delivery.retried}, failed ${delivery.failed}, skipped ${delivery.skipped}${delivery.reason ? ` (${delivery.reason})` : ''}`,
    )
  }
  const report = delivery && {
    configured: delivery.configured,
    due: delivery.due,
    sent: delivery.sent,
    retried: delivery.retried,
    failed: delivery.failed,
    skipped: delivery.skipped,
  }
  return json({issued: issued?.length ?? null, enquiries: enquiries?.length ?? null, delivery: report, nextRun}, {status: steps.failed ? 500 : 200})
}

export const config: Config = {schedule: '*/5 * * * *'}
