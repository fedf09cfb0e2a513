/**
 * GET /api/admin/exam-statistics?examId= behind a valid token (see ./auth.ts; issue 18,
 * docs/requirements.md#req-item-statistics): the exam's variants with attempts, facility,
 * discrimination and flags (ExamStatisticsResponseSchema), every variant of the exam's content
 * listed with its question text (variantRows), recorded or not. 401 without a valid token; 400 when
 * `examId` is missing or not an exam id. Cache-Control: no-store (json()).
 */
import {MIN_ATTEMPTS_FOR_FLAGS, variantRows} from '#schemas/rules/item-statistics'
import {fetchContent} from '#netlify/platform/content/client'
import {EXAM_VARIANTS_QUERY} from '#netlify/platform/content/queries'
import {ExamStatisticsQuerySchema, type ExamStatisticsResponse} from '#schemas/contracts/exam-statistics'
import {readExamStatistics} from '../exams/statistics'
import {HttpError, json} from '#netlify/platform/http'
import {requireAdmin} from './auth'

/** The answer of GET /api/admin/exam-statistics for `request` (see the module comment). */
export async function examStatisticsForAdmin(request: Request): Promise<Response> {
  await requireAdmin(request)
  const examId = new URL(request.url).searchParams.get('examId') ?? undefined
  const query = ExamStatisticsQuerySchema.safeParse({examId})
  if (!query.success) throw new HttpError(400, query.error.issues[0]?.message ?? 'examId is not an exam id')
  const [statistics, content] = await Promise.all([
    readExamStatistics(query.data.examId),
    fetchContent(EXAM_VARIANTS_QUERY, {examId: query.data.examId}).catch((error: unknown) => {
      // The statistics still show (by variant id) when the content cannot be read.
      console.error('[exam statistics] the exam content could not be loaded', error)
      return null
    }),
  ])
  const body: ExamStatisticsResponse = {
    examId: query.data.examId,
    minimumAttemptsForFlags: MIN_ATTEMPTS_FOR_FLAGS,
    variants: variantRows(content?.slots ?? null, statistics),
  }
  return json(body)
}
