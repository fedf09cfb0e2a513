/**
 * Staff's item statistics of a practice exam (docs/requirements.md#req-item-statistics): the
 * exam's variants with attempts, facility, discrimination and flags (ExamStatisticsResponseSchema),
 * every variant of the exam's content listed with its question text (variantRows), recorded or
 * not. The edge (netlify/functions/admin-exam-statistics.ts) checks the token and the examId.
 */
import {MIN_ATTEMPTS_FOR_FLAGS, variantRows} from '#schemas/rules/item-statistics'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_VARIANTS_QUERY} from '#netlify/platform/content/queries'
import type {ExamStatisticsResponse} from '#schemas/contracts/exam-statistics'
import {readExamStatistics} from '../exams/statistics'

/** The statistics of `examId` (an exam id, as ExamStatisticsQuerySchema checks it). */
export async function examStatisticsForStaff(examId: string): Promise<ExamStatisticsResponse> {
  const [statistics, content] = await Promise.all([
    readExamStatistics(examId),
    fetchContent(EXAM_VARIANTS_QUERY, {examId}).catch((error: unknown) => {
      // The statistics still show (by variant id) when the content cannot be read.
      console.error('[exam statistics] the exam content could not be loaded', error)
      return null
    }),
  ])
  return {examId, minimumAttemptsForFlags: MIN_ATTEMPTS_FOR_FLAGS, variants: variantRows(content?.slots ?? null, statistics)}
}
