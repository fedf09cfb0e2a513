/**
 * /admin/account — the signed-in person's own account, any role (docs/requirements.md#req-staff-accounts):
 * password, authenticator app, passkeys, recovery codes, sessions. The session, the navigation
 * and the headers (never cached, never indexed) are the admin layout's (./_admin.tsx).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {AccountDashboard} from '~/components/admin/AccountDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'My account', description: 'Your staff password, second factors and sessions.', robots: 'noindex, nofollow'})

export default function AdminAccount() {
  const {token, onUnauthorized} = useAdminSession()
  return <AccountDashboard token={token} onUnauthorized={onUnauthorized} />
}
