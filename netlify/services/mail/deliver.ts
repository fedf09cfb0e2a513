/**
 * Delivering the outbox: claim, send, record — never a send without a claim
 * (./outbox.ts), so two deliverers never send one message twice.
 *
 * - deliverOne(id): right after enqueue, in the visitor's request. The send is capped at
 *   VISITOR_SEND_TIMEOUT_MS (5 s) by an AbortSignal on top of the transport's 5-second step
 *   timeouts: the response never waits longer than that on SMTP (plus two Blobs writes). A send
 *   cut off counts as a failed attempt and is retried by the scheduled job — no work is left
 *   running after the response.
 * - deliverDue(): the scheduled job (every 5 minutes): every message that is due (queued and
 *   past nextAttemptAt, or under an expired lease), oldest due first, a few at a time, each
 *   capped at SCHEDULED_SEND_TIMEOUT_MS; it starts no new send after `budgetMs` (default 20 s,
 *   within a scheduled function's 30 s).
 *
 * Without a transport (SMTP_URL unset, or production without MAIL_FROM: ./transport.ts) nothing
 * is claimed or counted: messages stay queued and both report `not-configured` with the reason.
 * `now` is the logical time of the run (leases, backoff, the 24-hour window); tests inject it.
 */
import {claim, isDue, listOutboxRecords, markFailedAttempt, markSent, readAttachments, type OutboxRecord} from './outbox'
import {mailTransport, type MailTransport, type MailTransportResult} from '#netlify/platform/mail-transport'

/** The cap on one send in a visitor's request (ms). */
export const VISITOR_SEND_TIMEOUT_MS = 5000

/** The cap on one send of the scheduled job (ms). */
export const SCHEDULED_SEND_TIMEOUT_MS = 15_000

/** How many messages the scheduled job sends at once. */
export const DELIVERY_CONCURRENCY = 4

/**
 * What happened to one message: `sent`; `retry` (the attempt failed, queued for later);
 * `failed` (the attempt failed after the 24-hour window); `not-configured` (no transport);
 * `not-due`, `leased` (another deliverer has it), `already-sent`, `already-failed`, `missing`;
 * `deferred` (deliverDue's time budget ran out before it; the next run takes it).
 */
export type DeliveryOutcome = 'sent' | 'retry' | 'failed' | 'not-configured' | 'not-due' | 'leased' | 'already-sent' | 'already-failed' | 'missing' | 'deferred'

/** One message's delivery: its outcome, the error of a failed attempt, or why mail is not configured. */
export type DeliveryResult = {id: string; outcome: DeliveryOutcome; error?: string; reason?: string}

/** Options of both deliverers: the run's time, a transport (default: this environment's), the cap on one send (ms). */
export type DeliveryOptions = {now?: Date; transport?: MailTransportResult; timeoutMs?: number}

/** A stable Message-ID for a message: `<{kind}.{about}.{created ms}@{sender's domain}>`. */
function messageIdOf(record: OutboxRecord, transport: MailTransport): string {
  const domain = transport.from.address.split('@')[1] ?? 'localhost'
  return `<${record.id.replace(':', '.')}.${Date.parse(record.createdAt)}@${domain}>`
}

/** A failed send as one line: a timeout says so; otherwise the error's code, SMTP reply code and message. */
function describeError(error: unknown, timeoutMs: number): string {
  const e = error as {name?: string; code?: string; responseCode?: number; message?: string}
  if (e?.name === 'AbortError' || e?.code === 'EABORT' || e?.name === 'TimeoutError') return `SMTP send timed out after ${timeoutMs / 1000} s`
  const code = [e?.code, e?.responseCode].filter(Boolean).join(' ')
  return `${code ? `${code}: ` : ''}${e?.message ?? String(error)}`
}

/**
 * Sends message `id` now if it is due: claims it, sends it (at most `timeoutMs`, default
 * VISITOR_SEND_TIMEOUT_MS), and records the result. Never throws for a failed send (the outcome
 * says `retry` or `failed`, with the error); throws only when Blobs does.
 */
export async function deliverOne(id: string, options: DeliveryOptions = {}): Promise<DeliveryResult> {
  const now = options.now ?? new Date()
  const timeoutMs = options.timeoutMs ?? VISITOR_SEND_TIMEOUT_MS
  const configured = options.transport ?? mailTransport()
  if (!configured.ok) return {id, outcome: 'not-configured', reason: configured.reason}

  const claimed = await claim(id, {now})
  if (!claimed.claimed) {
    const outcome = ({missing: 'missing', sent: 'already-sent', failed: 'already-failed', 'not-due': 'not-due', leased: 'leased'} as const)[claimed.reason]
    return {id, outcome}
  }
  const {record, leaseId} = claimed
  const transport = configured.transport
  try {
    const attachments = await readAttachments(record)
    const report = await transport.send(
      {
        to: record.to,
        replyTo: record.replyTo,
        subject: record.subject,
        html: record.html,
        text: record.text,
        messageId: messageIdOf(record, transport),
        attachments,
      },
      {signal: AbortSignal.timeout(timeoutMs)},
    )
    await markSent(id, report, {now})
    return {id, outcome: 'sent'}
  } catch (sendError) {
    const error = describeError(sendError, timeoutMs)
    const after = await markFailedAttempt(id, leaseId, error, {now})
    return {id, outcome: after?.status === 'failed' ? 'failed' : 'retry', error}
  }
}

/** What deliverDue did: whether mail is configured (else why not), how many messages were due, and their outcomes. */
export type DeliveryReport = {
  configured: boolean
  reason?: string
  due: number
  sent: number
  retried: number
  failed: number
  /** Due messages another deliverer took first, or not started within the time budget. */
  skipped: number
  results: DeliveryResult[]
}

/**
 * The scheduled job's run at `now`: delivers every due message (see the module comment),
 * `concurrency` at a time (default DELIVERY_CONCURRENCY), each capped at `timeoutMs` (default
 * SCHEDULED_SEND_TIMEOUT_MS), starting none after `budgetMs` of real time (default 20 s).
 * Resolves to the report; throws only when Blobs does.
 */
export async function deliverDue(options: DeliveryOptions & {concurrency?: number; budgetMs?: number} = {}): Promise<DeliveryReport> {
  const now = options.now ?? new Date()
  const transport = options.transport ?? mailTransport()
  const due = (await listOutboxRecords()).filter((record) => isDue(record, now)).sort((a, b) => a.nextAttemptAt.localeCompare(b.nextAttemptAt))
  const report: DeliveryReport = {configured: transport.ok, due: due.length, sent: 0, retried: 0, failed: 0, skipped: 0, results: []}
  if (!transport.ok) return {...report, reason: transport.reason}

  const started = performance.now()
  const budgetMs = options.budgetMs ?? 20_000
  const queue = [...due]
  const worker = async () => {
    for (let record = queue.shift(); record; record = queue.shift()) {
      if (performance.now() - started > budgetMs) {
        report.results.push({id: record.id, outcome: 'deferred'})
        continue
      }
      report.results.push(await deliverOne(record.id, {now, transport, timeoutMs: options.timeoutMs ?? SCHEDULED_SEND_TIMEOUT_MS}))
    }
  }
  await Promise.all(Array.from({length: Math.max(1, options.concurrency ?? DELIVERY_CONCURRENCY)}, worker))
  for (const {outcome} of report.results) {
    if (outcome === 'sent') report.sent++
    else if (outcome === 'retry') report.retried++
    else if (outcome === 'failed') report.failed++
    else report.skipped++
  }
  return report
}
