/**
 * The admin area's own navigation (issue 14), shown to a signed-in administrator above each admin
 * page: "Enrolments" (/adminEnrollments) and "Outbox" (/admin/outbox), the current one marked
 * with aria-current="page".
 */
import {Link} from '@remix-run/react'
import {ADMIN_LIST_PATH, ADMIN_OUTBOX_PATH, ADMIN_PAYMENTS_PATH} from '~/lib/paths'

/** The admin pages the navigation links. */
export type AdminSection = 'enrolments' | 'payments' | 'outbox'

const LINKS: Array<{section: AdminSection; label: string; to: string}> = [
  {section: 'enrolments', label: 'Enrolments', to: ADMIN_LIST_PATH},
  {section: 'payments', label: 'Payments', to: ADMIN_PAYMENTS_PATH},
  {section: 'outbox', label: 'Outbox', to: ADMIN_OUTBOX_PATH},
]

/** The links of the admin pages, `current` marked. */
export function AdminNav({current}: {current: AdminSection}) {
  return (
    <nav aria-label="Administration" className="container-page pt-6">
      <ul className="flex flex-wrap gap-x-2 border-b border-slate-200">
        {LINKS.map((link) => {
          const active = link.section === current
          return (
            <li key={link.section}>
              <Link
                to={link.to}
                aria-current={active ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold ${
                  active ? 'border-ocean-600 text-navy-900' : 'border-transparent text-slate-700 hover:border-slate-300 hover:text-navy-900'
                }`}
              >
                {link.label}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
