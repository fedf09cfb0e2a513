/**
 * /adminEnrollments — the administrator enrolment list (docs/requirements.md#req-admin-list). The
 * session ('No authentication token found' without a token), the navigation and the headers
 * (never cached, never indexed) are the admin layout's (./_admin.tsx).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {EnrolmentsDashboard} from '~/components/admin/EnrolmentsDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Enrolment Records', description: 'Administrator enrollment list.', robots: 'noindex, nofollow'})

export default function AdminEnrollments() {
  const {token, onUnauthorized} = useAdminSession()
  return <EnrolmentsDashboard token={token} onUnauthorized={onUnauthorized} />
}
