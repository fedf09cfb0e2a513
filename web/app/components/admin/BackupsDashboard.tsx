/**
 * /admin/backups (owner; docs/requirements.md#req-backup-status): the last backup (time, size,
 * duration, result and, when it failed, why), the last successful one, the archives kept (a
 * table: name, date, size; newest first) and "Back up now". The button POSTs
 * /api/admin/backups: a 202 shows that a backup is running, a 409 that one already was; either
 * way the page asks again every BACKUP_POLL_MS until `running` is false, then says the backup has
 * finished and shows its result. Loading, error and empty states; a 401 signs out. Times in UTC,
 * as the red banner's warning writes them.
 */
import {useCallback, useEffect, useId, useRef, useState} from 'react'
import type {BackupStatus} from '#schemas/contracts/backup'
import {AdminPageHeader} from './AdminPageHeader'
import {AdminTable, columnsOf} from './AdminTable'
import {UnauthorizedError} from './admin-fetch'
import {
  BACKUP_MESSAGES,
  BACKUP_POLL_MS,
  BackupAlreadyRunningError,
  backupResultText,
  backupSizeText,
  backupTimeText,
  durationText,
  fetchBackups,
  startBackup,
} from './backups'
import {ErrorPanel} from './ErrorPanel'
import {Spinner} from './parts'
import {useAdminLoad} from './useAdminLoad'

const CELL = 'px-3 py-2.5 align-top'
const HEADERS = ['Archive', 'Made (UTC)', 'Size'] as const

/** The backups page of a signed-in owner. */
export function BackupsDashboard({
  token,
  onUnauthorized,
  pollMs = BACKUP_POLL_MS,
}: {
  token: string
  onUnauthorized: () => void
  /** How long to wait before asking again while a backup runs (ms). */
  pollMs?: number
}) {
  const ids = useId()
  const fetchStatus = useCallback((bearer: string, signal: AbortSignal) => fetchBackups(bearer, signal), [])
  const {load, setLoad, refreshing, reload} = useAdminLoad(fetchStatus, {token, onUnauthorized, failMessage: BACKUP_MESSAGES.loadFailed})
  const [starting, setStarting] = useState(false)
  const [notice, setNotice] = useState<string | null>(null)
  const [startError, setStartError] = useState<string | null>(null)
  // Whether this page saw a backup running (started here, or found running): its end is announced.
  const following = useRef(false)

  const status = load.state === 'loaded' ? load.data : null
  const running = starting || status?.running === true

  // While a backup runs, ask again after each answer until it has finished.
  useEffect(() => {
    if (!status?.running || refreshing) return
    following.current = true
    const timer = setTimeout(reload, pollMs)
    return () => clearTimeout(timer)
  }, [status, refreshing, reload, pollMs])

  useEffect(() => {
    if (!status || status.running || refreshing || !following.current) return
    following.current = false
    setNotice(status.last ? `${BACKUP_MESSAGES.finished} Result: ${backupResultText(status.last)}.` : BACKUP_MESSAGES.finished)
  }, [status, refreshing])

  const markRunning = () => setLoad((previous) => (previous.state === 'loaded' ? {state: 'loaded', data: {...previous.data, running: true}} : previous))

  async function backUpNow() {
    if (running || load.state !== 'loaded') return
    setStarting(true)
    setStartError(null)
    setNotice(null)
    try {
      await startBackup(token)
      setNotice(BACKUP_MESSAGES.started)
      markRunning()
      following.current = true
    } catch (error) {
      if (error instanceof UnauthorizedError) return onUnauthorized()
      if (error instanceof BackupAlreadyRunningError) {
        setNotice(error.message)
        markRunning()
        following.current = true
      } else {
        setStartError(error instanceof Error && error.message ? error.message : BACKUP_MESSAGES.startFailed)
      }
    } finally {
      setStarting(false)
    }
  }

  return (
    <div className="container-page py-8 sm:py-10">
      <AdminPageHeader title="Backups" refreshing={refreshing} onRefresh={reload} />
      <p className="mt-3 max-w-3xl text-sm text-slate-700">
        Every store of the site is backed up, encrypted, every day at 02:00 UTC; 35 daily and 12 monthly archives are kept. A failed or missing daily backup
        shows a red warning on every staff page.
      </p>

      <div className="mt-6 flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void backUpNow()}
          aria-disabled={running || load.state !== 'loaded'}
          aria-describedby={`${ids}-progress`}
          className="btn-primary aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        >
          {starting ? 'Starting…' : 'Back up now'}
        </button>
        <p id={`${ids}-progress`} role="status" className="text-sm font-medium text-navy-900">
          {running && !starting ? BACKUP_MESSAGES.running : (notice ?? '')}
        </p>
      </div>
      {running && notice && !starting ? <p className="mt-2 text-sm text-slate-700">{notice}</p> : null}
      {startError ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
          {startError}
        </p>
      ) : null}

      {load.state === 'loading' ? (
        <Spinner label="Loading the backups..." />
      ) : load.state === 'error' ? (
        <div className="mt-6">
          <ErrorPanel title="Error loading the backups" message={load.message} />
        </div>
      ) : status ? (
        <>
          <LastBackup status={status} headingId={`${ids}-last`} />
          <section aria-labelledby={`${ids}-archives`} className="mt-8">
            <h2 id={`${ids}-archives`} className="text-xl font-semibold text-navy-900">
              Archives kept
            </h2>
            {status.archives.length === 0 ? (
              <p className="mt-2 text-sm text-slate-700">{BACKUP_MESSAGES.noArchives}</p>
            ) : (
              <AdminTable caption="Archives kept, newest first" columns={columnsOf(HEADERS)}>
                {status.archives.map((archive) => (
                  <tr key={archive.name}>
                    <td className={`${CELL} font-mono text-xs break-all text-navy-900`}>{archive.name}</td>
                    <td className={`${CELL} whitespace-nowrap tabular-nums`}>
                      <time dateTime={archive.at}>{backupTimeText(archive.at)}</time>
                    </td>
                    <td className={`${CELL} whitespace-nowrap tabular-nums`}>{backupSizeText(archive.bytes)}</td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </section>
        </>
      ) : null}
    </div>
  )
}

/** The last run: when, size, duration, result (and why it failed), and the last success. */
function LastBackup({status, headingId}: {status: BackupStatus; headingId: string}) {
  const {last} = status
  const failed = last?.result === 'failed'
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="text-xl font-semibold text-navy-900">
        Last backup
      </h2>
      {last ? (
        <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <dt className="font-semibold text-slate-700">Time</dt>
            <dd className="mt-0.5 text-navy-900 tabular-nums">
              <time dateTime={last.at}>{backupTimeText(last.at)}</time>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-700">Size</dt>
            <dd className="mt-0.5 text-navy-900 tabular-nums">{backupSizeText(last.bytes)}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-700">Duration</dt>
            <dd className="mt-0.5 text-navy-900 tabular-nums">{durationText(last.durationMs)}</dd>
          </div>
          <div>
            <dt className="font-semibold text-slate-700">Result</dt>
            <dd className={`mt-0.5 font-semibold ${failed ? 'text-red-800' : 'text-emerald-800'}`}>{backupResultText(last)}</dd>
          </div>
          {failed && last.error ? (
            <div className="sm:col-span-2 lg:col-span-4">
              <dt className="font-semibold text-slate-700">Error</dt>
              <dd className="mt-0.5 break-words text-red-800">{last.error}</dd>
            </div>
          ) : null}
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-700">{BACKUP_MESSAGES.never}</p>
      )}
      {failed || !last ? (
        <p className="mt-3 text-sm text-slate-700">
          Last successful backup: {status.lastSucceededAt ? <time dateTime={status.lastSucceededAt}>{backupTimeText(status.lastSucceededAt)}</time> : 'none'}
        </p>
      ) : null}
    </section>
  )
}
