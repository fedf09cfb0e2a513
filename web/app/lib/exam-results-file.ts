/**
 * The downloaded results file (docs/requirements.md#req-entities-results-file; #req-calls-exams: generated
 * in the browser as JSON named exam-results-{examId}-{date YYYY-MM-DD}.json).
 *
 * Fields, exactly: examTitle, score ('earned/total'), percentage, grade, timeSpent, submittedAt,
 * questions[] (question, userAnswer, correctAnswer, isCorrect, points 'earned/max').
 * - timeSpent is the stored number of seconds (as the stored result keeps it), not 'Xm Ys'.
 * - userAnswer is null for an unanswered question; a multiple-choice answer (and correct
 *   answer) stays a list of strings. correctAnswer is null when none is stored.
 * Pure functions, except `downloadResultsFile`, which needs a browser.
 */
import type {ExamScore, Grade} from '#schemas/rules/exam-scoring'
import {localDate} from '#schemas/rules/format'
import type {StoredExamResult} from '~/lib/exam-attempt'

export type ResultsFileQuestion = {
  question: string
  userAnswer: string | string[] | null
  correctAnswer: string | string[] | null
  isCorrect: boolean
  /** 'earned/max', e.g. '10/10' or '0/15'. */
  points: string
}

export type ResultsFile = {
  examTitle: string
  /** 'earned/total', e.g. '85/100'. */
  score: string
  percentage: number
  grade: Grade
  /** Seconds, as stored with the result. */
  timeSpent: number
  /** ISO time, as stored with the result. */
  submittedAt: string
  questions: ResultsFileQuestion[]
}

/** exam-results-{examId}-{YYYY-MM-DD}.json, the date being `date`'s local calendar day (#schemas/rules/format localDate). */
export function fileName(examId: string, date: Date): string {
  return `exam-results-${examId}-${localDate(date)}.json`
}

/** 'earned/max' */
export const pointsText = (earned: number, max: number) => `${earned}/${max}`

/** The file's content: exactly the spec's fields, in the spec's order. */
export function buildResultsFile(examTitle: string, score: ExamScore, stored: Pick<StoredExamResult, 'timeSpent' | 'submittedAt'>): ResultsFile {
  return {
    examTitle,
    score: pointsText(score.earned, score.totalPoints),
    percentage: score.percentage,
    grade: score.grade,
    timeSpent: Number.isFinite(stored.timeSpent) ? stored.timeSpent : 0,
    submittedAt: stored.submittedAt,
    questions: score.questions.map((question) => ({
      question: question.question,
      userAnswer: question.userAnswer,
      correctAnswer: question.correctAnswer,
      isCorrect: question.isCorrect,
      points: pointsText(question.pointsEarned, question.points),
    })),
  }
}

/** Saves `file` as a JSON download named `name` (Blob, object URL, a temporary <a download>). */
export function downloadResultsFile(file: ResultsFile, name: string): void {
  const blob = new Blob([JSON.stringify(file, null, 2)], {type: 'application/json'})
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
