/**
 * Second factors (docs/requirements.md#req-staff-accounts), pure helpers over a StaffRecord's
 * FactorsRecord; the callers store the result with updateStaff (a conditional write, so two
 * requests using one code cannot both succeed).
 *
 * - Authenticator app (TOTP, otpauth): SHA-1, 6 digits, a 30-second step, ±1 step accepted; a
 *   code's step must be later than the last one accepted, so each code works once.
 * - Recovery codes: 10 of `xxxxx-xxxxx` (base32, 50 random bits), stored as SHA-256 hashes and
 *   removed when used; shown once, when made.
 * - Passkeys: WebAuthn through @simplewebauthn/server, relying party = the site's host.
 */
import {createHash, randomBytes} from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import {Secret, TOTP} from 'otpauth'
import type {FactorsRecord, PasskeyRecord, StaffRecord} from './directory'

/** The name authenticator apps show for the account's issuer. */
export const TOTP_ISSUER = 'Maritime Training staff'
/** A TOTP step (seconds) and the steps accepted either side of now. */
export const TOTP_PERIOD_SECONDS = 30
export const TOTP_WINDOW = 1
export const RECOVERY_CODE_COUNT = 10

const totpOf = (secret: string, label = 'staff') =>
  new TOTP({issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret)})

/** A new authenticator seed for `email`: base32 (160 bits) and its otpauth:// URI. */
export function newTotpSecret(email: string): {secret: string; uri: string} {
  const secret = new Secret({size: 20}).base32
  return {secret, uri: totpOf(secret, email).toString()}
}

/** The code of `secret` at `now` (tests and the Playwright run compute what an app shows). */
export const totpCode = (secret: string, now = new Date()): string => totpOf(secret).generate({timestamp: now.getTime()})

/**
 * The time step `code` matches for `secret` at `now` (±TOTP_WINDOW steps), or null. A step not
 * later than `lastStep` is refused: the code was already used.
 */
export function matchTotp(secret: string, code: string, now: Date, lastStep = -1): number | null {
  const delta = totpOf(secret).validate({token: code, timestamp: now.getTime(), window: TOTP_WINDOW})
  if (delta === null) return null
  const step = Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta
  return step > lastStep ? step : null
}

const hashCode = (code: string) => createHash('sha256').update(code.replace(/-/g, '').toLowerCase()).digest('hex')
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567'

/** Ten new recovery codes (to show once) and their hashes (to store). */
export function newRecoveryCodes(): {codes: string[]; hashes: string[]} {
  const codes = Array.from({length: RECOVERY_CODE_COUNT}, () => {
    const bytes = randomBytes(10)
    const chars = Array.from(bytes, (b) => BASE32[b & 31]).join('')
    return `${chars.slice(0, 5)}-${chars.slice(5)}`
  })
  return {codes, hashes: codes.map(hashCode)}
}

/** `factors` without the recovery code `code`, or null when it is not one of them (or was used). */
export function useRecoveryCode(factors: FactorsRecord, code: string): FactorsRecord | null {
  const hash = hashCode(code)
  if (!factors.recoveryCodes.includes(hash)) return null
  return {...factors, recoveryCodes: factors.recoveryCodes.filter((h) => h !== hash)}
}

/** The code a staff answer holds: a 6-digit TOTP code or a recovery code. */
export const isTotpCode = (code: string): boolean => /^\d{6}$/.test(code)

/** The relying party: the site's origin and host. */
export type RelyingParty = {origin: string; rpID: string; rpName: string}

/** The relying party of `origin` (e.g. https://www.example.com). */
export const relyingParty = (origin: string): RelyingParty => ({origin, rpID: new URL(origin).hostname, rpName: 'Maritime Training staff area'})

/** Registration options for a new passkey of `record` (its existing passkeys excluded). */
export function passkeyRegistrationOptions(record: StaffRecord, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: record.email,
    userDisplayName: record.name,
    userID: new TextEncoder().encode(record.id),
    attestationType: 'none',
    excludeCredentials: record.factors.passkeys.map((p) => ({id: p.id, transports: p.transports as AuthenticatorTransport[]})),
    authenticatorSelection: {residentKey: 'preferred', userVerification: 'preferred'},
  })
}

/** The passkey a registration answer proves, or null when it does not verify against `expectedChallenge`. */
export async function verifyPasskeyRegistration(
  response: unknown,
  expectedChallenge: string,
  rp: RelyingParty,
  name: string,
  now = new Date(),
): Promise<PasskeyRecord | null> {
  try {
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    })
    if (!result.verified) return null
    const {credential} = result.registrationInfo
    return {
      id: credential.id,
      name,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      createdAt: now.toISOString(),
    }
  } catch {
    return null
  }
}

/** Authentication options for `record`'s passkeys. */
export function passkeyAuthenticationOptions(record: StaffRecord, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: record.factors.passkeys.map((p) => ({id: p.id, transports: p.transports as AuthenticatorTransport[]})),
    userVerification: 'preferred',
  })
}

/**
 * `factors` with the used passkey's new counter when `response` proves one of them for
 * `expectedChallenge`, else null.
 */
export async function verifyPasskeyAuthentication(
  factors: FactorsRecord,
  response: unknown,
  expectedChallenge: string,
  rp: RelyingParty,
): Promise<FactorsRecord | null> {
  const answer = response as AuthenticationResponseJSON
  const passkey = factors.passkeys.find((p) => p.id === answer.id)
  if (!passkey) return null
  try {
    const result = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransport[],
      },
      requireUserVerification: false,
    })
    if (!result.verified) return null
    const counter = result.authenticationInfo.newCounter
    return {...factors, passkeys: factors.passkeys.map((p) => (p.id === passkey.id ? {...p, counter} : p))}
  } catch {
    return null
  }
}
