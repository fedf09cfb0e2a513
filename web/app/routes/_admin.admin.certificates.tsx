/**
 * /admin/certificates — staff's register of course certificates
 * (docs/requirements.md#req-issue-20-admin-certificates): search by number or name, the register,
 * "Expiring in 90 days", CSV, and per certificate its PDF and "Revoke", from
 * GET /api/admin/certificates with the token. The session, the navigation and the headers (never
 * cached, never indexed) are the admin layout's (./_admin.tsx).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {CertificatesDashboard} from '~/components/admin/CertificatesDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Certificates', description: 'Administrator register of course certificates.', robots: 'noindex, nofollow'})

export default function AdminCertificates() {
  const {token, onUnauthorized} = useAdminSession()
  return <CertificatesDashboard token={token} onUnauthorized={onUnauthorized} />
}
