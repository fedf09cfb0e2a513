/**
 * /login and /admin/login (registered in web/vite.config.ts with id routes/admin-login, under the
 * admin layout): the administrator login (docs/requirements.md#req-admin-login). The layout shows
 * the form without a stored token; with one, this route shows the enrolment list in place of the
 * form. The headers (never cached, never indexed) are the layout's (./_admin.tsx).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {EnrolmentsDashboard} from '~/components/admin/EnrolmentsDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Administrator Login', description: 'Staff sign-in to the enrolment records.', robots: 'noindex, nofollow'})

export default function AdminLogin() {
  const {token, onUnauthorized} = useAdminSession()
  return <EnrolmentsDashboard token={token} onUnauthorized={onUnauthorized} />
}
