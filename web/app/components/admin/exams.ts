/**
 * The /admin/exams page's words, formats, CSV and request (issue 18,
 * docs/requirements.md#req-item-statistics), free of React: facility as a whole percent,
 * discrimination to two decimals (web/app/domain/item-statistics.ts roundTo), the flag column's
 * text, and GET /api/admin/exam-statistics?examId= (401 → UnauthorizedError).
 */
import {buildCsv} from '~/domain/csv'
import {localDate} from '~/domain/format'
import {FLAG_LABELS, roundTo} from '~/domain/item-statistics'
import type {ExamStatisticsResponse, VariantStatisticsView} from '#schemas/api/exam-statistics'
import {UnauthorizedError} from './api'

export const EXAMS_MESSAGES = {
  loadFailed: 'Failed to load the exam statistics',
  noExams: 'There are no exams.',
  noAttempts: 'No attempts recorded yet.',
} as const

/** '50 %' (whole percent), '—' without attempts. */
export function facilityText(facility: number | null): string {
  return facility === null ? '—' : `${roundTo(facility * 100, 0)} %`
}

/** '0.83' (two decimals, half away from zero), '—' without attempts. */
export function discriminationText(discrimination: number | null): string {
  return discrimination === null ? '—' : roundTo(discrimination, 2).toFixed(2)
}

/** The flag column: the flags' labels, 'None', or that the variant needs more attempts. */
export function flagText(variant: Pick<VariantStatisticsView, 'attempts' | 'flags'>, minimum: number): string {
  if (variant.attempts < minimum) return `Not yet (${variant.attempts} of ${minimum} attempts)`
  return variant.flags.length > 0 ? variant.flags.map((flag) => FLAG_LABELS[flag]).join('; ') : 'None'
}

/** '3 variants, 45 attempts in all' style count line. */
export function variantsCountText(variants: readonly VariantStatisticsView[]): string {
  return `${variants.length} ${variants.length === 1 ? 'variant' : 'variants'}`
}

export const STATISTICS_CSV_HEADER = ['Exam ID', 'Variant ID', 'Points', 'Attempts', 'Facility (%)', 'Discrimination', 'Flag'] as const

/** One exam's statistics as CSV (values rounded as shown). */
export function statisticsCsv(statistics: ExamStatisticsResponse): string {
  return buildCsv(
    STATISTICS_CSV_HEADER,
    statistics.variants.map((variant) => [
      statistics.examId,
      variant.variantId,
      variant.points,
      variant.attempts,
      variant.facility === null ? '' : roundTo(variant.facility * 100, 0),
      variant.discrimination === null ? '' : roundTo(variant.discrimination, 2).toFixed(2),
      flagText(variant, statistics.minimumAttemptsForFlags),
    ]),
  )
}

/** exam-statistics-{examId}-{YYYY-MM-DD}.csv */
export const statisticsFileName = (examId: string, date: Date) => `exam-statistics-${examId}-${localDate(date)}.csv`

/** GET /api/admin/exam-statistics?examId=. Throws UnauthorizedError on 401, Error(EXAMS_MESSAGES.loadFailed) otherwise. */
export async function fetchExamStatistics(token: string, examId: string, signal?: AbortSignal): Promise<ExamStatisticsResponse> {
  let response: Response
  try {
    response = await fetch(`/api/admin/exam-statistics?examId=${encodeURIComponent(examId)}`, {
      headers: {Authorization: `Bearer ${token}`},
      signal,
      cache: 'no-store',
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new Error(EXAMS_MESSAGES.loadFailed)
  }
  if (response.status === 401) throw new UnauthorizedError()
  if (!response.ok) throw new Error(EXAMS_MESSAGES.loadFailed)
  try {
    return (await response.json()) as ExamStatisticsResponse
  } catch {
    throw new Error(EXAMS_MESSAGES.loadFailed)
  }
}
