/**
 * POST /api/admin/staff/:id/sessions/end — ends every live session of a person (owner:
 * 'sessions:manage') → {ended}; 404 unknown person. See netlify/services/staff/manage.ts.
 */
import type {Config} from '@netlify/functions'
import {StaffIdSchema} from '#schemas/contracts/staff'
import {guardedHandle, json, parseWith, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {endStaffSessions} from '../services/staff/manage'

export default guardedHandle('sessions:manage', authorizeStaff, async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
  requireMethod(request, 'POST')
  const id = parseWith(StaffIdSchema, context.params?.id ?? '')
  return json(await endStaffSessions(id, {id: staff.id, email: staff.email, name: staff.name, client: staff.client}))
})

export const config: Config = {path: '/api/admin/staff/:id/sessions/end', method: 'POST'}
