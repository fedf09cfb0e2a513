/**
 * The enrolment list of a mocked admin API (page.route), for the specs that show the list over an
 * exact set of rows (other specs add enrolments to the real server meanwhile). It answers
 * GET /api/admin/enrollments from fixed `rows` as the server does, with the shared rules
 * (docs/requirements.md#req-admin-list-queries):
 * - the paged call (it names `page` or `pageSize`; schemas/contracts/admin.ts
 *   EnrolmentListQuerySchema, 400 naming a bad parameter): `status` (`received`: payment received,
 *   wasPaid; `all`; or one status), `batch`, `q` (matchesSearch), `from`/`to` (the day created,
 *   UTC), sorted with compareRows, one page of it, and the cards of the whole filtered set
 *   (summarize) with Revenue by month of every row (revenueByMonth, the 12 months to `now`);
 *   without `revenue` (staff who may not read revenue) neither the revenue card nor the chart;
 * - the same with `format=csv`: every matching row in that order as the server writes the CSV
 *   (CSV_HEADER, enrolmentCsvRow, a byte-order mark, `enrolments-YYYY-MM-DD.csv` of `now`);
 * - the spec's plain call (`[?status=paid|all]`): the whole array, newest first, the paid ones
 *   unless `status=all`.
 */
import type {Route} from '@playwright/test'
import {EnrolmentListQuerySchema, parseAdminListStatus, type EnrolmentPage, type EnrolmentSummary} from '#schemas/contracts/admin'
import {inDayRange, isPagedCall, parseListQuery} from '#schemas/contracts/list-query'
import {buildCsv} from '#schemas/rules/csv'
import {compareRows, CSV_HEADER, csvFileName, enrolmentCsvRow, matchesSearch, statusFilter, sumsGroup, summarize} from '#schemas/rules/enrolment-list'
import {wasPaid} from '#schemas/rules/enrolment-status'
import {revenueByMonth} from '#schemas/rules/revenue'

export type ListMockOptions = {
  /** The server's clock: the window of Revenue by month and the CSV's file name (default: now). */
  now?: Date
  /** Whether the signed-in staff may read revenue (default true, as the e2e owner). */
  revenue?: boolean
}

/** What the mocked list answers to `url`: a JSON body, a CSV, or a 400 with its message. */
export type ListAnswer = {status: number; json: unknown} | {status: 200; csv: string; fileName: string}

/** The answer of GET /api/admin/enrollments at `url` over `rows` (see the module's comment). */
export function enrolmentListAnswer(url: URL, rows: readonly EnrolmentSummary[], options: ListMockOptions = {}): ListAnswer {
  const now = options.now ?? new Date()
  const params = url.searchParams
  if (!isPagedCall(params) && !params.has('format')) {
    const plain = parseAdminListStatus(params)
    if (!plain.ok) return {status: 400, json: {error: plain.message}}
    const listed = rows.filter((row) => plain.status === 'all' || wasPaid(row))
    return {
      status: 200,
      json: [...listed].sort((a, b) => (a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a.orderId < b.orderId ? -1 : 1)),
    }
  }
  const parsed = parseListQuery(EnrolmentListQuerySchema, params)
  if (!parsed.ok) return {status: 400, json: {error: parsed.message}}
  const query = parsed.query
  const matching = rows
    .filter((row) => statusFilter(query.status, query.payment)(sumsGroup(row)))
    .filter((row) => !query.batch || row.batch?.id === query.batch)
    .filter((row) => matchesSearch(row, query.q ?? ''))
    .filter((row) => inDayRange(row.createdAt, query))
    .sort(compareRows(query.sort, query.dir))
  if (query.format === 'csv') return {status: 200, csv: '\uFEFF' + buildCsv(CSV_HEADER, matching.map(enrolmentCsvRow)), fileName: csvFileName(now)}
  const {revenue, ...cards} = summarize(matching)
  const start = (query.page - 1) * query.pageSize
  const page: EnrolmentPage = {
    rows: matching.slice(start, start + query.pageSize),
    total: matching.length,
    page: query.page,
    pageSize: query.pageSize,
    summary: options.revenue === false ? cards : {...cards, revenue, revenueByMonth: revenueByMonth(rows, now)},
  }
  return {status: 200, json: page}
}

/** Fulfils `route` (a GET /api/admin/enrollments, any query) with enrolmentListAnswer over `rows`. */
export function fulfillEnrolmentList(route: Route, rows: readonly EnrolmentSummary[], options: ListMockOptions = {}): Promise<void> {
  const answer = enrolmentListAnswer(new URL(route.request().url()), rows, options)
  if ('csv' in answer)
    return route.fulfill({
      status: 200,
      body: answer.csv,
      headers: {'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${answer.fileName}"`, 'cache-control': 'no-store'},
    })
  return route.fulfill({status: answer.status, json: answer.json, headers: {'cache-control': 'no-store'}})
}

/** Whether a request URL is a call of the enrolment list (not one enrolment's path under it). */
export const isEnrolmentListCall = (url: URL) => url.pathname === '/api/admin/enrollments'
