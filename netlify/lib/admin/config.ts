/**
 * Administrator configuration from the environment, validated on each use (cheap) and fail
 * closed in production (isProduction() of the payments configuration, the project's one rule):
 *
 * - ADMIN_EMAIL: the account's email (compared case-insensitively). Unset → admin login is not
 *   configured (503).
 * - ADMIN_PASSWORD_HASH: `scrypt$N$r$p$salt$hash` (`npm run admin:hash`). Required in
 *   production. ADMIN_PASSWORD (plain text) is accepted ONLY outside production (embedded
 *   default and tests); in production it is ignored, and without a hash login answers 503.
 * - SESSION_SECRET: the HS256 key of admin tokens, at least 32 characters when set. Required
 *   in production; locally a random per-process secret is used when unset (tokens then die
 *   with the process).
 *
 * Problems are logged (never sent to the client) and surface as HttpError 503
 * 'Admin login is not configured'.
 */
import {randomBytes} from 'node:crypto'
import {HttpError} from '../http'
import {isProduction} from '../payments/config'
import {parsePasswordHash, type ParsedHash} from './password'

export const ADMIN_NOT_CONFIGURED = 'Admin login is not configured'
export const MIN_SECRET_LENGTH = 32

export type AdminPassword = {kind: 'hash'; hash: ParsedHash} | {kind: 'plain'; password: string}

export type AdminConfig = {
  /** Lower-cased, trimmed. */
  email: string
  password: AdminPassword
  /** HS256 key of the admin tokens. */
  secret: Uint8Array
  production: boolean
}

export class AdminConfigError extends Error {
  constructor(reason: string) {
    super(`Admin configuration error: ${reason}`)
    this.name = 'AdminConfigError'
  }
}

let processSecret: Uint8Array | undefined
/** The random per-process signing key used outside production when SESSION_SECRET is unset. */
function localSecret(): Uint8Array {
  processSecret ??= new Uint8Array(randomBytes(32))
  return processSecret
}

const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value)

/** The signing key alone (token verification needs no account): throws AdminConfigError. */
export function parseSessionSecret(source: Record<string, string | undefined> = process.env): Uint8Array {
  const secret = blank(source.SESSION_SECRET)
  if (secret !== undefined) {
    if (secret.length < MIN_SECRET_LENGTH) throw new AdminConfigError(`SESSION_SECRET must be at least ${MIN_SECRET_LENGTH} characters`)
    return new TextEncoder().encode(secret)
  }
  if (isProduction(source)) throw new AdminConfigError('production requires SESSION_SECRET (at least 32 characters)')
  return localSecret()
}

/** Validates the administrator variables of `source`. Throws AdminConfigError with the reason. */
export function parseAdminConfig(source: Record<string, string | undefined> = process.env): AdminConfig {
  const production = isProduction(source)
  const email = blank(source.ADMIN_EMAIL)?.trim().toLowerCase()
  if (!email) throw new AdminConfigError('ADMIN_EMAIL is not set')
  const secret = parseSessionSecret(source)
  const hashText = blank(source.ADMIN_PASSWORD_HASH)
  const plain = blank(source.ADMIN_PASSWORD)
  let password: AdminPassword
  if (hashText !== undefined) {
    const hash = parsePasswordHash(hashText)
    if (!hash) throw new AdminConfigError('ADMIN_PASSWORD_HASH is not a valid scrypt$N$r$p$salt$hash (run npm run admin:hash)')
    if (production && plain !== undefined) console.warn('[admin] ADMIN_PASSWORD is ignored in production: ADMIN_PASSWORD_HASH is used')
    password = {kind: 'hash', hash}
  } else if (plain !== undefined) {
    if (production) throw new AdminConfigError('a plain ADMIN_PASSWORD is refused in production: set ADMIN_PASSWORD_HASH (npm run admin:hash)')
    password = {kind: 'plain', password: plain}
  } else {
    throw new AdminConfigError('neither ADMIN_PASSWORD_HASH nor (outside production) ADMIN_PASSWORD is set')
  }
  return {email, password, secret, production}
}

function orUnavailable<T>(read: () => T): T {
  try {
    return read()
  } catch (error) {
    if (error instanceof AdminConfigError) {
      console.error(`[admin] refusing the request: ${error.message}`)
      throw new HttpError(503, ADMIN_NOT_CONFIGURED)
    }
    throw error
  }
}

/** For the functions: the configuration, or HttpError 503 (the reason is logged). */
export const requireAdminConfig = (): AdminConfig => orUnavailable(() => parseAdminConfig(process.env))
/** For the functions that only verify tokens: the signing key, or HttpError 503. */
export const requireSessionSecret = (): Uint8Array => orUnavailable(() => parseSessionSecret(process.env))
