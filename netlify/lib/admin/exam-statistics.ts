/**
 * GET /api/admin/exam-statistics?examId= behind a valid token (see ./auth.ts; issue 18,
 * docs/requirements.md#req-item-statistics): the exam's variants with attempts, facility,
 * discrimination and flags (ExamStatisticsResponseSchema). 401 without a valid token; 400 when
 * `examId` is missing or not an exam id. Cache-Control: no-store (json()).
 */
import {MIN_ATTEMPTS_FOR_FLAGS} from '~/domain/item-statistics'
import {ExamStatisticsQuerySchema, type ExamStatisticsResponse} from '#schemas/api/exam-statistics'
import {readExamStatistics} from '../exam-statistics'
import {HttpError, json} from '../http'
import {requireAdmin} from './auth'

/** The answer of GET /api/admin/exam-statistics for `request` (see the module comment). */
export async function examStatisticsForAdmin(request: Request): Promise<Response> {
  await requireAdmin(request)
  const examId = new URL(request.url).searchParams.get('examId') ?? undefined
  const query = ExamStatisticsQuerySchema.safeParse({examId})
  if (!query.success) throw new HttpError(400, query.error.issues[0]?.message ?? 'examId is not an exam id')
  const body: ExamStatisticsResponse = {
    examId: query.data.examId,
    minimumAttemptsForFlags: MIN_ATTEMPTS_FOR_FLAGS,
    variants: await readExamStatistics(query.data.examId),
  }
  return json(body)
}
