/** docs/requirements.md#req-exam-variants, #req-exam-pass: the results breakdown by the exam's review policy. */
import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {QuestionBreakdown} from '~/components/exam-results/ExamResultsView'
import {reviewSubmission} from '#schemas/rules/exam-review'
import type {KeyedQuestion, QuestionResult} from '#schemas/rules/exam-scoring'

const question: QuestionResult = {
  id: 'q5',
  question: 'Which word begins a distress call?',
  type: 'text',
  points: 10,
  userAnswer: 'MAYDAY MAYDAY MAYDAY',
  correctAnswer: 'Mayday',
  isCorrect: true,
  pointsEarned: 10,
}
const explanation = [
  {
    _key: 'b',
    _type: 'block',
    style: 'normal',
    markDefs: [],
    children: [{_key: 's', _type: 'span', marks: [], text: 'Used only in grave and imminent danger.'}],
  },
]

describe('QuestionBreakdown', () => {
  it('shows the correct answer and the explanation when the exam shows correct answers', () => {
    const html = renderToStaticMarkup(createElement(QuestionBreakdown, {questions: [question], showCorrectAnswers: true, explanations: {q5: explanation}}))
    expect(html).toContain('data-testid="correct-answer"')
    expect(html).toContain('Used only in grave and imminent danger.')
    expect(html).toContain('Correct')
  })
  it('hides both when it does not, and still says correct or incorrect', () => {
    const html = renderToStaticMarkup(createElement(QuestionBreakdown, {questions: [question], showCorrectAnswers: false, explanations: {q5: explanation}}))
    expect(html).not.toContain('data-testid="correct-answer"')
    expect(html).not.toContain('grave and imminent')
    expect(html).toContain('data-correct="true"')
    expect(html).toContain('Correct')
  })
})

type Block = typeof explanation
const keyed = (id: string, over: Partial<KeyedQuestion> = {}): KeyedQuestion & {explanation: Block | null} => ({
  id,
  type: 'single-choice',
  question: `Question ${id}?`,
  options: ['A', 'B', 'C'],
  correctAnswer: 'B',
  correctAnswers: null,
  points: 50,
  explanation: id.endsWith('b') ? null : explanation,
  ...over,
})
const exam = (over: {passMark?: number | null; showCorrectAnswers?: boolean | null} = {}) => ({
  totalPoints: 100,
  slots: [
    {variants: [keyed('q1'), keyed('q1b')]},
    {variants: [keyed('q2', {type: 'text', options: null, correctAnswer: 'Mayday', acceptedAnswers: ['MAYDAY MAYDAY MAYDAY']})]},
  ],
  ...over,
})

describe('reviewSubmission', () => {
  it('scores the drawn variants, with the pass mark (default 70) and the explanations of the questions that have one', () => {
    const result = reviewSubmission(
      exam(),
      [
        {questionId: 'q1', answer: 'B'},
        {questionId: 'q2', answer: 'mayday mayday mayday'},
      ],
      ['q1', 'q2'],
    )
    if (!result.ok) throw new Error(result.message)
    expect(result.score.percentage).toBe(100)
    expect(result.passMark).toBe(70)
    expect(result.showCorrectAnswers).toBe(true)
    expect(result.score.questions.map((q) => q.correctAnswer)).toEqual(['B', 'Mayday'])
    expect(Object.keys(result.explanations)).toEqual(['q1', 'q2'])
  })

  it('with correct answers hidden: correct/incorrect stays, correct answers and explanations go, the full score stays for the statistics', () => {
    const result = reviewSubmission(exam({showCorrectAnswers: false, passMark: 80}), [{questionId: 'q1b', answer: 'A'}], ['q1b', 'q2'])
    if (!result.ok) throw new Error(result.message)
    expect(result.score.questions.map((q) => [q.id, q.isCorrect, q.correctAnswer])).toEqual([
      ['q1b', false, null],
      ['q2', false, null],
    ])
    expect(result.scored.questions.map((q) => q.correctAnswer)).toEqual(['B', 'Mayday'])
    expect(result.explanations).toEqual({})
    expect(result.passMark).toBe(80)
  })

  it('refuses a draw that is not one variant per slot, and an answer outside the draw', () => {
    expect(reviewSubmission(exam(), [], ['q1', 'q1b'])).toEqual({ok: false, message: 'The questions sent are not a valid draw of this exam.'})
    expect(reviewSubmission(exam(), [{questionId: 'q1b', answer: 'B'}], ['q1', 'q2']).ok).toBe(false)
  })
})
