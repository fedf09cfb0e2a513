/**
 * GET /api/admin/audit?actor=&action=&target=&from=&to=&page=&pageSize=&q=&sort=&dir=[&format=csv]
 * — the audit log (owner: 'audit:read'), newest first, 50 a page unless `pageSize` says:
 * `{rows, total, page, pageSize}`; with `format=csv` every matching entry, streamed as
 * `audit-log-YYYY-MM-DD.csv` (the export is itself audited). 400 names a bad parameter
 * (docs/requirements.md#req-admin-list-queries); see netlify/services/audit/audit.ts.
 */
import type {Config} from '@netlify/functions'
import {AuditQuerySchema, auditCsvFileName} from '#schemas/contracts/audit'
import {exportFilters} from '#schemas/contracts/list-query'
import {csvDownload, guardedHandle, json, readListQuery, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {AUDIT_CSV_HEADER, auditCsvRows, queryAudit} from '../services/audit/audit'
import {recordAudit, staffActor} from '../services/staff/audit-trail'

export default guardedHandle('audit:read', authorizeStaff, async (request: Request, _context: unknown, staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  const query = readListQuery(request, AuditQuerySchema)
  if (query.format !== 'csv') return json(await queryAudit(query))
  const rows = await auditCsvRows(query)
  await recordAudit({
    actor: staffActor(staff),
    client: staff.client,
    action: 'csv-export',
    target: {type: 'audit-log', id: 'audit'},
    summary: {filters: exportFilters(query)},
  })
  return csvDownload(auditCsvFileName(new Date()), AUDIT_CSV_HEADER, rows)
})

export const config: Config = {path: '/api/admin/audit', method: 'GET'}
