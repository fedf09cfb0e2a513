/**
 * GET /api/admin/exam-statistics?examId= — a practice exam's item statistics (bearer token): 401
 * without a valid token, 400 when `examId` is missing or not an exam id; see
 * netlify/services/admin/exam-statistics.ts.
 */
import type {Config} from '@netlify/functions'
import {ExamStatisticsQuerySchema} from '#schemas/contracts/exam-statistics'
import {guardedHandle, HttpError, json, queryParam, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {examStatisticsForStaff} from '../services/admin/exam-statistics'

export default guardedHandle('exams:statistics', authorizeStaff, async (request: Request, _context: unknown, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  const query = ExamStatisticsQuerySchema.safeParse({examId: queryParam(request, 'examId')})
  if (!query.success) throw new HttpError(400, query.error.issues[0]?.message ?? 'examId is not an exam id')
  return json(await examStatisticsForStaff(query.data.examId))
})

export const config: Config = {path: '/api/admin/exam-statistics', method: 'GET'}
