/**
 * The contract of a practice exam attempt's draw (docs/requirements.md#req-exam-variants):
 *
 *   POST /api/exams/{examId}/attempts  (JSON StartAttemptRequestSchema, at most 64 KB)
 *     → 201 SignedDrawSchema: the variants and option order the server drew, signed
 *     → 400 bad body ({error, details}), 404 unknown exam, 413, 415,
 *       503 not configured (production without EXAM_DRAW_SECRET) or content unavailable.
 *
 * The browser keeps the signed draw with the attempt (`examAttempt:{examId}`) and with the stored
 * result (`examResults`), and sends it back with the answers: the results action, the results
 * PDF and the item statistics score only a draw whose signature verifies
 * (netlify/services/exams/attempts/draws.ts). `signature` is base64url HMAC-SHA256 over the canonical
 * JSON of every other field (signedContent of that module).
 */
import {z} from 'zod'
import {EXAM_ID_PATTERN} from './exam-statistics'

/** Limits of a draw: an exam has far fewer slots, options and characters. */
export const DRAW_LIMITS = {slots: 50, questionId: 64, options: 20, optionText: 5000, seen: 500} as const

export const AttemptModeSchema = z.enum(['timed', 'practice'])
export type AttemptMode = z.infer<typeof AttemptModeSchema>

const questionId = z.string().min(1).max(DRAW_LIMITS.questionId)

/**
 * The body of POST /api/exams/{examId}/attempts: the timing chosen on the instructions page, and
 * the question ids this device has been shown before (the draw prefers the others).
 */
export const StartAttemptRequestSchema = z.object({
  mode: AttemptModeSchema,
  seen: z.array(questionId).max(DRAW_LIMITS.seen).default([]),
})
export type StartAttemptRequest = z.infer<typeof StartAttemptRequestSchema>

/**
 * A draw as the server issues it: a random attempt id, the exam, the timing, one variant's
 * question id per slot in slot order, each shuffled choice question's option order, the issue
 * time (ISO 8601, UTC) and the signature. Every field but `signature` is signed.
 */
export const SignedDrawSchema = z.object({
  attemptId: z.string().uuid('attemptId must be a UUID'),
  examId: z.string().regex(EXAM_ID_PATTERN, 'examId is not an exam id'),
  mode: AttemptModeSchema,
  variants: z.array(questionId).min(1).max(DRAW_LIMITS.slots),
  optionOrder: z
    .record(questionId, z.array(z.string().max(DRAW_LIMITS.optionText)).max(DRAW_LIMITS.options))
    .refine((order) => Object.keys(order).length <= DRAW_LIMITS.slots, `at most ${DRAW_LIMITS.slots} option orders`),
  issuedAt: z.string().datetime({message: 'issuedAt must be an ISO 8601 time in UTC'}),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'signature must be 43 base64url characters'),
})
export type SignedDraw = z.infer<typeof SignedDrawSchema>
