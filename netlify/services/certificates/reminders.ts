/**
 * Expiry reminders (docs/requirements.md#req-issue-20-reminders): the scheduled
 * `certificate-reminders` function (netlify/functions/certificate-reminders.ts, daily) e-mails
 * each holder of a VALID certificate whose expiry day is within EXPIRY_REMINDER_DAYS (90) days of
 * today, once, through the outbox, with a link to the course's page and its next open batches.
 *
 * Once: the message's idempotency key is `certificate-expiry:{number}` (the outbox makes one
 * message per key, also under concurrent runs), and the record's `reminderSentAt` is then set by
 * a conditional write (updateJSON) only when still unset — so a crash between the two is finished
 * by the next run without a second message, and a certificate is never reminded again, even if
 * the job runs many times a day. A revoked or already expired certificate is never reminded; one
 * issued with fewer than 90 days left is reminded on the next run.
 */
import {batchLine, providerToday} from '#schemas/rules/batches'
import {EXPIRY_REMINDER_DAYS, isExpiringWithin} from '#schemas/rules/certificates'
import {publicOrigin} from '#netlify/platform/env'
import {absoluteUrl, categoryPath, courseAnchor} from '#schemas/rules/paths'
import {openStore, STORES, updateJSON} from '#netlify/platform/blobs'
import {fetchUpcomingBatches, type Batch} from '../seats/content'
import {enqueue} from '../mail/outbox'
import {certificateContext} from './context'
import {certificateExpiryMessage} from './messages'
import {listCertificateRecords, type CertificateRecord} from './register'

/** How many of a course's next batches the reminder lists. */
export const REMINDER_BATCHES = 3

/** The absolute URL of the course's card on its program's page: /courses/{category}#course-{id}. */
export const courseUrl = (record: Pick<CertificateRecord, 'courseCategory' | 'courseId'>, origin = publicOrigin()): string =>
  absoluteUrl(origin, `${categoryPath(record.courseCategory)}#${courseAnchor(record.courseId)}`)

/** The lines of the next open batches of course `courseId` among `batches` (earliest first): "12–16 Jan 2027 · Mumbai". */
export function nextBatchLines(batches: readonly Batch[], courseId: string, max = REMINDER_BATCHES): string[] {
  return batches
    .filter((batch) => batch.course.id === courseId && batch.status === 'open')
    .slice(0, max)
    .map((batch) => batchLine(batch, ''))
}

/** Whether `record` is due a reminder on `today`: valid, expiring within 90 days, not reminded yet. */
export const isReminderDue = (record: CertificateRecord, today: string): boolean =>
  !record.reminderSentAt && isExpiringWithin(record, today, EXPIRY_REMINDER_DAYS)

/**
 * Queues the expiry reminders due at `now` (see the module comment) and resolves to the numbers
 * reminded in this run. A certificate whose reminder fails is logged and retried on the next run.
 * Throws when Blobs or the content cannot be read at all.
 */
export async function sendExpiryReminders(options: {now?: Date} = {}): Promise<string[]> {
  const now = options.now ?? new Date()
  const today = providerToday(now)
  const due = (await listCertificateRecords()).filter((record) => isReminderDue(record, today))
  if (due.length === 0) return []
  const [batches, {provider}] = await Promise.all([fetchUpcomingBatches(today), certificateContext('', '')])
  const origin = publicOrigin()
  const store = openStore(STORES.certificates)
  const reminded: string[] = []
  for (const record of due) {
    try {
      const message = await certificateExpiryMessage({
        provider,
        number: record.number,
        holderName: record.holderName,
        courseName: record.courseName,
        expiresOn: record.expiresOn!,
        courseUrl: courseUrl(record, origin),
        batches: nextBatchLines(batches, record.courseId),
        email: record.email,
      })
      await enqueue(message, {now})
      const {changed} = await updateJSON<CertificateRecord>(store, `cert/${record.number}`, (current) =>
        current && !current.reminderSentAt ? {...current, reminderSentAt: now.toISOString()} : undefined,
      )
      if (changed) reminded.push(record.number)
    } catch (error) {
      console.error(`[certificate-reminders] ${record.number}: the reminder could not be queued; the next run retries`, error)
    }
  }
  return reminded
}
