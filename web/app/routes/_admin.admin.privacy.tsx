/**
 * /admin/privacy — the owner's privacy requests (docs/requirements.md#req-privacy): look up a
 * person by e-mail, export their data, erase it. The session, the navigation and the headers
 * (never cached, never indexed) are the admin layout's (./_admin.tsx); the API refuses other
 * roles (403).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {PrivacyDashboard} from '~/components/admin/PrivacyDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Privacy requests', description: 'Export or erase a person’s data.', robots: 'noindex, nofollow'})

export default function AdminPrivacy() {
  const {token, onUnauthorized} = useAdminSession()
  return <PrivacyDashboard token={token} onUnauthorized={onUnauthorized} />
}
