/**
 * The state of one exam attempt on the take page ("honest clock"), on top of
 * ~/lib/exam-attempt:
 *
 * - On mount the attempt is read from local storage (with its signed draw, so no request is
 *   needed: a reload works offline); a direct visit without one asks the server for a timed
 *   attempt's draw (requestDraw) — `loadError` tells when that fails, `retryLoad` tries again; an
 *   attempt whose deadline passed while away is submitted at once with the answers it had, and
 *   the results open; an attempt submitted but not yet accepted by the server opens the results.
 * - Every change (answer, flag, current question) is saved immediately.
 * - The clock re-renders every second (and at once when the tab becomes visible again), but
 *   the value is always derived from the fixed deadline, never decremented. At zero the
 *   attempt is submitted automatically.
 * - Another tab's changes to the same attempt are followed (storage events); if another tab
 *   submits or ends the attempt, this one leaves too.
 * - `questions` are the signed draw's variants, options in its order
 *   (docs/requirements.md#req-exam-variants): a reload shows the same questions in the same order.
 * - Submitting stores the result and keeps the attempt, marked submitted, until the results page
 *   hears the server accept it (web/app/lib/exam-attempt.ts, submitAttempt and settleAttempt).
 * - `warning` is the text for the assertive live region: set only when 10, 5 or 1 minutes
 *   remaining is crossed (crossedWarning), never every second.
 */
import {useNavigate} from '@remix-run/react'
import {useCallback, useEffect, useMemo, useRef, useState} from 'react'
import {drawnQuestions} from '#schemas/rules/exam-draw'
import {isAnswered} from '#schemas/rules/exam-scoring'
import {
  attemptKey,
  crossedWarning,
  isExpired,
  isOpen,
  loadAttempt,
  loadResult,
  loadSeen,
  newAttempt,
  recordSeen,
  remainingSeconds,
  saveAttempt,
  submitAttempt,
  type ExamAttempt,
} from '~/lib/exam-attempt'
import {requestDraw} from '~/lib/exam-draw-client'
import type {SignedDraw} from '#schemas/contracts/exam-attempts'
import {examResultsPath, examStartPath} from '#schemas/rules/paths'
import type {AnswerValue, TakeExam, TakeQuestion} from './types'

export type FinishReason = 'submitted' | 'timeout'

function storage(): Storage {
  return window.localStorage
}

/** The attempt's current index, kept inside the exam's questions. */
function clampCurrent(attempt: ExamAttempt, count: number): ExamAttempt {
  const current = Math.min(Math.max(0, attempt.current), Math.max(0, count - 1))
  return current === attempt.current ? attempt : {...attempt, current}
}

/** An attempt's questions: its signed draw's variants, options in the draw's order. */
const questionsOf = (exam: TakeExam, draw: SignedDraw | undefined): TakeQuestion[] =>
  draw ? drawnQuestions(exam.slots ?? [], {draw: draw.variants, optionOrder: draw.optionOrder}) : []

export function useExamAttempt(exam: TakeExam) {
  const navigate = useNavigate()
  const [attempt, setAttempt] = useState<ExamAttempt | null>(null)
  const slotCount = (exam.slots ?? []).length
  const draw = attempt?.draw
  const questions = useMemo<TakeQuestion[]>(() => questionsOf(exam, draw), [exam, draw])
  const questionIds = useMemo(() => questions.map((question) => question.id), [questions])
  const attemptRef = useRef<ExamAttempt | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const [warning, setWarning] = useState('')
  const [saveFailed, setSaveFailed] = useState(false)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [loadRound, setLoadRound] = useState(0)
  const finishedRef = useRef(false)
  const previousSecondsRef = useRef<number | null>(null)

  const persist = useCallback((next: ExamAttempt) => {
    attemptRef.current = next
    try {
      saveAttempt(storage(), next)
      setSaveFailed(false)
    } catch {
      setSaveFailed(true)
    }
    setAttempt(next)
  }, [])

  /** Submits the attempt: stores the result (the attempt stays until the server accepts it), opens the results (replacing this page in history). */
  const finish = useCallback(
    (reason: FinishReason) => {
      const current = attemptRef.current
      if (!current || finishedRef.current) return
      finishedRef.current = true
      const ids = questionsOf(exam, current.draw).map((question) => question.id)
      submitAttempt(storage(), current, ids, Date.now())
      navigate(examResultsPath(exam.examId), {replace: true, state: {reason}})
    },
    [exam, navigate],
  )

  // Load the attempt once the page runs in the browser, or start one with a draw from the server.
  useEffect(() => {
    let cancelled = false
    let loaded: ExamAttempt | null = null
    try {
      loaded = loadAttempt(storage(), exam.examId)
    } catch {
      loaded = null
    }
    if (loaded && !isOpen(loaded)) {
      // Submitted, not yet accepted: the results page asks the server (and opens it again if refused).
      finishedRef.current = true
      navigate(examResultsPath(exam.examId), {replace: true})
      return
    }
    const open = (found: ExamAttempt, fresh: boolean) => {
      const at = Date.now()
      const attempt = clampCurrent(found, slotCount)
      attemptRef.current = attempt
      if (isExpired(attempt, at)) {
        finish('timeout')
        return
      }
      if (fresh || attempt !== found) persist(attempt)
      else setAttempt(attempt)
      previousSecondsRef.current = remainingSeconds(attempt, at)
      setNow(at)
    }
    if (loaded) {
      open(loaded, false)
      return
    }
    setLoadError(null)
    requestDraw(exam.examId, 'timed', loadSeen(storage(), exam.examId)).then(
      (draw) => {
        if (cancelled) return
        recordSeen(storage(), exam.examId, draw.variants)
        open(newAttempt(draw, exam.durationMinutes, Date.now()), true)
      },
      (error: unknown) => {
        if (!cancelled) setLoadError(error instanceof Error ? error.message : String(error))
      },
    )
    return () => {
      cancelled = true
    }
    // The exam is fixed for the page's lifetime; the attempt loads once per exam (again on retryLoad).
  }, [exam.examId, exam.durationMinutes, slotCount, finish, persist, navigate, loadRound])

  /** Asks the server for the draw again after a failure. */
  const retryLoad = useCallback(() => setLoadRound((round) => round + 1), [])

  // The clock: a re-render every second, the value always derived from the deadline.
  const deadline = attempt?.deadline ?? null
  useEffect(() => {
    if (deadline === null) return
    const tick = () => {
      const current = attemptRef.current
      if (!current || finishedRef.current) return
      const at = Date.now()
      const left = remainingSeconds(current, at)
      const crossed = crossedWarning(previousSecondsRef.current, left)
      previousSecondsRef.current = left
      if (crossed !== null) setWarning(`${crossed} ${crossed === 1 ? 'minute' : 'minutes'} remaining.`)
      setNow(at)
      if (isExpired(current, at)) finish('timeout')
    }
    const timer = window.setInterval(tick, 1000)
    const onVisible = () => {
      if (document.visibilityState === 'visible') tick()
    }
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      window.clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [deadline, finish])

  // Another tab of the same browser changed the attempt: follow it (its last save wins);
  // if it ended the attempt, this tab opens the results (or the instructions) too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== attemptKey(exam.examId) || finishedRef.current || !attemptRef.current) return
      const next = loadAttempt(storage(), exam.examId)
      if (next && isOpen(next)) {
        const clamped = clampCurrent(next, slotCount)
        attemptRef.current = clamped
        previousSecondsRef.current = remainingSeconds(clamped, Date.now())
        setAttempt(clamped)
        return
      }
      finishedRef.current = true
      navigate(loadResult(storage(), exam.examId) ? examResultsPath(exam.examId) : examStartPath(exam.examId), {replace: true})
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [exam.examId, slotCount, navigate])

  const update = useCallback(
    (change: (attempt: ExamAttempt) => ExamAttempt) => {
      const current = attemptRef.current
      if (!current || finishedRef.current) return
      persist(change(current))
    },
    [persist],
  )

  const setAnswer = useCallback(
    (questionId: string, value: AnswerValue) =>
      update((current) => {
        const answers = {...current.answers}
        if (isAnswered(value) || (typeof value === 'string' && value !== '')) answers[questionId] = value
        else delete answers[questionId]
        return {...current, answers}
      }),
    [update],
  )

  const toggleFlag = useCallback(
    (questionId: string) =>
      update((current) => ({
        ...current,
        flagged: current.flagged.includes(questionId) ? current.flagged.filter((id) => id !== questionId) : [...current.flagged, questionId],
      })),
    [update],
  )

  const goTo = useCallback((index: number) => update((current) => clampCurrent({...current, current: index}, slotCount)), [update, slotCount])

  const secondsLeft = attempt ? remainingSeconds(attempt, now) : null
  return {attempt, questions, questionIds, secondsLeft, warning, saveFailed, loadError, retryLoad, setAnswer, toggleFlag, goTo, finish}
}
