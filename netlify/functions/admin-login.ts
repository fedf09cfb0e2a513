/** POST /api/admin — administrator login; see netlify/lib/admin/login.ts. */
import type {Config} from '@netlify/functions'
import {handle, requireMethod} from '../lib/http'
import {adminLogin} from '../lib/admin/login'

export default handle(async (request: Request, context: {ip?: string; params?: Record<string, string>}) => {
  requireMethod(request, 'POST')
  return adminLogin(request, context)
})

export const config: Config = {path: '/api/admin', method: 'POST'}
