/**
 * The enquiries page's words and list rules, free of React
 * (docs/requirements.md#req-enquiries):
 *
 * - Search: case-insensitive substring on name, e-mail, subject and message; spaces around the
 *   query are ignored; an empty query matches everything.
 * - Status filter: 'new' (where the page starts), 'handled' or 'all'.
 * - The list keeps the API's order (newest first).
 * - "Reply by e-mail": `mailto:{address}?subject=Re%3A%20{subject}` — the address and the subject
 *   percent-encoded (RFC 6068; `@` kept), so no character of either can add a header or a body.
 */
import type {Enquiry, EnquiryStatus} from '#schemas/contracts/enquiries'

/** An enquiry's status as its badge and the filter say it. */
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {new: 'New', handled: 'Handled'}

/** The status filter's choices, in the order the select lists them; the page starts on the first. */
export const STATUS_FILTERS = [
  {value: 'new', label: 'New'},
  {value: 'handled', label: 'Handled'},
  {value: 'all', label: 'All'},
] as const
export type StatusFilter = (typeof STATUS_FILTERS)[number]['value']
export const DEFAULT_STATUS_FILTER: StatusFilter = 'new'

/** Whether `enquiry` matches the search `query` (see the module comment). */
export function matchesEnquirySearch(enquiry: Enquiry, query: string): boolean {
  const needle = query.trim().toLowerCase()
  if (!needle) return true
  return [enquiry.name, enquiry.email, enquiry.subject, enquiry.message].some((value) => value.toLowerCase().includes(needle))
}

/** The enquiries of `enquiries` that match `query` and `status`, in their order. */
export function filterEnquiries(enquiries: readonly Enquiry[], query: string, status: StatusFilter): Enquiry[] {
  return enquiries.filter((enquiry) => (status === 'all' || enquiry.status === status) && matchesEnquirySearch(enquiry, query))
}

/** How many of `enquiries` are new (the admin navigation's count). */
export function countNew(enquiries: readonly Pick<Enquiry, 'status'>[]): number {
  return enquiries.filter((enquiry) => enquiry.status === 'new').length
}

/** 'Showing 2 of 5 enquiries, newest first' / 'Showing 1 of 1 enquiry, newest first'. */
export function enquiriesShowingText(shown: number, total: number): string {
  return `Showing ${shown} of ${total} ${total === 1 ? 'enquiry' : 'enquiries'}, newest first`
}

/** The empty state: nothing received yet, or nothing that matches the search and filter. */
export function emptyText(total: number): {title: string; hint: string} {
  return total === 0
    ? {title: 'No enquiries yet', hint: 'Messages sent from the contact page appear here.'}
    : {title: 'No enquiries found', hint: 'Try another search or status.'}
}

/** The "Reply by e-mail" link: a new message to the sender with the subject "Re: {subject}". */
export function replyHref(enquiry: Pick<Enquiry, 'email' | 'subject'>): string {
  const to = encodeURIComponent(enquiry.email).replace(/%40/g, '@')
  return `mailto:${to}?subject=${encodeURIComponent(`Re: ${enquiry.subject}`)}`
}

/** `enquiries` with the one of `updated`'s id replaced by it (order kept; unchanged when absent). */
export function replaceEnquiry(enquiries: readonly Enquiry[], updated: Enquiry): Enquiry[] {
  return enquiries.map((enquiry) => (enquiry.id === updated.id ? updated : enquiry))
}

/** What the page announces after a change of status. */
export function statusNotice(enquiry: Enquiry): string {
  return enquiry.status === 'handled' ? `Marked as handled: ${enquiry.subject} from ${enquiry.name}` : `Reopened: ${enquiry.subject} from ${enquiry.name}`
}
