/**
 * The second sign-in step (no bearer token: the challenge of POST /api/admin stands for the right
 * password); see netlify/services/admin/login.ts.
 * - POST /api/admin/second-factor {challenge, code} or {challenge, webauthn} → {authToken,
 *   expiresAt, recoveryCodes?}: 401 'Invalid authentication code', 410 for a used or expired
 *   challenge, 429 with Retry-After from the login throttle.
 * - POST /api/admin/second-factor/passkey {challenge} → the WebAuthn request options.
 * - POST /api/admin/second-factor/enrol {challenge} → {secret, uri}: a first authenticator for an
 *   account that has none (answered `secondFactor: 'enrol'`), confirmed by the first call above.
 */
import type {Config} from '@netlify/functions'
import {ChallengeRequestSchema, SecondFactorRequestSchema} from '#schemas/contracts/staff'
import {siteOrigin} from '../platform/env'
import {clientAddress, handle, json, readJson, requireMethod} from '../platform/http'
import {requireAdminConfig} from '../services/admin/config'
import {enrolmentTotpSetup, MAX_LOGIN_BYTES, passkeySignInOptions, secondFactorSignIn} from '../services/admin/login'

/** The handler at the throttle's clock `now` (default: the time of each request; tests inject it). */
export const secondFactorHandler =
  (options: {now?: Date} = {}) =>
  async (request: Request, context?: {ip?: string}): Promise<Response> => {
    requireMethod(request, 'POST')
    requireAdminConfig()
    const step = new URL(request.url).pathname.replace(/\/+$/, '').split('/').pop()
    if (step === 'passkey') {
      const {challenge} = await readJson(request, ChallengeRequestSchema, MAX_LOGIN_BYTES)
      return json(await passkeySignInOptions(challenge, {origin: siteOrigin(request), now: options.now}))
    }
    if (step === 'enrol') {
      const {challenge} = await readJson(request, ChallengeRequestSchema, MAX_LOGIN_BYTES)
      return json(await enrolmentTotpSetup(challenge, {now: options.now}))
    }
    const body = await readJson(request, SecondFactorRequestSchema, MAX_LOGIN_BYTES)
    const client = {address: clientAddress(request, context), userAgent: request.headers.get('user-agent') ?? ''}
    return json(await secondFactorSignIn(body, {client, origin: siteOrigin(request), now: options.now}))
  }

export default handle(secondFactorHandler())

export const config: Config = {path: ['/api/admin/second-factor', '/api/admin/second-factor/passkey', '/api/admin/second-factor/enrol'], method: 'POST'}
