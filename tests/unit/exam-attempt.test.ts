/** The honest clock and the stored attempt (web/app/lib/exam-attempt.ts). */
import {describe, expect, it} from 'vitest'
import {
  answerRecords,
  crossedWarning,
  formatClock,
  isExpired,
  loadAttempt,
  loadResult,
  newAttempt,
  remainingSeconds,
  saveAttempt,
  saveResult,
  submitAttempt,
  timeSpentSeconds,
} from '~/lib/exam-attempt'
import {MemoryStorage} from '../helpers/memory-storage'

const T0 = Date.UTC(2026, 10, 21, 9, 0, 0)

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
  })
  it('keeps results per exam under examResults', () => {
    const storage = new MemoryStorage()
    saveResult(storage, {examId: 'a', answers: [], timeSpent: 10, submittedAt: new Date(T0).toISOString()})
    saveResult(storage, {examId: 'b', answers: [{questionId: 'q1', answer: 'x'}], timeSpent: 20, submittedAt: new Date(T0).toISOString()})
    expect(loadResult(storage, 'a')?.timeSpent).toBe(10)
    expect(loadResult(storage, 'b')?.answers).toHaveLength(1)
    expect(Object.keys(JSON.parse(storage.getItem('examResults') ?? '{}'))).toEqual(['a', 'b'])
  })
  it('submits an attempt: answered questions in order, time capped, attempt removed', () => {
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
    })
    expect(loadAttempt(storage, 'x')).toBeNull()
    expect(loadResult(storage, 'x')).toEqual(result)
    expect(answerRecords({answers: {}}, ['q1'])).toEqual([])
  })
})
