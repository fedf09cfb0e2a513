/**
 * Sign-in to My training by e-mailed link (docs/requirements.md#req-account).
 *
 * The edge answers every accepted request alike (202, SIGN_IN_LINK_SENT) BEFORE this work runs,
 * so an address with records and one without cannot be told apart by the answer or its timing.
 * Here: an address with nothing under it gets no e-mail (the site never mails strangers); any
 * other gets "Your sign-in link" through the outbox (queued first, so an SMTP outage loses
 * nothing: the outbox retries).
 */
import {ServiceError} from '#netlify/platform/errors'
import {checkNamedRateLimit} from '#netlify/platform/rate-limit'
import {TOO_MANY_LINKS} from '#schemas/contracts/account'
import {absoluteUrl, accountSignInPath} from '#schemas/rules/paths'
import {enqueue} from '../mail/outbox'
import {deliverOne, VISITOR_SEND_TIMEOUT_MS} from '../mail/deliver'
import {renderSignInLinkEmail} from '../mail/templates/sign-in-link'
import {receiptContext} from '../receipts/context'
import {emailHash} from '../privacy/records'
import {createSignInLink} from './sessions'
import {ownedCertificates, ownedEnrolments} from './records'

/** Whether anything the portal shows is under `email` (trimmed, lower-case). */
export async function hasRecords(email: string): Promise<boolean> {
  if ((await ownedEnrolments(email)).length > 0) return true
  return (await ownedCertificates(email)).length > 0
}

/**
 * Sends a sign-in link to `email` (trimmed, lower-case) when it has records: a new single-use link
 * (15 minutes) queued in the outbox, then one delivery attempt. `origin`: the site's origin for
 * the absolute link; `next`: the portal page to open after signing in. Resolves to whether a link
 * was queued. Throws when storage or the content cannot be read (the edge logs it: the visitor
 * has had their answer).
 */
export async function requestSignInLink(email: string, options: {origin: string; next?: string | null; now?: Date}): Promise<boolean> {
  const now = options.now ?? new Date()
  if (!(await hasRecords(email))) return false
  const {token, expiresAt} = await createSignInLink(email, options.next ?? null, now)
  const {provider} = await receiptContext()
  const mail = await renderSignInLinkEmail({provider, url: absoluteUrl(options.origin, accountSignInPath(token)), expiresAt})
  const about = `${emailHash(email).slice(0, 16)}-${token.slice(0, 16).replace(/[^A-Za-z0-9]/g, 'x')}`
  const {id} = await enqueue({kind: 'sign-in-link', about, to: [email], ...mail}, {now})
  await deliverOne(id, {now, timeoutMs: VISITOR_SEND_TIMEOUT_MS}).catch(() => undefined)
  return true
}

/**
 * A request for a sign-in link from `client`, already validated (`email` trimmed and lower-case):
 * counts it against RATE_LIMIT_SIGN_IN_LINK (per client) and RATE_LIMIT_SIGN_IN_LINK_ADDRESS (per
 * address, 5 an hour), then starts requestSignInLink. Resolves, before that work is done, to the
 * work (never rejecting: a failure is logged), for the edge to keep alive after its answer. Throws
 * ServiceError 'limited' (429, TOO_MANY_LINKS, Retry-After) past a limit, for every address alike.
 */
export async function acceptSignInLinkRequest(
  input: {email: string; next?: string | null},
  options: {client: string; origin: string; now?: Date},
): Promise<{work: Promise<void>}> {
  for (const [name, key] of [
    ['SIGN_IN_LINK', options.client],
    ['SIGN_IN_LINK_ADDRESS', input.email],
  ] as const) {
    const limit = await checkNamedRateLimit(name, key, options.now)
    if (!limit.allowed) throw new ServiceError('limited', TOO_MANY_LINKS, {retryAfterSeconds: limit.retryAfterSeconds})
  }
  const work = requestSignInLink(input.email, {origin: options.origin, next: input.next ?? null, ...(options.now ? {now: options.now} : {})}).then(
    () => undefined,
    (error: unknown) => console.error('[account] a sign-in link could not be sent', error instanceof Error ? error.message : String(error)),
  )
  return {work}
}
