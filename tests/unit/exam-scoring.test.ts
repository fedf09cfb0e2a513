/** docs/requirements.md#req-validation-exam-scoring, and the grade bands of #req-constants-exams, rule by rule and edge by edge. */
import {describe, expect, it} from 'vitest'
import {formatTimeSpent, gradeFor, isAnswerCorrect, type KeyedQuestion, PERFORMANCE_BANDS, performanceColour, scoreExam} from '#schemas/rules/exam-scoring'

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
const text = q({type: 'text', correctAnswer: 'Mayday'})
const textarea = q({type: 'textarea', correctAnswer: 'stand-on vessel'})
const single = q({type: 'single-choice', options: ['SOLAS', 'MARPOL', 'STCW'], correctAnswer: 'SOLAS'})
const multi = q({type: 'multiple-choice', options: ['EPIRB', 'SART', 'NAVTEX', 'Radar'], correctAnswers: ['EPIRB', 'SART', 'NAVTEX']})

describe('isAnswerCorrect', () => {
  it('no stored correct answer means incorrect', () => {
    expect(isAnswerCorrect(q({type: 'text', correctAnswer: null}), 'anything')).toBe(false)
    expect(isAnswerCorrect(q({type: 'single-choice', correctAnswer: null}), 'A')).toBe(false)
    expect(isAnswerCorrect(q({type: 'multiple-choice', correctAnswers: null}), ['A'])).toBe(false)
    expect(isAnswerCorrect(q({type: 'multiple-choice', correctAnswers: []}), [])).toBe(false)
  })
  it('text: lower-cased and trimmed equality', () => {
    expect(isAnswerCorrect(text, 'Mayday')).toBe(true)
    expect(isAnswerCorrect(text, '  MAYDAY \n')).toBe(true)
    expect(isAnswerCorrect(text, 'Pan-pan')).toBe(false)
  })
  it('text and textarea: containment either way', () => {
    expect(isAnswerCorrect(text, 'I would call Mayday three times')).toBe(true)
    expect(isAnswerCorrect(textarea, 'The Stand-On Vessel keeps her course and speed.')).toBe(true)
    expect(isAnswerCorrect(q({type: 'textarea', correctAnswer: 'the stand-on vessel keeps course'}), 'stand-on vessel')).toBe(true)
    expect(isAnswerCorrect(textarea, 'give-way vessel')).toBe(false)
  })
  it('an empty or blank text answer is never correct, though the empty string is contained in everything', () => {
    expect(isAnswerCorrect(text, '')).toBe(false)
    expect(isAnswerCorrect(textarea, '   ')).toBe(false)
  })
  it('single-choice: exact equality (no trimming or case folding)', () => {
    expect(isAnswerCorrect(single, 'SOLAS')).toBe(true)
    expect(isAnswerCorrect(single, 'solas')).toBe(false)
    expect(isAnswerCorrect(single, 'SOLAS ')).toBe(false)
    expect(isAnswerCorrect(single, ['SOLAS'])).toBe(false)
  })
  it('multiple-choice: the chosen set must equal the correct set, in any order', () => {
    expect(isAnswerCorrect(multi, ['EPIRB', 'SART', 'NAVTEX'])).toBe(true)
    expect(isAnswerCorrect(multi, ['NAVTEX', 'EPIRB', 'SART'])).toBe(true)
    expect(isAnswerCorrect(multi, ['EPIRB', 'SART'])).toBe(false)
    expect(isAnswerCorrect(multi, ['EPIRB', 'SART', 'NAVTEX', 'Radar'])).toBe(false)
    expect(isAnswerCorrect(multi, [])).toBe(false)
    expect(isAnswerCorrect(multi, 'EPIRB')).toBe(false)
  })
})

describe('gradeFor (A 90, B 80, C 70, D 60, else F) and the bar colour (green 70, yellow 50)', () => {
  it.each([
    [100, 'A'],
    [90, 'A'],
    [89, 'B'],
    [80, 'B'],
    [79, 'C'],
    [70, 'C'],
    [69, 'D'],
    [60, 'D'],
    [59, 'F'],
    [0, 'F'],
  ] as const)('%i%% → %s', (percent, grade) => {
    expect(gradeFor(percent)).toBe(grade)
  })
  it('colours the bar at the boundaries', () => {
    expect([70, 69, 50, 49].map(performanceColour)).toEqual(['green', 'yellow', 'yellow', 'red'])
    expect([100, 0, -1, Number.NaN].map(performanceColour)).toEqual(['green', 'red', 'red', 'red'])
    expect(PERFORMANCE_BANDS).toEqual([
      {colour: 'green', min: 70},
      {colour: 'yellow', min: 50},
      {colour: 'red', min: 0},
    ])
  })
})

describe('scoreExam', () => {
  const exam = {
    totalPoints: 70,
    questions: [
      {...text, id: 'q1', points: 10},
      {...single, id: 'q2', points: 15},
      {...multi, id: 'q3', points: 20},
      {...textarea, id: 'q4', points: 25},
    ],
  }
  it('awards the points of correct questions only and rounds the percentage', () => {
    const score = scoreExam(exam, [
      {questionId: 'q1', answer: 'mayday'},
      {questionId: 'q2', answer: 'MARPOL'},
      {questionId: 'q3', answer: ['SART', 'NAVTEX', 'EPIRB']},
    ])
    expect(score.earned).toBe(30)
    expect(score.percentage).toBe(43) // 30 / 70 = 42.857…
    expect(score.grade).toBe('F')
    expect(score.correctCount).toBe(2)
    expect(score.questions.map((r) => [r.id, r.isCorrect, r.pointsEarned])).toEqual([
      ['q1', true, 10],
      ['q2', false, 0],
      ['q3', true, 20],
      ['q4', false, 0],
    ])
  })
  it('marks unanswered questions with a null answer and gives the correct answers', () => {
    const score = scoreExam(exam, [{questionId: 'q1', answer: '  '}])
    expect(score.questions[0]).toMatchObject({userAnswer: null, isCorrect: false, correctAnswer: 'Mayday'})
    expect(score.questions[2]?.correctAnswer).toEqual(['EPIRB', 'SART', 'NAVTEX'])
    expect(score).toMatchObject({earned: 0, percentage: 0, grade: 'F', correctCount: 0, questionCount: 4})
  })
  it('scores everything right as 100 and A, ignoring answers to unknown questions', () => {
    const score = scoreExam(exam, [
      {questionId: 'q1', answer: 'Mayday'},
      {questionId: 'q2', answer: 'SOLAS'},
      {questionId: 'q3', answer: ['EPIRB', 'SART', 'NAVTEX']},
      {questionId: 'q4', answer: 'The stand-on vessel'},
      {questionId: 'q9', answer: 'extra'},
    ])
    expect(score).toMatchObject({earned: 70, percentage: 100, grade: 'A', correctCount: 4})
  })
  it('rounds half up at the boundaries (89.5 → 90 → A)', () => {
    const score = scoreExam({totalPoints: 200, questions: [{...text, id: 'a', points: 179}]}, [{questionId: 'a', answer: 'Mayday'}])
    expect(score.percentage).toBe(90)
    expect(score.grade).toBe('A')
  })
})

describe('formatTimeSpent', () => {
  it('shows minutes and seconds as "Xm Ys"', () => {
    expect(formatTimeSpent(0)).toBe('0m 0s')
    expect(formatTimeSpent(59)).toBe('0m 59s')
    expect(formatTimeSpent(754)).toBe('12m 34s')
    expect(formatTimeSpent(2700)).toBe('45m 0s')
  })
})
