/**
 * The enrolment list (docs/requirements.md#req-admin-list, #req-admin-list-queries): summary
 * cards, search, sortable table, pagination, CSV export, detail dialog and Logout. Follow-up
 * (docs/requirements.md#req-enrolment-status): a fourth card "Awaiting contact" (paid, nobody
 * contacted yet), a status badge per row and a status filter combined with the search; a
 * change made in the detail dialog updates its row in place, then the page and its cards are
 * asked again (same page, same search and sort).
 * Below the cards, "Revenue by month" (./RevenueByMonth.tsx, docs/requirements.md#req-refunds):
 * the 12 months to the month of the answer, from the server's sums. The course cell has the
 * batch's dates and city under the course, and the status cell the batch flags ("Over
 * capacity", "Batch cancelled"). A group booking's order and its delegates have their company under
 * the name ("Company: Acme Ship Management", then "Group order · 5 seats" or "Delegate").
 *
 * The server searches, sorts, filters, pages and sums (the paged GET /api/admin/enrollments):
 * the page asks for one page of 10 at a time, with the bearer token. Typing in the search asks
 * again after a short pause; what is shown stays, with "Updating the list...", until the answer
 * comes. Paid enrolments only unless "Show pending enrolments" is ticked. The cards count the
 * whole filtered set. The CSV is written by the server: every matching row, in the list's order.
 * A 401 from any call hands over to `onUnauthorized` (token dropped, login form shown).
 */
import {functionalUpdate, useReactTable, type SortingState} from '@tanstack/react-table'
import {Fragment, useCallback, useEffect, useId, useMemo, useState, type ReactNode} from 'react'
import {formatDate, formatMoney, formatPerCurrency} from '#schemas/rules/format'
import {readToken} from '~/lib/admin-session'
import {downloadEnrolmentsCsv, fetchEnrolmentPage, MESSAGES, signOut} from './api'
import {AdminApiError, UnauthorizedError} from './admin-fetch'
import {useAdminLoad} from './useAdminLoad'
import {EnrolmentDetailDialog} from './EnrolmentDetailDialog'
import {DEFAULT_SORTING, groupRoleText, listQuery, PAGE_SIZE, showingText, tableOptions, type ListState} from './enrolments'
import {ENROLMENT_STATUS_LABELS, ENROLMENT_STATUSES, isEnrolmentStatus} from '#schemas/rules/enrolment-status'
import type {EnrolmentPage, EnrolmentSummary} from '#schemas/contracts/admin'
import {ErrorPanel} from './ErrorPanel'
import {Pagination, SortButton} from './Pagination'
import {RevenueByMonth} from './RevenueByMonth'
import {BatchFlags, Spinner, StatusBadge} from './parts'
import {enrolmentBatchText} from '#schemas/rules/batches'
import {useCan} from './AdminArea'
import {FilterSelect, SearchField} from './ListControls'

/** How long typing may pause before the search is asked for (ms). */
const SEARCH_PAUSE_MS = 250

const INITIAL_STATE: ListState = {sorting: DEFAULT_SORTING, search: '', status: '', includePending: false, pageIndex: 0}

/** One answered page, with the query it answers. */
type Loaded = {page: EnrolmentPage; query: string}

export function EnrolmentsDashboard({token, onUnauthorized}: {token: string; onUnauthorized: () => void}) {
  const ids = useId()
  const [state, setState] = useState<ListState>(INITIAL_STATE)
  const [typed, setTyped] = useState('')
  // The search is asked for once typing pauses; a new search starts at page 1.
  useEffect(() => {
    if (typed === state.search) return
    const timer = setTimeout(() => setState((current) => ({...current, search: typed, pageIndex: 0})), SEARCH_PAUSE_MS)
    return () => clearTimeout(timer)
  }, [typed, state.search])
  const query = useMemo(() => listQuery(state).toString(), [state])
  const fetchPage = useCallback(
    async (token: string, signal: AbortSignal): Promise<Loaded> => ({page: await fetchEnrolmentPage(token, new URLSearchParams(query), signal), query}),
    [query],
  )
  const {load, setLoad, refreshing, reload} = useAdminLoad(fetchPage, {token, onUnauthorized, failMessage: MESSAGES.loadFailed})

  /** A row changed in the detail dialog: its new status and version, in place; then the page and cards again. */
  const onRecordChange = useCallback(
    (orderId: string, changes: Partial<EnrolmentSummary>) => {
      setLoad((current) =>
        current.state === 'loaded'
          ? {
              ...current,
              data: {
                ...current.data,
                page: {...current.data.page, rows: current.data.page.rows.map((row) => (row.orderId === orderId ? {...row, ...changes} : row))},
              },
            }
          : current,
      )
      reload()
    },
    [setLoad, reload],
  )

  return (
    <div className="container-page py-8 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-widest text-ocean-600 uppercase">Administration</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">Enrolment Records</h1>
        </div>
        <button type="button" onClick={() => void signOut(readToken())} className="btn-outline">
          Logout
        </button>
      </header>
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-1">
        <label htmlFor={`${ids}-pending`} className="inline-flex min-h-11 cursor-pointer items-center gap-3 text-sm font-semibold text-navy-900">
          <input
            id={`${ids}-pending`}
            type="checkbox"
            checked={state.includePending}
            onChange={(event) => {
              const includePending = event.target.checked
              // Pending ones hidden: a filter on Pending would show nothing, so it goes back to all.
              setState((current) => ({...current, includePending, status: !includePending && current.status === 'pending' ? '' : current.status, pageIndex: 0}))
            }}
            aria-describedby={`${ids}-pending-hint`}
            className="h-5 w-5 rounded border-slate-400 accent-ocean-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ocean-600"
          />
          Show pending enrolments
        </label>
        <p id={`${ids}-pending-hint`} className="text-sm text-slate-600">
          {state.includePending ? 'Paid and pending enrolments are shown.' : 'Only paid enrolments are shown.'} Unpaid enrolments are deleted after 7 days.
        </p>
        {refreshing && load.state === 'loaded' ? (
          <p role="status" className="text-sm text-slate-600">
            Updating the list...
          </p>
        ) : null}
      </div>
      {load.state === 'loading' ? (
        <Spinner label="Loading enrollments..." />
      ) : load.state === 'error' ? (
        <div className="mt-8">
          <ErrorPanel message={load.message} />
        </div>
      ) : (
        <EnrollmentsView
          page={load.data.page}
          query={load.data.query}
          state={state}
          setState={setState}
          typed={typed}
          setTyped={setTyped}
          token={token}
          onUnauthorized={onUnauthorized}
          onRecordChange={onRecordChange}
        />
      )}
    </div>
  )
}

function SummaryCard({label, value, detail}: {label: string; value: ReactNode; detail?: string | null}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-2 text-2xl font-bold tracking-tight text-navy-900 sm:text-3xl">{value}</dd>
      {detail ? <dd className="mt-1 text-xs text-slate-600">{detail}</dd> : null}
    </div>
  )
}

function EnrollmentsView({
  page,
  query,
  state,
  setState,
  typed,
  setTyped,
  token,
  onUnauthorized,
  onRecordChange,
}: {
  page: EnrolmentPage
  query: string
  state: ListState
  setState: (update: (current: ListState) => ListState) => void
  typed: string
  setTyped: (value: string) => void
  token: string
  onUnauthorized: () => void
  onRecordChange: (orderId: string, changes: Partial<EnrolmentSummary>) => void
}) {
  const can = useCan()
  const ids = useId()
  const [viewing, setViewing] = useState<EnrolmentSummary | null>(null)
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<string | null>(null)
  const statusOptions = ENROLMENT_STATUSES.filter((status) => state.includePending || status !== 'pending')
  const summary = page.summary
  const total = page.total
  const pageIndex = page.page - 1
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE))

  const table = useReactTable(
    tableOptions(
      page.rows,
      {sorting: state.sorting, pageIndex, total},
      {
        onSortingChange: (updater) => setState((current) => ({...current, sorting: functionalUpdate(updater, current.sorting) as SortingState, pageIndex: 0})),
        onPaginationChange: (updater) =>
          setState((current) => ({...current, pageIndex: functionalUpdate(updater, {pageIndex: current.pageIndex, pageSize: PAGE_SIZE}).pageIndex})),
      },
    ),
  )

  const rows = table.getRowModel().rows
  const searching = state.search.trim() !== '' || state.status !== ''
  const sortedColumn = state.sorting[0]
  const sortedHeader = sortedColumn ? table.getColumn(sortedColumn.id)?.columnDef.header : null

  async function downloadCsv() {
    setExporting(true)
    setExportError(null)
    try {
      await downloadEnrolmentsCsv(token, new URLSearchParams(query))
    } catch (error) {
      if (error instanceof UnauthorizedError) return onUnauthorized()
      setExportError(error instanceof AdminApiError ? error.message : 'The CSV could not be downloaded')
    } finally {
      setExporting(false)
    }
  }

  return (
    <>
      <dl className="mt-8 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SummaryCard
          label="Total Enrollments"
          value={String(summary.total)}
          detail={state.includePending ? `${summary.pending} pending payment` : 'Paid enrolments'}
        />
        {can('revenue:read') ? (
          <SummaryCard
            label="Total Revenue"
            // docs/requirements.md#req-inr: per currency, never added across currencies.
            // Each currency's figure stays on one line: "USD 12,450.00 · INR 45,000.00".
            value={formatPerCurrency(summary.revenue ?? {})
              .split(' · ')
              .map((part, index) => (
                <Fragment key={part}>
                  {index ? ' · ' : null}
                  <span className="whitespace-nowrap">{part}</span>
                </Fragment>
              ))}
            detail="Paid enrolments only, per currency"
          />
        ) : null}
        <SummaryCard label="Programs Active" value={String(summary.programs)} />
        <SummaryCard label="Awaiting contact" value={String(summary.awaitingContact)} detail="Paid, not contacted yet" />
      </dl>

      {can('revenue:read') && summary.revenueByMonth ? <RevenueByMonth data={summary.revenueByMonth} /> : null}

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="flex w-full flex-col gap-3 sm:flex-row sm:items-end lg:max-w-2xl">
          <SearchField
            id={`${ids}-search`}
            label="Search enrolments"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            placeholder="Name, course, country or mobile"
            describedBy={`${ids}-showing`}
            className="w-full sm:max-w-md"
          />
          <FilterSelect
            id={`${ids}-status`}
            label="Status"
            value={state.status}
            onChange={(event) => {
              const value = event.target.value
              setState((current) => ({...current, status: isEnrolmentStatus(value) ? value : '', pageIndex: 0}))
            }}
            describedBy={`${ids}-showing`}
            className="w-full sm:w-56"
          >
            <option value="">All statuses</option>
            {statusOptions.map((status) => (
              <option key={status} value={status}>
                {ENROLMENT_STATUS_LABELS[status]}
              </option>
            ))}
          </FilterSelect>
        </div>
        {can('enrolments:export') ? (
          <div className="flex flex-col items-start gap-1 sm:items-end">
            <button
              type="button"
              onClick={() => void downloadCsv()}
              disabled={total === 0 || exporting}
              aria-busy={exporting}
              className="btn-secondary disabled:cursor-not-allowed disabled:opacity-60"
            >
              {exporting ? 'Preparing CSV...' : 'Download CSV'}
            </button>
            {exportError ? (
              <p role="alert" className="text-sm text-red-700">
                {exportError}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>

      <p id={`${ids}-showing`} aria-live="polite" className="mt-4 text-sm text-slate-700">
        {showingText(pageIndex, PAGE_SIZE, total)}
      </p>

      {total === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center">
          <h2 className="text-lg font-semibold text-navy-900">No enrollments found</h2>
          <p className="mt-2 text-sm text-slate-600">{searching ? 'Try adjusting your search terms.' : 'No enrollment records available.'}</p>
        </div>
      ) : (
        <div
          role="region"
          aria-labelledby={`${ids}-caption`}
          tabIndex={0}
          className="relative mt-4 overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
        >
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption id={`${ids}-caption`} className="sr-only">
              Enrolments{sortedColumn && sortedHeader ? `, sorted by ${String(sortedHeader)} ${sortedColumn.desc ? 'descending' : 'ascending'}` : ''}, page{' '}
              {pageIndex + 1} of {pageCount}
            </caption>
            <thead className="bg-slate-50">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const sorted = header.column.getIsSorted()
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                        className="px-3 py-2 font-semibold whitespace-nowrap text-navy-900"
                      >
                        <SortButton
                          label={String(header.column.columnDef.header)}
                          sorted={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                          onSort={() => header.column.toggleSorting(sorted === 'asc')}
                        />
                      </th>
                    )
                  })}
                  <th scope="col" className="px-3 py-2 font-semibold whitespace-nowrap text-navy-900">
                    <span className="sr-only">Details</span>
                  </th>
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((row) => {
                const record = row.original
                return (
                  <tr key={row.id} className={record.status === 'pending' ? 'bg-amber-50/40 hover:bg-amber-50' : 'hover:bg-slate-50'}>
                    <td className="px-3 py-3 align-top">
                      <span className="font-semibold text-navy-900">{record.name}</span>
                      <span className="block text-xs break-all text-slate-600">{record.email}</span>
                      {record.company ? (
                        <span className="mt-1 block text-xs text-slate-700">
                          Company: <span className="font-medium text-navy-900">{record.company}</span>
                          {groupRoleText(record) ? <span className="block text-slate-600">{groupRoleText(record)}</span> : null}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-3 py-3 align-top whitespace-nowrap">{record.mobile}</td>
                    <td className="px-3 py-3 align-top">{record.trainingProgramName}</td>
                    <td className="px-3 py-3 align-top">
                      {record.courseName}
                      {record.batch ? <span className="block text-xs text-slate-600">{enrolmentBatchText(record.batch)}</span> : null}
                    </td>
                    <td className="px-3 py-3 align-top">{record.country || '—'}</td>
                    <td className="px-3 py-3 text-right align-top font-medium whitespace-nowrap tabular-nums">
                      {formatMoney(Number(record.amount), record.currency || 'USD')}
                    </td>
                    <td className="px-3 py-3 align-top">
                      <StatusBadge status={record.status} />
                      <BatchFlags overCapacity={record.overCapacity} batchCancelled={record.batchCancelled} />
                      {record.receiptNumber ? (
                        <span className="mt-1 block font-mono text-xs whitespace-nowrap text-slate-600">{record.receiptNumber}</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-3 align-top whitespace-nowrap">{formatDate(record.createdAt)}</td>
                    <td className="px-3 py-2 align-top">
                      <button type="button" onClick={() => setViewing(record)} className="btn-outline min-h-10 px-3 py-1.5">
                        View<span className="sr-only"> {record.name}</span>
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}

      <Pagination page={page.page} pageSize={PAGE_SIZE} total={total} onPage={(next) => setState((current) => ({...current, pageIndex: next - 1}))} />

      {viewing ? (
        <EnrolmentDetailDialog
          record={viewing}
          token={token}
          onClose={() => setViewing(null)}
          onUnauthorized={onUnauthorized}
          onChange={(changes) => onRecordChange(viewing.orderId, changes)}
        />
      ) : null}
    </>
  )
}
