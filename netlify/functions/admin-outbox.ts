/** GET /api/admin/outbox — the e-mail outbox, newest first (bearer token); see netlify/services/admin/outbox.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {listOutboxForAdmin} from '../services/admin/outbox'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  return listOutboxForAdmin(request)
})

export const config: Config = {path: '/api/admin/outbox', method: 'GET'}
