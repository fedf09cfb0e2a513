/** GET /api/admin/outbox — the outgoing e-mail, newest first (bearer token); see netlify/services/admin/outbox.ts. */
import type {Config} from '@netlify/functions'
import {handle, json, requireBearer, requireMethod} from '../platform/http'
import {verifyStaffToken} from '../services/admin/auth'
import {listOutboxForStaff} from '../services/admin/outbox'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  await requireBearer(request, verifyStaffToken)
  return json(await listOutboxForStaff())
})

export const config: Config = {path: '/api/admin/outbox', method: 'GET'}
