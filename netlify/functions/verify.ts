/**
 * GET /api/verify?number=&dateOfBirth= (docs/requirements.md#req-issue-20-verify): a
 * certificate's status, holder, course and dates as JSON for employers' systems
 * (VerifyResponseSchema). 404 `{error: NO_MATCH_MESSAGE}` for an unknown number and for a wrong
 * date of birth alike (the same body and headers); 400 for a malformed number or date; 429 with
 * Retry-After after RATE_LIMIT_VERIFY look-ups (default 20 per 10 minutes per client; every
 * request counts). Every answer is Cache-Control: no-store and X-Robots-Tag: noindex.
 */
import type {Config} from '@netlify/functions'
import {VerifyQuerySchema} from '#schemas/contracts/certificates'
import {NO_MATCH_MESSAGE} from '#schemas/rules/certificates'
import {checkVerifyRateLimit, verifyCertificate} from '../services/certificates/verify'
import {clientAddress, errorResponse, handle, HttpError, json, parseWith, requireMethod} from '../platform/http'

/** What every answer of the endpoint adds: never indexed (json() and errorResponse() add no-store). */
const NOINDEX = {'X-Robots-Tag': 'noindex'}

/** Too many look-ups from one client. */
export const VERIFY_RATE_LIMITED = 'Too many look-ups. Please wait a few minutes and try again.'

export default handle(async (request: Request, context: {ip?: string}) => {
  try {
    requireMethod(request, 'GET')
    const limit = await checkVerifyRateLimit(clientAddress(request, context))
    if (!limit.allowed) throw new HttpError(429, VERIFY_RATE_LIMITED, undefined, {'Retry-After': String(limit.retryAfterSeconds)})
    const params = new URL(request.url).searchParams
    const query = parseWith(VerifyQuerySchema, {number: params.get('number') ?? undefined, dateOfBirth: params.get('dateOfBirth') ?? undefined})
    const found = await verifyCertificate(query)
    if (!found) return errorResponse(404, NO_MATCH_MESSAGE, undefined, NOINDEX)
    return json(found, {headers: NOINDEX})
  } catch (error) {
    if (error instanceof HttpError) return errorResponse(error.status, error.message, error.details, {...error.headers, ...NOINDEX})
    throw error
  }
})

export const config: Config = {path: '/api/verify', method: 'GET'}
