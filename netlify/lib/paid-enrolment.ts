/**
 * What follows a payment (issue 14; docs/requirements.md#req-receipts): the enrolment's
 * confirmation page and receipt are reached with the record's random `confirmationKey`.
 *
 * `findConfirmedEnrolment(orderId, key)`: the PAID record whose key matches (compared in constant
 * time), else null — for an unknown order, a pending one, a record without a key, or a wrong key
 * alike, so the answer (404) says nothing about which it was.
 */
import {timingSafeEqual} from 'node:crypto'
import {getEnrolment, type EnrolmentRecord} from './enrolments'

/** Longest key looked at (characters): a real one is 22. */
const MAX_KEY_LENGTH = 64

/** The paid enrolment of `orderId` whose confirmation key is `key`, or null (see the module's text). */
export async function findConfirmedEnrolment(orderId: string, key: string): Promise<EnrolmentRecord | null> {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return null
  const record = await getEnrolment(orderId)
  if (!record || record.status !== 'paid' || !record.confirmationKey) return null
  const expected = Buffer.from(record.confirmationKey, 'utf8')
  const given = Buffer.from(key, 'utf8')
  return expected.length === given.length && timingSafeEqual(expected, given) ? record : null
}
