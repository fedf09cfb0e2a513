/**
 * An invite link (no bearer token: the link's token stands for the invite); see
 * netlify/services/staff/links.ts. 410 with a clear message for a used, replaced or expired link.
 * - GET  /api/admin/invite/:token → {email, name, role, expiresAt}
 * - POST /api/admin/invite/:token/totp → {secret, uri} (the authenticator to set up)
 * - POST /api/admin/invite/:token {password, code} → {recoveryCodes, authToken, expiresAt}: the
 *   account is ready and signed in; 400 names a weak password or a wrong code.
 */
import type {Config} from '@netlify/functions'
import {InviteAcceptSchema, LinkTokenSchema} from '#schemas/contracts/staff'
import {ServiceError} from '../platform/errors'
import {clientAddress, handle, HttpError, json, readJson} from '../platform/http'
import {requireAdminConfig} from '../services/admin/config'
import {signAdminToken} from '../services/admin/token'
import {acceptInvite, INVITE_GONE, inviteTotpSetup, viewInvite} from '../services/staff/links'
import {createSession} from '../services/staff/sessions'

export default handle(async (request: Request, context: {params?: Record<string, string>; ip?: string}) => {
  const config = requireAdminConfig()
  const token = LinkTokenSchema.safeParse(context.params?.token ?? '')
  if (!token.success) throw new ServiceError('gone', INVITE_GONE)
  const totp = new URL(request.url).pathname.replace(/\/+$/, '').endsWith('/totp')
  if (request.method === 'GET' && !totp) return json(await viewInvite(token.data))
  if (request.method !== 'POST') throw new HttpError(405, 'Use GET or POST', undefined, {Allow: 'GET, POST'})
  if (totp) return json(await inviteTotpSetup(token.data))
  const body = await readJson(request, InviteAcceptSchema)
  const client = clientAddress(request, context)
  const {record, recoveryCodes} = await acceptInvite(token.data, body, {client})
  const session = await createSession(record.id, {address: client, userAgent: request.headers.get('user-agent') ?? ''})
  const {token: authToken, expiresAt} = await signAdminToken({staffId: record.id, sessionId: session.id}, config.secret)
  return json({recoveryCodes, authToken, expiresAt})
})

export const config: Config = {path: ['/api/admin/invite/:token', '/api/admin/invite/:token/totp'], method: ['GET', 'POST']}
