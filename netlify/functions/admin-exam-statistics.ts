/** GET /api/admin/exam-statistics?examId= — item statistics of one exam (bearer token); see netlify/services/admin/exam-statistics.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {examStatisticsForAdmin} from '../services/admin/exam-statistics'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  return examStatisticsForAdmin(request)
})

export const config: Config = {path: '/api/admin/exam-statistics', method: 'GET'}
