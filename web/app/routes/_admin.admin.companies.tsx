/**
 * /admin/companies — the companies that booked groups and their bookings, for finance and
 * registrars (docs/requirements.md#req-group-bookings): seats, named / unnamed, amount, paid or
 * due, pro-forma and receipt, the overdue ones first; finance marks a payment received or cancels
 * a booking. The session, the navigation and the headers (never cached, never indexed) are the
 * admin layout's (./_admin.tsx); the API refuses other roles (403).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {CompaniesDashboard} from '~/components/admin/CompaniesDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Companies', description: 'Administrator companies: group bookings, payments and delegates.', robots: 'noindex, nofollow'})

export default function AdminCompanies() {
  const {token, onUnauthorized} = useAdminSession()
  return <CompaniesDashboard token={token} onUnauthorized={onUnauthorized} />
}
