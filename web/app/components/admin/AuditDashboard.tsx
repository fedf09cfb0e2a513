/**
 * /admin/audit (docs/requirements.md#req-audit-log): the staff audit log, newest first. Filters
 * (person: a staff id or e-mail; action; target: `type:id` or the id; from/to days, UTC) are
 * applied with "Apply" (Enter in a field too), which goes back to page 1; the server pages by 50
 * ('Showing X to Y of N results', the pages below: ./Pagination.tsx) and sorts by the headings
 * Time (UTC), Person, Action and Target (a second click turns the order round; back to page 1;
 * docs/requirements.md#req-admin-list-queries). The table (Time (UTC), Person, Action, Target,
 * Client, Details) scrolls sideways in its own focusable region on a narrow screen. "Export CSV"
 * downloads every entry matching the applied filters, in the table's order (streamed by the
 * server, fetched with the bearer token). Loading,
 * error and empty states ("No audit entries match these filters."); a 401 signs out.
 */
import {useCallback, useId, useState, type FormEvent} from 'react'
import type {AuditEntry, AuditSort} from '#schemas/contracts/audit'
import {EmptyState} from '~/components/ui/EmptyState'
import {AdminPageHeader} from './AdminPageHeader'
import {AdminTable} from './AdminTable'
import {UnauthorizedError} from './admin-fetch'
import {
  AUDIT_ACTION_OPTIONS,
  AUDIT_MESSAGES,
  auditActionText,
  auditDetailLines,
  auditFiltersProblem,
  auditPersonText,
  auditTargetText,
  auditTimeText,
  downloadAuditCsv,
  fetchAudit,
  NO_AUDIT_FILTERS,
  type AuditFilters,
} from './audit'
import {Pagination, showingText, sortColumns} from './Pagination'
import {ErrorPanel} from './ErrorPanel'
import {Spinner} from './parts'
import {useAdminLoad} from './useAdminLoad'

const CELL = 'px-3 py-2.5 align-top'
const COLUMNS = [
  {key: 'Time (UTC)', label: 'Time (UTC)', sortBy: 'at' as const},
  {key: 'Person', label: 'Person', sortBy: 'actor' as const},
  {key: 'Action', label: 'Action', sortBy: 'action' as const},
  {key: 'Target', label: 'Target', sortBy: 'target' as const},
  {key: 'Client', label: 'Client'},
  {key: 'Details', label: 'Details'},
]
const SORT_LABELS: Record<AuditSort, string> = {at: 'time', actor: 'person', action: 'action', target: 'target'}

/** The applied query: the filters, the page and the order. */
type Applied = AuditFilters & {page: number; sort: AuditSort; dir: 'asc' | 'desc'}
const FIRST: Omit<Applied, keyof AuditFilters> = {page: 1, sort: 'at', dir: 'desc'}
const INPUT =
  'mt-1.5 block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-ocean-500 focus:ring-2 focus:ring-ocean-100 focus:outline-none aria-invalid:border-red-600'

/** The audit log page of a signed-in staff member allowed to read it. */
export function AuditDashboard({token, onUnauthorized}: {token: string; onUnauthorized: () => void}) {
  const ids = useId()
  const [draft, setDraft] = useState<AuditFilters>(NO_AUDIT_FILTERS)
  const [applied, setApplied] = useState<Applied>({...NO_AUDIT_FILTERS, ...FIRST})
  const [problem, setProblem] = useState<string | null>(null)
  const [exporting, setExporting] = useState(false)
  const [exportError, setExportError] = useState<string | null>(null)

  const fetchPage = useCallback((bearer: string, signal: AbortSignal) => fetchAudit(bearer, applied, signal), [applied])
  const {load, refreshing, reload} = useAdminLoad(fetchPage, {token, onUnauthorized, failMessage: AUDIT_MESSAGES.loadFailed})

  const set = (name: keyof AuditFilters) => (event: {target: {value: string}}) => setDraft((previous) => ({...previous, [name]: event.target.value}))

  function apply(event: FormEvent) {
    event.preventDefault()
    const found = auditFiltersProblem(draft)
    setProblem(found)
    if (found) return
    setApplied((previous) => ({...draft, page: 1, sort: previous.sort, dir: previous.dir}))
  }

  const toggleSort = (column: AuditSort) =>
    setApplied((previous) =>
      previous.sort === column
        ? {...previous, page: 1, dir: previous.dir === 'asc' ? 'desc' : 'asc'}
        : {...previous, page: 1, sort: column, dir: column === 'at' ? 'desc' : 'asc'},
    )

  function clear() {
    setDraft(NO_AUDIT_FILTERS)
    setProblem(null)
    setApplied({...NO_AUDIT_FILTERS, ...FIRST})
  }

  async function exportCsv() {
    setExporting(true)
    setExportError(null)
    try {
      await downloadAuditCsv(token, applied)
    } catch (failure) {
      if (failure instanceof UnauthorizedError) return onUnauthorized()
      setExportError(failure instanceof Error && failure.message ? failure.message : AUDIT_MESSAGES.exportFailed)
    } finally {
      setExporting(false)
    }
  }

  const page = load.state === 'loaded' ? load.data : null
  const caption =
    applied.sort === 'at' && applied.dir === 'desc'
      ? 'Audit log, newest first'
      : `Audit log, by ${SORT_LABELS[applied.sort]} ${applied.dir === 'asc' ? 'ascending' : 'descending'}`

  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="Audit log" refreshing={refreshing} onRefresh={reload} />
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Who did what in the back office, newest first. Entries are never changed or deleted and are kept for at least 400 days; each is chained to the one
        before it, so a changed entry is detected (<code>npm run audit:verify</code>).
      </p>

      <form onSubmit={apply} noValidate aria-labelledby={`${ids}-filters`} className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id={`${ids}-filters`} className="text-base font-semibold text-navy-900">
          Filters
        </h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <div>
            <label htmlFor={`${ids}-actor`} className="block text-sm font-semibold text-navy-900">
              Person
            </label>
            <input
              id={`${ids}-actor`}
              type="text"
              value={draft.actor}
              onChange={set('actor')}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${ids}-actor-hint`}
              className={INPUT}
            />
            <p id={`${ids}-actor-hint`} className="mt-1 text-xs text-slate-600">
              Staff e-mail or id
            </p>
          </div>
          <div>
            <label htmlFor={`${ids}-action`} className="block text-sm font-semibold text-navy-900">
              Action
            </label>
            <select id={`${ids}-action`} value={draft.action} onChange={set('action')} className={INPUT}>
              <option value="">All actions</option>
              {AUDIT_ACTION_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-target`} className="block text-sm font-semibold text-navy-900">
              Target
            </label>
            <input
              id={`${ids}-target`}
              type="text"
              value={draft.target}
              onChange={set('target')}
              autoComplete="off"
              spellCheck={false}
              aria-describedby={`${ids}-target-hint`}
              className={INPUT}
            />
            <p id={`${ids}-target-hint`} className="mt-1 text-xs text-slate-600">
              An id, or type:id
            </p>
          </div>
          <div>
            <label htmlFor={`${ids}-from`} className="block text-sm font-semibold text-navy-900">
              From (UTC)
            </label>
            <input
              id={`${ids}-from`}
              type="date"
              value={draft.from}
              onChange={set('from')}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids}-problem` : undefined}
              className={INPUT}
            />
          </div>
          <div>
            <label htmlFor={`${ids}-to`} className="block text-sm font-semibold text-navy-900">
              To (UTC)
            </label>
            <input
              id={`${ids}-to`}
              type="date"
              value={draft.to}
              onChange={set('to')}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${ids}-problem` : undefined}
              className={INPUT}
            />
          </div>
        </div>
        {problem ? (
          <p id={`${ids}-problem`} role="alert" className="mt-3 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className="btn-primary">
            Apply
          </button>
          <button type="button" onClick={clear} className="btn-outline">
            Clear filters
          </button>
          <button
            type="button"
            onClick={exporting ? undefined : () => void exportCsv()}
            aria-disabled={exporting}
            className="btn-secondary aria-disabled:cursor-wait aria-disabled:opacity-70 sm:ml-auto"
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
        </div>
        {exportError ? (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
            {exportError}
          </p>
        ) : null}
      </form>

      <div aria-live="polite" className="mt-4 min-h-6 text-sm text-slate-700">
        {refreshing && load.state !== 'loading' ? 'Updating the audit log...' : ''}
      </div>

      {load.state === 'loading' ? (
        <Spinner label="Loading the audit log..." />
      ) : load.state === 'error' ? (
        <div className="mt-4">
          <ErrorPanel title="Error loading the audit log" message={load.message} />
        </div>
      ) : page && page.rows.length === 0 ? (
        <EmptyState title={AUDIT_MESSAGES.empty} className="mt-2 py-10" />
      ) : page ? (
        <>
          <p id={`${ids}-showing`} className="text-sm text-slate-700">
            {showingText(page.page - 1, page.pageSize, page.total)}
          </p>
          <AdminTable caption={caption} columns={sortColumns(COLUMNS, applied, toggleSort)} headPadding="py-1">
            {page.rows.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </AdminTable>
        </>
      ) : null}

      {page ? (
        <Pagination
          page={page.page}
          pageSize={page.pageSize}
          total={page.total}
          onPage={(next) => setApplied((previous) => ({...previous, page: next}))}
          label="Audit log pages"
        />
      ) : null}
    </div>
  )
}

/** One entry: when, who, what, to what, from where, and its before/after details. */
function AuditRow({entry}: {entry: AuditEntry}) {
  const person = auditPersonText(entry.actor)
  const details = auditDetailLines(entry.summary)
  return (
    <tr data-audit-seq={entry.seq}>
      <td className={`${CELL} whitespace-nowrap tabular-nums`}>
        <time dateTime={entry.at}>{auditTimeText(entry.at)}</time>
      </td>
      <td className={CELL}>
        <span className="font-medium text-navy-900">{person.name}</span>
        {person.email ? <span className="block text-xs break-all text-slate-600">{person.email}</span> : null}
      </td>
      <td className={`${CELL} whitespace-nowrap`}>{auditActionText(entry.action)}</td>
      <td className={`${CELL} break-all`}>{auditTargetText(entry.target)}</td>
      <td className={`${CELL} whitespace-nowrap`}>{entry.client ?? '—'}</td>
      <td className={`${CELL} min-w-48`}>
        {details.length ? (
          <ul className="space-y-0.5 text-xs break-words text-slate-700">
            {details.map((line, index) => (
              <li key={index}>{line}</li>
            ))}
          </ul>
        ) : (
          '—'
        )}
      </td>
    </tr>
  )
}
