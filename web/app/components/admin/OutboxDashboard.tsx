/**
 * The e-mail outbox: every message the site sends — receipts to candidates, notices
 * to staff — newest first, one card each (kind, subject, status badge, recipients, attempts,
 * created and sent times, last error), so nothing overflows a phone's width.
 *
 * The server pages, searches, sorts and filters (docs/requirements.md#req-admin-list-queries):
 * "Search the outbox" (recipients, subject, kind; sent 250 ms after typing pauses), "Status" and
 * "Sort by" (newest or oldest first, sent most recently, subject A to Z or Z to A, most
 * attempts), 20 a page ('Showing X to Y of N results', pages below); a search, filter or order
 * change goes back to page 1; the page shown stays while the next loads ("Updating the
 * outbox...", politely). "Refresh" fetches the page again.
 *
 * A failed message has "Send again": the button says "Sending…" (aria-disabled, so it
 * keeps focus) while the server queues it again and tries it once (at most about 5 s), then the
 * card shows the new state, the result is announced and focus moves to the card's title; an
 * error is shown in an alert on the card. A 401 from any call hands over to `onUnauthorized`
 * (token dropped, login form shown). Logout is in the admin navigation above the page (AdminNav).
 */
import {useCallback, useEffect, useId, useRef, useState} from 'react'
import {formatDateTime} from '#schemas/rules/format'
import {OUTBOX_PAGE_SIZE, OUTBOX_STATUSES, type OutboxMessage, type OutboxSort} from '#schemas/contracts/outbox'
import type {SortDirection} from '#schemas/contracts/list-query'
import {fetchOutboxPage, OUTBOX_MESSAGES, sendMessageAgain, UnauthorizedError} from './api'
import {ErrorPanel} from './ErrorPanel'
import {usePagedList} from './usePagedList'
import {EmptyState} from '~/components/ui/EmptyState'
import {Field} from '~/components/ui/Field'
import {AdminPageHeader} from './AdminPageHeader'
import {KIND_LABELS, OUTBOX_EMPTY, OUTBOX_ORDERS, outboxListName, replaceMessage, sendAgainNotice, STATUS_LABELS} from './outbox'
import {OutboxStatusBadge, Spinner} from './parts'
import {Pagination, showingText} from './Pagination'
import {useCan} from './AdminArea'
import {FilterSelect, SearchField} from './ListControls'

/** The outbox page of a signed-in administrator. */
export function OutboxDashboard({token, onUnauthorized}: {token: string; onUnauthorized: () => void}) {
  const ids = useId()
  const list = usePagedList(fetchOutboxPage, {
    token,
    onUnauthorized,
    failMessage: OUTBOX_MESSAGES.loadFailed,
    defaultSort: 'createdAt' as OutboxSort,
    defaultDir: 'desc',
    filters: {status: ''},
    pageSize: OUTBOX_PAGE_SIZE,
  })
  const {load, setLoad, refreshing, reload, query} = list
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({})
  const [notice, setNotice] = useState('')
  const [focusId, setFocusId] = useState<string | null>(null)
  const cards = useRef<HTMLUListElement>(null)

  // After "Send again" the button may be gone (sent): focus the card's title instead.
  useEffect(() => {
    if (!focusId) return
    const title = [...(cards.current?.querySelectorAll<HTMLElement>('[data-message-id]') ?? [])].find((element) => element.dataset.messageId === focusId)
    title?.focus()
    setFocusId(null)
  }, [focusId, load])

  const refresh = () => {
    setNotice('')
    setErrors({})
    reload()
  }

  const sendAgain = useCallback(
    async (message: OutboxMessage) => {
      setBusy((previous) => new Set(previous).add(message.id))
      setErrors(({[message.id]: _dropped, ...rest}) => rest)
      setNotice('')
      try {
        const updated = await sendMessageAgain(token, message.id)
        setLoad((previous) =>
          previous.state === 'loaded' ? {...previous, data: {...previous.data, rows: replaceMessage(previous.data.rows, updated)}} : previous,
        )
        setNotice(sendAgainNotice(updated))
        setFocusId(updated.id)
      } catch (error) {
        if (error instanceof UnauthorizedError) return onUnauthorized()
        setErrors((previous) => ({...previous, [message.id]: error instanceof Error && error.message ? error.message : OUTBOX_MESSAGES.sendFailed}))
      } finally {
        setBusy((previous) => {
          const next = new Set(previous)
          next.delete(message.id)
          return next
        })
      }
    },
    [token, onUnauthorized, setLoad],
  )

  const setOrder = (value: string) => {
    const [sort, dir] = value.split(':') as [OutboxSort, SortDirection]
    list.setSort(sort, dir)
  }

  const page = load.state === 'loaded' ? load.data : null
  const filtered = query.q !== '' || query.filters.status !== ''

  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="Outbox" refreshing={refreshing} onRefresh={refresh} />
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Every e-mail the site sends waits here until the mail server accepts it; a message that cannot be sent is retried for 24 hours, then marked failed.
      </p>
      <div aria-live="polite" className="mt-3 min-h-6 text-sm text-slate-700">
        {refreshing && load.state !== 'loading' ? 'Updating the outbox...' : notice}
      </div>
      {load.state === 'loading' ? (
        <Spinner label="Loading the outbox..." />
      ) : load.state === 'error' ? (
        <div className="mt-4">
          <ErrorPanel title="Error loading the outbox" message={load.message} />
        </div>
      ) : page && page.total === 0 && !filtered ? (
        <EmptyState title={OUTBOX_EMPTY} />
      ) : (
        <>
          <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
            <SearchField
              id={`${ids}-search`}
              label="Search the outbox"
              value={list.search}
              onChange={(event) => list.setSearch(event.target.value)}
              placeholder="Recipient, subject or kind"
              describedBy={`${ids}-count`}
              className="w-full sm:max-w-md"
            />
            <FilterSelect
              id={`${ids}-status`}
              label="Status"
              value={query.filters.status}
              onChange={(event) => list.setFilter('status', event.target.value)}
              describedBy={`${ids}-count`}
              className="w-full sm:w-40"
            >
              <option value="">All statuses</option>
              {OUTBOX_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect
              id={`${ids}-order`}
              label="Sort by"
              value={`${query.sort}:${query.dir}`}
              onChange={(event) => setOrder(event.target.value)}
              describedBy={`${ids}-count`}
              className="w-full sm:w-52"
            >
              {OUTBOX_ORDERS.map((order) => (
                <option key={order.value} value={order.value}>
                  {order.label}
                </option>
              ))}
            </FilterSelect>
          </div>
          <p id={`${ids}-count`} aria-live="polite" className="mt-4 text-sm text-slate-700">
            {page ? showingText(page.page - 1, page.pageSize, page.total) : ''}
          </p>
          {page && page.rows.length === 0 ? (
            <EmptyState title="No messages match your search." className="mt-4 py-10" />
          ) : (
            <ul ref={cards} aria-label={outboxListName(query.sort, query.dir)} className="mt-3 space-y-4">
              {(page?.rows ?? []).map((message) => (
                <MessageCard
                  key={message.id}
                  message={message}
                  busy={busy.has(message.id)}
                  error={errors[message.id] ?? null}
                  onSendAgain={() => void sendAgain(message)}
                />
              ))}
            </ul>
          )}
          {page ? <Pagination page={page.page} pageSize={page.pageSize} total={page.total} onPage={list.setPage} label="Outbox pages" /> : null}
        </>
      )}
    </div>
  )
}

/** One message: what, to whom, where it is; "Send again" when it failed. */
function MessageCard({message, busy, error, onSendAgain}: {message: OutboxMessage; busy: boolean; error: string | null; onSendAgain: () => void}) {
  const can = useCan()
  const ids = useId()
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" data-status={message.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-semibold tracking-wide text-ocean-600 uppercase">{KIND_LABELS[message.kind] ?? message.kind}</p>
          <h2 id={`${ids}-title`} tabIndex={-1} data-message-id={message.id} className="mt-1 text-base font-semibold break-words text-navy-900">
            {message.subject}
          </h2>
        </div>
        <OutboxStatusBadge status={message.status} />
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm lg:grid-cols-4">
        <Field label="Recipients" className="col-span-2 lg:col-span-1">
          <span className="break-all">{message.to.join(', ')}</span>
        </Field>
        <Field label="Attempts">{message.attempts}</Field>
        <Field label="Created at">{formatDateTime(message.createdAt)}</Field>
        <Field label="Sent at">{message.sentAt ? formatDateTime(message.sentAt) : '—'}</Field>
        <Field label="Last error" className="col-span-2 lg:col-span-4">
          <span className="break-words">{message.lastError ?? '—'}</span>
        </Field>
      </dl>
      {message.status === 'failed' && can('outbox:send') ? (
        <div className="mt-4">
          <button
            type="button"
            onClick={busy ? undefined : onSendAgain}
            aria-disabled={busy}
            aria-describedby={`${ids}-title`}
            className="btn-secondary min-h-10 px-4 py-1.5 aria-disabled:cursor-wait aria-disabled:opacity-70"
          >
            {busy ? 'Sending…' : 'Send again'}
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </li>
  )
}
