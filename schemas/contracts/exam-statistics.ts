/**
 * The contract of the item statistics for staff (docs/requirements.md#req-item-statistics):
 *
 *   GET /api/admin/exam-statistics?examId={examId} → 200 ExamStatisticsResponseSchema
 *
 * (netlify/functions/admin-exam-statistics.ts, logic in netlify/services/admin/exam-statistics.ts;
 * bearer token, 401 without; 400 when `examId` is missing or not an exam id.) `variants` lists every
 * variant of the exam's content in slot order (`slot` 1-based, `question` its text; 0 attempts when
 * none is recorded), then recorded variants no longer in the exam (`slot` and `question` null); an
 * unknown exam without recorded attempts answers an empty list. Values are unrounded
 * (facility 0–1, discrimination −1…1; null without attempts); `flags` is empty below
 * `minimumAttemptsForFlags` attempts. The rules: schemas/rules/item-statistics.ts.
 */
import {z} from 'zod'

/** An exam id as the exam routes accept it (1–64 of [a-z0-9-], starting alphanumeric; any case). */
export const EXAM_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/i

export const ExamStatisticsQuerySchema = z.object({
  examId: z.string({required_error: 'examId is required'}).regex(EXAM_ID_PATTERN, 'examId is not an exam id'),
})

export const ItemFlagSchema = z.enum(['too-hard', 'too-easy', 'low-discrimination'])

export const VariantStatisticsSchema = z.object({
  variantId: z.string(),
  slot: z.number().int().positive().nullable(),
  question: z.string().nullable(),
  attempts: z.number().int().nonnegative(),
  points: z.number().nonnegative(),
  averagePoints: z.number().nullable(),
  facility: z.number().min(0).max(1).nullable(),
  discrimination: z.number().min(-1).max(1).nullable(),
  flags: z.array(ItemFlagSchema),
})

export const ExamStatisticsResponseSchema = z.object({
  examId: z.string(),
  minimumAttemptsForFlags: z.number().int().positive(),
  variants: z.array(VariantStatisticsSchema),
})

export type ExamStatisticsResponse = z.infer<typeof ExamStatisticsResponseSchema>
export type VariantStatisticsView = z.infer<typeof VariantStatisticsSchema>
