/**
 * The SMTP transport: Nodemailer over SMTP_URL, the one real path of outgoing mail.
 *
 * - SMTP_URL unset (the embedded default): NO transport — deliver.ts leaves every message queued
 *   in the outbox (Blobs) and reports "not configured"; nothing leaves the machine.
 * - Production (isProduction) with SMTP_URL but without MAIL_FROM: no transport either (fail
 *   closed: never send as `no-reply@localhost`); messages wait in the outbox until MAIL_FROM is
 *   set, and the report says so. Outside production MAIL_FROM defaults to DEFAULT_MAIL_FROM.
 *   (Bad values of SMTP_URL, MAIL_FROM or STAFF_EMAIL stop the start: env.server.ts.)
 * - Every connection gives up after SMTP_TIMEOUT_MS (5 s) at each step — connecting (DNS
 *   included), the greeting, and any silence of the socket — and each send carries an
 *   AbortSignal (deliver.ts), the hard cap on how long a caller waits for one message.
 *   Parameters in SMTP_URL's query string are Nodemailer's and override these timeouts; the
 *   signal still caps the send.
 * - Attachments are given as bytes only: file and URL access are disabled.
 */
import nodemailer, {type Transporter} from 'nodemailer'
import {getEnv, isProduction, type Env} from '#netlify/platform/env'
import type {Mailbox} from './mail-headers'

/** How long each SMTP step may take (ms): connection, greeting, socket inactivity, DNS. */
export const SMTP_TIMEOUT_MS = 5000

/** The sender outside production when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM: Mailbox = {name: 'Maritime Training', address: 'no-reply@localhost'}

/** What the transport sends: addresses already checked (./headers.ts), attachments as bytes. */
export type OutgoingMail = {
  to: string[]
  replyTo?: Mailbox
  subject: string
  html: string
  text: string
  /** The Message-ID header, `<…@…>` (stable per outbox message, so a duplicate is recognisable). */
  messageId: string
  attachments: Array<{filename: string; contentType: string; content: Uint8Array}>
}

/** What the SMTP server answered: the accepted and rejected recipients and its last reply. */
export type SendReport = {messageId: string; accepted: string[]; rejected: string[]; response: string}

/** A way to send mail: the sender and a send that honours `signal` (abort → rejects). */
export type MailTransport = {from: Mailbox; send(mail: OutgoingMail, options: {signal: AbortSignal}): Promise<SendReport>}

/** The transport, or why there is none (a sentence for the outbox report and logs). */
export type MailTransportResult = {ok: true; transport: MailTransport} | {ok: false; reason: string}

/** The reason reported when SMTP_URL is unset. */
export const NOT_CONFIGURED_REASON = 'not configured: SMTP_URL is not set, messages stay in the outbox'

/** The reason reported in production without MAIL_FROM. */
export const NO_SENDER_REASON = 'not configured: MAIL_FROM is required in production, messages stay in the outbox'

const transporters = new Map<string, Transporter>()

const addressText = (list: unknown): string[] =>
  (Array.isArray(list) ? list : []).map((entry) => (typeof entry === 'string' ? entry : String((entry as {address?: string}).address ?? '')))

/**
 * A transport over `smtpUrl` sending as `from`, each step timing out after `timeoutMs`
 * (default SMTP_TIMEOUT_MS). Nodemailer's transporter is made once per URL and timeout and reused
 * (not pooled: a connection per message). Never connects before the first send.
 */
export function createSmtpTransport(smtpUrl: string, from: Mailbox, timeoutMs = SMTP_TIMEOUT_MS): MailTransport {
  const key = `${timeoutMs} ${smtpUrl}`
  let transporter = transporters.get(key)
  if (!transporter) {
    transporter = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
      disableFileAccess: true,
      disableUrlAccess: true,
    })
    transporters.set(key, transporter)
  }
  const sender = transporter
  return {
    from,
    async send(mail, {signal}) {
      const info = await sender.sendMail({
        from: {name: from.name, address: from.address},
        to: mail.to,
        replyTo: mail.replyTo ? {name: mail.replyTo.name, address: mail.replyTo.address} : undefined,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
        attachments: mail.attachments.map((a) => ({filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content)})),
        signal,
      })
      return {
        messageId: String(info.messageId ?? mail.messageId),
        accepted: addressText(info.accepted),
        rejected: addressText(info.rejected),
        response: String(info.response ?? ''),
      }
    },
  }
}

/**
 * The transport of this environment (see the module comment): `{ok: true, transport}` with
 * SMTP_URL (and, in production, MAIL_FROM), else `{ok: false, reason}` — NOT_CONFIGURED_REASON
 * or NO_SENDER_REASON. Throws EnvError when the environment is invalid (getEnv).
 */
export function mailTransport(env: Env = getEnv()): MailTransportResult {
  if (!env.SMTP_URL) return {ok: false, reason: NOT_CONFIGURED_REASON}
  if (!env.MAIL_FROM && isProduction(env)) return {ok: false, reason: NO_SENDER_REASON}
  return {ok: true, transport: createSmtpTransport(env.SMTP_URL, env.MAIL_FROM ?? DEFAULT_MAIL_FROM)}
}
