/**
 * The look-up of a privacy request (docs/requirements.md#req-privacy): every record that names an
 * address, by kind (./records.ts), as the owner's page shows it and the export writes it.
 * HTTP-free: throws ServiceError not-found (NO_RECORDS_MESSAGE) when nothing names the address and
 * the erasure ledger does not know it either.
 */
import {NO_RECORDS_MESSAGE, PRIVACY_KINDS, type PrivacyCounts, type PrivacyItem, type PrivacyLookup, type PrivacyRecords} from '#schemas/contracts/privacy'
import {certificateStatus} from '#schemas/rules/certificates'
import {providerToday} from '#schemas/rules/batches'
import {ENROLMENT_STATUS_LABELS} from '#schemas/rules/enrolment-status'
import {ServiceError} from '#netlify/platform/errors'
import {emailHash, findRecords, groupBookingDate, matcherOf, type FoundGroupBooking, type FoundRecords} from './records'
import {ledgerEntriesOf} from './ledger'

/** The records of `found` as the page lists them: a label, a date and the stored record (the client address hashes left out). */
export function toPrivacyRecords(found: FoundRecords, now: Date): PrivacyRecords {
  const today = providerToday(now)
  const item = (id: string, label: string, date: string | null | undefined, record?: object): PrivacyItem => ({
    id,
    label,
    date: date ?? null,
    ...(record ? {record: record as Record<string, unknown>} : {}),
  })
  return {
    enrolments: found.enrolments.map(({record}) =>
      item(
        record.orderId,
        `${record.courseName || record.trainingProgramName} · ${ENROLMENT_STATUS_LABELS[record.status] ?? record.status}${record.receiptNumber ? ` · receipt ${record.receiptNumber}` : ''}`,
        record.createdAt,
        record,
      ),
    ),
    groupBookings: found.groupBookings.map((entry) =>
      item(entry.booking.bookingId, groupBookingLabel(entry), groupBookingDate(entry), groupBookingRecord(entry)),
    ),
    enquiries: found.enquiries.map(({key, record}) => {
      const {ipHash: _ipHash, ...rest} = record
      return item(key, `Enquiry: ${record.subject}`, record.receivedAt, rest)
    }),
    waitlists: found.waitlists.map(({batchId, entry}) => {
      const {ipHash: _ipHash, ...rest} = entry
      return item(`${batchId}/${entry.id}`, `Waitlist of batch ${batchId}`, entry.joinedAt, {batchId, ...rest})
    }),
    certificates: found.certificates.map(({record}) =>
      item(record.number, `${record.number} · ${record.courseName} · ${certificateStatus(record, today)}`, record.issuedAt, record),
    ),
    examAttempts: found.examAttempts.map(({record}) =>
      item(record.attemptId, `${record.examTitle} · ${record.score.percentage}% · ${record.passed ? 'passed' : 'not passed'}`, record.submittedAt, record),
    ),
    outbox: found.outbox.map(({record}) => {
      const {html: _html, lease: _lease, ...rest} = record
      return item(record.id, record.subject, record.createdAt, {
        ...rest,
        attachments: record.attachments.map(({filename, contentType, size}) => ({filename, contentType, size})),
      })
    }),
    uploads: found.uploads.map(({orderId, attachment, at}) =>
      item(attachment.uploadId, `${attachment.fileName} (order ${orderId})`, at, {orderId, ...attachment}),
    ),
  }
}

/** "Acme Shipping · BOSIET · contact person, 5 seats" / "… · delegate (seat 2)". */
function groupBookingLabel({booking, contact, slots}: FoundGroupBooking): string {
  const roles = [...(contact ? [`contact person, ${booking.quote.seats} seats`] : []), ...slots.map((slot) => `delegate (seat ${slot})`)]
  return `${booking.company.name} · ${booking.courseName} · ${roles.join(', ')}`
}

/**
 * What a group booking holds about the person: the booking as stored for its contact person (it
 * is their order); for a delegate, only their own delegate entry with the booking's id, the
 * company's name, the course and the batch's dates — never the other delegates' details.
 */
function groupBookingRecord({booking, contact, slots}: FoundGroupBooking): object {
  if (contact) return booking
  return {
    bookingId: booking.bookingId,
    company: {name: booking.company.name},
    course: booking.course,
    courseName: booking.courseName,
    batch: {id: booking.batch.id, startDate: booking.batch.startDate, endDate: booking.batch.endDate},
    delegates: booking.delegates.filter((delegate) => slots.includes(delegate.slot)),
  }
}

/** The number of records of each kind. */
export const countsOf = (records: PrivacyRecords): PrivacyCounts =>
  Object.fromEntries(PRIVACY_KINDS.map((kind) => [kind, records[kind].length])) as PrivacyCounts

/** The sum of the counts. */
export const totalOf = (counts: PrivacyCounts): number => PRIVACY_KINDS.reduce((sum, kind) => sum + counts[kind], 0)

/**
 * The records naming `email` (already validated and lower-cased: schemas/contracts/privacy.ts
 * PrivacyEmailSchema) at `now`, and the address's past erasures. Throws ServiceError not-found when
 * nothing names it and it was never erased.
 */
export async function lookupPerson(email: string, options: {now?: Date} = {}): Promise<PrivacyLookup & {found: FoundRecords}> {
  const now = options.now ?? new Date()
  const hash = emailHash(email)
  const [found, erasures] = await Promise.all([findRecords(matcherOf(new Set([hash]))), ledgerEntriesOf(hash)])
  const records = toPrivacyRecords(found, now)
  const counts = countsOf(records)
  const total = totalOf(counts)
  if (total === 0 && erasures.length === 0) throw new ServiceError('not-found', NO_RECORDS_MESSAGE)
  return {email, emailHash: hash, records, counts, total, erasures: erasures.map(({at, objection}) => ({at, objection})), found}
}
