/**
 * /adminEnrollments — the administrator enrollment list (docs/requirements.md#req-admin-list; issue 5). Not guarded
 * by routing: it depends on the token stored by the login (no token → 'No authentication token
 * found'). Never indexed, never cached.
 */
import type {HeadersFunction, MetaFunction} from '@remix-run/node'
import {AdminArea} from '~/components/admin/AdminArea'
import {noStoreHeaders} from '~/lib/cache.server'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Enrolment Records', description: 'Administrator enrollment list.', robots: 'noindex, nofollow'})

export const headers: HeadersFunction = () => noStoreHeaders({'X-Robots-Tag': 'noindex, nofollow'})

export default function AdminEnrollments() {
  return <AdminArea variant="list" belowNav />
}
