/** docs/requirements.md#req-exam-variants, #req-exam-pass: the results breakdown by the exam's review policy (issue 18). */
import {createElement} from 'react'
import {renderToStaticMarkup} from 'react-dom/server'
import {describe, expect, it} from 'vitest'
import {QuestionBreakdown} from '~/components/exam-results/ExamResultsView'
import type {QuestionResult} from '~/domain/exam-scoring'

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
