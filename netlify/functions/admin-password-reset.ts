/**
 * Staff password reset (no bearer token); see netlify/services/staff/links.ts.
 * - POST /api/admin/password-reset {email} → 202 whatever the address: the link (30 minutes, used
 *   once) is e-mailed after the answer, so known and unknown addresses answer alike and as fast.
 *   429 with Retry-After past RATE_LIMIT_PASSWORD_RESET_CLIENT (per client) or
 *   RATE_LIMIT_PASSWORD_RESET (per address; also answered alike for unknown addresses).
 * - POST /api/admin/password-reset/:token {password} → 204; 410 used or expired; 400 weak password.
 */
import type {Config} from '@netlify/functions'
import {LinkTokenSchema, NewPasswordSchema, PasswordResetRequestSchema} from '#schemas/contracts/staff'
import {siteOrigin} from '../platform/env'
import {ServiceError} from '../platform/errors'
import {clientAddress, handle, json, readJson, requireMethod} from '../platform/http'
import {checkNamedRateLimit} from '../platform/rate-limit'
import {requireAdminConfig} from '../services/admin/config'
import {findStaffId} from '../services/staff/directory'
import {completePasswordReset, requestPasswordReset, RESET_GONE} from '../services/staff/links'

export const TOO_MANY_RESETS = 'Too many password reset requests. Please try again later.'

export default handle(async (request: Request, context: {params?: Record<string, string>; ip?: string; waitUntil?: (promise: Promise<unknown>) => void}) => {
  requireMethod(request, 'POST')
  requireAdminConfig()
  const client = clientAddress(request, context)
  if (context.params?.token !== undefined) {
    const token = LinkTokenSchema.safeParse(context.params.token)
    if (!token.success) throw new ServiceError('gone', RESET_GONE)
    const {password} = await readJson(request, NewPasswordSchema)
    await completePasswordReset(token.data, password, {client})
    return new Response(null, {status: 204})
  }
  const {email} = await readJson(request, PasswordResetRequestSchema)
  for (const [name, key] of [
    ['PASSWORD_RESET_CLIENT', client],
    ['PASSWORD_RESET', email],
  ] as const) {
    const limit = await checkNamedRateLimit(name, key)
    if (!limit.allowed) throw new ServiceError('limited', TOO_MANY_RESETS, {retryAfterSeconds: limit.retryAfterSeconds})
  }
  const work = requestPasswordReset(email, {origin: siteOrigin(request), client, findId: findStaffId}).catch((error: unknown) =>
    console.error('[staff] a password reset could not be sent', error instanceof Error ? error.message : String(error)),
  )
  if (context.waitUntil) context.waitUntil(work)
  else void work
  return json({message: 'If this address has a staff account, a reset link is on its way.'}, {status: 202})
})

export const config: Config = {path: ['/api/admin/password-reset', '/api/admin/password-reset/:token'], method: 'POST'}
