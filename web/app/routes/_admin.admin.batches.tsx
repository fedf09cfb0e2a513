/**
 * /admin/batches — staff's batches page (docs/requirements.md#req-batches-staff): the upcoming
 * batches with their seats, bookings, live holds, free seats and waitlist, and per batch the
 * roster (CSV) and the waitlist. The session, the navigation and the headers (never cached, never
 * indexed) are the admin layout's (./_admin.tsx).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {BatchesDashboard} from '~/components/admin/BatchesDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Batches', description: 'Administrator batches: seats, rosters and waitlists.', robots: 'noindex, nofollow'})

export default function AdminBatches() {
  const {token, onUnauthorized} = useAdminSession()
  return <BatchesDashboard token={token} onUnauthorized={onUnauthorized} />
}
