/**
 * Asking the server for a new attempt's draw (docs/requirements.md#req-exam-variants; contract:
 * schemas/contracts/exam-attempts.ts): POST /api/exams/{examId}/attempts with the timing and the
 * question ids this device has seen, answered by the signed draw the attempt keeps. Browser only.
 *
 * Throws Error with a message to show: the server's own for a refusal it explains (400, 404,
 * 503: e.g. not configured), START_MESSAGES.network when the server cannot be reached or takes
 * longer than START_TIMEOUT_MS, START_MESSAGES.failed for anything else.
 */
import {SignedDrawSchema, type AttemptMode, type SignedDraw} from '#schemas/contracts/exam-attempts'
import {examAttemptsApiPath} from '#schemas/rules/paths'

export const START_MESSAGES = {
  busy: 'Preparing your questions...',
  network: 'We could not reach the server to prepare your questions. Please check your connection and try again.',
  failed: 'Your exam could not be started. Please try again in a moment.',
} as const

/** The longest a start request may take before the candidate is told (milliseconds). */
export const START_TIMEOUT_MS = 20_000

/** The signed draw of a new attempt of `examId` (see the module comment). */
export async function requestDraw(examId: string, mode: AttemptMode, seen: Iterable<string>): Promise<SignedDraw> {
  let response: Response
  try {
    response = await fetch(examAttemptsApiPath(examId), {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({mode, seen: [...seen].slice(-500)}),
      signal: AbortSignal.timeout(START_TIMEOUT_MS),
    })
  } catch {
    throw new Error(START_MESSAGES.network)
  }
  const body = (await response.json().catch(() => null)) as unknown
  if (!response.ok) {
    const message = (body as {error?: unknown} | null)?.error
    const explained = typeof message === 'string' && (response.status < 500 || response.status === 503)
    throw new Error(explained ? message : START_MESSAGES.failed)
  }
  const draw = SignedDrawSchema.safeParse(body)
  if (!draw.success || draw.data.examId !== examId) throw new Error(START_MESSAGES.failed)
  return draw.data
}
