/**
 * /admin/payments — the administrator's payments page (docs/requirements.md#req-reconciliation):
 * the orders still pending more than 30 minutes after creation, each with "Check with gateway",
 * and the last 200 webhook events. The session, the navigation and the headers (never cached,
 * never indexed) are the admin layout's (./_admin.tsx).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {PaymentsDashboard} from '~/components/admin/PaymentsDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Payments', description: 'Administrator payments: orders needing attention and webhook events.', robots: 'noindex, nofollow'})

export default function AdminPayments() {
  const {token, onUnauthorized} = useAdminSession()
  return <PaymentsDashboard token={token} onUnauthorized={onUnauthorized} />
}
