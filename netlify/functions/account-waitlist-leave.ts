/**
 * POST /api/account/waitlists/:batchId/:entryId/leave — "Leave the waitlist" in My training
 * (docs/requirements.md#req-account): removes the signed-in candidate's place (one conditional
 * write, netlify/services/account/waitlists.ts) → 200 LeaveWaitlistResponse {batchId, entryId,
 * message}. 401 "Please sign in again" without a live session; 404 "Not found" for a place that is
 * not theirs, unknown, or a malformed id (never 403). No body. Personal: no-store, noindex.
 */
import type {Config} from '@netlify/functions'
import {readAccountCookie} from '../platform/account-cookie'
import {handle, json, requireMethod} from '../platform/http'
import {requireCandidate} from '../services/account/sessions'
import {leaveWaitlist} from '../services/account/waitlists'

const PERSONAL = {'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow'}

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  const candidate = await requireCandidate(readAccountCookie(request))
  const answer = await leaveWaitlist(candidate.email, context.params?.batchId ?? '', context.params?.entryId ?? '')
  return json(answer, {headers: PERSONAL})
})

export const config: Config = {path: '/api/account/waitlists/:batchId/:entryId/leave', method: 'POST'}
