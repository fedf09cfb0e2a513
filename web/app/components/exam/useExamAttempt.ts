/**
 * The state of one exam attempt on the take page (issue 4, "honest clock"), on top of
 * ~/lib/exam-attempt:
 *
 * - On mount the attempt is read from local storage; a direct visit without one starts a
 *   timed attempt now; an attempt whose deadline passed while away is submitted at once with
 *   the answers it had, and the results open.
 * - Every change (answer, flag, current question) is saved immediately.
 * - The clock re-renders every second (and at once when the tab becomes visible again), but
 *   the value is always derived from the fixed deadline, never decremented. At zero the
 *   attempt is submitted automatically.
 * - Another tab's changes to the same attempt are followed (storage events); if another tab
 *   ends the attempt, this one leaves too.
 * - `warning` is the text for the assertive live region: set only when 10, 5 or 1 minutes
 *   remaining is crossed (crossedWarning), never every second.
 */
import {useNavigate} from '@remix-run/react'
import {useCallback, useEffect, useMemo, useRef, useState} from 'react'
import {isAnswered} from '~/domain/exam-scoring'
import {
  attemptKey,
  crossedWarning,
  isExpired,
  loadAttempt,
  loadResult,
  newAttempt,
  remainingSeconds,
  saveAttempt,
  submitAttempt,
  type ExamAttempt,
} from '~/lib/exam-attempt'
import {examResultsPath, examStartPath} from '~/lib/paths'
import type {AnswerValue, TakeExam} from './types'

export type FinishReason = 'submitted' | 'timeout'

function storage(): Storage {
  return window.localStorage
}

/** The attempt's current index, kept inside the exam's questions. */
function clampCurrent(attempt: ExamAttempt, count: number): ExamAttempt {
  const current = Math.min(Math.max(0, attempt.current), Math.max(0, count - 1))
  return current === attempt.current ? attempt : {...attempt, current}
}

export function useExamAttempt(exam: TakeExam) {
  const navigate = useNavigate()
  const questionIds = useMemo(() => exam.questions.map((question) => question.id), [exam.questions])
  const [attempt, setAttempt] = useState<ExamAttempt | null>(null)
  const attemptRef = useRef<ExamAttempt | null>(null)
  const [now, setNow] = useState(() => Date.now())
  const [warning, setWarning] = useState('')
  const [saveFailed, setSaveFailed] = useState(false)
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

  /** Ends the attempt: stores the result, drops the attempt, opens the results (replacing this page in history). */
  const finish = useCallback(
    (reason: FinishReason) => {
      const current = attemptRef.current
      if (!current || finishedRef.current) return
      finishedRef.current = true
      submitAttempt(storage(), current, questionIds, Date.now())
      navigate(examResultsPath(exam.examId), {replace: true, state: {reason}})
    },
    [exam.examId, navigate, questionIds],
  )

  // Load (or start) the attempt once the page runs in the browser.
  useEffect(() => {
    const at = Date.now()
    let loaded: ExamAttempt | null = null
    try {
      loaded = loadAttempt(storage(), exam.examId)
    } catch {
      loaded = null
    }
    const fresh = !loaded
    const attempt = clampCurrent(loaded ?? newAttempt(exam.examId, exam.durationMinutes, 'timed', at), exam.questions.length)
    attemptRef.current = attempt
    if (isExpired(attempt, at)) {
      finish('timeout')
      return
    }
    if (fresh || attempt !== loaded) persist(attempt)
    else setAttempt(attempt)
    previousSecondsRef.current = remainingSeconds(attempt, at)
    setNow(at)
  }, [exam.examId, exam.durationMinutes, exam.questions.length, finish, persist])

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
      if (next) {
        const clamped = clampCurrent(next, exam.questions.length)
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
  }, [exam.examId, exam.questions.length, navigate])

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

  const goTo = useCallback((index: number) => update((current) => clampCurrent({...current, current: index}, questionIds.length)), [update, questionIds.length])

  const secondsLeft = attempt ? remainingSeconds(attempt, now) : null
  return {attempt, questionIds, secondsLeft, warning, saveFailed, setAnswer, toggleFlag, goTo, finish}
}
