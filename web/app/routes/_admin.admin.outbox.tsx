/**
 * /admin/outbox — the administrator's e-mail outbox: every message the site sends, newest first,
 * with "Send again" on failed ones. The session, the navigation, the banner "E-mail is not
 * configured: messages stay in the outbox" and the headers (never cached, never indexed) are the
 * admin layout's (./_admin.tsx).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {OutboxDashboard} from '~/components/admin/OutboxDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) => pageMeta(matches, {title: 'Outbox', description: 'Administrator e-mail outbox.', robots: 'noindex, nofollow'})

export default function AdminOutbox() {
  const {token, onUnauthorized} = useAdminSession()
  return <OutboxDashboard token={token} onUnauthorized={onUnauthorized} />
}
