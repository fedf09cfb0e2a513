/**
 * /login and /admin/login (registered in web/vite.config.ts with id routes/admin-login):
 * the administrator login (docs/requirements.md#req-admin-login; issue 5). With a stored token the enrolment list
 * is shown in place of the form (AdminArea), with the e-mail banner when the loader finds e-mail
 * not configured (issue 14). Never indexed, never cached.
 */
import {data, type HeadersFunction, type MetaFunction} from '@remix-run/node'
import {useLoaderData, useLocation} from '@remix-run/react'
import {AdminArea} from '~/components/admin/AdminArea'
import {noStoreHeaders} from '#netlify/platform/cache'
import {pageMeta} from '~/lib/meta'
import {emailConfigured} from '#netlify/services/admin/outbox'

/** `{emailConfigured}`: false when there is no mail transport (SMTP_URL unset); shown only to a signed-in administrator. */
export function loader() {
  return data({emailConfigured: emailConfigured()}, {headers: noStoreHeaders({'X-Robots-Tag': 'noindex, nofollow'})})
}

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Administrator Login', description: 'Staff sign-in to the enrolment records.', robots: 'noindex, nofollow'})

export const headers: HeadersFunction = () => noStoreHeaders({'X-Robots-Tag': 'noindex, nofollow'})

export default function AdminLogin() {
  const {pathname} = useLocation()
  const {emailConfigured} = useLoaderData<typeof loader>()
  // The site navigation is hidden on /login only (root.tsx); /admin/login keeps it.
  const belowNav = pathname.replace(/\/+$/, '') !== '/login'
  return <AdminArea variant="login" belowNav={belowNav} emailConfigured={emailConfigured} />
}
