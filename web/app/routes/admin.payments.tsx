/**
 * /admin/payments — the administrator's payments page (issue 15;
 * docs/requirements.md#req-reconciliation): the orders still pending more than 30 minutes after
 * creation, each with "Check with gateway", and the last 200 webhook events. Like /admin/outbox
 * it is not guarded by routing: it depends on the token stored by the login (no token → 'No
 * authentication token found'; a refused token → the login form). The loader says only whether
 * e-mail is configured (the admin pages' banner). Never indexed, never cached.
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
  pageMeta(matches, {title: 'Payments', description: 'Administrator payments: orders needing attention and webhook events.', robots: 'noindex, nofollow'})

export const headers: HeadersFunction = () => noStoreHeaders(NOINDEX)

export default function AdminPayments() {
  const {emailConfigured} = useLoaderData<typeof loader>()
  return <AdminArea variant="payments" belowNav emailConfigured={emailConfigured} />
}
