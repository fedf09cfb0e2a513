/**
 * POST /api/account/exam-attempts — keeps a practice exam attempt with the signed-in account
 * (docs/requirements.md#req-account; contract: schemas/contracts/account-sections.ts
 * StoreExamAttemptRequestSchema, at most SCORE_LIMITS.bodyBytes). The draw must be one the site
 * signed; the server scores the answers itself (netlify/services/account/exam-attempts.ts).
 * → 201 {attemptId, message} stored, 200 the same attempt kept before; 401 "Please sign in again"
 * without a live session (the results page then keeps the attempt in the browser only, silently);
 * 400 a body that is not the contract or a draw that is missing, unsigned, changed, of another exam
 * or past its time; 404 unknown exam; 413; 415; 503 content or draws unavailable.
 * Personal: no-store, noindex.
 */
import type {Config} from '@netlify/functions'
import {StoreExamAttemptRequestSchema} from '#schemas/contracts/account-sections'
import {SCORE_LIMITS} from '#schemas/contracts/forms/exam'
import {readAccountCookie} from '../platform/account-cookie'
import {handle, json, readJson, requireMethod} from '../platform/http'
import {storeExamAttempt} from '../services/account/exam-attempts'
import {requireCandidate} from '../services/account/sessions'

const PERSONAL = {'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow'}

export default handle(async (request: Request) => {
  requireMethod(request, 'POST')
  // The session first: a signed-out browser learns only that (401), whatever it sent.
  const candidate = await requireCandidate(readAccountCookie(request))
  const body = await readJson(request, StoreExamAttemptRequestSchema, SCORE_LIMITS.bodyBytes)
  const {stored, attemptId, message} = await storeExamAttempt(candidate.email, body)
  return json({attemptId, message}, {status: stored ? 201 : 200, headers: PERSONAL})
})

export const config: Config = {path: '/api/account/exam-attempts', method: 'POST'}
