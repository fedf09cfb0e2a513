/**
 * /admin/batches (docs/requirements.md#req-batches-staff): the upcoming batches with
 * seats, booked, held (live seat holds), free and waiting counts, and per batch a dialog with its
 * roster (paid candidates with their contact details and status; "Over capacity" flagged; a group
 * booking's delegate with "Company: {name}") with a CSV download, and its waitlist. Loaded once (Refresh reads again); a 401 signs out.
 */
import {useEffect, useId, useState} from 'react'
import type {AdminBatch, AdminBatchDetail} from '#schemas/contracts/batches'
import {OVER_CAPACITY} from '#schemas/rules/batches'
import {formatDateTime} from '#schemas/rules/format'
import {AdminDialog, DetailFields} from './AdminDialog'
import {BATCHES_MESSAGES, fetchAdminBatch, fetchAdminBatches, saveBlob, UnauthorizedError} from './api'
import {BATCH_STATUS_LABELS, BATCHES_EMPTY, batchesCountText, batchTitle, rosterCsv, rosterFileName} from './batches'
import {ErrorPanel} from './ErrorPanel'
import {Spinner, StatusBadge} from './parts'
import {useAdminLoad} from './useAdminLoad'
import {AdminPageHeader} from './AdminPageHeader'
import {enrolmentBatchText} from '#schemas/rules/batches'
import {AdminTable, columnsOf} from './AdminTable'

const CELL = 'px-3 py-2.5 align-top whitespace-nowrap'
const COUNTS = ['Seats', 'Booked', 'Held', 'Free', 'Waiting'] as const

/** The batches page of a signed-in administrator. */
export function BatchesDashboard({token, onUnauthorized}: {token: string; onUnauthorized: () => void}) {
  const {load, refreshing, reload} = useAdminLoad(fetchAdminBatches, {token, onUnauthorized, failMessage: BATCHES_MESSAGES.loadFailed})
  const [viewing, setViewing] = useState<AdminBatch | null>(null)

  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="Batches" refreshing={refreshing} onRefresh={reload} />
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Upcoming batches from the course calendar. Held seats are reserved for payments in progress (30 minutes); free seats are what candidates can still book.
      </p>
      <div aria-live="polite" className="mt-3 min-h-6 text-sm text-slate-700">
        {refreshing && load.state !== 'loading' ? 'Updating batches...' : ''}
      </div>
      {load.state === 'loading' ? (
        <Spinner label="Loading batches..." />
      ) : load.state === 'error' ? (
        <div className="mt-4">
          <ErrorPanel title="Error loading batches" message={load.message} />
        </div>
      ) : load.data.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
          <p className="text-lg font-semibold text-navy-900">{BATCHES_EMPTY}</p>
        </div>
      ) : (
        <>
          <p className="text-sm text-slate-700">{batchesCountText(load.data.length)}</p>
          <AdminTable caption="Upcoming batches, earliest first" columns={columnsOf(['Batch', 'Course', 'Status', ...COUNTS, 'Roster'])} className="mt-3">
            {load.data.map((batch) => (
              <tr key={batch.id} data-batch-id={batch.id}>
                <th scope="row" className={`${CELL} font-medium text-navy-900`}>
                  {enrolmentBatchText(batch)}
                </th>
                <td className={`${CELL} whitespace-normal`}>{batch.courseName ?? '—'}</td>
                <td className={CELL}>{BATCH_STATUS_LABELS[batch.status] ?? batch.status}</td>
                {[batch.counts.seats, batch.counts.booked, batch.counts.held, batch.counts.left, batch.waitlist].map((n, index) => (
                  <td key={COUNTS[index]} className={`${CELL} text-right tabular-nums`}>
                    {n}
                  </td>
                ))}
                <td className={CELL}>
                  <button type="button" className="btn-outline min-h-10 px-3 py-1.5" onClick={() => setViewing(batch)}>
                    View roster<span className="sr-only"> of {batchTitle(batch)}</span>
                  </button>
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
      {viewing ? <RosterDialog batch={viewing} token={token} onUnauthorized={onUnauthorized} onClose={() => setViewing(null)} /> : null}
    </div>
  )
}

/** One batch's roster and waitlist, in the admin dialog frame, with the roster's CSV download. */
function RosterDialog({batch, token, onUnauthorized, onClose}: {batch: AdminBatch; token: string; onUnauthorized: () => void; onClose: () => void}) {
  const ids = useId()
  const [detail, setDetail] = useState<AdminBatchDetail | null>(null)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    fetchAdminBatch(token, batch.id, controller.signal)
      .then(setDetail)
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return
        if (failure instanceof UnauthorizedError) return onUnauthorized()
        setError(failure instanceof Error ? failure.message : BATCHES_MESSAGES.rosterFailed)
      })
    return () => controller.abort()
  }, [batch.id, token, onUnauthorized])

  const download = () => {
    if (!detail) return
    saveBlob(new Blob(['\uFEFF', rosterCsv(detail)], {type: 'text/csv;charset=utf-8'}), rosterFileName(batch.id, new Date()))
  }

  return (
    <AdminDialog
      title={batchTitle(batch)}
      subtitle={<span>{BATCH_STATUS_LABELS[batch.status] ?? batch.status}</span>}
      closeLabel="Close roster"
      onClose={onClose}
    >
      <DetailFields
        fields={[
          ['Dates and place', enrolmentBatchText(batch, {venue: true})],
          ['Seats', `${batch.counts.booked} booked · ${batch.counts.held} held · ${batch.counts.left} free of ${batch.counts.seats}`],
        ]}
      />
      <section aria-labelledby={`${ids}-roster`} className="mt-6 border-t border-slate-200 pt-5">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={`${ids}-roster`} className="text-base font-semibold text-navy-900">
            Roster
          </h3>
          <button
            type="button"
            onClick={download}
            disabled={!detail || detail.roster.length === 0}
            className="btn-secondary disabled:cursor-not-allowed disabled:opacity-60"
          >
            Download roster (CSV)
          </button>
        </div>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : !detail ? (
          <p role="status" className="mt-2 text-sm text-slate-600">
            Loading the roster...
          </p>
        ) : detail.roster.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No paid candidates yet.</p>
        ) : (
          <ul aria-labelledby={`${ids}-roster`} className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-200">
            {detail.roster.map((entry) => (
              <li key={entry.orderId} className="px-4 py-3 text-sm">
                <p className="flex flex-wrap items-center gap-2 font-medium text-navy-900">
                  <span className="break-words">{entry.name}</span> <StatusBadge status={entry.status} />
                  {entry.overCapacity ? (
                    <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800 ring-1 ring-red-600/30 ring-inset">
                      {OVER_CAPACITY}
                    </span>
                  ) : null}
                </p>
                <p className="mt-1 break-words text-slate-700">
                  <a href={`mailto:${entry.email}`} className="text-ocean-700 underline underline-offset-2">
                    {entry.email}
                  </a>{' '}
                  · {entry.mobile}
                </p>
                {entry.company ? <p className="mt-1 break-words text-slate-700">Company: {entry.company}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${ids}-waitlist`} className="mt-6 border-t border-slate-200 pt-5">
        <h3 id={`${ids}-waitlist`} className="text-base font-semibold text-navy-900">
          Waitlist
        </h3>
        {!detail ? null : detail.waitlist.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nobody is waiting for this batch.</p>
        ) : (
          <ol aria-labelledby={`${ids}-waitlist`} className="mt-3 list-decimal space-y-2 pl-6 text-sm">
            {detail.waitlist.map((entry) => (
              <li key={entry.email} className="break-words">
                <span className="font-medium text-navy-900">{entry.name}</span> · {entry.email} · {entry.mobile} · joined {formatDateTime(entry.joinedAt)}
                {entry.notifiedAt ? ` · staff told of a free seat ${formatDateTime(entry.notifiedAt)}` : ''}
              </li>
            ))}
          </ol>
        )}
      </section>
    </AdminDialog>
  )
}
