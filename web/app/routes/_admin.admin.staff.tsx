/**
 * /admin/staff — the owner's staff accounts (docs/requirements.md#req-staff-accounts): the list,
 * invites, roles, disabling, ending sessions. The session, the navigation and the headers (never
 * cached, never indexed) are the admin layout's (./_admin.tsx); the API refuses other roles (403).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {StaffDashboard} from '~/components/admin/StaffDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Staff', description: 'Staff accounts and their roles.', robots: 'noindex, nofollow'})

export default function AdminStaff() {
  const {token, onUnauthorized, me} = useAdminSession()
  return <StaffDashboard token={token} onUnauthorized={onUnauthorized} meId={me?.id ?? null} />
}
