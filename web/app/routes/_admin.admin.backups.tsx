/**
 * /admin/backups — the owner's backups (docs/requirements.md#req-backup-status): the last backup,
 * the archives kept and "Back up now". The session, the navigation and the headers (never cached,
 * never indexed) are the admin layout's (./_admin.tsx); the API refuses other roles (403).
 */
import type {MetaFunction} from '@remix-run/node'
import {useAdminSession} from '~/components/admin/AdminArea'
import {BackupsDashboard} from '~/components/admin/BackupsDashboard'
import {pageMeta} from '~/lib/meta'

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Backups', description: 'The daily backups of the site’s data.', robots: 'noindex, nofollow'})

export default function AdminBackups() {
  const {token, onUnauthorized} = useAdminSession()
  return <BackupsDashboard token={token} onUnauthorized={onUnauthorized} />
}
