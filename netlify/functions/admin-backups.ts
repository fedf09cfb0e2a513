/**
 * The owner's backups ('backups:manage'; docs/requirements.md#req-backups):
 * - GET /api/admin/backups → BackupStatusSchema: the last run, the archives kept, whether one runs, the warning.
 * - POST /api/admin/backups → 202 BackupStartedSchema: a backup has started (it runs after the
 *   answer, through the function's waitUntil); 409 while one runs; audited `backup-requested`.
 */
import type {Config} from '@netlify/functions'
import type {BackupStarted} from '#schemas/contracts/backup'
import {siteOrigin} from '../platform/env'
import {guardedHandle, HttpError, json} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {acquireLease, backupStatus, runBackup} from '../services/backup/backup'
import {auditStaff} from '../services/staff/audit-trail'

type Context = {waitUntil?: (promise: Promise<unknown>) => void}

export default guardedHandle('backups:manage', authorizeStaff, async (request: Request, context: Context, staff: StaffPrincipal) => {
  if (request.method === 'GET') return json(await backupStatus())
  if (request.method !== 'POST') throw new HttpError(405, 'Use GET or POST', undefined, {Allow: 'GET, POST'})
  const lease = await acquireLease()
  await auditStaff(staff, 'backup-requested', {type: 'backup', id: lease.startedAt})
  const work = runBackup({lease, origin: siteOrigin(request)}).catch((error: unknown) => console.error('[backup] the backup asked for by staff failed:', error))
  if (context.waitUntil) context.waitUntil(work)
  else await work
  return json({started: true, at: lease.startedAt} satisfies BackupStarted, {status: 202})
})

export const config: Config = {path: '/api/admin/backups', method: ['GET', 'POST']}
