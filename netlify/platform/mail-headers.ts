/**
 * Mail headers without injection: nothing a visitor typed can add a header line or
 * a recipient. Every value that reaches a header passes through here before it is stored in
 * the outbox (./outbox.ts, enqueue) — and the sender through env.server.ts's MAIL_FROM rule:
 *
 * - free text (a subject, a display name) has its CR, LF and every other control character,
 *   and the Unicode line/paragraph separators, REMOVED: each run becomes one space; the result
 *   is trimmed and cut to a length (headerText);
 * - an address is REFUSED unless it is one address by schemas/contracts/mail.ts (no CR/LF, spaces,
 *   commas or angle brackets can be in it): MailHeaderError (requireAddress).
 *
 * Nodemailer then encodes what is left (RFC 2047 for non-ASCII), and is given mailboxes as
 * `{name, address}` objects, never as text it would have to parse.
 */
import {isMailAddress, type Mailbox} from '#schemas/contracts/mail'

export type {Mailbox} from '#schemas/contracts/mail'

/** A value that cannot go into a mail header (an invalid address). `field` names the header. */
export class MailHeaderError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(`${field}: ${message}`)
    this.name = 'MailHeaderError'
  }
}

/** The longest subject kept (characters; longer ones end with "…"). */
export const MAX_SUBJECT_LENGTH = 200

/** The longest display name kept (characters). */
export const MAX_NAME_LENGTH = 120

// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g
// eslint-disable-next-line no-control-regex
const HAS_CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * `value` safe for a header: control characters (CR and LF included) removed — each run
 * becomes a space —, spaces collapsed, trimmed, and cut to `maxLength` characters (the last
 * one "…"). Never throws.
 */
export function headerText(value: string, maxLength = MAX_SUBJECT_LENGTH): string {
  const clean = value.replace(LINE_BREAKING, ' ').replace(/\s+/g, ' ').trim()
  const chars = [...clean]
  return chars.length <= maxLength ? clean : `${chars.slice(0, maxLength - 1).join('')}…`
}

/** `value` (trimmed) when it is one valid address; throws MailHeaderError naming `field` otherwise (CR/LF included). */
export function requireAddress(value: string, field: string): string {
  const address = value.trim()
  if (HAS_CONTROL.test(value) || !isMailAddress(address)) throw new MailHeaderError(field, 'not a single valid e-mail address')
  return address
}

/** Each of `values` through requireAddress, duplicates (ignoring case) dropped; throws MailHeaderError when there is none. */
export function requireAddresses(values: readonly string[], field: string): string[] {
  const seen = new Set<string>()
  const addresses = values.map((value) => requireAddress(value, field)).filter((address) => !seen.has(address.toLowerCase()) && seen.add(address.toLowerCase()))
  if (addresses.length === 0) throw new MailHeaderError(field, 'no recipient')
  return addresses
}

/** A mailbox for a header: the name through headerText (MAX_NAME_LENGTH), the address through requireAddress. */
export function safeMailbox(name: string, address: string, field: string): Mailbox {
  return {name: headerText(name, MAX_NAME_LENGTH), address: requireAddress(address, field)}
}
