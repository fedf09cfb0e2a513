/**
 * The administrator area's session switch, rendered once by the admin layout route
 * (web/app/routes/_admin.tsx) for /login, /admin/login, /adminEnrollments, /admin/enquiries,
 * /admin/payments, /admin/batches, /admin/exams, /admin/certificates, /admin/outbox and the owner's pages
 * (docs/requirements.md#req-admin-login, #req-admin-list, #req-states-admin-session, #req-roles,
 * #req-enquiries).
 *
 * - Before hydration nothing interactive is rendered (the token lives in localStorage, and a
 *   form must never submit natively with the password in the address).
 * - A stored token → the admin navigation (Enrolments, Enquiries with the number of new ones,
 *   Payments, Batches, Exams, Certificates, Outbox, Logout), the banner "E-mail is not
 *   configured: messages stay in the outbox" when the layout's loader found no mail transport,
 *   then the child route's dashboard (<Outlet>, which reads the session with useAdminSession()).
 *   Above those banners, in red (role=alert), the daily backup's warning when GET /api/admin/me
 *   has one (`backupWarning`: a failed or missing backup; docs/requirements.md#req-backup-status),
 *   whatever the role.
 *   The page's section comes from its path (AdminNav's links).
 *   On /login the child is the enrolment list: "if a stored admin token already exists, the
 *   enrollment list is shown instead of the form" — rendered in place, no redirect. The number
 *   of new enquiries comes from GET /api/admin/enquiries (read once per page; on the enquiries
 *   page from its own list, so it follows every change); a failure only leaves the badge out.
 * - No token → the login form on the login routes; on the other pages the error state 'No
 *   authentication token found' with a link to /login (the routes are not guarded).
 * - The server refuses the token (401) → it is removed and the login form is shown, with a
 *   note that the session expired, on either route.
 * - 15 minutes idle → Logout (token removed, page reloaded). Logging out in another tab signs
 *   this one out too.
 */
import {Outlet} from '@remix-run/react'
import {createContext, useCallback, useContext, useEffect, useMemo, useState} from 'react'
import type {StaffMe} from '#schemas/contracts/staff'
import type {Permission} from '#schemas/rules/staff-roles'
import {clearToken, readToken, TOKEN_KEY, useIdleTimer} from '~/lib/admin-session'
import {UnauthorizedError} from './admin-fetch'
import {AdminNav, sectionAt, type AdminSection} from './AdminNav'
import {fetchMe, fetchNewEnquiryCount, MESSAGES, signOut} from './api'
import {ErrorPanel} from './ErrorPanel'
import {LoginForm} from './LoginForm'
import {AdminAlertBanner, AdminBanner, EmailNotConfiguredBanner, Spinner} from './parts'

type Phase = {kind: 'checking'} | {kind: 'signed-in'; token: string} | {kind: 'signed-out'; notice: string | null}

const EXPIRED = 'Your session has expired. Please sign in again.'

/**
 * The signed-in session a dashboard works with: the bearer `token`, `onUnauthorized` (a 401: the
 * token is dropped and the login form shown, "Your session has expired…") and `onNewEnquiries`
 * (the enquiries page reports its count of new enquiries to the navigation's badge).
 */
export type AdminSession = {
  token: string
  onUnauthorized: () => void
  onNewEnquiries: (count: number) => void
  /** Who is signed in (GET /api/admin/me), null until known. */
  me: StaffMe | null
  /** Whether the signed-in role has `permission` (false until known). */
  can: (permission: Permission) => boolean
}

// A React context rather than the router's outlet context: the router's hook would join the
// framework code every public page loads.
const SessionContext = createContext<AdminSession | null>(null)

/**
 * Whether the signed-in role has `permission`: the pages hide what it cannot use (the API refuses
 * it anyway). Outside a signed-in admin layout (a component on its own) everything is shown.
 */
export function useCan(): (permission: Permission) => boolean {
  return useContext(SessionContext)?.can ?? allowAll
}
const allowAll = () => true

/** The session of the admin layout, for the child route's dashboard (rendered only when signed in). */
export function useAdminSession(): AdminSession {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useAdminSession is for the admin layout’s child routes, rendered once signed in')
  return session
}

/** The page's title, loading label and error title while there is no session. */
const SIGNED_OUT: Record<AdminSection, {title: string; loading: string; error?: string}> = {
  enrolments: {title: 'Enrolment Records', loading: 'Loading enrollments...'},
  enquiries: {title: 'Enquiries', loading: 'Loading enquiries...', error: 'Error loading enquiries'},
  payments: {title: 'Payments', loading: 'Loading payments...', error: 'Error loading payments'},
  companies: {title: 'Companies', loading: 'Loading companies...', error: 'Error loading companies'},
  batches: {title: 'Batches', loading: 'Loading batches...', error: 'Error loading batches'},
  exams: {title: 'Exam statistics', loading: 'Loading the exam statistics...', error: 'Error loading the exam statistics'},
  certificates: {title: 'Certificates', loading: 'Loading certificates...', error: 'Error loading certificates'},
  outbox: {title: 'Outbox', loading: 'Loading the outbox...', error: 'Error loading the outbox'},
  staff: {title: 'Staff', loading: 'Loading staff...', error: 'Error loading staff'},
  audit: {title: 'Audit log', loading: 'Loading the audit log...', error: 'Error loading the audit log'},
  backups: {title: 'Backups', loading: 'Loading the backups...', error: 'Error loading the backups'},
  privacy: {title: 'Privacy requests', loading: 'Loading...', error: 'Error loading the privacy requests'},
  account: {title: 'My account', loading: 'Loading your account...', error: 'Error loading your account'},
}

/**
 * The admin area around the child route: `path` the page's path without a trailing slash (its
 * section, or none on the login pages: the form, or the enrolment list with a token);
 * `belowNav` when the site's fixed navigation is shown; `emailConfigured` from the layout's
 * loader (default true: no banner).
 */
export function AdminArea({path, belowNav, emailConfigured = true}: {path: string; belowNav: boolean; emailConfigured?: boolean}) {
  const section = sectionAt(path)
  const [phase, setPhase] = useState<Phase>({kind: 'checking'})
  const [newEnquiries, setNewEnquiries] = useState<number | null>(null)

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
  // Why the sign-in took the password alone (the staff directory unreachable), shown under the navigation.
  const [signInNotice, setSignInNotice] = useState<string | null>(null)
  const onSignedIn = useCallback((token: string, notice?: string) => {
    setSignInNotice(notice ?? null)
    setPhase({kind: 'signed-in', token})
  }, [])

  const token = phase.kind === 'signed-in' ? phase.token : null
  useIdleTimer(phase.kind === 'signed-in', () => void signOut(token))

  // Who is signed in and what their role may do, read once per token. When the answer cannot be
  // had (not a 401), every page shows all it has: the server still refuses what the role lacks.
  const [me, setMe] = useState<StaffMe | 'unknown' | null>(null)
  useEffect(() => {
    setMe(null)
    if (!token) return
    const controller = new AbortController()
    fetchMe(token, controller.signal)
      .then(setMe)
      .catch((error: unknown) => {
        if (error instanceof UnauthorizedError) onUnauthorized()
        else if (!controller.signal.aborted) setMe('unknown')
      })
    return () => controller.abort()
  }, [token, onUnauthorized])
  const can = useCallback((permission: Permission) => (me === 'unknown' ? true : (me?.permissions.includes(permission) ?? false)), [me])
  const known = me === 'unknown' ? null : me

  // The navigation's count of new enquiries: one row asked for, the count read (the enquiries page reports its own instead).
  useEffect(() => {
    if (!token || !me || !can('enquiries:read') || section === 'enquiries') return
    const controller = new AbortController()
    fetchNewEnquiryCount(token, controller.signal)
      .then(setNewEnquiries)
      .catch(() => undefined)
    return () => controller.abort()
  }, [token, me, can, section])

  const session = useMemo<AdminSession | null>(
    () => (token ? {token, onUnauthorized, onNewEnquiries: setNewEnquiries, me: known, can} : null),
    [token, onUnauthorized, known, can],
  )

  const top = belowNav ? 'pt-16' : ''
  if (session) {
    const current = section ?? 'enrolments'
    return (
      <div className={`min-h-screen bg-slate-50 ${top}`}>
        <AdminNav current={current} newEnquiries={newEnquiries} withLogout={current !== 'enrolments'} can={can} />
        {known?.backupWarning ? <AdminAlertBanner>{known.backupWarning}</AdminAlertBanner> : null}
        {emailConfigured ? null : <EmailNotConfiguredBanner />}
        {signInNotice ? <AdminBanner>{signInNotice}</AdminBanner> : null}
        <SessionContext.Provider value={session}>
          <Outlet />
        </SessionContext.Provider>
      </div>
    )
  }
  const showForm = phase.kind === 'signed-out' && (section === null || phase.notice !== null)
  if (showForm) {
    return (
      <div className={`flex min-h-screen items-center justify-center bg-gradient-to-b from-ocean-50 to-slate-100 px-4 py-12 ${belowNav ? 'pt-24' : ''}`}>
        <LoginForm onSignedIn={onSignedIn} notice={phase.notice} />
      </div>
    )
  }
  const page = section ? SIGNED_OUT[section] : null
  return (
    <div className={`min-h-screen bg-slate-50 ${top}`}>
      <div className="container-page py-8 sm:py-10">
        {phase.kind === 'checking' ? (
          <Spinner label={page?.loading ?? 'Checking your session...'} />
        ) : (
          <>
            <h1 className="mb-8 text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">{page?.title ?? SIGNED_OUT.enrolments.title}</h1>
            <ErrorPanel message={MESSAGES.noToken} title={page?.error} />
          </>
        )}
      </div>
    </div>
  )
}
