/**
 * POST /api/admin/outbox/:id/send-again — queue a failed message again and try it once (bearer
 * token): 401 without a valid token, 404 unknown message, 409 not failed; see
 * netlify/services/admin/outbox.ts.
 */
import type {Config} from '@netlify/functions'
import {guardedHandle, json, requireMethod} from '../platform/http'
import {auditStaff} from '../services/staff/audit-trail'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {sendAgainForStaff} from '../services/admin/outbox'

export default guardedHandle('outbox:send', authorizeStaff, async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
  requireMethod(request, 'POST')
  const answer = await sendAgainForStaff(context.params?.id ?? '')
  await auditStaff(staff, 'outbox-send-again', {type: 'outbox', id: answer.id}, {status: answer.status})
  return json(answer)
})

export const config: Config = {path: '/api/admin/outbox/:id/send-again', method: 'POST'}
