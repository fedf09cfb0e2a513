/** GET /api/admin/outbox — the e-mail outbox, newest first (bearer token); see netlify/lib/admin/outbox.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {listOutboxForAdmin} from '../lib/admin/outbox'

export default handle(async (request: Request) => {
  requireMethod(request, 'GET')
  return listOutboxForAdmin(request)
})

export const config: Config = {path: '/api/admin/outbox', method: 'GET'}
