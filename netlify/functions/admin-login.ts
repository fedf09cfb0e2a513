/** POST /api/admin — administrator login; see netlify/services/admin/login.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../platform/http'
import {adminLogin} from '../services/admin/login'

export default handle(async (request: Request, context: {ip?: string; params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return adminLogin(request, context)
})

export const config: Config = {path: '/api/admin', method: 'POST'}
