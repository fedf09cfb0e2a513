/**
 * POST /api/exams/{examId}/attempts (docs/requirements.md#req-exam-variants; contract:
 * schemas/contracts/exam-attempts.ts): starts a practice exam attempt — JSON {mode, seen} → 201 the
 * signed draw (netlify/services/exams/attempts/draws.ts). 400 bad body, 404 unknown exam, 413 over
 * 64 KB, 415 not JSON, 503 not configured (production without EXAM_DRAW_SECRET) or content
 * unavailable. Never stored or cached.
 */
import type {Config} from '@netlify/functions'
import {StartAttemptRequestSchema} from '#schemas/contracts/exam-attempts'
import {startAttempt} from '../services/exams/attempts/draws'
import {handle, json, readJson, requireMethod} from '../platform/http'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  const body = await readJson(request, StartAttemptRequestSchema)
  return json(await startAttempt(context.params?.examId ?? '', body), {status: 201, headers: {'X-Robots-Tag': 'noindex'}})
})

export const config: Config = {path: '/api/exams/:examId/attempts', method: 'POST'}
