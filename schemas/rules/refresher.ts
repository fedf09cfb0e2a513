/**
 * "Book your refresher" on a certificate in My training (docs/requirements.md#req-account): from
 * REFRESHER_MONTHS (6) calendar months before a certificate's expiry day, the portal lists the
 * course's next batches with their enrolment links. Pure: callers pass `today` (the provider's
 * day 'YYYY-MM-DD', ./batches.ts providerToday); imports only domain modules.
 *
 * - Offered when the certificate is not revoked, has an expiry day, and `today` is on or after the
 *   day REFRESHER_MONTHS months before it (an expired certificate keeps the offer: its holder
 *   needs the refresher all the more). A certificate that does not expire never offers one.
 * - Six months before a day that the earlier month lacks is that month's last day:
 *   refresherOpensOn('2027-08-31') → '2027-02-28'.
 */
import {isIsoDate} from './batches'
import {coursePriceLabel} from './price'
import {CADETSHIP_TRAINING} from './programs'
import {enrolPath} from './paths'

/** How many calendar months before expiry "Book your refresher" appears. */
export const REFRESHER_MONTHS = 6

/** How many of the course's next batches the offer lists. */
export const REFRESHER_BATCHES = 3

/**
 * The first day of the offer for a certificate expiring on `expiresOn` ('YYYY-MM-DD'): the same day
 * REFRESHER_MONTHS months earlier, clamped to the end of a shorter month. Throws RangeError for a
 * day that is not a real one.
 */
export function refresherOpensOn(expiresOn: string): string {
  if (!isIsoDate(expiresOn)) throw new RangeError(`Invalid expiry day ${JSON.stringify(expiresOn)}`)
  const [year, month, day] = expiresOn.split('-').map(Number) as [number, number, number]
  const index = year * 12 + (month - 1) - REFRESHER_MONTHS
  const y = Math.floor(index / 12)
  const m = (index % 12) + 1
  const lastDay = new Date(Date.UTC(y, m, 0)).getUTCDate()
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`
}

/** Whether a certificate offers "Book your refresher" on `today` (see the module comment). */
export function isRefresherOpen(cert: {expiresOn: string | null; revokedOn: string | null}, today: string): boolean {
  if (cert.revokedOn || !cert.expiresOn || !isIsoDate(cert.expiresOn)) return false
  return today >= refresherOpensOn(cert.expiresOn)
}

/** A batch's course as its enrolment link needs it: a course, or the cadetship programme for an intake. */
export type BatchEnrolCourse = {_type: string; categoryId: string; enrolCourse: string; pricing: string | null; priceUsd: number | null}

/**
 * The Enroll link of a batch: the enrolment link its course card (or the cadetship page) has —
 * training, course and price (cadetship: the amount paid at enrolment) — plus `batch={batchId}`.
 */
export function batchEnrolPath(course: BatchEnrolCourse, batchId: string): string {
  if (course._type === 'cadetshipProgramme') {
    return enrolPath({training: CADETSHIP_TRAINING, course: course.enrolCourse, amount: course.priceUsd ?? undefined, batch: batchId})
  }
  return enrolPath({training: course.categoryId, course: course.enrolCourse, price: coursePriceLabel(course), batch: batchId})
}
