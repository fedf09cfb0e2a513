/**
 * My training's rules (docs/requirements.md#req-account): how an enrolment's status reads to the
 * candidate, which enrolments the portal shows, and the order of its lists. Pure; imports only
 * ./enrolment-status.ts.
 */
import type {EnrolmentStatus} from './enrolment-status'

/**
 * An enrolment's status in the candidate's words. Staff's "Contacted" is still "we will contact
 * you" to the candidate (the contact is arranged, not done from their side); a partial refund
 * leaves the booking as it was.
 */
export const CANDIDATE_STATUS_TEXT: Readonly<Record<EnrolmentStatus, string>> = Object.freeze({
  pending: 'Awaiting payment',
  paid: 'Paid — we will contact you',
  contacted: 'Paid — we will contact you',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  'partially-refunded': 'Partially refunded',
})

/** The enrolment's status as the candidate reads it. */
export const candidateStatusText = (status: EnrolmentStatus): string => CANDIDATE_STATUS_TEXT[status] ?? status

/**
 * Whether the portal lists an enrolment: every one whose payment reached us. An unpaid order
 * (`pending`) is a checkout that never finished, and one cancelled before payment is not a booking.
 */
export const isPortalEnrolment = (record: {status: EnrolmentStatus; paidAt?: string | null}): boolean => record.status !== 'pending' && Boolean(record.paidAt)

/** Newest first by an ISO 8601 time, then by id for a stable order. */
export const newestFirst = <T>(items: readonly T[], at: (item: T) => string, id: (item: T) => string): T[] =>
  [...items].sort((a, b) => at(b).localeCompare(at(a)) || id(a).localeCompare(id(b)))
