/**
 * The load of an admin page's data (the enrolment list, the outbox, the enquiries, the payments,
 * the batches, the exams, the certificates): one request per `fetchData` and `token` and per
 * reload, aborted when the page goes or reloads; a 401 (UnauthorizedError) calls
 * `onUnauthorized` (the session switch signs out); an AdminApiError shows its message (the
 * request's own failure text), any other failure `failMessage`. `refreshing` is true while a request is in flight (the first load too),
 * for the Refresh button's aria-busy and the "Updating…" line; `reload()` asks again keeping what
 * is shown meanwhile; `setLoad` lets the page apply a change it made (a message sent again, an
 * enquiry handled, an order paid).
 */
import {useCallback, useEffect, useState, type Dispatch, type SetStateAction} from 'react'
import {AdminApiError, UnauthorizedError} from './admin-fetch'

/** What the page shows: loading, the error message, or the data. */
export type AdminLoad<T> = {state: 'loading'} | {state: 'error'; message: string} | {state: 'loaded'; data: T}

/** useAdminLoad's answer (see the module comment). */
export type AdminLoadState<T> = {load: AdminLoad<T>; setLoad: Dispatch<SetStateAction<AdminLoad<T>>>; refreshing: boolean; reload: () => void}

/** Loads `fetchData(token, signal)` (see the module comment). `fetchData` and `onUnauthorized` should be stable (module functions, useCallback). */
export function useAdminLoad<T>(
  fetchData: (token: string, signal: AbortSignal) => Promise<T>,
  {token, onUnauthorized, failMessage}: {token: string; onUnauthorized: () => void; failMessage: string},
): AdminLoadState<T> {
  const [load, setLoad] = useState<AdminLoad<T>>({state: 'loading'})
  const [generation, setGeneration] = useState(0)
  const [refreshing, setRefreshing] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    setRefreshing(true)
    fetchData(token, controller.signal)
      .then((data) => setLoad({state: 'loaded', data}))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return
        if (error instanceof UnauthorizedError) return onUnauthorized()
        setLoad({state: 'error', message: error instanceof AdminApiError ? error.message : failMessage})
      })
      .finally(() => {
        if (!controller.signal.aborted) setRefreshing(false)
      })
    return () => controller.abort()
  }, [fetchData, token, onUnauthorized, failMessage, generation])

  const reload = useCallback(() => setGeneration((value) => value + 1), [])
  return {load, setLoad, refreshing, reload}
}
