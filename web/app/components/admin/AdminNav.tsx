/**
 * The admin area's own navigation, shown to a signed-in administrator above
 * each admin page: "Enrolments" (/adminEnrollments), "Enquiries" (/admin/enquiries) with the
 * number of new enquiries as a badge (read "Enquiries, 3 new"; no badge at 0 or before the count
 * is known), "Payments" (/admin/payments), "Companies" (/admin/companies: group bookings), "Batches" (/admin/batches), "Exams" (/admin/exams: item statistics), "Certificates" (/admin/certificates), "Outbox" (/admin/outbox), the current one marked with aria-current="page", then
 * "Staff" and "Audit log" (owners), "My account"; only the pages the signed-in role may use; then
 * "Logout" (the session ended on the server, the token removed, the page reloaded). The enrolment list keeps the Logout button of its own
 * header (EnrolmentsDashboard), so there `withLogout` is false and the page has one Logout.
 */
import {Link} from '@remix-run/react'
import {readToken} from '~/lib/admin-session'
import {signOut} from './api'
import {
  ADMIN_ACCOUNT_PATH,
  ADMIN_AUDIT_PATH,
  ADMIN_BACKUPS_PATH,
  ADMIN_PRIVACY_PATH,
  ADMIN_BATCHES_PATH,
  ADMIN_CERTIFICATES_PATH,
  ADMIN_COMPANIES_PATH,
  ADMIN_ENQUIRIES_PATH,
  ADMIN_EXAMS_PATH,
  ADMIN_LIST_PATH,
  ADMIN_OUTBOX_PATH,
  ADMIN_PAYMENTS_PATH,
  ADMIN_STAFF_PATH,
} from '#schemas/rules/paths'
import type {Permission} from '#schemas/rules/staff-roles'

/** The admin pages the navigation links. */
export type AdminSection =
  | 'enrolments'
  | 'enquiries'
  | 'payments'
  | 'companies'
  | 'batches'
  | 'exams'
  | 'certificates'
  | 'outbox'
  | 'staff'
  | 'audit'
  | 'backups'
  | 'privacy'
  | 'account'

/** Each page's link and the permission it needs (null: everyone signed in). */
export const ADMIN_LINKS: ReadonlyArray<{section: AdminSection; label: string; to: string; permission: Permission | null}> = [
  {section: 'enrolments', label: 'Enrolments', to: ADMIN_LIST_PATH, permission: 'enrolments:read'},
  {section: 'enquiries', label: 'Enquiries', to: ADMIN_ENQUIRIES_PATH, permission: 'enquiries:read'},
  {section: 'payments', label: 'Payments', to: ADMIN_PAYMENTS_PATH, permission: 'payments:read'},
  {section: 'companies', label: 'Companies', to: ADMIN_COMPANIES_PATH, permission: 'companies:read'},
  {section: 'batches', label: 'Batches', to: ADMIN_BATCHES_PATH, permission: 'batches:read'},
  {section: 'exams', label: 'Exams', to: ADMIN_EXAMS_PATH, permission: 'exams:statistics'},
  {section: 'certificates', label: 'Certificates', to: ADMIN_CERTIFICATES_PATH, permission: 'certificates:read'},
  {section: 'outbox', label: 'Outbox', to: ADMIN_OUTBOX_PATH, permission: 'outbox:read'},
  {section: 'staff', label: 'Staff', to: ADMIN_STAFF_PATH, permission: 'staff:manage'},
  {section: 'audit', label: 'Audit log', to: ADMIN_AUDIT_PATH, permission: 'audit:read'},
  {section: 'backups', label: 'Backups', to: ADMIN_BACKUPS_PATH, permission: 'backups:manage'},
  {section: 'privacy', label: 'Privacy', to: ADMIN_PRIVACY_PATH, permission: 'privacy:manage'},
  {section: 'account', label: 'My account', to: ADMIN_ACCOUNT_PATH, permission: null},
]
const LINKS = ADMIN_LINKS

/** The section of the admin page at `path` (without a trailing slash); null on the login pages. */
export const sectionAt = (path: string): AdminSection | null => LINKS.find((link) => link.to === path)?.section ?? null

const ITEM = '-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold'

/**
 * The links of the admin pages the signed-in role may use (`can`; default: all), `current`
 * marked; `newEnquiries` on the Enquiries link; Logout unless the page has its own.
 */
export function AdminNav({
  current,
  newEnquiries = null,
  withLogout = true,
  can = () => true,
}: {
  current: AdminSection
  newEnquiries?: number | null
  withLogout?: boolean
  can?: (permission: Permission) => boolean
}) {
  return (
    <nav aria-label="Administration" className="container-page pt-6">
      <ul className="flex flex-wrap gap-x-2 border-b border-slate-200">
        {LINKS.filter((link) => link.permission === null || can(link.permission)).map((link) => {
          const active = link.section === current
          const count = link.section === 'enquiries' && newEnquiries ? newEnquiries : 0
          return (
            <li key={link.section}>
              <Link
                to={link.to}
                aria-current={active ? 'page' : undefined}
                aria-label={count > 0 ? `${link.label}, ${count} new` : undefined}
                className={`${ITEM} ${active ? 'border-ocean-600 text-navy-900' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-navy-900'}`}
              >
                {link.label}
                {count > 0 ? (
                  <span className="rounded-full bg-ocean-600 px-2 py-0.5 text-xs leading-none font-bold text-white tabular-nums">{count}</span>
                ) : null}
              </Link>
            </li>
          )
        })}
        {withLogout ? (
          <li className="ml-auto">
            <button
              type="button"
              onClick={() => void signOut(readToken())}
              className={`${ITEM} border-transparent text-slate-700 hover:border-slate-300 hover:text-navy-900`}
            >
              Logout
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
