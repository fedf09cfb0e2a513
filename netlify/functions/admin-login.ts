/**
 * POST /api/admin {email, password} → {authToken, expiresAt} when no second step is due, else
 * {secondFactor: 'required' | 'enrol', challenge}; see netlify/services/admin/login.ts.
 * Order: configuration (503, before anything is counted) → body (415/413/400, not counted) →
 * throttle (429 with Retry-After) → credentials (401 'Invalid credentials') → token or challenge.
 */
import type {Config} from '@netlify/functions'
import {AdminLoginSchema} from '#schemas/contracts/admin'
import {clientAddress, handle, HttpError, json, readJson, requireMethod} from '../platform/http'
import {requireAdminConfig} from '../services/admin/config'
import {adminLogin, INVALID_CREDENTIALS, MAX_LOGIN_BYTES} from '../services/admin/login'

/** The handler at the throttle's clock `now` (default: the time of each request; tests inject it). */
export const adminLoginHandler =
  (options: {now?: Date} = {}) =>
  async (request: Request, context?: {ip?: string}): Promise<Response> => {
    requireMethod(request, 'POST')
    requireAdminConfig()
    const credentials = await readJson(request, AdminLoginSchema, MAX_LOGIN_BYTES)
    const answer = await adminLogin(credentials, {
      client: clientAddress(request, context),
      userAgent: request.headers.get('user-agent') ?? '',
      now: options.now,
    })
    if (!answer) throw new HttpError(401, INVALID_CREDENTIALS)
    return json(answer)
  }

export default handle(adminLoginHandler())

export const config: Config = {path: '/api/admin', method: 'POST'}
