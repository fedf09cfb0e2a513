/**
 * /adminEnrollments — the administrator enrollment list (docs/requirements.md#req-admin-list; issue 5). Not guarded
 * by routing: it depends on the token stored by the login (no token → 'No authentication token
 * found'). The loader says only whether e-mail is configured (the banner of the admin pages,
 * issue 14). Never indexed, never cached.
 */
import {data, type HeadersFunction, type MetaFunction} from '@remix-run/node'
import {useLoaderData} from '@remix-run/react'
import {AdminArea} from '~/components/admin/AdminArea'
import {noStoreHeaders} from '#netlify/platform/cache'
import {pageMeta} from '~/lib/meta'
import {emailConfigured} from '#netlify/services/admin/outbox'

const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'}

/** `{emailConfigured}`: false when there is no mail transport (SMTP_URL unset). */
export function loader() {
  return data({emailConfigured: emailConfigured()}, {headers: noStoreHeaders(NOINDEX)})
}

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Enrolment Records', description: 'Administrator enrollment list.', robots: 'noindex, nofollow'})

export const headers: HeadersFunction = () => noStoreHeaders(NOINDEX)

export default function AdminEnrollments() {
  const {emailConfigured} = useLoaderData<typeof loader>()
  return <AdminArea variant="list" belowNav emailConfigured={emailConfigured} />
}
