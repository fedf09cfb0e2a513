/**
 * The sign-in steps after the password (browser code; docs/requirements.md#req-staff-accounts):
 * the second factor (a code or a passkey), a first authenticator for an account without one,
 * and the "Forgot password?" request. Each resolves to what the form shows; none throws.
 */
import {SecondFactorResponseSchema, TotpSetupSchema, type TotpSetup} from '#schemas/contracts/staff'
import {errorText} from './admin-fetch'

export const SIGN_IN_MESSAGES = {
  invalidCode: 'Invalid authentication code',
  failed: 'The sign-in could not be completed. Please try again.',
  passkeyCancelled: 'The passkey sign-in was cancelled.',
  resetSent: 'If this address has a staff account, a reset link is on its way. It works once, for 30 minutes.',
} as const

export type StepResult = {ok: true; token: string; recoveryCodes: string[] | null} | {ok: false; message: string; restart: boolean}

async function post(path: string, body: unknown): Promise<Response | null> {
  try {
    return await fetch(path, {method: 'POST', headers: {'Content-Type': 'application/json', Accept: 'application/json'}, body: JSON.stringify(body)})
  } catch {
    return null
  }
}

/** A failed step's message; `restart` when the challenge is gone (410) and the password step must be done again. */
async function failure(response: Response | null): Promise<StepResult> {
  if (!response) return {ok: false, message: SIGN_IN_MESSAGES.failed, restart: false}
  if (response.status === 401) return {ok: false, message: SIGN_IN_MESSAGES.invalidCode, restart: false}
  return {ok: false, message: (await errorText(response)) ?? SIGN_IN_MESSAGES.failed, restart: response.status === 410}
}

/** POST /api/admin/second-factor with a code or a WebAuthn answer. */
export async function answerSecondFactor(challenge: string, answer: {code: string} | {webauthn: unknown}): Promise<StepResult> {
  const response = await post('/api/admin/second-factor', {challenge, ...answer})
  if (!response?.ok) return failure(response)
  const body = SecondFactorResponseSchema.safeParse(await response.json().catch(() => null))
  return body.success
    ? {ok: true, token: body.data.authToken, recoveryCodes: body.data.recoveryCodes ?? null}
    : {ok: false, message: SIGN_IN_MESSAGES.failed, restart: false}
}

/** Signs in with a passkey: the options, the browser's ceremony (@simplewebauthn/browser, loaded on use), the answer. */
export async function signInWithPasskey(challenge: string): Promise<StepResult> {
  const response = await post('/api/admin/second-factor/passkey', {challenge})
  if (!response?.ok) return failure(response)
  const {startAuthentication} = await import('@simplewebauthn/browser')
  let webauthn: unknown
  try {
    webauthn = await startAuthentication({optionsJSON: await response.json()})
  } catch {
    return {ok: false, message: SIGN_IN_MESSAGES.passkeyCancelled, restart: false}
  }
  return answerSecondFactor(challenge, {webauthn})
}

/** A first authenticator's seed for an account without a second factor (answered `enrol`). */
export async function startEnrolment(challenge: string): Promise<{ok: true; setup: TotpSetup} | {ok: false; message: string; restart: boolean}> {
  const response = await post('/api/admin/second-factor/enrol', {challenge})
  if (!response?.ok) {
    const failed = await failure(response)
    return failed.ok ? {ok: false, message: SIGN_IN_MESSAGES.failed, restart: false} : failed
  }
  const body = TotpSetupSchema.safeParse(await response.json().catch(() => null))
  return body.success ? {ok: true, setup: body.data} : {ok: false, message: SIGN_IN_MESSAGES.failed, restart: false}
}

/** "Forgot password?": POST /api/admin/password-reset; the same words for every address, the server's for 400 and 429. */
export async function requestPasswordReset(email: string): Promise<{ok: boolean; message: string}> {
  const response = await post('/api/admin/password-reset', {email})
  if (response?.status === 202) return {ok: true, message: SIGN_IN_MESSAGES.resetSent}
  return {ok: false, message: (response && (await errorText(response))) ?? SIGN_IN_MESSAGES.failed}
}
