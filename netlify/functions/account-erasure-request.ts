/**
 * POST /api/account/erasure-request {reason?} — "Ask us to erase my data" in My training
 * (docs/requirements.md#req-account, #req-privacy): records the signed-in address's request for
 * staff and e-mails them (netlify/services/account/privacy.ts) → 202 {message}. Asking again while
 * a request waits changes nothing and answers the same. 400 a reason over 500 characters or other
 * fields; 401 "Please sign in again" without a live session; 413 over 4 KB; 415 not JSON.
 * Personal: no-store, noindex.
 */
import type {Config} from '@netlify/functions'
import {ErasureRequestBodySchema} from '#schemas/contracts/account-sections'
import {MAX_PRIVACY_BODY_BYTES} from '#schemas/contracts/privacy'
import {readAccountCookie} from '../platform/account-cookie'
import {handle, json, readJson, requireMethod} from '../platform/http'
import {requestErasure} from '../services/account/privacy'
import {requireCandidate} from '../services/account/sessions'

const PERSONAL = {'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow'}

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  const candidate = await requireCandidate(readAccountCookie(request))
  const {reason} = await readJson(request, ErasureRequestBodySchema, MAX_PRIVACY_BODY_BYTES)
  const {message} = await requestErasure(candidate.email, reason ?? '')
  return json({message}, {status: 202, headers: PERSONAL})
})

export const config: Config = {path: '/api/account/erasure-request', method: 'POST'}
