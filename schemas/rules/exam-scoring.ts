/**
 * Exam scoring (docs/requirements.md#req-validation-exam-scoring; grade bands and colours: #req-constants-exams), the one
 * place both the results page and the server's scoring action use.
 *
 * - No stored correct answer → incorrect.
 * - multiple-choice: correct only when the chosen set equals the correct set (same size, each
 *   contained in the other; order irrelevant).
 * - text and textarea: lower-cased and trimmed; correct if equal or if either contains the
 *   other, against the stored answer or any of the question's `acceptedAnswers`
 *   (docs/requirements.md#req-exam-variants). An empty answer is no answer and never correct (the literal rule would count it:
 *   every string contains the empty string).
 * - single-choice: exact equality.
 * - Points earned = the question's points if correct, else 0; percentage = round(earned /
 *   totalPoints × 100); grade A ≥ 90, B ≥ 80, C ≥ 70, D ≥ 60, else F.
 * Pure functions; nothing here throws.
 */

export type QuestionType = 'single-choice' | 'multiple-choice' | 'text' | 'textarea'

/** A question with its answer key (server side only). */
export type KeyedQuestion = {
  id: string
  type: QuestionType
  question: string
  options: string[] | null
  correctAnswer: string | null
  correctAnswers: string[] | null
  /** Text and textarea: further answers that also count; the shown one stays `correctAnswer`. */
  acceptedAnswers?: string[] | null
  points: number
}

/** docs/requirements.md#req-entities-answer. */
export type AnswerRecord = {questionId: string; answer: string | string[]}

export type Grade = 'A' | 'B' | 'C' | 'D' | 'F'

export type QuestionResult = {
  id: string
  question: string
  type: QuestionType
  points: number
  /** What the candidate answered; null when unanswered. */
  userAnswer: string | string[] | null
  /** The stored correct answer (a list for multiple-choice); null when none is stored. */
  correctAnswer: string | string[] | null
  isCorrect: boolean
  pointsEarned: number
}

export type ExamScore = {
  questions: QuestionResult[]
  earned: number
  totalPoints: number
  percentage: number
  grade: Grade
  correctCount: number
  questionCount: number
}

const normalise = (text: string) => text.trim().toLowerCase()

/** Whether `answer` is correct for `question` under the spec's rules. */
export function isAnswerCorrect(question: KeyedQuestion, answer: string | string[] | null | undefined): boolean {
  if (question.type === 'multiple-choice') {
    const correct = question.correctAnswers
    if (!correct || correct.length === 0 || !Array.isArray(answer)) return false
    const chosen = new Set(answer)
    const expected = new Set(correct)
    return chosen.size === expected.size && [...chosen].every((a) => expected.has(a)) && [...expected].every((a) => chosen.has(a))
  }
  const correct = question.correctAnswer
  if (correct === null || correct === undefined || typeof answer !== 'string') return false
  if (question.type === 'single-choice') return answer === correct
  const given = normalise(answer)
  if (!given) return false
  return [correct, ...(question.acceptedAnswers ?? [])].some((candidate) => {
    const expected = typeof candidate === 'string' ? normalise(candidate) : ''
    return expected !== '' && (given === expected || given.includes(expected) || expected.includes(given))
  })
}

/** docs/requirements.md#req-constants-exams: A at 90 or more, B 80, C 70, D 60, else F. */
export function gradeFor(percentage: number): Grade {
  if (percentage >= 90) return 'A'
  if (percentage >= 80) return 'B'
  if (percentage >= 70) return 'C'
  if (percentage >= 60) return 'D'
  return 'F'
}

/** The colour band of a percentage on the performance bar. */
export type PerformanceColour = 'green' | 'yellow' | 'red'

/**
 * docs/requirements.md#req-exam-results: the performance bar's colour bands, from the highest: green at 70 % or more,
 * yellow at 50 % or more, red below. `min` is the band's lowest percentage. The one home of these
 * limits: the results view draws its scale marks from here.
 */
export const PERFORMANCE_BANDS: ReadonlyArray<{colour: PerformanceColour; min: number}> = [
  {colour: 'green', min: 70},
  {colour: 'yellow', min: 50},
  {colour: 'red', min: 0},
]

/** docs/requirements.md#req-exam-results: the performance bar is green at 70 or more, yellow at 50 or more, red below. */
export function performanceColour(percentage: number): PerformanceColour {
  return PERFORMANCE_BANDS.find((band) => percentage >= band.min)?.colour ?? 'red'
}

/** Whether an answer counts as given (non-empty text, or at least one choice). */
export function isAnswered(answer: string | string[] | null | undefined): boolean {
  return Array.isArray(answer) ? answer.length > 0 : typeof answer === 'string' && answer.trim() !== ''
}

/** Scores `answers` against the exam's questions and `totalPoints`. */
export function scoreExam(exam: {questions: KeyedQuestion[]; totalPoints: number}, answers: AnswerRecord[]): ExamScore {
  const byId = new Map(answers.map((record) => [record.questionId, record.answer]))
  const questions = exam.questions.map((question): QuestionResult => {
    const given = byId.get(question.id)
    const userAnswer = isAnswered(given) ? (given as string | string[]) : null
    const isCorrect = userAnswer !== null && isAnswerCorrect(question, userAnswer)
    return {
      id: question.id,
      question: question.question,
      type: question.type,
      points: question.points,
      userAnswer,
      correctAnswer: question.type === 'multiple-choice' ? (question.correctAnswers ?? null) : (question.correctAnswer ?? null),
      isCorrect,
      pointsEarned: isCorrect ? question.points : 0,
    }
  })
  const earned = questions.reduce((sum, q) => sum + q.pointsEarned, 0)
  const percentage = exam.totalPoints > 0 ? Math.round((earned / exam.totalPoints) * 100) : 0
  return {
    questions,
    earned,
    totalPoints: exam.totalPoints,
    percentage,
    grade: gradeFor(percentage),
    correctCount: questions.filter((q) => q.isCorrect).length,
    questionCount: questions.length,
  }
}

/** Seconds as the spec shows time spent: "Xm Ys" (e.g. 754 → "12m 34s"). */
export function formatTimeSpent(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds))
  return `${Math.floor(whole / 60)}m ${whole % 60}s`
}
