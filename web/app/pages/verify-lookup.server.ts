/**
 * The server side of the public certificate pages /verify and /verify/{number}
 * (docs/requirements.md#req-issue-20-verify), shared by their loaders and actions (edges: they call
 * netlify/services/certificates/verify.ts, as the routes do for contact and enrolment).
 *
 * - `verifyFromForm`: the action of both pages. The posted form (`number` and `dateOfBirth`, or
 *   only `dateOfBirth` with the page's own number) is checked with VerifyFormSchema (schemas/contracts/forms/verify.ts, the values of VerifyQuerySchema; 400 with the
 *   fields' messages); then one look-up is counted for the client (checkVerifyRateLimit: 20 per
 *   10 minutes; 429 "Too many look-ups … N minutes" with Retry-After); then the register answers:
 *   the certificate (200) or NO_MATCH_MESSAGE (404) — the same for an unknown number and a wrong
 *   date of birth. A register that cannot be read answers 503 with VERIFY_UNAVAILABLE, never 500.
 * - `maskedFromPath`: the loader of /verify/{number}: a malformed number answers the same 404
 *   no-match (no look-up counted); a well-formed one counts a look-up and answers the masked
 *   certificate (200), no-match (404), 429 or 503 as above.
 * - One look-up is counted per request at most: a post without JavaScript runs the action and
 *   then the page's loader in one request, and counts once.
 *
 * Every answer carries `X-Robots-Tag: noindex, nofollow` and `Cache-Control: no-store`.
 */
import {parseWithZod} from '@conform-to/zod'
import {clientAddress} from '#netlify/platform/http'
import {checkVerifyRateLimit, lookupMaskedCertificate, verifyCertificate} from '#netlify/services/certificates/verify'
import type {MaskedCertificate} from '#schemas/contracts/certificates'
import type {VerifyActionData} from '~/components/verify/verify-data'

export type {VerifyActionData}
import {VerifyFormSchema} from '#schemas/contracts/forms/verify'
import {isCertificateNumber, NO_MATCH_MESSAGE} from '#schemas/rules/certificates'
import {tooManyLookupsMessage, VERIFY_UNAVAILABLE} from '~/components/verify/verify-text'
import {noStoreHeaders} from '#netlify/platform/cache'
import {readFormBody} from '~/lib/form-body.server'

/** Kept out of search results (meta robots says the same). */
export const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'} as const

/** A form of two short fields: anything larger is not one. */
const MAX_FORM_BYTES = 4 * 1024

/** What the /verify/{number} loader answers. */
export type MaskedLoaderData =
  {state: 'found'; number: string; certificate: MaskedCertificate} | {state: 'no-match' | 'too-many' | 'unavailable'; number: string; message: string}

type Answer<T> = {body: T; status: number; headers: Headers}

const answer = <T>(body: T, status: number, extra: Record<string, string> = {}): Answer<T> => ({body, status, headers: noStoreHeaders({...NOINDEX, ...extra})})

type RateLimit = {allowed: boolean; retryAfterSeconds: number}

/**
 * The requests (by their load context, one object per request that Remix gives the action and the
 * loaders alike) that have counted their look-up. Without JavaScript a look-up on /verify/{number}
 * is a document POST: the action counts it, then Remix renders the page and runs its loader in the
 * same request, which must not count a second one. (With JavaScript the action is a request of
 * its own and the loader does not run again: the route's shouldRevalidate.)
 */
const counted = new WeakSet<object>()

/**
 * Counts one look-up for the client, at most once per request; null when allowed (or already
 * counted in this request), else the 429 message and its Retry-After.
 */
async function limited(request: Request, context: unknown): Promise<{message: string; retryAfterSeconds: number} | null> {
  if (typeof context === 'object' && context !== null) {
    if (counted.has(context)) return null
    counted.add(context)
  }
  const limit = (await checkVerifyRateLimit(clientAddress(request, context as {ip?: string}))) as RateLimit
  if (limit.allowed) return null
  const retryAfterSeconds = Math.max(1, Math.ceil(limit.retryAfterSeconds))
  return {message: tooManyLookupsMessage(retryAfterSeconds), retryAfterSeconds}
}

/** The action of /verify (`numberFromPath` undefined: the number is a form field) and of /verify/{number}. */
export async function verifyFromForm(request: Request, context: unknown, numberFromPath?: string): Promise<Answer<VerifyActionData>> {
  const body = await readFormBody(request, MAX_FORM_BYTES)
  if (!body.ok) return answer<VerifyActionData>({state: 'error', message: body.message}, body.status)
  if (numberFromPath !== undefined) {
    // The QR page of a malformed number has no form; a post to it answers like an unknown number.
    if (!isCertificateNumber(numberFromPath)) return answer<VerifyActionData>({state: 'no-match', message: NO_MATCH_MESSAGE}, 404)
    body.form.set('number', numberFromPath)
  }
  const submission = parseWithZod(body.form, {schema: VerifyFormSchema})
  if (submission.status !== 'success') return answer<VerifyActionData>({state: 'invalid', result: submission.reply()}, 400)
  const result = submission.reply()
  try {
    const refused = await limited(request, context)
    if (refused) return answer<VerifyActionData>({state: 'too-many', message: refused.message, result}, 429, {'Retry-After': String(refused.retryAfterSeconds)})
    const certificate = await verifyCertificate(submission.value)
    if (!certificate) return answer<VerifyActionData>({state: 'no-match', message: NO_MATCH_MESSAGE, result}, 404)
    return answer<VerifyActionData>({state: 'found', certificate, result}, 200)
  } catch (error) {
    console.error('[verify] the register could not be read', error)
    return answer<VerifyActionData>({state: 'unavailable', message: VERIFY_UNAVAILABLE, result}, 503)
  }
}

/** The loader of /verify/{number}: the certificate with the holder's name masked (see the module comment). */
export async function maskedFromPath(request: Request, context: unknown, rawNumber: string): Promise<Answer<MaskedLoaderData>> {
  const number = rawNumber.trim().toUpperCase()
  if (!isCertificateNumber(number)) return answer<MaskedLoaderData>({state: 'no-match', number: rawNumber, message: NO_MATCH_MESSAGE}, 404)
  try {
    const refused = await limited(request, context)
    if (refused) return answer<MaskedLoaderData>({state: 'too-many', number, message: refused.message}, 429, {'Retry-After': String(refused.retryAfterSeconds)})
    const certificate = await lookupMaskedCertificate(number)
    if (!certificate) return answer<MaskedLoaderData>({state: 'no-match', number, message: NO_MATCH_MESSAGE}, 404)
    return answer<MaskedLoaderData>({state: 'found', number, certificate}, 200)
  } catch (error) {
    console.error('[verify] the register could not be read', error)
    return answer<MaskedLoaderData>({state: 'unavailable', number, message: VERIFY_UNAVAILABLE}, 503)
  }
}
