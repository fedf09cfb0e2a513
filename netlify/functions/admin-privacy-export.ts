/**
 * POST /api/admin/privacy/export {email} — a zip of everything the site holds about a person
 * (owner: 'privacy:manage'): 200 application/zip as an attachment
 * `personal-data-{hash}-{YYYY-MM-DD}.zip`, never stored (Cache-Control: no-store). The export is
 * written to the audit log (`privacy-export`, target `person:{SHA-256 of the address}`, the counts).
 * 400 a bad address, 404 nothing names it, 415 not JSON. See netlify/services/privacy/export.ts.
 */
import type {Config} from '@netlify/functions'
import {MAX_PRIVACY_BODY_BYTES, PrivacyExportRequestSchema} from '#schemas/contracts/privacy'
import {download, guardedHandle, readJson, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {exportPerson} from '../services/privacy/export'
import {auditStaff} from '../services/staff/audit-trail'

export default guardedHandle('privacy:manage', authorizeStaff, async (request: Request, _context: unknown, staff: StaffPrincipal) => {
  requireMethod(request, 'POST')
  const {email} = await readJson(request, PrivacyExportRequestSchema, MAX_PRIVACY_BODY_BYTES)
  const archive = await exportPerson(email)
  await auditStaff(staff, 'privacy-export', {type: 'person', id: archive.emailHash}, {counts: archive.counts, documents: archive.documents})
  return download(archive.bytes, {contentType: 'application/zip', fileName: archive.fileName})
})

export const config: Config = {path: '/api/admin/privacy/export', method: 'POST'}
