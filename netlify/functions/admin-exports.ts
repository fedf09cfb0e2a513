/**
 * POST /api/admin/exports {list, rows, filters?} → 204: records in the audit log (`csv-export`)
 * that the page made a CSV of the rows it shows ('enrolments:export'). The rows were already
 * sent to the page by the list's own API; this names who took them out as a file, and when.
 */
import type {Config} from '@netlify/functions'
import {ExportRecordSchema} from '#schemas/contracts/staff'
import {guardedHandle, readJson, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {auditStaff} from '../services/staff/audit-trail'

export default guardedHandle('enrolments:export', authorizeStaff, async (request: Request, _context: unknown, staff: StaffPrincipal) => {
  requireMethod(request, 'POST')
  const {list, rows, filters} = await readJson(request, ExportRecordSchema)
  await auditStaff(staff, 'csv-export', {type: list, id: 'csv'}, {rows, ...(filters ? {filters} : {})})
  return new Response(null, {status: 204})
})

export const config: Config = {path: '/api/admin/exports', method: 'POST'}
