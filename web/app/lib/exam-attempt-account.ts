/**
 * Keeping a practice exam attempt with My training (docs/requirements.md#req-account): once the
 * results page's scoring accepted an attempt, the browser offers it to
 * POST /api/account/exam-attempts. The session cookie is HttpOnly, so the page cannot tell whether
 * it is signed in: it just posts, and a 401 means "not signed in" — then nothing is said and the
 * attempt stays in this browser only, as before. Any other failure is silent too (the result on
 * screen is unaffected). Browser only; never imports netlify/.
 */
import {ACCOUNT_EXAM_ATTEMPTS_API} from '#schemas/rules/paths'
import type {StoredExamResult} from './exam-attempt'

/** Whether the attempt is now kept with the signed-in account (false when signed out, or on any failure). */
export async function keepWithAccount(examId: string, result: StoredExamResult): Promise<boolean> {
  if (!result.draw) return false
  let timeZone: string | undefined
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    timeZone = undefined
  }
  try {
    const response = await fetch(ACCOUNT_EXAM_ATTEMPTS_API, {
      method: 'POST',
      headers: {'Content-Type': 'application/json', Accept: 'application/json'},
      body: JSON.stringify({
        examId,
        answers: result.answers,
        draw: result.draw,
        timeSpent: Number.isFinite(result.timeSpent) ? Math.max(0, result.timeSpent) : 0,
        submittedAt: result.submittedAt,
        ...(timeZone ? {timeZone} : {}),
      }),
    })
    return response.status === 201 || response.status === 200
  } catch {
    return false
  }
}
