/**
 * /admin/enquiries — the administrator's inbox of contact enquiries
 * (docs/requirements.md#req-enquiries): every message sent from the contact page, newest first,
 * searchable and filtered by status (starting on "New"), each one readable in full, with "Reply by
 * e-mail" and "Mark as handled" / "Reopen". Its list gives the navigation's count of new
 * enquiries. The session, the navigation and the headers (never cached, never indexed) are the
 * admin layout's (./_admin.tsx).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {EnquiriesDashboard} from '~/components/admin/EnquiriesDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Enquiries', description: 'Administrator inbox of contact enquiries.', robots: 'noindex, nofollow'})

export default function AdminEnquiries() {
  const {token, onUnauthorized, onNewEnquiries} = useAdminSession()
  return <EnquiriesDashboard token={token} onUnauthorized={onUnauthorized} onNewCount={onNewEnquiries} />
}
