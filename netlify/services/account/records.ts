/**
 * What belongs to a signed-in candidate (docs/requirements.md#req-account): the records under
 * their address, matched case-insensitively. Every portal read and write goes through these, so a
 * record of another address is never reachable: it answers ServiceError 'not-found' (404), exactly
 * like one that does not exist.
 *
 * Enrolments are found through the admin list's index (one cached read of the partitions, not a
 * scan of the records), then read in full; certificates through the register's cache.
 */
import {ServiceError} from '#netlify/platform/errors'
import {ACCOUNT_NOT_FOUND} from '#schemas/contracts/account'
import {isPortalEnrolment} from '#schemas/rules/account'
import {getEnrolment, type EnrolmentRecord} from '../enrolments/enrolments'
import {readIndexRows} from '../enrolments/index-store'
import {cachedCertificateRecords, type CertificateRecord} from '../certificates/register'

/** Whether `address` is the candidate's (trimmed, case-insensitive). */
export const sameAddress = (address: string | null | undefined, email: string): boolean => (address ?? '').trim().toLowerCase() === email

/**
 * The candidate's enrolments the portal shows (paid at some point: schemas/rules/account.ts
 * isPortalEnrolment), newest first. `email` is trimmed and lower-case.
 */
export async function ownedEnrolments(email: string): Promise<EnrolmentRecord[]> {
  const rows = await readIndexRows()
  const ids: string[] = []
  for (const row of rows.values()) if (sameAddress(row.email, email)) ids.push(row.orderId)
  const records = await Promise.all(ids.map(getEnrolment))
  return records
    .filter((record): record is EnrolmentRecord => record !== null && sameAddress(record.email, email) && isPortalEnrolment(record))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.orderId.localeCompare(b.orderId))
}

/** The candidate's enrolment `orderId`. Throws ServiceError 'not-found' (ACCOUNT_NOT_FOUND) when it is not theirs, not shown, or absent. */
export async function ownedEnrolment(email: string, orderId: string): Promise<EnrolmentRecord> {
  const record = await getEnrolment(orderId)
  if (!record || !sameAddress(record.email, email) || !isPortalEnrolment(record)) throw new ServiceError('not-found', ACCOUNT_NOT_FOUND)
  return record
}

/** The candidate's certificates, newest first. */
export async function ownedCertificates(email: string): Promise<CertificateRecord[]> {
  const records = await cachedCertificateRecords()
  return records.filter((record) => sameAddress(record.email, email)).sort((a, b) => b.issuedAt.localeCompare(a.issuedAt) || b.number.localeCompare(a.number))
}

/** The candidate's certificate `number`. Throws ServiceError 'not-found' when it is not theirs or absent. */
export async function ownedCertificate(email: string, number: string): Promise<CertificateRecord> {
  const found = (await ownedCertificates(email)).find((record) => record.number === number)
  if (!found) throw new ServiceError('not-found', ACCOUNT_NOT_FOUND)
  return found
}
