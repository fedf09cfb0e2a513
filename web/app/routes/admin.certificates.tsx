/**
 * /admin/certificates — staff's register of course certificates (issue 20;
 * docs/requirements.md#req-issue-20-admin-certificates): search by number or name, the register,
 * "Expiring in 90 days", CSV, and per certificate its PDF and "Revoke". Like the other admin pages
 * it is not guarded by routing: it depends on the token stored by the login (no token → 'No
 * authentication token found'; a refused token → the login form). The data comes from
 * GET /api/admin/certificates with the token. Never indexed, never cached.
 */
import {data, type HeadersFunction, type MetaFunction} from '@remix-run/node'
import {useLoaderData} from '@remix-run/react'
import {AdminArea} from '~/components/admin/AdminArea'
import {noStoreHeaders} from '#netlify/platform/cache'
import {pageMeta} from '~/lib/meta'
import {emailConfigured} from '#netlify/services/admin/outbox'

const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'}

/** `{emailConfigured}` (the admin pages' banner). */
export function loader() {
  return data({emailConfigured: emailConfigured()}, {headers: noStoreHeaders(NOINDEX)})
}

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Certificates', description: 'Administrator register of course certificates.', robots: 'noindex, nofollow'})

export const headers: HeadersFunction = () => noStoreHeaders(NOINDEX)

export default function AdminCertificates() {
  const {emailConfigured} = useLoaderData<typeof loader>()
  return <AdminArea variant="certificates" belowNav emailConfigured={emailConfigured} />
}
