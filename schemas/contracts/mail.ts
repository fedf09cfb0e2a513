/**
 * E-mail addresses and mailboxes as the site's outgoing mail takes them: the one rule
 * behind the mail variables of netlify/platform/env.ts (MAIL_FROM, STAFF_EMAIL), the outbox's
 * recipients (netlify/services/mail/outbox.ts) and the admin outbox body (./outbox.ts).
 *
 * Deliberately stricter than RFC 5322: an address is `local@domain`, the local part of the
 * unquoted atom characters and dots, the domain of DNS labels (a single label such as
 * `localhost` is allowed for local relays), at most 254 characters. No spaces, quotes, angle
 * brackets, commas or control characters — so an address can never carry a CR/LF into a mail
 * header (header injection) or smuggle in a second recipient. Pure functions; nothing throws.
 */
import {z} from 'zod'

/** The address rule (see the module comment). */
export const MAIL_ADDRESS_PATTERN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/

/** The longest address accepted (characters, RFC 5321's path limit). */
export const MAX_MAIL_ADDRESS_LENGTH = 254

/** The longest display name accepted in a mailbox (characters). */
export const MAX_MAILBOX_NAME_LENGTH = 120

/** Whether `value` is an address by MAIL_ADDRESS_PATTERN, at most MAX_MAIL_ADDRESS_LENGTH characters. */
export function isMailAddress(value: string): boolean {
  return value.length <= MAX_MAIL_ADDRESS_LENGTH && MAIL_ADDRESS_PATTERN.test(value)
}

/** An address (MAIL_ADDRESS_PATTERN). */
export const MailAddressSchema = z.string().refine(isMailAddress, 'Not a valid e-mail address')

/** A mailbox: a display name ('' for none) and an address. */
export type Mailbox = {name: string; address: string}

/** Control characters (C0, DEL, C1) and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/**
 * A mailbox written `Name <address>`, `"Name" <address>` or a bare `address`, trimmed; null when
 * it is anything else: a control character anywhere (CR/LF included), an invalid address, a
 * name with `<`, `>` or `"` inside, or a name longer than MAX_MAILBOX_NAME_LENGTH.
 */
export function parseMailbox(text: string): Mailbox | null {
  if (CONTROL.test(text)) return null
  const trimmed = text.trim()
  const angled = /^(.*?)\s*<([^<>]*)>$/.exec(trimmed)
  if (!angled) return isMailAddress(trimmed) ? {name: '', address: trimmed} : null
  let name = angled[1]!.trim()
  const address = angled[2]!.trim()
  if (/^"[^"]*"$/.test(name)) name = name.slice(1, -1).trim()
  if (/[<>"]/.test(name) || name.length > MAX_MAILBOX_NAME_LENGTH || !isMailAddress(address)) return null
  return {name, address}
}

/**
 * A comma-separated list of addresses (e.g. STAFF_EMAIL: `a@example.com, b@example.com`), each
 * trimmed, duplicates (ignoring case) dropped; null when empty, when an entry is not an address
 * (isMailAddress) or when there are more than `max` (default 20).
 */
export function parseMailAddressList(text: string, max = 20): string[] | null {
  if (CONTROL.test(text.replace(/[\t ]/g, ''))) return null
  const entries = text.split(',').map((entry) => entry.trim())
  if (entries.length === 0 || entries.length > max || !entries.every(isMailAddress)) return null
  const seen = new Set<string>()
  return entries.filter((entry) => {
    const key = entry.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
