/**
 * GET /api/admin/audit?actor=&action=&target=&from=&to=&page=[&format=csv] — the audit log
 * (owner: 'audit:read'), newest first, 50 a page: `{rows, total, page, pageSize}`; with
 * `format=csv` every matching entry as `audit-log-YYYY-MM-DD.csv` (the export is itself audited).
 * 400 names a bad parameter; see netlify/services/audit/audit.ts.
 */
import type {Config} from '@netlify/functions'
import {auditCsvFileName} from '#schemas/contracts/audit'
import {download, guardedHandle, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {auditCsv, queryAudit} from '../services/audit/audit'
import {recordAudit, staffActor} from '../services/staff/audit-trail'

export default guardedHandle('audit:read', authorizeStaff, async (request: Request, _context: unknown, staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  const query = Object.fromEntries(new URL(request.url).searchParams)
  if (query.format !== 'csv') return json(await queryAudit(query))
  const csv = await auditCsv(query)
  const {format: _format, page: _page, ...filters} = query
  await recordAudit({actor: staffActor(staff), client: staff.client, action: 'csv-export', target: {type: 'audit-log', id: 'audit'}, summary: {filters}})
  return download(new TextEncoder().encode(csv), {contentType: 'text/csv; charset=utf-8', fileName: auditCsvFileName(new Date())})
})

export const config: Config = {path: '/api/admin/audit', method: 'GET'}
