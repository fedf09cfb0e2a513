/**
 * The pending "Ask us to erase my data" requests on /admin/privacy (docs/requirements.md#req-privacy,
 * #req-account): each address, when it asked and its reason, with "Look up" filling the look-up
 * so the owner can export or erase. An erasure closes the request; `reload` changes to read the
 * list again. A 401 signs out.
 */
import {useEffect, useRef, useState} from 'react'
import type {ErasureRequest} from '#schemas/contracts/account-sections'
import {UnauthorizedError} from './admin-fetch'
import {listErasureRequests, privacyDateText} from './privacy'

export function ErasureRequests({
  token,
  reload,
  onUnauthorized,
  onLookUp,
}: {
  token: string
  reload: number
  onUnauthorized: () => void
  onLookUp: (email: string) => void
}) {
  const [requests, setRequests] = useState<ErasureRequest[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  // The latest callback, without reading the list again when its identity changes.
  const signOut = useRef(onUnauthorized)
  signOut.current = onUnauthorized

  useEffect(() => {
    const controller = new AbortController()
    listErasureRequests(token, controller.signal)
      .then(({requests: list}) => {
        setRequests(list)
        setError(null)
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return
        if (failure instanceof UnauthorizedError) return signOut.current()
        setError(failure instanceof Error && failure.message ? failure.message : 'The erasure requests could not be loaded.')
      })
    return () => controller.abort()
  }, [token, reload])

  return (
    <section aria-labelledby="erasure-requests" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="erasure-requests" className="text-base font-semibold text-navy-900">
        Erasure requests from My training
      </h2>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      ) : requests === null ? (
        <p className="mt-3 text-sm text-slate-700">Loading…</p>
      ) : requests.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">No pending requests.</p>
      ) : (
        <ul className="mt-3 grid gap-2" data-testid="erasure-requests">
          {requests.map((request) => (
            <li key={request.emailHash} className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
              <div>
                <p className="font-semibold break-all text-navy-900">{request.email}</p>
                <p className="text-slate-700">
                  Asked {privacyDateText(request.requestedAt)} UTC{request.reason ? ` · ${request.reason}` : ''}
                </p>
              </div>
              <button type="button" className="btn-secondary min-h-11" onClick={() => onLookUp(request.email)}>
                Look up<span className="sr-only"> {request.email}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
