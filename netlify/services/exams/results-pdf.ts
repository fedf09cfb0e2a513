/**
 * The results PDF a candidate can keep (docs/requirements.md#req-exam-results-pdf): A4
 * portrait, real text in embedded Noto Sans, made with pdf-lib exactly like the receipt
 * (./receipts/receipt-pdf.ts Flow, ./receipts/pdf-text.ts Typesetter), one page for the seed exams,
 * two at most in practice: an answer longer than ANSWER_PRINT_LIMIT characters is shortened with
 * "…".
 *
 * It prints: the provider's name (when the content has it), "Practice exam result", the exam, the
 * date and time submitted (in the visitor's time zone, UTC when unknown), time spent ("Xm Ys"),
 * score ("85/100 (85%)"), grade, "Passed"/"Not passed" against the pass mark
 * (schemas/rules/exam-pass.ts), correct answers "6 of 8", then each question with the candidate's
 * answer ("No answer" when none), the correct answer (when stored) and its points, and a footer
 * saying it is a practice result, not a certificate.
 */
import {PDFDocument, rgb} from 'pdf-lib'
import type {ExamScore} from '#schemas/rules/exam-scoring'
import {formatTimeSpent} from '#schemas/rules/exam-scoring'
import {DEFAULT_PASS_MARK, isPassed, PASS_LABELS} from '#schemas/rules/exam-pass'
import {Flow} from '../receipts/receipt-pdf'
import {describeDocument, Typesetter} from '../receipts/pdf-text'

/** Characters of an answer printed before it is shortened with "…". */
export const ANSWER_PRINT_LIMIT = 400

const GREY = rgb(0.4, 0.4, 0.45)
const GREEN = rgb(0.05, 0.45, 0.2)
const RED = rgb(0.7, 0.1, 0.1)
const ANSWER_INDENT = 64
const ANSWER_WIDTH = 595.28 - 50 - ANSWER_INDENT

export type ResultsPdfInput = {
  examId: string
  examTitle: string
  score: ExamScore
  /** Percent; DEFAULT_PASS_MARK when the exam sets none. */
  passMark?: number | null
  /** Seconds. */
  timeSpent: number
  /** ISO 8601. */
  submittedAt: string
  /** IANA zone for the date; UTC when absent or unknown. */
  timeZone?: string
  /** The provider's name for the header (site settings), if known. */
  providerName?: string | null
}

/** A valid IANA time zone, or 'UTC'. */
export function printableTimeZone(zone: string | undefined): string {
  if (!zone) return 'UTC'
  try {
    new Intl.DateTimeFormat('en-GB', {timeZone: zone})
    return zone
  } catch {
    return 'UTC'
  }
}

/** "24 November 2026 at 14:05 (Asia/Dubai)". */
export function formatSubmitted(iso: string, zone: string): string {
  const when = new Intl.DateTimeFormat('en-GB', {dateStyle: 'long', timeStyle: 'short', timeZone: zone}).format(new Date(iso))
  return `${when} (${zone})`
}

/** The calendar day of `iso` in `zone`, YYYY-MM-DD (the file name's date). */
export function dayIn(iso: string, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', {year: 'numeric', month: '2-digit', day: '2-digit', timeZone: zone}).format(new Date(iso))
}

/** exam-results-{examId}-{YYYY-MM-DD}.pdf (the JSON file's name with .pdf). */
export const resultsPdfFileName = (examId: string, day: string) => `exam-results-${examId}-${day}.pdf`

/** An answer as printed: choices joined with ", ", shortened after ANSWER_PRINT_LIMIT characters. */
export function answerText(answer: string | string[] | null, none: string): string {
  if (answer === null || (Array.isArray(answer) && answer.length === 0)) return none
  const text = (Array.isArray(answer) ? answer.join(', ') : answer).replace(/\s+/g, ' ').trim()
  if (!text) return none
  return text.length > ANSWER_PRINT_LIMIT ? `${text.slice(0, ANSWER_PRINT_LIMIT).trimEnd()}…` : text
}

/** The results PDF of `input` as bytes (see the module comment). Throws when a font file is missing (pdf-text.ts). */
export async function renderResultsPdf(input: ResultsPdfInput): Promise<Uint8Array> {
  const {score} = input
  const zone = printableTimeZone(input.timeZone)
  const passMark = typeof input.passMark === 'number' ? input.passMark : DEFAULT_PASS_MARK
  const passed = isPassed(score.percentage, passMark)
  const doc = await PDFDocument.create()
  describeDocument(doc, {title: `${input.examTitle}: result`, subject: 'Practice exam result', at: new Date(input.submittedAt)})
  const flow = new Flow(doc, new Typesetter(doc))

  if (input.providerName) await flow.paragraph(input.providerName, {size: 11, weight: 'bold', color: GREY, gap: 4})
  await flow.paragraph('Practice exam result', {size: 20, weight: 'bold', gap: 8})
  await flow.row('Exam', input.examTitle, 'bold')
  await flow.row('Submitted', formatSubmitted(input.submittedAt, zone))
  await flow.row('Time spent', formatTimeSpent(input.timeSpent))
  await flow.row('Score', `${score.earned}/${score.totalPoints} (${score.percentage}%)`, 'bold')
  await flow.row('Grade', score.grade, 'bold')
  await flow.row('Result', `${passed ? PASS_LABELS.passed : PASS_LABELS.notPassed} (pass mark ${passMark}%)`, 'bold')
  await flow.row('Correct answers', `${score.correctCount} of ${score.questionCount}`)
  flow.rule(10)

  await flow.paragraph('Questions', {size: 13, weight: 'bold', gap: 4})
  for (const [index, question] of score.questions.entries()) {
    flow.need(60)
    await flow.paragraph(`${index + 1}. ${question.question}`, {size: 10.5, weight: 'bold', gap: 2})
    const verdict = `${question.isCorrect ? 'Correct' : 'Incorrect'}: ${question.pointsEarned}/${question.points} points`
    await flow.paragraph(verdict, {size: 9.5, weight: 'bold', color: question.isCorrect ? GREEN : RED, x: 64, width: ANSWER_WIDTH})
    await flow.paragraph(`Your answer: ${answerText(question.userAnswer, 'No answer')}`, {size: 9.5, x: 64, width: ANSWER_WIDTH})
    if (question.correctAnswer !== null) {
      await flow.paragraph(`Correct answer: ${answerText(question.correctAnswer, '—')}`, {size: 9.5, x: 64, width: ANSWER_WIDTH})
    }
    flow.y -= 6
  }
  flow.rule(8)
  await flow.paragraph('A practice exam result for your own records; it is not a certificate.', {size: 8.5, color: GREY})
  return doc.save()
}
