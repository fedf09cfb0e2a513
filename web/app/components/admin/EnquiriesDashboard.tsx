/**
 * The enquiries inbox (docs/requirements.md#req-enquiries): the messages sent from the
 * contact page, newest first, in a table (date, name, subject, status; the headings sort, a second
 * click turns the order round) inside a scrollable region (tabIndex 0, labelled by its caption,
 * like the enrolment table); below 640 px the same page as cards, so a phone's page never scrolls
 * sideways and every "View" is in reach. Above it "Search enquiries" (name, e-mail, subject,
 * message) and a "Status" filter that starts on "New".
 *
 * The server pages, searches, sorts and filters (docs/requirements.md#req-admin-list-queries):
 * one page is fetched at a time with the current search (sent 250 ms after typing pauses), filter
 * and sort, 25 a page ('Showing X to Y of N results', pages below); a search, filter or sort
 * change goes back to page 1; the page shown stays while the next loads ("Updating the
 * enquiries...", politely). "Refresh" fetches the page again.
 *
 * "View" opens the enquiry in a modal <dialog> (Escape closes it; focus returns to the row's
 * button, or to the table when the row has left the filter): the whole message, the sender's
 * details, "Reply by e-mail" (mailto, subject "Re: {subject}") and "Mark as handled" / "Reopen"
 * (PATCH; the button says "Saving…", aria-disabled so it keeps focus, then the row, the dialog
 * and the navigation's count show the new state, a row that left the filter leaves the page, and
 * the page is fetched again when the dialog closes; an error in an alert). A 401 from any call
 * hands over to `onUnauthorized` (token dropped, login form shown). `onNewCount` receives the
 * number of new enquiries whenever it changes (the admin navigation's badge).
 */
import {useCallback, useEffect, useId, useRef, useState, type ReactNode} from 'react'
import {formatDateTime} from '#schemas/rules/format'
import {ENQUIRY_PAGE_SIZE, type Enquiry, type EnquirySort, type EnquiryStatus} from '#schemas/contracts/enquiries'
import {ENQUIRY_MESSAGES, fetchEnquiriesPage, setEnquiryStatus, UnauthorizedError} from './api'
import {afterStatusChange, DEFAULT_STATUS_FILTER, emptyText, replyHref, STATUS_FILTERS, statusNotice, statusParam, type StatusFilter} from './enquiries'
import {AdminDialog, DetailFields} from './AdminDialog'
import {ErrorPanel} from './ErrorPanel'
import {usePagedList} from './usePagedList'
import {AdminPageHeader} from './AdminPageHeader'
import {EnquiryStatusBadge, Spinner} from './parts'
import {AdminTable} from './AdminTable'
import {Pagination, showingText, sortColumns} from './Pagination'
import {EmptyState} from '~/components/ui/EmptyState'
import {FilterSelect, SearchField} from './ListControls'

/** The enquiries table's columns (each sorts by its field); the last holds each row's Details button. */
const ENQUIRY_COLUMNS = [
  {key: 'Date', label: 'Date', sortBy: 'createdAt' as const},
  {key: 'Name', label: 'Name', sortBy: 'name' as const},
  {key: 'Subject', label: 'Subject', sortBy: 'subject' as const},
  {key: 'Status', label: 'Status', sortBy: 'status' as const},
  {key: 'details', label: <span className="sr-only">Details</span>},
]
const SORT_LABELS: Record<EnquirySort, string> = {createdAt: 'date', name: 'name', email: 'e-mail', subject: 'subject', status: 'status'}

/** The enquiries page of a signed-in administrator. */
export function EnquiriesDashboard({token, onUnauthorized, onNewCount}: {token: string; onUnauthorized: () => void; onNewCount?: (count: number) => void}) {
  const ids = useId()
  const list = usePagedList(fetchEnquiriesPage, {
    token,
    onUnauthorized,
    failMessage: ENQUIRY_MESSAGES.loadFailed,
    defaultSort: 'createdAt' as EnquirySort,
    defaultDir: 'desc',
    firstDir: (column) => (column === 'createdAt' ? 'desc' : 'asc'),
    filters: {status: statusParam(DEFAULT_STATUS_FILTER) as string},
    pageSize: ENQUIRY_PAGE_SIZE,
  })
  const {load, setLoad, refreshing, reload, query} = list
  const status: StatusFilter = (query.filters.status || 'all') as StatusFilter
  const [viewing, setViewing] = useState<Enquiry | null>(null)
  const [changed, setChanged] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState('')
  const region = useRef<HTMLDivElement>(null)
  const cards = useRef<HTMLUListElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)

  const newCount = load.state === 'loaded' ? load.data.newCount : null
  useEffect(() => {
    if (newCount !== null) onNewCount?.(newCount)
  }, [newCount, onNewCount])

  const refresh = () => {
    setNotice('')
    reload()
  }

  const changeStatus = useCallback(
    async (enquiry: Enquiry, next: EnquiryStatus) => {
      setBusy(true)
      setError(null)
      setNotice('')
      try {
        const updated = await setEnquiryStatus(token, enquiry.id, next)
        setLoad((previous) => (previous.state === 'loaded' ? {state: 'loaded', data: afterStatusChange(previous.data, updated, status)} : previous))
        setViewing(updated)
        setChanged(true)
        setNotice(statusNotice(updated))
      } catch (failure) {
        if (failure instanceof UnauthorizedError) return onUnauthorized()
        setError(failure instanceof Error && failure.message ? failure.message : ENQUIRY_MESSAGES.updateFailed)
      } finally {
        setBusy(false)
      }
    },
    [token, onUnauthorized, setLoad, status],
  )

  const open = (enquiry: Enquiry) => {
    setError(null)
    setNotice('')
    setViewing(enquiry)
  }

  // After the dialog closes, focus is back on the row's "View" button — unless the row has left
  // the filter (an enquiry just handled under "New"): then the table (or, on a phone, the cards),
  // or the heading when nothing is listed. After a change the page is fetched again (a row that
  // left makes room for the next one).
  const closed = () => {
    setViewing(null)
    setError(null)
    if (changed) {
      setChanged(false)
      reload()
    }
    requestAnimationFrame(() => {
      const active = document.activeElement
      if (active && active !== document.body && active.isConnected) return
      const shownNow = [region.current, cards.current, heading.current].find((element) => element && element.getClientRects().length > 0)
      shownNow?.focus()
    })
  }

  const page = load.state === 'loaded' ? load.data : null
  const shown = page?.rows ?? []
  const empty = emptyText(page?.allCount ?? 0)
  const caption =
    query.sort === 'createdAt' && query.dir === 'desc'
      ? 'Enquiries, newest first'
      : `Enquiries, by ${SORT_LABELS[query.sort]} ${query.dir === 'asc' ? 'ascending' : 'descending'}`

  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="Enquiries" refreshing={refreshing} onRefresh={refresh} headingRef={heading} />
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Messages sent from the contact page. Reply by e-mail, then mark the enquiry as handled; the new ones are counted in the navigation.
      </p>
      <div aria-live="polite" className="mt-3 min-h-6 text-sm text-slate-700">
        {refreshing && load.state !== 'loading' ? 'Updating the enquiries...' : viewing ? '' : notice}
      </div>
      {load.state === 'loading' ? (
        <Spinner label="Loading enquiries..." />
      ) : load.state === 'error' ? (
        <div className="mt-4">
          <ErrorPanel title="Error loading enquiries" message={load.message} />
        </div>
      ) : (
        <>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-end">
            <SearchField
              id={`${ids}-search`}
              label="Search enquiries"
              value={list.search}
              onChange={(event) => list.setSearch(event.target.value)}
              placeholder="Name, e-mail, subject or message"
              describedBy={`${ids}-showing`}
              className="w-full sm:max-w-md"
            />
            <FilterSelect
              id={`${ids}-status`}
              label="Status"
              value={status}
              onChange={(event) => list.setFilter('status', statusParam(event.target.value as StatusFilter))}
              describedBy={`${ids}-showing`}
              className="w-full sm:w-48"
            >
              {STATUS_FILTERS.map((filter) => (
                <option key={filter.value} value={filter.value}>
                  {filter.label}
                </option>
              ))}
            </FilterSelect>
          </div>

          <p id={`${ids}-showing`} aria-live="polite" className="mt-4 text-sm text-slate-700">
            {page ? showingText(page.page - 1, page.pageSize, page.total) : ''}
          </p>

          {shown.length === 0 ? (
            <EmptyState heading title={empty.title} hint={empty.hint} />
          ) : (
            <>
              {/* Phones: one card per enquiry; from 640 px the table. */}
              <ul ref={cards} tabIndex={-1} aria-label={caption} className="mt-4 space-y-3 sm:hidden">
                {shown.map((enquiry) => (
                  <li key={enquiry.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
                    <div className="flex items-start justify-between gap-3">
                      <p className="min-w-0 font-semibold break-words text-navy-900">{enquiry.name}</p>
                      <EnquiryStatusBadge status={enquiry.status} />
                    </div>
                    <p className="text-xs break-all text-slate-600">{enquiry.email}</p>
                    <p className="mt-2 text-sm text-navy-900">{enquiry.subject}</p>
                    <p className="mt-1 text-xs text-slate-600">{formatDateTime(enquiry.createdAt)}</p>
                    <button type="button" onClick={() => open(enquiry)} className="btn-outline mt-3 min-h-10 px-3 py-1.5">
                      View<span className="sr-only"> the enquiry from {enquiry.name}</span>
                    </button>
                  </li>
                ))}
              </ul>
              <AdminTable
                caption={caption}
                columns={sortColumns(ENQUIRY_COLUMNS, query, list.toggleSort)}
                className="mt-4 hidden sm:block"
                headPadding="py-1"
                ref={region}
              >
                {shown.map((enquiry) => (
                  <tr key={enquiry.id} className={enquiry.status === 'new' ? 'hover:bg-slate-50' : 'bg-slate-50/60 hover:bg-slate-100'}>
                    <td className="px-3 py-3 align-top whitespace-nowrap">{formatDateTime(enquiry.createdAt)}</td>
                    <td className="max-w-56 min-w-32 px-3 py-3 align-top">
                      <span className="font-semibold break-words text-navy-900">{enquiry.name}</span>
                      <span className="block text-xs break-all text-slate-600">{enquiry.email}</span>
                    </td>
                    <td className="min-w-36 px-3 py-3 align-top">{enquiry.subject}</td>
                    <td className="px-3 py-3 align-top">
                      <EnquiryStatusBadge status={enquiry.status} />
                    </td>
                    <td className="px-3 py-2 align-top">
                      <button type="button" onClick={() => open(enquiry)} className="btn-outline min-h-10 px-3 py-1.5">
                        View<span className="sr-only"> the enquiry from {enquiry.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </AdminTable>
              {page ? <Pagination page={page.page} pageSize={page.pageSize} total={page.total} onPage={list.setPage} label="Enquiry pages" /> : null}
            </>
          )}
        </>
      )}
      {viewing ? (
        <EnquiryDialog
          enquiry={viewing}
          busy={busy}
          error={error}
          notice={notice}
          onChangeStatus={(next) => void changeStatus(viewing, next)}
          onClose={closed}
        />
      ) : null}
    </div>
  )
}

/** One enquiry in full, in a modal dialog: the message, the sender, Reply by e-mail, Mark as handled / Reopen. */
function EnquiryDialog({
  enquiry,
  busy,
  error,
  notice,
  onChangeStatus,
  onClose,
}: {
  enquiry: Enquiry
  busy: boolean
  error: string | null
  notice: string
  onChangeStatus: (status: EnquiryStatus) => void
  onClose: () => void
}) {
  const ids = useId()
  const handled = enquiry.status === 'handled'
  const fields: [string, ReactNode][] = [
    ['Name', enquiry.name],
    [
      'E-mail',
      <a
        key="email"
        href={`mailto:${encodeURIComponent(enquiry.email).replace(/%40/g, '@')}`}
        className="break-all text-ocean-600 underline underline-offset-2"
      >
        {enquiry.email}
      </a>,
    ],
    ['Phone', enquiry.phone || '—'],
    ['Received', formatDateTime(enquiry.createdAt)],
    ['Handled at', enquiry.handledAt ? formatDateTime(enquiry.handledAt) : 'Not yet'],
  ]

  return (
    <AdminDialog
      title={enquiry.subject}
      subtitle={
        <>
          <EnquiryStatusBadge status={enquiry.status} /> <span className="break-words">From {enquiry.name}</span>
        </>
      }
      closeLabel="Close enquiry"
      onClose={onClose}
    >
      <DetailFields fields={fields} />
      <section aria-labelledby={`${ids}-message`} className="mt-6 border-t border-slate-200 pt-5">
        <h3 id={`${ids}-message`} className="text-base font-semibold text-navy-900">
          Message
        </h3>
        <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-800">{enquiry.message}</p>
      </section>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href={replyHref(enquiry)} className="btn-secondary">
          Reply by e-mail
        </a>
        <button
          type="button"
          onClick={busy ? undefined : () => onChangeStatus(handled ? 'new' : 'handled')}
          aria-disabled={busy}
          className="btn-outline aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          {busy ? 'Saving…' : handled ? 'Reopen' : 'Mark as handled'}
        </button>
      </div>
      <p role="status" className="mt-3 min-h-5 text-sm text-slate-700">
        {notice}
      </p>
      {error ? (
        <p role="alert" className="mt-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </AdminDialog>
  )
}
