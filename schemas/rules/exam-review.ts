/**
 * One scored result under the exam's review policy (docs/requirements.md#req-exam-variants,
 * #req-exam-results-pdf): the steps the results page's action and the results PDF share, in one
 * place — check the submission against the draw, score it with the one scoring module, then apply
 * the review policy (pass mark; with `showCorrectAnswers` off the correct answers and explanations
 * never leave the server, correct/incorrect stays).
 *
 * Shapes: `exam` is the answer key as EXAM_KEY_QUERY gives it (slots of keyed variants,
 * `totalPoints`, optional `passMark` in percent and `showCorrectAnswers`); `answers` are the spec's
 * answer records; `draw` the attempt's drawn variant ids, from a draw whose signature the caller
 * verified (netlify/services/exams/attempts/draws.ts). Raises nothing: an invalid submission is
 * `{ok: false, message}` (the callers' 400).
 */
import {checkSubmission, type DrawSlot} from './exam-draw'
import {DEFAULT_PASS_MARK} from './exam-pass'
import {scoreExam, type AnswerRecord, type ExamScore, type KeyedQuestion} from './exam-scoring'

/** An answer key as far as reviewing needs it; `E` is the explanation's stored shape (Portable Text). */
export type ReviewedExam<Q extends KeyedQuestion & {explanation?: E | null}, E> = {
  totalPoints: number
  passMark?: number | null
  showCorrectAnswers?: boolean | null
  slots: ReadonlyArray<DrawSlot<Q>> | null
}

/**
 * A result as the candidate may see it: `score` (correct answers null when hidden), `scored` (the
 * full score, for the item statistics only, never sent), the pass mark, whether correct answers
 * show, and the explanations by question id (empty when hidden or none).
 */
export type ReviewedResult<E> = {
  ok: true
  score: ExamScore
  scored: ExamScore
  passMark: number
  showCorrectAnswers: boolean
  explanations: Record<string, E>
}

/** Checks, scores and applies the review policy to a submitted result (see the module's docstring). */
export function reviewSubmission<Q extends KeyedQuestion & {explanation?: E | null}, E extends readonly unknown[]>(
  exam: ReviewedExam<Q, E>,
  answers: AnswerRecord[],
  draw: readonly string[],
): ReviewedResult<E> | {ok: false; message: string} {
  const checked = checkSubmission(exam.slots ?? [], answers, draw)
  if (!checked.ok) return checked
  const scored = scoreExam({questions: checked.questions, totalPoints: exam.totalPoints}, answers)
  const show = exam.showCorrectAnswers !== false
  const score = show ? scored : {...scored, questions: scored.questions.map((question) => ({...question, correctAnswer: null}))}
  const explanations: Record<string, E> = {}
  if (show) for (const question of checked.questions) if (question.explanation?.length) explanations[question.id] = question.explanation
  return {ok: true, score, scored, passMark: exam.passMark ?? DEFAULT_PASS_MARK, showCorrectAnswers: show, explanations}
}
