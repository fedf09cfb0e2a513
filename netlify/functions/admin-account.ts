/**
 * The signed-in person's own account (any role; bearer token); see netlify/services/staff/account.ts.
 * - GET  /api/admin/me → {id, email, name, role, permissions, secondFactorDue, backupWarning} (backupWarning: the red banner's text, or null)
 * - POST /api/admin/sign-out → 204 (the session ends)
 * - GET  /api/admin/account → {me, factors, passkeys, sessions}
 * - POST /api/admin/account/password {currentPassword, password} → 204
 * - POST /api/admin/account/totp → {secret, uri}; POST /api/admin/account/totp/confirm {code} → {recoveryCodes}
 * - POST /api/admin/account/recovery-codes → {recoveryCodes} (the old ones void)
 * - POST /api/admin/account/passkeys/options → WebAuthn registration options;
 *   POST /api/admin/account/passkeys {name, webauthn} → 201 {passkey, recoveryCodes}
 * - DELETE /api/admin/account/factors/:factor ('totp' or a passkey id) → 204 (never the last one)
 * - POST /api/admin/account/sessions/:id/end → {ended}
 */
import type {Config} from '@netlify/functions'
import {z} from 'zod'
import {PasskeyRegisterSchema, PasswordChangeSchema, TotpConfirmSchema} from '#schemas/contracts/staff'
import {siteOrigin} from '../platform/env'
import {guardedHandle, HttpError, json, parseWith, readJson} from '../platform/http'
import {authorizeStaff, type StaffPrincipal} from '../services/admin/auth'
import {
  accountOf,
  changePassword,
  confirmTotpSetup,
  endOwnSession,
  finishPasskeyRegistration,
  meNow,
  regenerateRecoveryCodes,
  removeFactor,
  signOut,
  startPasskeyRegistration,
  startTotpSetup,
} from '../services/staff/account'

const PathPartSchema = z.string().regex(/^[A-Za-z0-9_-]{1,1024}$/, 'Not found')

export default guardedHandle(null, authorizeStaff, async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
  const me = {id: staff.id, email: staff.email, name: staff.name, sessionId: staff.sessionId, client: staff.client}
  const path = new URL(request.url).pathname.replace(/\/+$/, '').replace(/^\/api\/admin\//, '')
  const route = `${request.method} ${path.replace(/^account\/(factors|sessions)\/[^/]+/, 'account/$1/:id')}`
  const noContent = () => new Response(null, {status: 204})
  switch (route) {
    case 'GET me':
      return json(await meNow(me))
    case 'POST sign-out':
      await signOut(me)
      return noContent()
    case 'GET account':
      return json(await accountOf(me))
    case 'POST account/password':
      await changePassword(me, await readJson(request, PasswordChangeSchema))
      return noContent()
    case 'POST account/totp':
      return json(await startTotpSetup(me))
    case 'POST account/totp/confirm':
      return json(await confirmTotpSetup(me, (await readJson(request, TotpConfirmSchema)).code))
    case 'POST account/recovery-codes':
      return json(await regenerateRecoveryCodes(me))
    case 'POST account/passkeys/options':
      return json(await startPasskeyRegistration(me, {origin: siteOrigin(request)}))
    case 'POST account/passkeys':
      return json(await finishPasskeyRegistration(me, await readJson(request, PasskeyRegisterSchema), {origin: siteOrigin(request)}), {status: 201})
    case 'DELETE account/factors/:id':
      await removeFactor(me, parseWith(PathPartSchema, context.params?.factor ?? ''))
      return noContent()
    case 'POST account/sessions/:id/end':
      return json(await endOwnSession(me, parseWith(PathPartSchema, context.params?.id ?? '')))
    default:
      throw new HttpError(405, 'This method is not allowed here')
  }
})

export const config: Config = {
  path: [
    '/api/admin/me',
    '/api/admin/sign-out',
    '/api/admin/account',
    '/api/admin/account/password',
    '/api/admin/account/totp',
    '/api/admin/account/totp/confirm',
    '/api/admin/account/recovery-codes',
    '/api/admin/account/passkeys/options',
    '/api/admin/account/passkeys',
    '/api/admin/account/factors/:factor',
    '/api/admin/account/sessions/:id/end',
  ],
  method: ['GET', 'POST', 'DELETE'],
}
