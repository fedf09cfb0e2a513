/**
 * /admin/outbox — the administrator's e-mail outbox (issue 14): every message the site sends,
 * newest first, with "Send again" on failed ones. Like /adminEnrollments it is not guarded by
 * routing: it depends on the token stored by the login (no token → 'No authentication token
 * found'; a refused token → the login form). The loader says only whether e-mail is configured
 * (the banner "E-mail is not configured: messages stay in the outbox"). Never indexed, never
 * cached.
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

export const meta: MetaFunction = ({matches}) => pageMeta(matches, {title: 'Outbox', description: 'Administrator e-mail outbox.', robots: 'noindex, nofollow'})

export const headers: HeadersFunction = () => noStoreHeaders(NOINDEX)

export default function AdminOutbox() {
  const {emailConfigured} = useLoaderData<typeof loader>()
  return <AdminArea variant="outbox" belowNav emailConfigured={emailConfigured} />
}
