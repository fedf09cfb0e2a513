/**
 * The outbox page's words and list rules, free of React: the human labels of a
 * message's kind and status, the orders of "Sort by", and replacing one message after "Send again".
 */
import type {OutboxKind, OutboxMessage, OutboxStatus} from '#schemas/contracts/outbox'

/** A message's kind as staff read it. */
export const KIND_LABELS: Record<OutboxKind, string> = {
  receipt: 'Receipt',
  'enrolment-notice': 'Enrolment notice',
  'enquiry-notice': 'Enquiry notice',
  'refund-receipt': 'Refund receipt',
  'waitlist-notice': 'Waitlist notice',
  'installment-link': 'Installment payment link',
  certificate: 'Certificate',
  'certificate-expiry': 'Certificate expiry reminder',
  'staff-invite': 'Staff invite',
  'password-reset': 'Staff password reset',
  'backup-alert': 'Backup alert',
  'sign-in-link': 'My training sign-in link',
  'erasure-request': 'Erasure request',
  'date-change-request': 'Date change request',
  'date-change-outcome': 'Date change outcome',
  'document-notice': 'Document added by a candidate',
  'group-booking': 'Group booking confirmation',
  'group-booking-released': 'Group booking released',
  'delegate-joining': 'Joining instructions',
}

/** A message's status as its badge says it. */
export const STATUS_LABELS: Record<OutboxStatus, string> = {queued: 'Queued', sent: 'Sent', failed: 'Failed'}

/** The text of the e-mail banner of the admin pages when SMTP is not configured. */
export const EMAIL_NOT_CONFIGURED = 'E-mail is not configured: messages stay in the outbox'

/** The list's empty state. */
export const OUTBOX_EMPTY = 'The outbox is empty.'

/** The outbox's orders ("Sort by"): each a sort and direction of the paged list (OUTBOX_SORTS). */
export const OUTBOX_ORDERS = [
  {value: 'createdAt:desc', label: 'Newest first'},
  {value: 'createdAt:asc', label: 'Oldest first'},
  {value: 'sentAt:desc', label: 'Sent most recently'},
  {value: 'subject:asc', label: 'Subject A to Z'},
  {value: 'subject:desc', label: 'Subject Z to A'},
  {value: 'attempts:desc', label: 'Most attempts'},
] as const

/** The list's name for its order: "Messages, newest first", "Messages, subject A to Z". */
export function outboxListName(sort: string, dir: string): string {
  const order = OUTBOX_ORDERS.find((option) => option.value === `${sort}:${dir}`)
  return `Messages, ${(order?.label ?? `by ${sort} ${dir === 'asc' ? 'ascending' : 'descending'}`).replace(/^./, (first) => first.toLowerCase())}`
}

/** `messages` with the one of `updated`'s id replaced by it (order kept; unchanged when absent). */
export function replaceMessage(messages: readonly OutboxMessage[], updated: OutboxMessage): OutboxMessage[] {
  return messages.map((message) => (message.id === updated.id ? updated : message))
}

/** What the page announces after "Send again": the message sent, or queued to be retried. */
export function sendAgainNotice(message: OutboxMessage): string {
  return message.status === 'sent' ? `Sent: ${message.subject}` : `Queued again: ${message.subject}`
}
