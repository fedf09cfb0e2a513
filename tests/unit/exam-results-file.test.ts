/**
 * The downloaded results file (web/app/lib/exam-results-file.ts; docs/requirements.md#req-entities-results-file, #req-calls-exams): its
 * name exam-results-{examId}-{YYYY-MM-DD}.json on the local calendar day, exactly the spec's
 * fields, 'earned/total' and 'earned/max' strings, null for an unanswered question.
 */
import {describe, expect, it} from 'vitest'
import {scoreExam, type KeyedQuestion} from '#schemas/rules/exam-scoring'
import {buildResultsFile, fileName, pointsText} from '~/lib/exam-results-file'
import {localDate} from '#schemas/rules/format'

const QUESTIONS: KeyedQuestion[] = [
  {id: 'q1', type: 'single-choice', question: 'Which convention?', options: ['SOLAS', 'STCW'], correctAnswer: 'SOLAS', correctAnswers: null, points: 10},
  {
    id: 'q2',
    type: 'multiple-choice',
    question: 'Select all that apply.',
    options: ['A', 'B', 'C'],
    correctAnswer: null,
    correctAnswers: ['A', 'B'],
    points: 15,
  },
  {id: 'q3', type: 'text', question: 'Distress word?', options: null, correctAnswer: 'Mayday', correctAnswers: null, points: 10},
  {id: 'q4', type: 'textarea', question: 'Explain.', options: null, correctAnswer: 'oxygen', correctAnswers: null, points: 15},
]
const EXAM = {questions: QUESTIONS, totalPoints: 50}
const STORED = {timeSpent: 754, submittedAt: '2026-03-04T09:05:06.000Z'}

describe('fileName', () => {
  it('uses the local calendar day, zero-padding a single-digit month and day', () => {
    expect(fileName('maritime-safety-basics', new Date(2026, 2, 4, 10, 30))).toBe('exam-results-maritime-safety-basics-2026-03-04.json')
    expect(fileName('navigation-fundamentals', new Date(2025, 0, 9))).toBe('exam-results-navigation-fundamentals-2025-01-09.json')
  })

  it('keeps two-digit months and days, and the local day just before and after midnight', () => {
    expect(fileName('x', new Date(2026, 11, 31, 23, 59, 59))).toBe('exam-results-x-2026-12-31.json')
    expect(fileName('x', new Date(2027, 0, 1, 0, 0, 0))).toBe('exam-results-x-2027-01-01.json')
    expect(localDate(new Date(2026, 9, 15))).toBe('2026-10-15')
  })
})

describe('pointsText', () => {
  it('is earned/max', () => {
    expect(pointsText(10, 10)).toBe('10/10')
    expect(pointsText(0, 15)).toBe('0/15')
    expect(pointsText(85, 100)).toBe('85/100')
  })
})

describe('buildResultsFile', () => {
  const score = scoreExam(EXAM, [
    {questionId: 'q1', answer: 'SOLAS'},
    {questionId: 'q2', answer: ['B', 'A']},
    {questionId: 'q3', answer: 'help'},
  ])
  const file = buildResultsFile('Maritime Safety Basics', score, STORED)

  it('has exactly the spec fields, in the spec order', () => {
    expect(Object.keys(file)).toEqual(['examTitle', 'score', 'percentage', 'grade', 'timeSpent', 'submittedAt', 'questions'])
    for (const question of file.questions) {
      expect(Object.keys(question)).toEqual(['question', 'userAnswer', 'correctAnswer', 'isCorrect', 'points'])
    }
    // What reaches the file is JSON: nothing is lost or added by serialising it.
    expect(JSON.parse(JSON.stringify(file))).toEqual(file)
  })

  it('carries the score as earned/total, the percentage, the grade, the stored seconds and time', () => {
    expect(file).toMatchObject({
      examTitle: 'Maritime Safety Basics',
      score: '25/50',
      percentage: 50,
      grade: 'F',
      timeSpent: 754,
      submittedAt: '2026-03-04T09:05:06.000Z',
    })
  })

  it('lists each question with the answer, the correct answer, correctness and earned/max points', () => {
    expect(file.questions).toEqual([
      {question: 'Which convention?', userAnswer: 'SOLAS', correctAnswer: 'SOLAS', isCorrect: true, points: '10/10'},
      {question: 'Select all that apply.', userAnswer: ['B', 'A'], correctAnswer: ['A', 'B'], isCorrect: true, points: '15/15'},
      {question: 'Distress word?', userAnswer: 'help', correctAnswer: 'Mayday', isCorrect: false, points: '0/10'},
      {question: 'Explain.', userAnswer: null, correctAnswer: 'oxygen', isCorrect: false, points: '0/15'},
    ])
  })

  it('gives 0/total, 0 %, F and null answers for an empty attempt; 100 % and A for a perfect one', () => {
    const empty = buildResultsFile('T', scoreExam(EXAM, []), STORED)
    expect(empty).toMatchObject({score: '0/50', percentage: 0, grade: 'F'})
    expect(empty.questions.map((q) => q.userAnswer)).toEqual([null, null, null, null])
    expect(empty.questions.map((q) => q.points)).toEqual(['0/10', '0/15', '0/10', '0/15'])

    const perfect = buildResultsFile(
      'T',
      scoreExam(EXAM, [
        {questionId: 'q1', answer: 'SOLAS'},
        {questionId: 'q2', answer: ['A', 'B']},
        {questionId: 'q3', answer: ' MAYDAY '},
        {questionId: 'q4', answer: 'Remove the oxygen by smothering.'},
      ]),
      STORED,
    )
    expect(perfect).toMatchObject({score: '50/50', percentage: 100, grade: 'A'})
  })

  it('writes 0 seconds when the stored time is not a number', () => {
    expect(buildResultsFile('T', scoreExam(EXAM, []), {timeSpent: Number.NaN, submittedAt: STORED.submittedAt}).timeSpent).toBe(0)
  })
})
