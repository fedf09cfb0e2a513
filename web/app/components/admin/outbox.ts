/**
 * The outbox page's words and list rules, free of React: the human labels of a
 * message's kind and status, the count line, and replacing one message after "Send again".
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
}

/** A message's status as its badge says it. */
export const STATUS_LABELS: Record<OutboxStatus, string> = {queued: 'Queued', sent: 'Sent', failed: 'Failed'}

/** The text of the e-mail banner of the admin pages when SMTP is not configured. */
export const EMAIL_NOT_CONFIGURED = 'E-mail is not configured: messages stay in the outbox'

/** The list's empty state. */
export const OUTBOX_EMPTY = 'The outbox is empty.'

/** '1 message, newest first' / '3 messages, newest first'. */
export function outboxCountText(count: number): string {
  return `${count} ${count === 1 ? 'message' : 'messages'}, newest first`
}

/** `messages` with the one of `updated`'s id replaced by it (order kept; unchanged when absent). */
export function replaceMessage(messages: readonly OutboxMessage[], updated: OutboxMessage): OutboxMessage[] {
  return messages.map((message) => (message.id === updated.id ? updated : message))
}

/** What the page announces after "Send again": the message sent, or queued to be retried. */
export function sendAgainNotice(message: OutboxMessage): string {
  return message.status === 'sent' ? `Sent: ${message.subject}` : `Queued again: ${message.subject}`
}
