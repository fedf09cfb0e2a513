/** docs/requirements.md#req-exam-variants: the pass mark and accepted answers. */
import {describe, expect, it} from 'vitest'
import {DEFAULT_PASS_MARK, isPassed, PASS_LABELS} from '#schemas/rules/exam-pass'
import {isAnswerCorrect, type KeyedQuestion, scoreExam} from '#schemas/rules/exam-scoring'

describe('isPassed', () => {
  it('passes at the mark and above, not below', () => {
    expect(isPassed(70, 70)).toBe(true)
    expect(isPassed(69, 70)).toBe(false)
    expect(isPassed(100, 70)).toBe(true)
    expect(isPassed(0, 0)).toBe(true)
    expect(isPassed(99, 100)).toBe(false)
    expect(isPassed(100, 100)).toBe(true)
  })
  it('uses 70 % when the exam sets no mark', () => {
    expect(DEFAULT_PASS_MARK).toBe(70)
    expect(isPassed(70)).toBe(true)
    expect(isPassed(69, null)).toBe(false)
    expect(isPassed(70, undefined)).toBe(true)
    expect(isPassed(69, Number.NaN)).toBe(false)
  })
  it('labels', () => {
    expect(PASS_LABELS).toEqual({passed: 'Passed', notPassed: 'Not passed'})
  })
})

const q = (over: Partial<KeyedQuestion>): KeyedQuestion => ({
  id: 'q',
  type: 'text',
  question: '?',
  options: null,
  correctAnswer: null,
  correctAnswers: null,
  points: 10,
  ...over,
})

describe('accepted answers', () => {
  const distress = q({correctAnswer: 'Mayday', acceptedAnswers: ['MAYDAY MAYDAY MAYDAY', 'mayday relay']})
  const mob = q({
    type: 'textarea',
    correctAnswer: 'Shout "Man overboard!"',
    acceptedAnswers: ['man overboard', 'raise the alarm', 'williamson turn'],
  })
  it('an answer matching an accepted answer by the spec rule is correct', () => {
    expect(isAnswerCorrect(distress, 'mayday mayday mayday')).toBe(true)
    expect(isAnswerCorrect(mob, 'Raise the alarm, throw a lifebuoy, keep the person in sight, Williamson turn')).toBe(true)
    expect(isAnswerCorrect(mob, '  RAISE THE ALARM ')).toBe(true)
  })
  it('containment works either way against accepted answers', () => {
    expect(isAnswerCorrect(q({correctAnswer: 'heat', acceptedAnswers: ['an ignition source']}), 'ignition')).toBe(true)
  })
  it('unrelated answers and blanks still fail; choice questions ignore accepted answers', () => {
    expect(isAnswerCorrect(distress, 'Pan-pan')).toBe(false)
    expect(isAnswerCorrect(distress, '   ')).toBe(false)
    expect(isAnswerCorrect(q({correctAnswer: 'Mayday', acceptedAnswers: ['', '  ']}), 'securite')).toBe(false)
    const single = q({type: 'single-choice', options: ['A', 'B'], correctAnswer: 'A', acceptedAnswers: ['B']})
    expect(isAnswerCorrect(single, 'B')).toBe(false)
  })
  it('scoring counts an accepted answer and keeps the stored answer as the correct answer shown', () => {
    const score = scoreExam({questions: [distress], totalPoints: 10}, [{questionId: 'q', answer: 'MAYDAY MAYDAY MAYDAY'}])
    expect(score.earned).toBe(10)
    expect(score.questions[0]?.correctAnswer).toBe('Mayday')
  })
})
