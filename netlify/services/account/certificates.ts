/**
 * The certificates section of My training (docs/requirements.md#req-account,
 * docs/account/certificates-waitlists-exams-privacy.md): each certificate under the signed-in
 * address with its number, course, issue and expiry days, its status on the provider's day
 * (schemas/rules/certificates.ts certificateStatus), its PDF (/account/certificates/{number}.pdf),
 * the public verification page (/verify/{number}) and, from 6 months before expiry
 * (schemas/rules/refresher.ts isRefresherOpen), "Book your refresher": the course's next open
 * batches with their enrolment links.
 */
import {fetchContent} from '#netlify/platform/content/client'
import {CALENDAR_QUERY} from '#netlify/platform/content/queries'
import type {PortalCertificate} from '#schemas/contracts/account'
import {batchLine, providerToday} from '#schemas/rules/batches'
import {certificateStatus, STATUS_LABELS, verifyPath} from '#schemas/rules/certificates'
import {accountCertificatePath} from '#schemas/rules/paths'
import {batchEnrolPath, isRefresherOpen, REFRESHER_BATCHES} from '#schemas/rules/refresher'
import type {CertificateRecord} from '../certificates/register'

/** A next batch of a course: its line ("12–16 Jan 2027 · Mumbai") and its enrolment link. */
type RefresherBatch = {courseId: string; text: string; href: string}

/** The open batches starting after `today`, earliest first, with their enrolment links. */
async function upcomingBatches(today: string): Promise<RefresherBatch[]> {
  const {batches} = await fetchContent(CALENDAR_QUERY, {today})
  return batches.flatMap((batch) =>
    batch.status === 'open' && batch.course?._id
      ? [
          {
            courseId: batch.course._id,
            text: batchLine({startDate: batch.startDate, endDate: batch.endDate, city: batch.city}, ''),
            href: batchEnrolPath(
              {
                _type: batch.course._type,
                categoryId: batch.course.categoryId ?? '',
                enrolCourse: batch.course.enrolCourse ?? '',
                pricing: batch.course.pricing ?? null,
                priceUsd: batch.course.priceUsd ?? null,
              },
              batch._id,
            ),
          },
        ]
      : [],
  )
}

/**
 * The candidate's certificates (`records`, newest first: records.ts ownedCertificates) as the
 * portal lists them at `now`. The batches are read only when a certificate offers a refresher.
 * Throws when the content cannot be read.
 */
export async function certificatesOf(records: readonly CertificateRecord[], now: Date): Promise<PortalCertificate[]> {
  const today = providerToday(now)
  const batches = records.some((record) => isRefresherOpen(record, today)) ? await upcomingBatches(today) : []
  return records.map((record) => ({
    number: record.number,
    course: record.courseName,
    issuedOn: record.issuedOn,
    expiresOn: record.expiresOn,
    status: STATUS_LABELS[certificateStatus(record, today)] as PortalCertificate['status'],
    pdf: accountCertificatePath(record.number),
    verifyUrl: verifyPath(record.number),
    refresher: isRefresherOpen(record, today)
      ? batches
          .filter((batch) => batch.courseId === record.courseId)
          .slice(0, REFRESHER_BATCHES)
          .map(({text, href}) => ({text, href}))
      : null,
  }))
}
