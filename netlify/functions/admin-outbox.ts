/** GET /api/admin/outbox — the outgoing e-mail, newest first (bearer token); see netlify/services/admin/outbox.ts. */
import type {Config} from '@netlify/functions'
import {guardedHandle, json, requireMethod} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {listOutboxForStaff} from '../services/admin/outbox'

export default guardedHandle('outbox:read', authorizeStaff, async (request: Request, _context: unknown, _staff: StaffPrincipal) => {
  requireMethod(request, 'GET')
  return json(await listOutboxForStaff())
})

export const config: Config = {path: '/api/admin/outbox', method: 'GET'}
