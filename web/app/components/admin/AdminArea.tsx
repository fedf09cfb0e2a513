/**
 * The administrator area's session switch, shared by /login, /admin/login, /adminEnrollments and
 * /admin/outbox (docs/requirements.md#req-admin-login, #req-admin-list, #req-states-admin-session,
 * #req-roles; issues 5 and 14).
 *
 * - Before hydration nothing interactive is rendered (the token lives in localStorage, and a
 *   form must never submit natively with the password in the address).
 * - A stored token → the page's dashboard: the enrolment list (on /login too: "if a stored admin
 *   token already exists, the enrollment list is shown instead of the form" — rendered in place,
 *   no redirect) or the outbox; above it the admin navigation (Enrolments, Outbox) and, when the
 *   route's loader found no mail transport (`emailConfigured` false), the banner "E-mail is not
 *   configured: messages stay in the outbox".
 * - No token → the login form on the login routes; on /adminEnrollments and /admin/outbox the
 *   error state 'No authentication token found' with a link to /login (the routes are not guarded).
 * - The server refuses the token (401) → it is removed and the login form is shown, with a
 *   note that the session expired, on either route.
 * - 15 minutes idle → Logout (token removed, page reloaded). Logging out in another tab signs
 *   this one out too.
 */
import {useCallback, useEffect, useState} from 'react'
import {clearToken, logout, readToken, TOKEN_KEY, useIdleTimer} from '~/lib/admin-session'
import {AdminNav} from './AdminNav'
import {MESSAGES} from './api'
import {EnrolmentsDashboard} from './EnrolmentsDashboard'
import {ErrorPanel} from './ErrorPanel'
import {LoginForm} from './LoginForm'
import {OutboxDashboard} from './OutboxDashboard'
import {PaymentsDashboard} from './PaymentsDashboard'
import {EmailNotConfiguredBanner, Spinner} from './parts'

type Phase = {kind: 'checking'} | {kind: 'signed-in'; token: string} | {kind: 'signed-out'; notice: string | null}

const EXPIRED = 'Your session has expired. Please sign in again.'

/** Which admin page a route shows. */
export type AdminVariant = 'login' | 'list' | 'outbox' | 'payments'

/**
 * The admin area of a route: `variant` 'login' (the form, or the enrolment list with a token),
 * 'list' (the enrolment list), 'outbox' or 'payments' (issue 15); `belowNav` when the site's
 * fixed navigation is shown; `emailConfigured` from the route's loader (default true: no banner).
 */
export function AdminArea({variant, belowNav, emailConfigured = true}: {variant: AdminVariant; belowNav: boolean; emailConfigured?: boolean}) {
  const [phase, setPhase] = useState<Phase>({kind: 'checking'})

  useEffect(() => {
    const token = readToken()
    setPhase(token ? {kind: 'signed-in', token} : {kind: 'signed-out', notice: null})
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return
      const current = readToken()
      setPhase((previous) => {
        if (current) return previous.kind === 'signed-in' && previous.token === current ? previous : {kind: 'signed-in', token: current}
        return previous.kind === 'signed-in' ? {kind: 'signed-out', notice: null} : previous
      })
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [])

  const onUnauthorized = useCallback(() => {
    clearToken()
    setPhase({kind: 'signed-out', notice: EXPIRED})
  }, [])
  const onSignedIn = useCallback((token: string) => setPhase({kind: 'signed-in', token}), [])

  useIdleTimer(phase.kind === 'signed-in', logout)

  const top = belowNav ? 'pt-16' : ''
  const outbox = variant === 'outbox'
  const payments = variant === 'payments'
  if (phase.kind === 'signed-in') {
    return (
      <div className={`min-h-screen bg-slate-50 ${top}`}>
        <AdminNav current={outbox ? 'outbox' : payments ? 'payments' : 'enrolments'} />
        {emailConfigured ? null : <EmailNotConfiguredBanner />}
        {outbox ? (
          <OutboxDashboard token={phase.token} onUnauthorized={onUnauthorized} />
        ) : payments ? (
          <PaymentsDashboard token={phase.token} onUnauthorized={onUnauthorized} />
        ) : (
          <EnrolmentsDashboard token={phase.token} onUnauthorized={onUnauthorized} />
        )}
      </div>
    )
  }
  const showForm = phase.kind === 'signed-out' && (variant === 'login' || phase.notice !== null)
  if (showForm) {
    return (
      <div className={`flex min-h-screen items-center justify-center bg-gradient-to-b from-ocean-50 to-slate-100 px-4 py-12 ${belowNav ? 'pt-24' : ''}`}>
        <LoginForm onSignedIn={onSignedIn} notice={phase.notice} />
      </div>
    )
  }
  return (
    <div className={`min-h-screen bg-slate-50 ${top}`}>
      <div className="container-page py-8 sm:py-10">
        {phase.kind === 'checking' ? (
          variant === 'list' ? (
            <Spinner label="Loading enrollments..." />
          ) : outbox ? (
            <Spinner label="Loading the outbox..." />
          ) : payments ? (
            <Spinner label="Loading payments..." />
          ) : (
            <Spinner label="Checking your session..." />
          )
        ) : (
          <>
            <h1 className="mb-8 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
              {outbox ? 'Outbox' : payments ? 'Payments' : 'Enrolment Records'}
            </h1>
            <ErrorPanel message={MESSAGES.noToken} title={outbox ? 'Error loading the outbox' : payments ? 'Error loading payments' : undefined} />
          </>
        )}
      </div>
    </div>
  )
}
