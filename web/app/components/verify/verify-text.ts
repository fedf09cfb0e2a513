/**
 * The words of the public certificate pages (docs/requirements.md#req-issue-20-verify),
 * free of React and of server code: the form's labels, the answer to too many look-ups, the
 * answer when the register cannot be read, and how a certificate's days are written.
 */
import {batchDateRange, batchDayLabel} from '#schemas/rules/batches'

/** The form's labels (fixed by the issue). */
export const VERIFY_LABELS = {number: 'Certificate number', dateOfBirth: 'Date of birth'} as const

/** Shown when a certificate has no expiry day. */
export const DOES_NOT_EXPIRE = 'Does not expire'

/** The register could not be read (a Blobs failure): the visitor may try again; never a 500 page. */
export const VERIFY_UNAVAILABLE = 'The certificate register cannot be reached at the moment. Please try again in a few minutes.'

/** Whole minutes of `retryAfterSeconds`, at least 1. */
export const retryMinutes = (retryAfterSeconds: number) => Math.max(1, Math.ceil(retryAfterSeconds / 60))

/** The 429 answer: "Too many look-ups from your connection. Please try again in 7 minutes." */
export function tooManyLookupsMessage(retryAfterSeconds: number): string {
  const minutes = retryMinutes(retryAfterSeconds)
  return `Too many look-ups from your connection. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`
}

/** A certificate day 'YYYY-MM-DD' as the certificate PDF prints it: "12 Jan 2027" (the same text on server and browser). */
export const certificateDay = (isoDate: string) => batchDayLabel(isoDate)

/** The course's days as the PDF prints them: "3–7 Mar 2026", "30 Jan – 3 Feb 2027", one day when both are the same. */
export const courseDays = (start: string, end: string): string => batchDateRange({startDate: start, endDate: end})

/** The expiry line: the day, or "Does not expire". */
export const expiryText = (expiresOn: string | null) => (expiresOn ? certificateDay(expiresOn) : DOES_NOT_EXPIRE)
