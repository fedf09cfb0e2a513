/**
 * The enquiries page's words and list rules, free of React
 * (docs/requirements.md#req-enquiries):
 *
 * - Search (name, e-mail, subject and message), sort and paging are the server's
 *   (#schemas/rules/admin-lists matchingEnquiries, docs/requirements.md#req-admin-list-queries).
 * - Status filter: 'new' (where the page starts), 'handled' or 'all' (statusParam: no filter).
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

/** The `status` parameter of a filter: none for 'all'. */
export const statusParam = (filter: StatusFilter): EnquiryStatus | '' => (filter === 'all' ? '' : filter)

/** Whether `enquiry` still belongs in a list filtered by `filter` (after a change of status). */
export const inStatusFilter = (enquiry: Pick<Enquiry, 'status'>, filter: StatusFilter): boolean => filter === 'all' || enquiry.status === filter

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

/**
 * The page after `updated` changed status under `filter`: its row replaced, or gone (and one
 * fewer in the total) when it has left the filter; the new count follows its status.
 */
export function afterStatusChange<P extends {rows: Enquiry[]; total: number; newCount: number}>(page: P, updated: Enquiry, filter: StatusFilter): P {
  const before = page.rows.find((enquiry) => enquiry.id === updated.id)
  const newCount = page.newCount + (before && before.status !== updated.status ? (updated.status === 'new' ? 1 : -1) : 0)
  if (!before) return page
  if (inStatusFilter(updated, filter)) return {...page, newCount, rows: page.rows.map((enquiry) => (enquiry.id === updated.id ? updated : enquiry))}
  return {...page, newCount, total: page.total - 1, rows: page.rows.filter((enquiry) => enquiry.id !== updated.id)}
}

/** What the page announces after a change of status. */
export function statusNotice(enquiry: Enquiry): string {
  return enquiry.status === 'handled' ? `Marked as handled: ${enquiry.subject} from ${enquiry.name}` : `Reopened: ${enquiry.subject} from ${enquiry.name}`
}
