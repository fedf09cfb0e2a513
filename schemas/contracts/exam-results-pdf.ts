/**
 * The contract of the results PDF (docs/requirements.md#req-exam-results-pdf):
 *
 *   POST /exam/{examId}/results.pdf  (JSON ExamResultsPdfRequestSchema)
 *     → 200 application/pdf, attachment `exam-results-{examId}-{YYYY-MM-DD}.pdf`
 *     → 400 bad body ({error}), 413 too large, 404 unknown exam, 503 content unavailable.
 *
 * The body is the stored result the results page keeps in local storage (answers, seconds spent,
 * submission time) and the visitor's IANA time zone for printing the date. The server scores the
 * answers again against the answer key (the client's score is never trusted).
 */
import {z} from 'zod'
import {ScoreRequestSchema} from './forms/exam'

/** The longest time spent the PDF accepts (seconds): a week. */
export const MAX_TIME_SPENT_SECONDS = 7 * 24 * 3600

export const ExamResultsPdfRequestSchema = ScoreRequestSchema.extend({
  timeSpent: z.number().min(0).max(MAX_TIME_SPENT_SECONDS),
  submittedAt: z.string().datetime({offset: true}),
  /** e.g. "Asia/Dubai"; an unknown zone prints the time in UTC. */
  timeZone: z.string().max(64).optional(),
})

export type ExamResultsPdfRequest = z.infer<typeof ExamResultsPdfRequestSchema>
