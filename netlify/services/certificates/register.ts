/**
 * The certificate register (docs/requirements.md#req-issue-20-certificates): issuing,
 * revoking, finding and listing course certificates, kept in the Blobs store `certificates`
 * (netlify/platform/blobs.ts STORES.certificates), every change a conditional write (updateJSON):
 *
 *   cert/{number}          JSON CertificateRecord: one per certificate, revoked ones included
 *   order/{orderId}        JSON OrderCertificates: the enrolment's certificate numbers, the valid
 *                          one (`active`), and an issue in progress (`issuing`, a lease)
 *   counter/year-YYYY      JSON CertificateCounter: the number counter of a year
 *
 * Issuing (issueCertificate) a certificate for a `completed` enrolment:
 *   1. claim the enrolment: one conditional write of `order/{orderId}` that refuses (409) while it
 *      has a valid certificate or another issue holds the lease (ISSUE_LEASE_MS), so two concurrent
 *      issues for one enrolment give one certificate and one 409;
 *   2. allocate the number: the next sequence of the year of issue (the provider's day), from one
 *      counter per year like receipts (netlify/services/receipts/receipt-number.ts). The allocation is
 *      keyed `{orderId}/{n}` (the enrolment's n-th certificate), so a retry after a crash gets the
 *      same number back: numbers are unique and consecutive, with no gaps;
 *   3. write `cert/{number}` (only if new), render the PDF and queue the e-mail `certificate:{number}`
 *      with it (the outbox: once per number);
 *   4. record the number as the enrolment's valid certificate and release the lease; then try one
 *      delivery (at most VISITOR_SEND_TIMEOUT_MS; the outbox job retries).
 * A crash between the steps leaves the lease to expire; the next issue for the enrolment
 * finishes with the same number.
 *
 * Revoking (revokeCertificate) stamps `revokedOn` and the reason on the record (409 when it is
 * already revoked) and frees the enrolment for a new certificate; the record stays in the register.
 *
 * Statuses are computed on the day asked (schemas/rules/certificates.ts certificateStatus), never
 * stored. Listing reads every record (one get each): fine for this site's volume.
 */
import {randomBytes} from 'node:crypto'
import type {Certificate, IssueCertificateRequest} from '#schemas/contracts/certificates'
import {isOrderId} from '#schemas/contracts/ids'
import {providerToday} from '#schemas/rules/batches'
import {
  certificateExpiry,
  certificateStatus,
  formatCertificateNumber,
  isCertificateNumber,
  isExpiringWithin,
  EXPIRY_REMINDER_DAYS,
  verifyPath,
} from '#schemas/rules/certificates'
import {ENROLMENT_STATUS_LABELS} from '#schemas/rules/enrolment-status'
import {publicOrigin} from '#netlify/platform/env'
import {absoluteUrl} from '#schemas/rules/paths'
import {JsonRecordCache, listKeys, openStore, refuse, STORES, updateJSON} from '#netlify/platform/blobs'
import {getEnrolment} from '../enrolments/enrolments'
import {ServiceError} from '#netlify/platform/errors'
import {deliverOne, VISITOR_SEND_TIMEOUT_MS} from '../mail/deliver'
import {enqueue, getOutboxRecord, readAttachments} from '../mail/outbox'
import {renderCertificatePdf, type RenderCertificatePdf} from './certificate-pdf'
import {certificateContext} from './context'
import {certificateMessage} from './messages'

/** 404 of an unknown enrolment. */
export const ENROLMENT_NOT_FOUND = 'Enrolment not found'
/** 404 of an unknown certificate (admin endpoints). */
export const CERTIFICATE_NOT_FOUND = 'Certificate not found'
/** 409 when another issue for the enrolment is in progress. */
export const ISSUE_IN_PROGRESS = 'A certificate is already being issued for this enrolment'
/** 409 of a second revocation. */
export const ALREADY_REVOKED = 'This certificate is already revoked'

/** 409 of an enrolment that is not completed. */
export const notCompletedMessage = (status: keyof typeof ENROLMENT_STATUS_LABELS): string =>
  `Only a completed enrolment can get a certificate: this one is ${ENROLMENT_STATUS_LABELS[status]}`

/** 409 of an enrolment that already has a valid certificate. */
export const alreadyCertifiedMessage = (number: string): string => `This enrolment already has a valid certificate, ${number}: revoke it before issuing another`

/** How long an issue holds the enrolment (ms) before another may take over: 2 minutes (an issue takes about a second). */
export const ISSUE_LEASE_MS = 2 * 60 * 1000

/** A certificate as stored (`cert/{number}`). Dates 'YYYY-MM-DD' (provider's days); times ISO 8601. */
export type CertificateRecord = Omit<Certificate, 'status'> & {
  /** The course document's `_id`, its program (category) slug: for the reminder's course link and batches. */
  courseId: string
  courseCategory: string
  /** ISO 8601 time of issue and the staff account that issued it. */
  issuedAt: string
  issuedBy: string
  revokedAt: string | null
  revokedBy: string | null
  /** ISO 8601 time the expiry reminder was queued (set once, by a conditional write). */
  reminderSentAt: string | null
}

/** The certificates of one enrolment (`order/{orderId}`). */
export type OrderCertificates = {
  orderId: string
  /** Every certificate number issued for it, oldest first. */
  numbers: string[]
  /** The valid (not revoked) certificate, or null. */
  active: string | null
  /** An issue in progress: its lease id and until when it holds (ISO 8601). */
  issuing: {leaseId: string; until: string} | null
}

/** The counter of one year (`counter/year-YYYY`). */
export type CertificateCounter = {
  year: number
  /** The last sequence number given this year (0: none yet). */
  last: number
  /** Allocation key `{orderId}/{n}` → the sequence it was given (a retry gets the same one). */
  byKey: Record<string, number>
  updatedAt: string
}

const store = () => openStore(STORES.certificates)
const certKey = (number: string) => `cert/${number}`
const orderKey = (orderId: string) => `order/${orderId}`
const counterKey = (year: number) => `counter/year-${year}`
const isCertKey = (key: string) => key.startsWith('cert/') && isCertificateNumber(key.slice(5))

/** The record as the API answers it: with its status on `today`. */
export function toCertificate(record: CertificateRecord, today: string): Certificate {
  return {
    number: record.number,
    orderId: record.orderId,
    courseSlug: record.courseSlug,
    courseName: record.courseName,
    courseCode: record.courseCode,
    holderName: record.holderName,
    dateOfBirth: record.dateOfBirth,
    idNumber: record.idNumber,
    email: record.email,
    courseStart: record.courseStart,
    courseEnd: record.courseEnd,
    issuedOn: record.issuedOn,
    expiresOn: record.expiresOn,
    revokedOn: record.revokedOn,
    revocationReason: record.revocationReason,
    status: certificateStatus(record, today),
  }
}

/** The stored certificate `number`, or null (also for anything that is not a certificate number). */
export async function findCertificate(number: string): Promise<CertificateRecord | null> {
  if (!isCertificateNumber(number)) return null
  return ((await store().get(certKey(number), {type: 'json'})) as CertificateRecord | null) ?? null
}

/** The certificates index of the enrolment `orderId`, or null when it never had one. */
export async function findOrderCertificates(orderId: string): Promise<OrderCertificates | null> {
  if (!isOrderId(orderId)) return null
  return ((await store().get(orderKey(orderId), {type: 'json'})) as OrderCertificates | null) ?? null
}

/** The counter of `year` as stored, or null before its first certificate (tests and repairs). */
export async function readCertificateCounter(year: number): Promise<CertificateCounter | null> {
  return ((await store().get(counterKey(year), {type: 'json'})) as CertificateCounter | null) ?? null
}

/**
 * The next sequence of `year` for allocation key `key`, or the one `key` already got. A
 * conditional write of the year's counter: unique and consecutive under any concurrency.
 */
async function allocateSequence(year: number, key: string, now: Date): Promise<number> {
  let seq = 0
  await updateJSON<CertificateCounter>(store(), counterKey(year), (current) => {
    const counter = current ?? {year, last: 0, byKey: {}, updatedAt: now.toISOString()}
    const existing = counter.byKey[key]
    if (existing !== undefined) {
      seq = existing
      return undefined
    }
    seq = counter.last + 1
    return {year, last: seq, byKey: {...counter.byKey, [key]: seq}, updatedAt: now.toISOString()}
  })
  return seq
}

/**
 * Options of the register's writers: the time (tests inject it), the staff account, whether to
 * try the e-mail at once, and the renderer of the certificate's PDF (default: ./certificate-pdf.ts's).
 */
export type RegisterOptions = {now?: Date; account?: string; deliver?: boolean; renderCertificatePdf?: RenderCertificatePdf}

/** What issueCertificate did: the certificate as stored and the id of its e-mail in the outbox. */
export type IssuedCertificate = {record: CertificateRecord; messageId: string}

/**
 * Issues a certificate for the completed enrolment `request.orderId` (see the module comment):
 * holder's name, date of birth and optional INDoS/passport number as staff confirmed them, the
 * course dates, issue day today (the provider's day of `now`), expiry from the course's validity,
 * the number `{prefix}-{CODE}-{YYYY}-{NNNNN}`. Queues the e-mail with the PDF to the enrolment's
 * e-mail and, unless `deliver` is false, tries to send it once.
 *
 * Throws ServiceError not-found (unknown order), conflict (not completed; a valid certificate already; another
 * issue in progress; a course without a certificate code), and lets Blobs and content errors
 * through (the edge answers 500; nothing half-done stays: a retry finishes it).
 */
export async function issueCertificate(request: IssueCertificateRequest, options: RegisterOptions = {}): Promise<IssuedCertificate> {
  const now = options.now ?? new Date()
  const enrolment = await getEnrolment(request.orderId)
  if (!enrolment) throw new ServiceError('not-found', ENROLMENT_NOT_FOUND)
  if (enrolment.status !== 'completed') throw new ServiceError('conflict', notCompletedMessage(enrolment.status))
  const context = await certificateContext(enrolment.trainingProgram, enrolment.course)
  const course = context.course
  if (!course || !course.code)
    throw new ServiceError('conflict', `The course ${enrolment.courseName} has no certificate code in the content: add one in the Studio first`)

  // 1. Claim the enrolment. A valid certificate refuses; a revoked one recorded as active (a crash
  //    during its revocation) does not.
  const before = await findOrderCertificates(request.orderId)
  const activeRecord = before?.active ? await findCertificate(before.active) : null
  const revokedActive = activeRecord?.revokedOn ? activeRecord.number : null
  const leaseId = randomBytes(8).toString('hex')
  let attempt = 0
  const claimed = await updateJSON<OrderCertificates, string>(store(), orderKey(request.orderId), (current) => {
    const index = current ?? {orderId: request.orderId, numbers: [], active: null, issuing: null}
    if (index.active && index.active !== revokedActive) return refuse(alreadyCertifiedMessage(index.active))
    if (index.issuing && Date.parse(index.issuing.until) > now.getTime()) return refuse(ISSUE_IN_PROGRESS)
    attempt = index.numbers.length + 1
    return {...index, active: null, issuing: {leaseId, until: new Date(now.getTime() + ISSUE_LEASE_MS).toISOString()}}
  })
  if (claimed.refusal) throw new ServiceError('conflict', claimed.refusal)
  if (!claimed.changed) throw new ServiceError('conflict', ISSUE_IN_PROGRESS)

  try {
    // 2. The number.
    const issuedOn = providerToday(now)
    const year = Number(issuedOn.slice(0, 4))
    const seq = await allocateSequence(year, `${request.orderId}/${attempt}`, now)
    const number = formatCertificateNumber(context.prefix, course.code, year, seq)

    // 3. The record (only if new: a takeover after a crash keeps what was written), the PDF and the e-mail.
    const fresh: CertificateRecord = {
      number,
      orderId: request.orderId,
      courseSlug: course.slug,
      courseName: course.fullName,
      courseCode: course.code,
      holderName: request.holderName.trim(),
      dateOfBirth: request.dateOfBirth,
      idNumber: request.idNumber?.trim() || null,
      email: enrolment.email,
      courseStart: request.courseStart,
      courseEnd: request.courseEnd,
      issuedOn,
      expiresOn: certificateExpiry(issuedOn, course.validityYears),
      revokedOn: null,
      revocationReason: null,
      courseId: course.id,
      courseCategory: course.category,
      issuedAt: now.toISOString(),
      issuedBy: options.account ?? '',
      revokedAt: null,
      revokedBy: null,
      reminderSentAt: null,
    }
    const written = await updateJSON<CertificateRecord>(store(), certKey(number), (current) => (current ? undefined : fresh))
    const record = written.value ?? fresh
    if (record.orderId !== request.orderId) throw new Error(`Certificate ${number} already belongs to ${record.orderId}`)

    const verifyUrl = absoluteUrl(publicOrigin(), verifyPath(number))
    const pdf = await (options.renderCertificatePdf ?? renderCertificatePdf)({...record, provider: context.provider, verifyUrl})
    const message = await certificateMessage({
      provider: context.provider,
      number,
      holderName: record.holderName,
      courseName: record.courseName,
      courseStart: record.courseStart,
      courseEnd: record.courseEnd,
      issuedOn: record.issuedOn,
      expiresOn: record.expiresOn,
      verifyUrl,
      email: record.email,
      pdf,
    })
    const {id: messageId} = await enqueue(message, {now})

    // 4. The enrolment's valid certificate; the lease released.
    await updateJSON<OrderCertificates>(store(), orderKey(request.orderId), (current) => {
      const index = current ?? {orderId: request.orderId, numbers: [], active: null, issuing: null}
      return {
        ...index,
        numbers: index.numbers.includes(number) ? index.numbers : [...index.numbers, number],
        active: number,
        issuing: index.issuing?.leaseId === leaseId ? null : index.issuing,
      }
    })

    if (options.deliver !== false) {
      try {
        await deliverOne(messageId, {now, timeoutMs: VISITOR_SEND_TIMEOUT_MS})
      } catch (error) {
        console.error(`[certificates] ${number}: the e-mail could not be sent now; the outbox job retries`, error)
      }
    }
    return {record, messageId}
  } catch (error) {
    // Release the lease so staff can try again at once (the allocation is kept: the retry gets the same number).
    await updateJSON<OrderCertificates>(store(), orderKey(request.orderId), (current) =>
      current?.issuing?.leaseId === leaseId ? {...current, issuing: null} : undefined,
    ).catch(() => undefined)
    throw error
  }
}

/**
 * Revokes certificate `number` on the provider's day of `now` with `reason` (1–500 characters,
 * already validated): the record keeps everything and gains `revokedOn`, the reason, the time and
 * the staff account; the enrolment may get a new certificate. Throws ServiceError not-found
 * (unknown) and conflict (already revoked).
 */
export async function revokeCertificate(number: string, reason: string, options: RegisterOptions = {}): Promise<CertificateRecord> {
  const now = options.now ?? new Date()
  if (!isCertificateNumber(number)) throw new ServiceError('not-found', CERTIFICATE_NOT_FOUND)
  const {value, refusal} = await updateJSON<CertificateRecord, ServiceError>(store(), certKey(number), (current) => {
    if (!current) return refuse(new ServiceError('not-found', CERTIFICATE_NOT_FOUND))
    if (current.revokedOn) return refuse(new ServiceError('conflict', ALREADY_REVOKED))
    return {...current, revokedOn: providerToday(now), revocationReason: reason.trim(), revokedAt: now.toISOString(), revokedBy: options.account ?? ''}
  })
  if (refusal) throw refusal
  if (!value) throw new ServiceError('not-found', CERTIFICATE_NOT_FOUND)
  await updateJSON<OrderCertificates>(store(), orderKey(value.orderId), (current) =>
    current && current.active === number ? {...current, active: null} : undefined,
  )
  return value
}

/** Every certificate record of the register (any order). */
export async function listCertificateRecords(): Promise<CertificateRecord[]> {
  const keys = await listKeys(store(), isCertKey, {prefix: 'cert/'})
  const records = await Promise.all(keys.map(async (key) => (await store().get(key, {type: 'json'})) as CertificateRecord | null))
  return records.filter((record): record is CertificateRecord => record !== null)
}

/** The admin list's filters: `q` a case-insensitive substring of the number or holder name; `orderId` exact. */
export type CertificateFilter = {q?: string; orderId?: string}

/** Newest first: by issue time, then by number (descending). */
const newestFirst = (a: CertificateRecord, b: CertificateRecord) => b.issuedAt.localeCompare(a.issuedAt) || b.number.localeCompare(a.number)

/**
 * The register's records, read once per ETag (JsonRecordCache) for the admin list: one listing
 * of `cert/` plus the certificates issued or revoked since the last list on this instance.
 */
const registerRecords = new JsonRecordCache<CertificateRecord>(
  STORES.certificates,
  isCertKey,
  (value) => (value && typeof value === 'object' ? (value as CertificateRecord) : null),
  {prefix: 'cert/'},
)

/** Every certificate record, from this instance's cache of the register (one listing, then only what changed). */
export async function cachedCertificateRecords(): Promise<CertificateRecord[]> {
  return (await registerRecords.readAll()).map((entry) => entry.value)
}

/**
 * The whole register for the admin list on `today`: every certificate with its status that day,
 * newest first (issue time, then number), and the valid ones expiring within
 * EXPIRY_REMINDER_DAYS (90) days, soonest first.
 */
export async function registerForList(today: string): Promise<{certificates: Certificate[]; expiringSoon: Certificate[]}> {
  const records = (await registerRecords.readAll()).map((entry) => entry.value)
  const expiring = records
    .filter((record) => isExpiringWithin(record, today, EXPIRY_REMINDER_DAYS))
    .sort((a, b) => (a.expiresOn ?? '').localeCompare(b.expiresOn ?? '') || a.number.localeCompare(b.number))
  return {certificates: [...records].sort(newestFirst).map((r) => toCertificate(r, today)), expiringSoon: expiring.map((r) => toCertificate(r, today))}
}

/**
 * The admin list (schemas/contracts/certificates.ts AdminCertificatesResponse) on `today`: the
 * certificates matching `filter`, newest first; and, whatever the filter, the valid ones expiring
 * within EXPIRY_REMINDER_DAYS (90) days of today, soonest first.
 */
export async function listCertificates(filter: CertificateFilter, today: string): Promise<{certificates: Certificate[]; expiringSoon: Certificate[]}> {
  const {certificates, expiringSoon} = await registerForList(today)
  const q = filter.q?.trim().toLowerCase() ?? ''
  const matching = certificates.filter(
    (c) => (!filter.orderId || c.orderId === filter.orderId) && (!q || c.number.toLowerCase().includes(q) || c.holderName.toLowerCase().includes(q)),
  )
  return {certificates: matching, expiringSoon}
}

/**
 * The PDF of certificate `number` for staff's download: the very file its e-mail carried (stored
 * in the outbox) while the certificate is valid or expired; rendered again from the record and the
 * content of today when that message is gone, or when it is revoked (then it says REVOKED).
 * Resolves to null for an unknown number.
 */
export async function certificatePdf(number: string): Promise<{record: CertificateRecord; pdf: Uint8Array} | null> {
  const record = await findCertificate(number)
  if (!record) return null
  if (!record.revokedOn) {
    const message = await getOutboxRecord(`certificate:${number}`)
    const attachment = message ? (await readAttachments(message))[0] : undefined
    if (attachment) return {record, pdf: attachment.content}
  }
  const context = await certificateContext(record.courseCategory, '')
  const pdf = await renderCertificatePdf({...record, provider: context.provider, verifyUrl: absoluteUrl(publicOrigin(), verifyPath(number))})
  return {record, pdf}
}
