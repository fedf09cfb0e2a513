/**
 * The exam scoring request (POST to /exam/{examId}/results): the answers of the stored result
 * (docs/requirements.md#req-entities-answer), validated before the server scores them.
 */
import {z} from 'zod'
import {SignedDrawSchema} from '../exam-attempts'

/** Limits of one scoring request (an exam has far fewer questions; a textarea answer ≤ 5000). */
export const SCORE_LIMITS = {records: 50, questionId: 64, text: 5000, choices: 20, bodyBytes: 512 * 1024} as const

/** The body of a scoring request: the stored record's answers (docs/requirements.md#req-entities-answer). */
export const ScoreRequestSchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.string().min(1).max(SCORE_LIMITS.questionId),
        answer: z.union([z.string().max(SCORE_LIMITS.text), z.array(z.string().max(SCORE_LIMITS.text)).max(SCORE_LIMITS.choices)]),
      }),
    )
    .max(SCORE_LIMITS.records),
  /** The stored result's submission time (ISO 8601); optional here, required by the results PDF, which prints it. */
  submittedAt: z.string().datetime({offset: true}).optional(),
  /**
   * The attempt's draw as the server issued and signed it (schemas/contracts/exam-attempts.ts). Optional
   * here so that a result without one gets its own message (a 400, nothing scored: the results
   * action and the results PDF refuse it), not a parse error.
   */
  draw: SignedDrawSchema.optional(),
})
