/**
 * /admin/enquiries — the administrator's inbox of contact enquiries (issue 15,
 * docs/requirements.md#req-enquiries): every message sent from the contact page, newest first,
 * searchable and filtered by status (starting on "New"), each one readable in full, with "Reply by
 * e-mail" and "Mark as handled" / "Reopen". Like /adminEnrollments and /admin/outbox it is not
 * guarded by routing: it depends on the token stored by the login (no token → 'No authentication
 * token found'; a refused token → the login form; 15 minutes idle → Logout). The loader says only
 * whether e-mail is configured (the admin pages' banner). Never indexed, never cached.
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
  pageMeta(matches, {title: 'Enquiries', description: 'Administrator inbox of contact enquiries.', robots: 'noindex, nofollow'})

export const headers: HeadersFunction = () => noStoreHeaders(NOINDEX)

export default function AdminEnquiries() {
  const {emailConfigured} = useLoaderData<typeof loader>()
  return <AdminArea variant="enquiries" belowNav emailConfigured={emailConfigured} />
}
