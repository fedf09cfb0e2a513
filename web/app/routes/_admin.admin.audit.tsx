/**
 * /admin/audit — the owner's audit log (docs/requirements.md#req-audit-log): filters, server
 * paging, CSV export. The session, the navigation and the headers (never cached, never indexed)
 * are the admin layout's (./_admin.tsx); the API refuses other roles (403).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {AuditDashboard} from '~/components/admin/AuditDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Audit log', description: 'Who did what in the staff area.', robots: 'noindex, nofollow'})

export default function AdminAudit() {
  const {token, onUnauthorized} = useAdminSession()
  return <AuditDashboard token={token} onUnauthorized={onUnauthorized} />
}
