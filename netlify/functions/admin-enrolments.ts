/**
 * GET /api/admin/enrollments (bearer token; 401 without a valid one):
 * - the spec's plain call `[?status=paid|all]`: every row, newest first (400 for another status);
 * - the paged call, naming `page` or `pageSize` (EnrolmentListQuerySchema: q, sort, dir, status,
 *   batch, from, to): `{rows, total, page, pageSize, summary}`; 400 naming a bad parameter;
 * - `format=csv` with the same filters: every matching row as a streamed CSV
 *   ('enrolments:export', else 403), the export audited (`csv-export`).
 * See netlify/services/admin/enrolments.ts.
 */
import type {Config} from '@netlify/functions'
import {EnrolmentListQuerySchema, parseAdminListStatus} from '#schemas/contracts/admin'
import {isPagedCall, parseListQuery} from '#schemas/contracts/list-query'
import {CSV_HEADER, csvFileName} from '#schemas/rules/enrolment-list'
import {NO_ACCESS} from '#schemas/rules/staff-roles'
import {csvDownload, guardedHandle, HttpError, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {enrolmentCsvRowsForStaff, enrolmentPageForStaff, listEnrolmentsForStaff} from '../services/admin/enrolments'
import {auditStaff} from '../services/staff/audit-trail'

export default guardedHandle('enrolments:read', authorizeStaff, async (request: Request, _context: unknown, staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  const params = new URL(request.url).searchParams
  if (!isPagedCall(params) && !params.has('format')) {
    const query = parseAdminListStatus(params)
    if (!query.ok) throw new HttpError(400, query.message)
    return json(await listEnrolmentsForStaff(query.status))
  }
  const parsed = parseListQuery(EnrolmentListQuerySchema, params)
  if (!parsed.ok) throw new HttpError(400, parsed.message)
  const query = parsed.query
  if (query.format === 'csv') {
    if (!staff.permissions.includes('enrolments:export')) throw new HttpError(403, NO_ACCESS)
    const {page: _page, pageSize: _pageSize, format: _format, ...filters} = query
    await auditStaff(staff, 'csv-export', {type: 'enrolments', id: 'csv'}, {filters})
    return csvDownload(csvFileName(new Date()), CSV_HEADER, enrolmentCsvRowsForStaff(query))
  }
  return json(await enrolmentPageForStaff(query, {revenue: staff.permissions.includes('revenue:read')}))
})

export const config: Config = {path: '/api/admin/enrollments', method: 'GET'}
