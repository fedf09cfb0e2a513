/**
 * My training's Waitlists section (docs/requirements.md#req-account): the batches waited for,
 * the place in line, and "Leave the waitlist" (POST /api/account/waitlists/{batchId}/{entryId}/leave),
 * with a busy state, an inline error or a status, then the page's data refreshed.
 */
import {useRevalidator} from '@remix-run/react'
import {useState} from 'react'
import type {PortalWaitlist} from '#schemas/contracts/account'
import {accountLeaveWaitlistApi} from '#schemas/rules/paths'
import {Panel} from '~/components/ui/Panel'
import {postAccount} from './account-post'
import {FormError} from './FormError'

export function WaitlistsSection({waitlists}: {waitlists: PortalWaitlist[]}) {
  const revalidator = useRevalidator()
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  if (waitlists.length === 0 && !status) return null

  const leave = async (waitlist: PortalWaitlist) => {
    if (busy) return
    setBusy(waitlist.entryId)
    setError(null)
    setStatus(null)
    const result = await postAccount(accountLeaveWaitlistApi(waitlist.batchId, waitlist.entryId))
    setBusy(null)
    if (!result.ok) {
      setError(result.message)
      return
    }
    setStatus(`${result.message} (${waitlist.course}, ${waitlist.dates})`)
    revalidator.revalidate()
  }

  return (
    <Panel id="account-waitlists" title="Waitlists" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
      <div role="status" className="text-sm font-semibold text-emerald-800 empty:hidden">
        {status}
      </div>
      <FormError message={error} />
      {waitlists.length > 0 ? (
        <ul className="grid gap-3">
          {waitlists.map((waitlist) => (
            <li
              key={waitlist.entryId}
              className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="portal-waitlist"
            >
              <div>
                <p className="font-semibold text-navy-900">{waitlist.course}</p>
                <p className="text-sm text-slate-700">{waitlist.dates}</p>
                <p className="text-sm text-slate-900">
                  Place in line: <span className="font-semibold">{waitlist.place}</span>
                </p>
              </div>
              <button type="button" className="btn-outline min-h-11" aria-disabled={busy === waitlist.entryId} onClick={() => void leave(waitlist)}>
                {busy === waitlist.entryId ? 'Leaving…' : 'Leave the waitlist'}
                <span className="sr-only">
                  {' '}
                  for {waitlist.course}, {waitlist.dates}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Panel>
  )
}
