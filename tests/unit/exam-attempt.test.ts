/** The honest clock and the stored attempt (web/app/lib/exam-attempt.ts). */
import {describe, expect, it} from 'vitest'
import {
  answerRecords,
  crossedWarning,
  formatClock,
  isExpired,
  isOpen,
  loadAttempt,
  loadResult,
  newAttempt as newAttemptOf,
  remainingSeconds,
  saveAttempt,
  saveResult,
  settleAttempt,
  submitAttempt,
  timeSpentSeconds,
} from '~/lib/exam-attempt'
import type {AttemptMode, SignedDraw} from '#schemas/contracts/exam-attempts'
import {MemoryStorage} from '../helpers/memory-storage'

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0)

/** A draw as the server signs it (the signature is the server's to check; any 43 characters here). */
const drawOf = (examId: string, mode: AttemptMode, attemptId = '7f1c2a4e-0d6b-4c1e-9a51-3e2f6b8d9c01'): SignedDraw => ({
  attemptId,
  examId,
  mode,
  variants: ['q1', 'q2', 'q3'],
  optionOrder: {},
  issuedAt: new Date(T0).toISOString(),
  signature: 'x'.repeat(43),
})
const newAttempt = (examId: string, duration: number, mode: AttemptMode, now: number) => newAttemptOf(drawOf(examId, mode), duration, now)

describe('deadline arithmetic', () => {
  it('fixes the deadline at start + duration', () => {
    const attempt = newAttempt('maritime-safety-basics', 45, 'timed', T0)
    expect(attempt.deadline).toBe(T0 + 45 * 60_000)
    expect(remainingSeconds(attempt, T0)).toBe(2700)
  })
  it('derives the remaining time from the deadline, rounding up, never below zero', () => {
    const attempt = newAttempt('x', 45, 'timed', T0)
    expect(remainingSeconds(attempt, T0 + 1)).toBe(2700)
    expect(remainingSeconds(attempt, T0 + 1000)).toBe(2699)
    expect(remainingSeconds(attempt, T0 + 10 * 60_000)).toBe(2100) // a background tab lost no time
    expect(remainingSeconds(attempt, T0 + 46 * 60_000)).toBe(0)
    expect(isExpired(attempt, T0 + 45 * 60_000 - 1)).toBe(false)
    expect(isExpired(attempt, T0 + 45 * 60_000)).toBe(true)
  })
  it('has no deadline in practice mode', () => {
    const practice = newAttempt('x', 45, 'practice', T0)
    expect(practice.deadline).toBeNull()
    expect(remainingSeconds(practice, T0 + 10e9)).toBeNull()
    expect(isExpired(practice, T0 + 10e9)).toBe(false)
  })
  it('caps time spent at the deadline', () => {
    const attempt = newAttempt('x', 45, 'timed', T0)
    expect(timeSpentSeconds(attempt, T0 + 754_400)).toBe(754)
    expect(timeSpentSeconds(attempt, T0 + 3 * 3600_000)).toBe(2700)
  })
  it('formats the clock', () => {
    expect(formatClock(2700)).toBe('45:00')
    expect(formatClock(299)).toBe('4:59')
    expect(formatClock(3723)).toBe('1:02:03')
    expect(formatClock(-5)).toBe('0:00')
  })
  it('announces 10, 5 and 1 minutes once, when crossed', () => {
    expect(crossedWarning(601, 600)).toBe(10)
    expect(crossedWarning(600, 599)).toBeNull()
    expect(crossedWarning(301, 300)).toBe(5)
    expect(crossedWarning(61, 55)).toBe(1)
    expect(crossedWarning(null, 600)).toBeNull()
  })
})

describe('storage', () => {
  it('saves and resumes an attempt, and reads garbage as absent', () => {
    const storage = new MemoryStorage()
    const attempt = {...newAttempt('x', 45, 'timed', T0), answers: {q1: 'Mayday'}, current: 3}
    saveAttempt(storage, attempt)
    expect(loadAttempt(storage, 'x')).toEqual(attempt)
    storage.setItem('examAttempt:y', '{not json')
    expect(loadAttempt(storage, 'y')).toBeNull()
    // An attempt without a signed draw (the browser's own draw of earlier versions) cannot be scored: absent.
    const {draw: _draw, ...unsigned} = attempt
    storage.setItem('examAttempt:x', JSON.stringify({...unsigned, draw: ['q1', 'q2', 'q3'], optionOrder: {}}))
    expect(loadAttempt(storage, 'x')).toBeNull()
  })
  it('keeps results per exam under examResults', () => {
    const storage = new MemoryStorage()
    saveResult(storage, {examId: 'a', answers: [], timeSpent: 10, submittedAt: new Date(T0).toISOString()})
    saveResult(storage, {examId: 'b', answers: [{questionId: 'q1', answer: 'x'}], timeSpent: 20, submittedAt: new Date(T0).toISOString()})
    expect(loadResult(storage, 'a')?.timeSpent).toBe(10)
    expect(loadResult(storage, 'b')?.answers).toHaveLength(1)
    expect(Object.keys(JSON.parse(storage.getItem('examResults') ?? '{}'))).toEqual(['a', 'b'])
  })
  it('submits an attempt: answered questions in order, time capped, the signed draw kept; the attempt stays, marked submitted', () => {
    const storage = new MemoryStorage()
    const attempt = {...newAttempt('x', 1, 'timed', T0), answers: {q3: ['A', 'B'], q1: 'Mayday', q2: '  '}}
    saveAttempt(storage, attempt)
    const result = submitAttempt(storage, attempt, ['q1', 'q2', 'q3'], T0 + 5 * 60_000)
    expect(result).toEqual({
      examId: 'x',
      answers: [
        {questionId: 'q1', answer: 'Mayday'},
        {questionId: 'q3', answer: ['A', 'B']},
      ],
      timeSpent: 60,
      submittedAt: new Date(T0 + 5 * 60_000).toISOString(),
      draw: attempt.draw,
    })
    expect(loadResult(storage, 'x')).toEqual(result)
    const kept = loadAttempt(storage, 'x')
    expect(kept).toMatchObject({submittedAt: T0 + 5 * 60_000, answers: attempt.answers})
    expect(isOpen(kept!)).toBe(false)
    expect(answerRecords({answers: {}}, ['q1'])).toEqual([])
  })
})

describe("settling a submitted attempt with the server's answer", () => {
  function submitted(mode: AttemptMode = 'timed') {
    const storage = new MemoryStorage()
    const attempt = {...newAttempt('x', 45, mode, T0), answers: {q1: 'Mayday'}}
    const result = submitAttempt(storage, attempt, ['q1', 'q2', 'q3'], T0 + 60_000)
    return {storage, result}
  }

  it('accepted: the attempt is removed', () => {
    const {storage, result} = submitted()
    expect(settleAttempt(storage, result, 'accepted', T0 + 61_000)).toBe(false)
    expect(loadAttempt(storage, 'x')).toBeNull()
    expect(loadResult(storage, 'x')).toEqual(result)
  })

  it('refused before the deadline: the attempt is open again, with its answers, to submit once more (an untimed one for 24 hours)', () => {
    const {storage, result} = submitted()
    expect(settleAttempt(storage, result, 'refused', T0 + 61_000)).toBe(true)
    const open = loadAttempt(storage, 'x')
    expect(open && isOpen(open)).toBe(true)
    expect(open?.answers).toEqual({q1: 'Mayday'})
    // An untimed attempt stays open whenever it is refused.
    const practice = submitted('practice')
    expect(settleAttempt(practice.storage, practice.result, 'refused', T0 + 10 * 3600_000)).toBe(true)
    // ... until the server no longer takes its draw.
    expect(settleAttempt(practice.storage, practice.result, 'refused', T0 + 25 * 3600_000)).toBe(false)
    expect(loadAttempt(practice.storage, 'x')).toBeNull()
  })

  it('refused after the deadline: the attempt is closed (removed)', () => {
    const {storage, result} = submitted()
    expect(settleAttempt(storage, result, 'refused', T0 + 45 * 60_000)).toBe(false)
    expect(loadAttempt(storage, 'x')).toBeNull()
  })

  it('leaves another attempt alone (a new one started since)', () => {
    const {storage, result} = submitted()
    const other = newAttemptOf(drawOf('x', 'timed', '0e5d9b62-6a55-4a8f-8c1d-5a2a3c4b5d6e'), 45, T0 + 2 * 60_000)
    saveAttempt(storage, other)
    expect(settleAttempt(storage, result, 'accepted', T0 + 3 * 60_000)).toBe(false)
    expect(loadAttempt(storage, 'x')).toEqual(other)
  })
})
