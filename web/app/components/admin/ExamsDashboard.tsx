/**
 * /admin/exams (docs/requirements.md#req-item-statistics): for each exam, its question
 * variants (question text, question number and variant id) with attempts, facility index, discrimination index and flag (too hard, too easy, low
 * discrimination; only from 30 attempts), a flagged row marked, and "Download CSV" per exam. The
 * exams (id, title) come from the route's loader; their statistics from
 * GET /api/admin/exam-statistics with the bearer token, loaded once (Refresh reads again); a 401
 * signs out. Each table scrolls sideways in its own focusable region on a narrow screen.
 */
import {useCallback, useId} from 'react'
import type {ExamStatisticsResponse} from '#schemas/contracts/exam-statistics'
import {saveBlob} from './api'
import {AdminPageHeader} from './AdminPageHeader'
import {ErrorPanel} from './ErrorPanel'
import {
  discriminationText,
  EXAMS_MESSAGES,
  facilityText,
  fetchExamStatistics,
  flagText,
  QUESTION_REMOVED,
  statisticsCsv,
  statisticsFileName,
  variantMetaText,
  variantsCountText,
} from './exams'
import {Spinner} from './parts'
import {useAdminLoad} from './useAdminLoad'
import {AdminTable, columnsOf} from './AdminTable'

/** An exam as the page lists it. */
export type AdminExam = {examId: string; title: string}

type Loaded = Array<{exam: AdminExam; statistics: ExamStatisticsResponse}>

const CELL = 'px-3 py-2 whitespace-nowrap'
const HEADERS = ['Question', 'Points', 'Attempts', 'Facility', 'Discrimination', 'Flag'] as const

/** The exams page of a signed-in administrator. */
export function ExamsDashboard({token, onUnauthorized, exams}: {token: string; onUnauthorized: () => void; exams: AdminExam[]}) {
  const fetchAll = useCallback(
    (bearer: string, signal: AbortSignal): Promise<Loaded> =>
      Promise.all(exams.map(async (exam) => ({exam, statistics: await fetchExamStatistics(bearer, exam.examId, signal)}))),
    [exams],
  )
  const {load, refreshing, reload} = useAdminLoad(fetchAll, {token, onUnauthorized, failMessage: EXAMS_MESSAGES.loadFailed})

  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="Exam statistics" refreshing={refreshing} onRefresh={reload} />
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Per question variant: attempts, facility (share of attempts answered correctly) and discrimination (share correct among the top 27 % of attempts by
        total score minus the bottom 27 %). From 30 attempts a variant is flagged when its facility is under 20 % or over 95 %, or its discrimination under 0.2.
      </p>
      <div aria-live="polite" className="mt-3 min-h-6 text-sm text-slate-700">
        {refreshing && load.state !== 'loading' ? 'Updating the exam statistics...' : ''}
      </div>
      {exams.length === 0 ? (
        <p className="mt-4 text-lg font-semibold text-navy-900">{EXAMS_MESSAGES.noExams}</p>
      ) : load.state === 'loading' ? (
        <Spinner label="Loading the exam statistics..." />
      ) : load.state === 'error' ? (
        <div className="mt-4">
          <ErrorPanel title="Error loading the exam statistics" message={load.message} />
        </div>
      ) : (
        <div className="mt-4 space-y-10">
          {load.data.map(({exam, statistics}) => (
            <ExamStatisticsTable key={exam.examId} exam={exam} statistics={statistics} />
          ))}
        </div>
      )}
    </div>
  )
}

function ExamStatisticsTable({exam, statistics}: {exam: AdminExam; statistics: ExamStatisticsResponse}) {
  const ids = useId()
  const download = () =>
    saveBlob(new Blob(['\uFEFF', statisticsCsv(statistics)], {type: 'text/csv;charset=utf-8'}), statisticsFileName(exam.examId, new Date()))
  return (
    <section aria-labelledby={`${ids}-title`} data-exam-id={exam.examId}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${ids}-title`} className="text-xl font-bold text-navy-900">
            {exam.title}
          </h2>
          <p className="text-sm text-slate-700">{statistics.variants.length === 0 ? EXAMS_MESSAGES.noAttempts : variantsCountText(statistics.variants)}</p>
        </div>
        {statistics.variants.length > 0 ? (
          <button type="button" className="btn-outline min-h-10 px-3 py-1.5" onClick={download}>
            Download CSV<span className="sr-only"> of {exam.title}</span>
          </button>
        ) : null}
      </div>
      {statistics.variants.length > 0 ? (
        <AdminTable caption={`Item statistics of ${exam.title}`} columns={columnsOf(HEADERS)} className="mt-3">
          {statistics.variants.map((variant) => {
            const flagged = variant.flags.length > 0
            return (
              <tr key={variant.variantId} data-variant-id={variant.variantId} className={flagged ? 'bg-amber-50' : undefined}>
                <th scope="row" className="min-w-64 px-3 py-2 align-top font-normal text-slate-800">
                  <span className="block max-w-prose font-medium text-navy-900">{variant.question ?? QUESTION_REMOVED}</span>
                  <span className="block text-xs text-slate-700">{variantMetaText(variant)}</span>
                </th>
                <td className={`${CELL} text-right tabular-nums`}>{variant.points}</td>
                <td className={`${CELL} text-right tabular-nums`}>{variant.attempts}</td>
                <td className={`${CELL} text-right tabular-nums`}>{facilityText(variant.facility)}</td>
                <td className={`${CELL} text-right tabular-nums`}>{discriminationText(variant.discrimination)}</td>
                <td className={`${CELL} ${flagged ? 'font-semibold text-amber-900' : 'text-slate-700'}`}>
                  {flagText(variant, statistics.minimumAttemptsForFlags)}
                </td>
              </tr>
            )
          })}
        </AdminTable>
      ) : null}
    </section>
  )
}
