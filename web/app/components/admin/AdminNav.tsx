/**
 * The admin area's own navigation, shown to a signed-in administrator above
 * each admin page: "Enrolments" (/adminEnrollments), "Enquiries" (/admin/enquiries) with the
 * number of new enquiries as a badge (read "Enquiries, 3 new"; no badge at 0 or before the count
 * is known), "Payments" (/admin/payments), "Batches" (/admin/batches), "Exams" (/admin/exams: item statistics), "Certificates" (/admin/certificates), "Outbox" (/admin/outbox), the current one marked with aria-current="page", then
 * "Logout" (token removed, page reloaded). The enrolment list keeps the Logout button of its own
 * header (EnrolmentsDashboard), so there `withLogout` is false and the page has one Logout.
 */
import {Link} from '@remix-run/react'
import {logout} from '~/lib/admin-session'
import {
  ADMIN_BATCHES_PATH,
  ADMIN_CERTIFICATES_PATH,
  ADMIN_ENQUIRIES_PATH,
  ADMIN_EXAMS_PATH,
  ADMIN_LIST_PATH,
  ADMIN_OUTBOX_PATH,
  ADMIN_PAYMENTS_PATH,
} from '#schemas/rules/paths'

/** The admin pages the navigation links. */
export type AdminSection = 'enrolments' | 'enquiries' | 'payments' | 'batches' | 'exams' | 'certificates' | 'outbox'

const LINKS: Array<{section: AdminSection; label: string; to: string}> = [
  {section: 'enrolments', label: 'Enrolments', to: ADMIN_LIST_PATH},
  {section: 'enquiries', label: 'Enquiries', to: ADMIN_ENQUIRIES_PATH},
  {section: 'payments', label: 'Payments', to: ADMIN_PAYMENTS_PATH},
  {section: 'batches', label: 'Batches', to: ADMIN_BATCHES_PATH},
  {section: 'exams', label: 'Exams', to: ADMIN_EXAMS_PATH},
  {section: 'certificates', label: 'Certificates', to: ADMIN_CERTIFICATES_PATH},
  {section: 'outbox', label: 'Outbox', to: ADMIN_OUTBOX_PATH},
]

/** The section of the admin page at `path` (without a trailing slash); null on the login pages. */
export const sectionAt = (path: string): AdminSection | null => LINKS.find((link) => link.to === path)?.section ?? null

const ITEM = '-mb-px inline-flex min-h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold'

/** The links of the admin pages, `current` marked; `newEnquiries` on the Enquiries link; Logout unless the page has its own. */
export function AdminNav({current, newEnquiries = null, withLogout = true}: {current: AdminSection; newEnquiries?: number | null; withLogout?: boolean}) {
  return (
    <nav aria-label="Administration" className="container-page pt-6">
      <ul className="flex flex-wrap gap-x-2 border-b border-slate-200">
        {LINKS.map((link) => {
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
            <button type="button" onClick={logout} className={`${ITEM} border-transparent text-slate-700 hover:border-slate-300 hover:text-navy-900`}>
              Logout
            </button>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
