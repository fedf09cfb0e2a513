/**
 * The /admin/exams page's words, formats, CSV and request
 * (docs/requirements.md#req-item-statistics), free of React: facility as a whole percent,
 * discrimination to two decimals (schemas/rules/item-statistics.ts roundTo), the flag column's
 * text, and GET /api/admin/exam-statistics?examId= (401 → UnauthorizedError).
 */
import {buildCsv} from '#schemas/rules/csv'
import {localDate} from '#schemas/rules/format'
import {FLAG_LABELS, roundTo} from '#schemas/rules/item-statistics'
import {ExamStatisticsResponseSchema, type ExamStatisticsResponse, type VariantStatisticsView} from '#schemas/contracts/exam-statistics'
import {adminFetch} from './admin-fetch'

export const EXAMS_MESSAGES = {
  loadFailed: 'Failed to load the exam statistics',
  noExams: 'There are no exams.',
  noAttempts: 'No attempts recorded yet.',
} as const

/** The question column of a recorded variant that is no longer part of the exam. */
export const QUESTION_REMOVED = '(no longer in the exam)'

/** The line under a question: its slot and variant id ('Question 3 · q3b'), or only the id once it left the exam. */
export function variantMetaText(variant: Pick<VariantStatisticsView, 'slot' | 'variantId'>): string {
  return variant.slot === null ? `Variant ${variant.variantId}` : `Question ${variant.slot} · variant ${variant.variantId}`
}

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

/** The count line under an exam's title: '24 variants', with ', no attempts recorded yet' while none has an attempt. */
export function variantsCountText(variants: readonly VariantStatisticsView[]): string {
  const count = `${variants.length} ${variants.length === 1 ? 'variant' : 'variants'}`
  return variants.every((variant) => variant.attempts === 0) ? `${count}, no attempts recorded yet` : count
}

export const STATISTICS_CSV_HEADER = ['Exam ID', 'Slot', 'Variant ID', 'Question', 'Points', 'Attempts', 'Facility (%)', 'Discrimination', 'Flag'] as const

/** One exam's statistics as CSV (values rounded as shown). */
export function statisticsCsv(statistics: ExamStatisticsResponse): string {
  return buildCsv(
    STATISTICS_CSV_HEADER,
    statistics.variants.map((variant) => [
      statistics.examId,
      variant.slot ?? '',
      variant.variantId,
      variant.question ?? QUESTION_REMOVED,
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

/** GET /api/admin/exam-statistics?examId=; any failure says EXAMS_MESSAGES.loadFailed. */
export const fetchExamStatistics = (token: string, examId: string, signal?: AbortSignal) =>
  adminFetch(`/api/admin/exam-statistics?examId=${encodeURIComponent(examId)}`, {
    token,
    signal,
    schema: ExamStatisticsResponseSchema,
    failed: EXAMS_MESSAGES.loadFailed,
  })
