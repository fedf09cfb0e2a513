/**
 * Staff accounts (owner: 'staff:manage'); see netlify/services/staff/manage.ts.
 * - GET /api/admin/staff → [{id, email, name, role, status, lastLoginAt, factors, …}]
 * - POST /api/admin/staff {email, name, role} → 201 the person, and the invite e-mail; 409 when
 *   the e-mail already has an account.
 * - PATCH /api/admin/staff/:id {role?, status?} (If-Match: the person's updatedAt, optional) →
 *   the person; 409 for the bootstrap owner, oneself, or a person changed meanwhile.
 * - POST /api/admin/staff/:id/invite → 201 the person with a new invite (the old link void).
 */
import type {Config} from '@netlify/functions'
import {StaffIdSchema, StaffInviteRequestSchema, StaffPatchSchema} from '#schemas/contracts/staff'
import {siteOrigin} from '../platform/env'
import {guardedHandle, HttpError, json, parseWith, readJson} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {inviteStaff, listStaffMembers, patchStaff, resendInvite} from '../services/staff/manage'

export default guardedHandle('staff:manage', authorizeStaff, async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
  const by = {id: staff.id, email: staff.email, name: staff.name, client: staff.client}
  const id = context.params?.id
  const resend = new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/invite')
  if (id === undefined) {
    if (request.method === 'GET') return json(await listStaffMembers())
    if (request.method !== 'POST') throw new HttpError(405, 'Use GET or POST', undefined, {Allow: 'GET, POST'})
    const body = await readJson(request, StaffInviteRequestSchema)
    return json(await inviteStaff(body, by, {origin: siteOrigin(request)}), {status: 201})
  }
  const staffId = parseWith(StaffIdSchema, id)
  if (resend) {
    if (request.method !== 'POST') throw new HttpError(405, 'Use POST', undefined, {Allow: 'POST'})
    return json(await resendInvite(staffId, by, {origin: siteOrigin(request)}), {status: 201})
  }
  if (request.method !== 'PATCH') throw new HttpError(405, 'Use PATCH', undefined, {Allow: 'PATCH'})
  const patch = await readJson(request, StaffPatchSchema)
  const ifMatch = request.headers.get('if-match')?.replace(/^W\//, '').replace(/"/g, '').trim() || undefined
  return json(await patchStaff(staffId, patch, by, {ifUpdatedAt: ifMatch}))
})

export const config: Config = {path: ['/api/admin/staff', '/api/admin/staff/:id', '/api/admin/staff/:id/invite'], method: ['GET', 'POST', 'PATCH']}
