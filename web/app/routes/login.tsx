/**
 * /login and /admin/login (registered in web/vite.config.ts with id routes/admin-login):
 * the administrator login (docs/requirements.md#req-admin-login; issue 5). With a stored token the enrolment list
 * is shown in place of the form (AdminArea). Never indexed, never cached.
 */
import type {HeadersFunction, MetaFunction} from '@remix-run/node'
import {useLocation} from '@remix-run/react'
import {AdminArea} from '~/components/admin/AdminArea'
import {noStoreHeaders} from '~/lib/cache.server'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Administrator Login', description: 'Staff sign-in to the enrolment records.', robots: 'noindex, nofollow'})

export const headers: HeadersFunction = () => noStoreHeaders({'X-Robots-Tag': 'noindex, nofollow'})

export default function AdminLogin() {
  const {pathname} = useLocation()
  // The site navigation is hidden on /login only (root.tsx); /admin/login keeps it.
  const belowNav = pathname.replace(/\/+$/, '') !== '/login'
  return <AdminArea variant="login" belowNav={belowNav} />
}
