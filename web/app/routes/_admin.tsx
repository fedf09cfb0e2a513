/**
 * The staff area's layout (a pathless route: its children keep their own URLs): /login,
 * /admin/login (registered in web/vite.config.ts under this layout), /adminEnrollments,
 * /admin/enquiries, /admin/payments, /admin/batches, /admin/exams, /admin/certificates and
 * /admin/outbox. One loader for what every admin page needs (whether e-mail is configured: the
 * banner "E-mail is not configured: messages stay in the outbox"), one set of headers (never
 * cached, never indexed) and the session switch with the admin navigation (AdminArea, which
 * tells the page by its path). Each child route renders its dashboard with the session of
 * useAdminSession(). The pages are not guarded by routing: they depend on the token
 * stored by the login (docs/requirements.md#req-states-admin-session).
 */
import type {HeadersFunction} from '@remix-run/node'
import {useLoaderData, useLocation} from '@remix-run/react'
import {AdminArea} from '~/components/admin/AdminArea'
import {noStoreHeaders} from '#netlify/platform/cache'
import {emailConfigured} from '#netlify/services/admin/outbox'

/** `{emailConfigured}`: false when there is no mail transport (SMTP_URL unset). */
export function loader() {
  return {emailConfigured: emailConfigured()}
}

/** Every admin page, data requests included: `Cache-Control: no-store` and `X-Robots-Tag: noindex, nofollow`. */
export const headers: HeadersFunction = () => noStoreHeaders({'X-Robots-Tag': 'noindex, nofollow'})

export default function AdminLayout() {
  const {emailConfigured} = useLoaderData<typeof loader>()
  const {pathname} = useLocation()
  // The site navigation is hidden on /login only (root.tsx); every other admin page sits below it.
  const path = pathname.replace(/\/+$/, '')
  return <AdminArea path={path} belowNav={path !== '/login'} emailConfigured={emailConfigured} />
}
