/** POST /api/admin/outbox/:id/send-again — queue a failed message again and try it at once (bearer token); see netlify/services/admin/outbox.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {sendAgainForAdmin} from '../services/admin/outbox'

export default handle(async (request: Request, context: {params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return sendAgainForAdmin(request, context)
})

export const config: Config = {path: '/api/admin/outbox/:id/send-again', method: 'POST'}
