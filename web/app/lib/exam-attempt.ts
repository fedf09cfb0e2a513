/**
 * A candidate's exam attempt and stored results in the browser (docs/requirements.md#req-entities-stored-result, #req-states-exam,
 * #req-exam-variants; the honest clock).
 *
 * - The attempt (exam id, mode, start, deadline, the signed draw the server issued, answers,
 *   flags, current question) is saved under `examAttempt:{examId}` on every change, so a reload
 *   or a crash resumes it, offline too (the signed draw is all it needs from the server).
 * - Submitting stores the result with the signed draw and marks the attempt submitted; the
 *   attempt is removed only once the server accepts the answers (settleAttempt). Refused, it is
 *   opened again until its deadline, so the candidate can still submit.
 * - The deadline is fixed when the attempt starts (start + duration × 60 s); the countdown is
 *   derived from it, never by counting ticks. Practice mode has no deadline.
 * - Submitted results are kept per exam under the spec's key `examResults`:
 *   {[examId]: {examId, answers, timeSpent (s), submittedAt (ISO)}}.
 * Times are epoch milliseconds unless named seconds. Functions take a `Storage` so tests can
 * pass their own; malformed stored data reads as absent, never throws.
 */
import type {AnswerRecord} from '#schemas/rules/exam-scoring'
import {isAnswered} from '#schemas/rules/exam-scoring'
import {PRACTICE_DRAW_HOURS} from '#schemas/rules/exam-draw'
import type {AttemptMode, SignedDraw} from '#schemas/contracts/exam-attempts'

export type {AttemptMode}

export type ExamAttempt = {
  examId: string
  mode: AttemptMode
  startedAt: number
  /** startedAt + duration; null in practice mode. */
  deadline: number | null
  answers: Record<string, string | string[]>
  flagged: string[]
  current: number
  /**
   * The draw the server issued and signed for this attempt (POST /api/exams/{examId}/attempts):
   * its variants, one per slot, and each choice question's option order, kept so a reload shows
   * the same and sent back with the answers.
   */
  draw: SignedDraw
  /** When the candidate submitted (epoch ms), until the server accepts or refuses the answers. */
  submittedAt?: number
}

/**
 * docs/requirements.md#req-entities-stored-result; `draw` is the attempt's signed draw, which the
 * server requires to score the result (a result stored without one is refused).
 */
export type StoredExamResult = {examId: string; answers: AnswerRecord[]; timeSpent: number; submittedAt: string; draw?: SignedDraw}

export const RESULTS_KEY = 'examResults'
export const attemptKey = (examId: string) => `examAttempt:${examId}`

/** Seconds below which the clock turns red (docs/requirements.md#req-constants-exams). */
export const WARNING_SECONDS = 300
/** Remaining minutes at which screen readers hear a time warning. */
export const ANNOUNCE_AT_MINUTES = [10, 5, 1] as const

/** A new attempt of `draw` starting at `now` (this device's clock): timed attempts end `durationMinutes` later. */
export function newAttempt(draw: SignedDraw, durationMinutes: number, now: number): ExamAttempt {
  const mode = draw.mode
  return {
    examId: draw.examId,
    mode,
    startedAt: now,
    deadline: mode === 'timed' ? now + durationMinutes * 60_000 : null,
    answers: {},
    flagged: [],
    current: 0,
    draw,
  }
}

/** Whole seconds left at `now` (rounded up, never below 0); null without a deadline. */
export function remainingSeconds(attempt: Pick<ExamAttempt, 'deadline'>, now: number): number | null {
  if (attempt.deadline === null) return null
  return Math.max(0, Math.ceil((attempt.deadline - now) / 1000))
}

/** Whether the attempt's time is up at `now`. */
export function isExpired(attempt: Pick<ExamAttempt, 'deadline'>, now: number): boolean {
  return attempt.deadline !== null && now >= attempt.deadline
}

/** Seconds spent, capped at the deadline (an attempt submitted late counts the full time). */
export function timeSpentSeconds(attempt: Pick<ExamAttempt, 'startedAt' | 'deadline'>, submittedAt: number): number {
  const end = attempt.deadline === null ? submittedAt : Math.min(submittedAt, attempt.deadline)
  return Math.max(0, Math.round((end - attempt.startedAt) / 1000))
}

/** "45:00", "4:59", "1:02:03": the countdown as shown. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const sec = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`
}

/** The minute threshold (10, 5 or 1) crossed between two readings of the clock, if any. */
export function crossedWarning(previousSeconds: number | null, currentSeconds: number | null): number | null {
  if (previousSeconds === null || currentSeconds === null) return null
  for (const minutes of ANNOUNCE_AT_MINUTES) {
    const at = minutes * 60
    if (previousSeconds > at && currentSeconds <= at) return minutes
  }
  return null
}

/** The answer records of an attempt, in question order, answered questions only. */
export function answerRecords(attempt: Pick<ExamAttempt, 'answers'>, questionIds: string[]): AnswerRecord[] {
  return questionIds.filter((id) => isAnswered(attempt.answers[id])).map((id) => ({questionId: id, answer: attempt.answers[id]!}))
}

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key)
    return raw ? JSON.parse(raw) : null
  } catch {
    return null
  }
}

/** Whether `value` looks like a signed draw of `examId` (the server checks it for real). */
function isSignedDraw(value: unknown, examId: string): value is SignedDraw {
  const draw = value as Partial<SignedDraw> | null
  return Boolean(draw && draw.examId === examId && typeof draw.signature === 'string' && typeof draw.attemptId === 'string' && Array.isArray(draw.variants))
}

/** The stored attempt of `examId`; null when none, malformed, or without a signed draw (it cannot be scored). */
export function loadAttempt(storage: Storage, examId: string): ExamAttempt | null {
  const value = readJson(storage, attemptKey(examId)) as ExamAttempt | null
  if (!value || value.examId !== examId || typeof value.startedAt !== 'number' || typeof value.answers !== 'object') return null
  if (!isSignedDraw(value.draw, examId) || typeof value.draw.optionOrder !== 'object') return null
  return {...value, flagged: Array.isArray(value.flagged) ? value.flagged : [], current: Number.isInteger(value.current) ? value.current : 0}
}

/** Whether the attempt is still being taken (not submitted, or opened again after a refusal). */
export const isOpen = (attempt: Pick<ExamAttempt, 'submittedAt'>): boolean => attempt.submittedAt === undefined

export function saveAttempt(storage: Storage, attempt: ExamAttempt): void {
  storage.setItem(attemptKey(attempt.examId), JSON.stringify(attempt))
}

export function clearAttempt(storage: Storage, examId: string): void {
  storage.removeItem(attemptKey(examId))
}

export function loadResult(storage: Storage, examId: string): StoredExamResult | null {
  const all = readJson(storage, RESULTS_KEY) as Record<string, StoredExamResult> | null
  const result = all && typeof all === 'object' ? all[examId] : null
  return result && result.examId === examId && Array.isArray(result.answers) ? result : null
}

/** Stores the result for its exam (replacing an earlier one of the same exam only). */
export function saveResult(storage: Storage, result: StoredExamResult): void {
  const all = (readJson(storage, RESULTS_KEY) as Record<string, StoredExamResult> | null) ?? {}
  storage.setItem(RESULTS_KEY, JSON.stringify({...(typeof all === 'object' ? all : {}), [result.examId]: result}))
}

/**
 * Submits an attempt: stores its result (answers so far, time spent, submittedAt = `now`, the
 * signed draw) and marks the attempt submitted — it is kept until the server accepts the answers
 * (settleAttempt). Returns the stored result.
 */
export function submitAttempt(storage: Storage, attempt: ExamAttempt, questionIds: string[], now: number): StoredExamResult {
  const result: StoredExamResult = {
    examId: attempt.examId,
    answers: answerRecords(attempt, questionIds),
    timeSpent: timeSpentSeconds(attempt, now),
    submittedAt: new Date(now).toISOString(),
    draw: attempt.draw,
  }
  saveResult(storage, result)
  saveAttempt(storage, {...attempt, submittedAt: now})
  return result
}

/**
 * What the server said about a stored result, applied to the attempt it came from (the same
 * attempt id; another attempt is left alone): `accepted` removes it; `refused` opens it again
 * while its time lasts (an untimed one: PRACTICE_DRAW_HOURS from its start, as long as the server
 * takes its draw), else removes it. Returns whether an open attempt remains to go back to. Never
 * throws (storage blocked: false).
 */
export function settleAttempt(storage: Storage, result: StoredExamResult, outcome: 'accepted' | 'refused', now: number): boolean {
  try {
    const attempt = loadAttempt(storage, result.examId)
    if (!attempt || !result.draw || attempt.draw.attemptId !== result.draw.attemptId) return false
    const practiceOver = attempt.deadline === null && now >= attempt.startedAt + PRACTICE_DRAW_HOURS * 3600_000
    if (outcome === 'accepted' || isExpired(attempt, now) || practiceOver) {
      clearAttempt(storage, attempt.examId)
      return false
    }
    const {submittedAt: _submitted, ...open} = attempt
    saveAttempt(storage, open)
    return true
  } catch {
    return false
  }
}

/** Where this device keeps the question ids it has been shown per exam (sent with the start request: unseen ones are drawn first). */
export const seenKey = (examId: string) => `examSeenVariants:${examId}`

/** The question ids of the exam's variants this device has drawn before (empty when none or unreadable). */
export function loadSeen(storage: Storage, examId: string): Set<string> {
  const value = readJson(storage, seenKey(examId))
  return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [])
}

/** Adds `ids` to the exam's seen variants (at most 500 kept, the newest). Never throws. */
export function recordSeen(storage: Storage, examId: string, ids: readonly string[]): void {
  try {
    const all = [...loadSeen(storage, examId)].filter((id) => !ids.includes(id)).concat(ids)
    storage.setItem(seenKey(examId), JSON.stringify(all.slice(-500)))
  } catch {
    // Storage blocked or full: the next draw is simply uniform.
  }
}
