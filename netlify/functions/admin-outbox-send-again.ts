/**
 * POST /api/admin/outbox/:id/send-again — queue a failed message again and try it once (bearer
 * token): 401 without a valid token, 404 unknown message, 409 not failed; see
 * netlify/services/admin/outbox.ts.
 */
import type {Config} from '@netlify/functions'
import {handle, json, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {sendAgainForStaff} from '../services/admin/outbox'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  await requireBearer(request, verifyStaffToken)
  return json(await sendAgainForStaff(context.params?.id ?? ''))
})

export const config: Config = {path: '/api/admin/outbox/:id/send-again', method: 'POST'}
