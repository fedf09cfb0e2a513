/**
 * POST /api/account/enrolments/:orderId/date-change {batchId, note?} — the signed-in candidate asks
 * to move their enrolment to another date (docs/account/date-change.md;
 * netlify/services/account/date-change.ts). Checks in this order: 405 for another method; 401
 * "Please sign in again" without a live session; 404 'Not found' for an order that is not theirs
 * (also a malformed id); 415/413/400 for the body; then the service: 400 a date not offered, 409
 * not eligible, a request already pending, or "That date has just filled up". 201 `{request}`.
 * Personal: no-store, noindex.
 */
import type {Config} from '@netlify/functions'
import {ACCOUNT_NOT_FOUND} from '#schemas/contracts/account'
import {DateChangeRequestBodySchema, MAX_DATE_CHANGE_BYTES} from '#schemas/contracts/date-change'
import {isOrderId} from '#schemas/contracts/ids'
import {ServiceError} from '../platform/errors'
import {readAccountCookie} from '../platform/account-cookie'
import {siteOrigin} from '../platform/env'
import {handle, json, readJson, requireMethod} from '../platform/http'
import {requestDateChange} from '../services/account/date-change'
import {ownedEnrolment} from '../services/account/records'
import {requireCandidate} from '../services/account/sessions'

const PERSONAL = {'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow'}

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  const candidate = await requireCandidate(readAccountCookie(request))
  const orderId = context.params?.orderId ?? ''
  if (!isOrderId(orderId)) throw new ServiceError('not-found', ACCOUNT_NOT_FOUND)
  // Another candidate's order answers 404 before its body is read.
  await ownedEnrolment(candidate.email, orderId)
  const body = await readJson(request, DateChangeRequestBodySchema, MAX_DATE_CHANGE_BYTES)
  const filed = await requestDateChange(candidate.email, orderId, body, {origin: siteOrigin(request)})
  return json({request: filed}, {status: 201, headers: PERSONAL})
})

export const config: Config = {path: '/api/account/enrolments/:orderId/date-change', method: 'POST'}
