/**
 * The payments page (/admin/payments; docs/requirements.md#req-reconciliation), from
 * GET /api/admin/payments:
 *
 * - "Needs attention": orders still pending more than 30 minutes after they were created, oldest
 *   first, one card each (name, e-mail, course, amount with its currency, created time, order
 *   id), so nothing overflows a phone's width. "Check with gateway" says "Checking…"
 *   (aria-disabled, so it keeps focus) while the server asks the gateway; then the result
 *   message is shown in a status: on the card when the order stays (no captured payment), or
 *   above the list when the order was paid (now or meanwhile) and its card leaves the list
 *   (focus then moves to the section's heading). An error — the server's 502/504 message, or
 *   no answer — is shown in an alert on the card, and nothing else changes.
 * - "Webhook events": the kept deliveries of the gateway's webhook (the newest 1,000), newest
 *   first, in a table that scrolls sideways in its own focusable region on a narrow screen: event
 *   id, type, order, result (a badge with its human label, and the finer detail), time. The
 *   server pages, searches (event id, type, order, detail; sent 250 ms after typing pauses),
 *   filters ("Result") and sorts (the headings; a second click turns the order round), 25 a page
 *   ('Showing X to Y of N results', pages below; docs/requirements.md#req-admin-list-queries); a
 *   search, filter or sort change goes back to page 1.
 *
 * One request per view (the orders and the page of events together); "Refresh" fetches again
 * (what is shown stays meanwhile, "Updating payments..." said politely). A 401 from any call
 * hands over to `onUnauthorized` (token dropped, login form).
 */
import {useCallback, useEffect, useId, useRef, useState} from 'react'
import type {TableColumn} from '~/components/ui/Table'
import {formatDateTime, formatMoney} from '#schemas/rules/format'
import {
  WEBHOOK_LOG_PAGE_SIZE,
  WEBHOOK_LOG_RESULTS,
  type StalePendingOrder,
  type WebhookLogEntry,
  type WebhookLogResult,
  type WebhookLogSort,
} from '#schemas/contracts/payments'
import {checkWithGateway, fetchPaymentsPage, PAYMENTS_MESSAGES, UnauthorizedError} from './api'
import {ErrorPanel} from './ErrorPanel'
import {usePagedList} from './usePagedList'
import {Pagination, showingText, sortColumns} from './Pagination'
import {AdminPageHeader} from './AdminPageHeader'
import {Spinner} from './parts'
import {
  afterCheck,
  checkResolvesOrder,
  NEEDS_ATTENTION_EMPTY,
  ordersCountText,
  WEBHOOK_EVENTS_EMPTY,
  WEBHOOK_EVENTS_NONE_MATCH,
  WEBHOOK_RESULT_LABELS,
} from './payments'
import {AdminTable} from './AdminTable'
import {EmptyState} from '~/components/ui/EmptyState'
import {Field} from '~/components/ui/Field'
import {FilterSelect, SearchField} from './ListControls'

/** What one card shows under its button: the result of the last check, or its error. */
type CardNote = {kind: 'result' | 'error'; text: string}

/** The payments page of a signed-in administrator. */
export function PaymentsDashboard({token, onUnauthorized}: {token: string; onUnauthorized: () => void}) {
  const ids = useId()
  const list = usePagedList(fetchPaymentsPage, {
    token,
    onUnauthorized,
    failMessage: PAYMENTS_MESSAGES.loadFailed,
    defaultSort: 'at' as WebhookLogSort,
    defaultDir: 'desc',
    firstDir: (column) => (column === 'at' ? 'desc' : 'asc'),
    filters: {result: ''},
    pageSize: WEBHOOK_LOG_PAGE_SIZE,
  })
  const {load, setLoad, refreshing, reload, query} = list
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [notes, setNotes] = useState<Readonly<Record<string, CardNote>>>({})
  const [notice, setNotice] = useState('')
  const [focusHeading, setFocusHeading] = useState(false)
  const heading = useRef<HTMLHeadingElement>(null)

  // After a check that resolved its order the card (and its button) is gone: focus the section's heading.
  useEffect(() => {
    if (!focusHeading) return
    heading.current?.focus()
    setFocusHeading(false)
  }, [focusHeading, load])

  const refresh = () => {
    setNotice('')
    setNotes({})
    reload()
  }

  const check = useCallback(
    async (order: StalePendingOrder) => {
      setBusy((previous) => new Set(previous).add(order.orderId))
      setNotes(({[order.orderId]: _dropped, ...rest}) => rest)
      setNotice('')
      try {
        const result = await checkWithGateway(token, order.orderId)
        if (checkResolvesOrder(result)) {
          setLoad((previous) =>
            previous.state === 'loaded' ? {...previous, data: {...previous.data, needsAttention: afterCheck(previous.data.needsAttention, result)}} : previous,
          )
          setNotice(result.message)
          setFocusHeading(true)
        } else {
          setNotes((previous) => ({...previous, [order.orderId]: {kind: 'result', text: result.message}}))
        }
      } catch (error) {
        if (error instanceof UnauthorizedError) return onUnauthorized()
        const text = error instanceof Error && error.message ? error.message : PAYMENTS_MESSAGES.checkFailed
        setNotes((previous) => ({...previous, [order.orderId]: {kind: 'error', text}}))
      } finally {
        setBusy((previous) => {
          const next = new Set(previous)
          next.delete(order.orderId)
          return next
        })
      }
    },
    [token, onUnauthorized, setLoad],
  )

  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="Payments" refreshing={refreshing} onRefresh={refresh} />
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Orders whose payment the site may have missed, and every delivery of the payment gateway&apos;s webhook. Pending orders are also checked with the
        gateway automatically every 15 minutes.
      </p>
      <div aria-live="polite" className="mt-3 min-h-6 text-sm text-slate-700">
        {refreshing && load.state !== 'loading' ? 'Updating payments...' : ''}
      </div>
      {load.state === 'loading' ? (
        <Spinner label="Loading payments..." />
      ) : load.state === 'error' ? (
        <div className="mt-4">
          <ErrorPanel title="Error loading payments" message={load.message} />
        </div>
      ) : (
        <>
          <section className="mt-2">
            <h2 ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-900">
              Needs attention
            </h2>
            <p className="mt-1 max-w-3xl text-sm text-slate-700">
              Orders still pending more than 30 minutes after they were created: the candidate may have paid without the site hearing of it. &ldquo;Check with
              gateway&rdquo; asks the gateway and marks the order paid when it holds a captured payment.
            </p>
            <p role="status" className={notice ? 'mt-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900' : ''}>
              {notice}
            </p>
            {load.data.needsAttention.length === 0 ? (
              <EmptyState title={NEEDS_ATTENTION_EMPTY} className="mt-4 py-10" />
            ) : (
              <>
                <p id={`${ids}-orders`} className="mt-3 text-sm text-slate-700">
                  {ordersCountText(load.data.needsAttention.length)}
                </p>
                <ul aria-labelledby={`${ids}-orders`} className="mt-3 space-y-4">
                  {load.data.needsAttention.map((order) => (
                    <OrderCard
                      key={order.orderId}
                      order={order}
                      busy={busy.has(order.orderId)}
                      note={notes[order.orderId] ?? null}
                      onCheck={() => void check(order)}
                    />
                  ))}
                </ul>
              </>
            )}
          </section>
          <section className="mt-10">
            <h2 className="text-2xl font-bold text-navy-900">Webhook events</h2>
            <p className="mt-1 max-w-3xl text-sm text-slate-700">
              The deliveries of the payment gateway&apos;s webhook (the newest 1,000 are kept) and what the site did with each.
            </p>
            {load.data.total === 0 && !query.q && !query.filters.result ? (
              <EmptyState title={WEBHOOK_EVENTS_EMPTY} className="mt-4 py-10" />
            ) : (
              <>
                <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
                  <SearchField
                    id={`${ids}-search`}
                    label="Search webhook events"
                    value={list.search}
                    onChange={(event) => list.setSearch(event.target.value)}
                    placeholder="Event id, type, order or detail"
                    describedBy={`${ids}-events`}
                    className="w-full sm:max-w-md"
                  />
                  <FilterSelect
                    id={`${ids}-result`}
                    label="Result"
                    value={query.filters.result}
                    onChange={(event) => list.setFilter('result', event.target.value)}
                    describedBy={`${ids}-events`}
                    className="w-full sm:w-44"
                  >
                    <option value="">All results</option>
                    {WEBHOOK_LOG_RESULTS.map((result) => (
                      <option key={result} value={result}>
                        {WEBHOOK_RESULT_LABELS[result]}
                      </option>
                    ))}
                  </FilterSelect>
                </div>
                <p id={`${ids}-events`} aria-live="polite" className="mt-4 text-sm text-slate-700">
                  {showingText(load.data.page - 1, load.data.pageSize, load.data.total)}
                </p>
                {load.data.rows.length === 0 ? (
                  <EmptyState title={WEBHOOK_EVENTS_NONE_MATCH} className="mt-4 py-10" />
                ) : (
                  <>
                    <WebhookEventsTable
                      events={load.data.rows}
                      caption={eventsCaption(query.sort, query.dir)}
                      columns={sortColumns(EVENT_COLUMNS, query, list.toggleSort)}
                    />
                    <Pagination page={load.data.page} pageSize={load.data.pageSize} total={load.data.total} onPage={list.setPage} label="Webhook event pages" />
                  </>
                )}
              </>
            )}
          </section>
        </>
      )}
    </div>
  )
}

/** One pending order: who, what, how much, since when; "Check with gateway" and what it found. */
function OrderCard({order, busy, note, onCheck}: {order: StalePendingOrder; busy: boolean; note: CardNote | null; onCheck: () => void}) {
  const ids = useId()
  return (
    <li className="rounded-xl border border-amber-200 bg-white p-4 shadow-sm sm:p-5" data-order-id={order.orderId}>
      <h3 id={`${ids}-title`} className="text-base font-semibold break-words text-navy-900">
        {order.name}
      </h3>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm lg:grid-cols-5">
        <Field label="E-mail" className="col-span-2 lg:col-span-1">
          <span className="break-all">{order.email}</span>
        </Field>
        <Field label="Course">
          <span className="break-words">{order.courseName}</span>
        </Field>
        <Field label="Amount">
          <span className="tabular-nums">{formatMoney(order.amount, order.currency)}</span>
        </Field>
        <Field label="Created at">{formatDateTime(order.createdAt)}</Field>
        <Field label="Order id">
          <span className="font-mono text-xs break-all">{order.orderId}</span>
        </Field>
      </dl>
      <div className="mt-4">
        <button
          type="button"
          onClick={busy ? undefined : onCheck}
          aria-disabled={busy}
          aria-describedby={`${ids}-title`}
          className="btn-secondary min-h-10 px-4 py-1.5 aria-disabled:cursor-wait aria-disabled:opacity-70"
        >
          {busy ? 'Checking…' : 'Check with gateway'}
        </button>
      </div>
      <p role="status" className={note?.kind === 'result' ? 'mt-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800' : ''}>
        {note?.kind === 'result' ? note.text : ''}
      </p>
      {note?.kind === 'error' ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {note.text}
        </p>
      ) : null}
    </li>
  )
}

const RESULT_BADGE: Record<WebhookLogResult, string> = {
  processed: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  duplicate: 'bg-sky-50 text-sky-900 ring-sky-600/40',
  rejected: 'bg-red-50 text-red-800 ring-red-600/40',
  ignored: 'bg-slate-100 text-slate-800 ring-slate-500/40',
}

/** A webhook event's result: Processed, Duplicate, Rejected or Ignored. */
function WebhookResultBadge({result}: {result: WebhookLogResult}) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${RESULT_BADGE[result]}`}>
      {WEBHOOK_RESULT_LABELS[result] ?? result}
    </span>
  )
}

/** The event table's columns, each sorting by its field. */
const EVENT_COLUMNS = [
  {key: 'Event id', label: 'Event id', sortBy: 'id' as const},
  {key: 'Type', label: 'Type', sortBy: 'type' as const},
  {key: 'Order', label: 'Order', sortBy: 'orderId' as const},
  {key: 'Result', label: 'Result', sortBy: 'result' as const},
  {key: 'Time', label: 'Time', sortBy: 'at' as const},
]
const SORT_LABELS: Record<WebhookLogSort, string> = {id: 'event id', type: 'type', orderId: 'order', result: 'result', at: 'time'}

/** The table's caption: "Webhook events, newest first", or the order it is in. */
const eventsCaption = (sort: WebhookLogSort, dir: 'asc' | 'desc') =>
  sort === 'at' && dir === 'desc' ? 'Webhook events, newest first' : `Webhook events, by ${SORT_LABELS[sort]} ${dir === 'asc' ? 'ascending' : 'descending'}`

/** One page of the webhook event log in a focusable region that scrolls sideways on a narrow screen. */
function WebhookEventsTable({events, caption, columns}: {events: readonly WebhookLogEntry[]; caption: string; columns: TableColumn[]}) {
  const cell = 'px-3 py-2.5 align-top'
  return (
    <>
      <AdminTable caption={caption} columns={columns} className="mt-3" headPadding="py-1">
        {events.map((event, index) => (
          <tr key={`${event.at}-${event.id ?? ''}-${index}`} data-result={event.result}>
            <td className={`${cell} font-mono text-xs whitespace-nowrap text-slate-800`}>{event.id ?? '—'}</td>
            <td className={`${cell} whitespace-nowrap`}>{event.type ?? '—'}</td>
            <td className={`${cell} font-mono text-xs whitespace-nowrap text-slate-800`}>{event.orderId ?? '—'}</td>
            <td className={cell}>
              <WebhookResultBadge result={event.result} />
              {event.detail ? <span className="mt-1 block text-xs whitespace-nowrap text-slate-600">{event.detail}</span> : null}
            </td>
            <td className={`${cell} whitespace-nowrap`}>{formatDateTime(event.at)}</td>
          </tr>
        ))}
      </AdminTable>
    </>
  )
}
