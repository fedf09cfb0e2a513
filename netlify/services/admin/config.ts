/**
 * Administrator configuration: the variables' formats are AdminEnvSchema of the one environment
 * schema (netlify/platform/env.ts); this module adds the rules below, validated on
 * each use (cheap) and fail closed in production (isProduction() of env.server.ts, the
 * project's one rule):
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
 * Problems are logged (never sent to the client) and surface as ServiceError 'unavailable' (503)
 * 'Admin login is not configured'.
 */
import {randomBytes} from 'node:crypto'
import {AdminEnvSchema, EnvError, isProduction, MIN_SESSION_SECRET_LENGTH, parseEnvSection, type EnvSource} from '#netlify/platform/env'
import {ServiceError} from '#netlify/platform/errors'
import type {ParsedHash} from '#netlify/platform/password'

export const ADMIN_NOT_CONFIGURED = 'Admin login is not configured'
export const MIN_SECRET_LENGTH = MIN_SESSION_SECRET_LENGTH

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

/** An account's email as compared and throttled: trimmed, lower-case (as ADMIN_EMAIL is read). */
export const normaliseAccount = (email: string): string => email.trim().toLowerCase()

/**
 * Where the per-process key lives: on globalThis under a registered symbol, because this module is
 * loaded twice in one local server (the page bundle and the functions each hold a copy), and a
 * portal session opened by a page must verify in a function.
 */
const PROCESS_SECRET = Symbol.for('maritime-training.session-secret.local')

/** The random per-process signing key used outside production when SESSION_SECRET is unset. */
function localSecret(): Uint8Array {
  const holder = globalThis as unknown as Record<symbol, Uint8Array | undefined>
  holder[PROCESS_SECRET] ??= new Uint8Array(randomBytes(32))
  return holder[PROCESS_SECRET]
}

/** SESSION_SECRET alone (token verification reads nothing else). */
const SESSION_SECRET_ONLY = AdminEnvSchema.pick({SESSION_SECRET: true})

/** The section `schema` of AdminEnvSchema in `source`, typed; a malformed variable is an AdminConfigError naming it. */
function adminEnv<S extends typeof AdminEnvSchema | typeof SESSION_SECRET_ONLY>(schema: S, source: EnvSource | undefined) {
  try {
    return parseEnvSection(schema, source)
  } catch (error) {
    if (error instanceof EnvError) throw new AdminConfigError(error.issues.map((issue) => issue.message).join('; '))
    throw error
  }
}

/** The signing key: SESSION_SECRET, else (outside production only) the per-process one. */
function signingKey(secret: string | undefined, production: boolean): Uint8Array {
  if (secret !== undefined) return new TextEncoder().encode(secret)
  if (production) throw new AdminConfigError(`production requires SESSION_SECRET (at least ${MIN_SECRET_LENGTH} characters)`)
  return localSecret()
}

/**
 * The signing key alone (token verification needs no account) from `source` (default: the
 * process environment): throws AdminConfigError.
 */
export function parseSessionSecret(source?: EnvSource): Uint8Array {
  return signingKey(adminEnv(SESSION_SECRET_ONLY, source).SESSION_SECRET, isProduction(source))
}

/**
 * Validates the administrator variables of `source` (default: the process environment) with
 * AdminEnvSchema, then the rules above. Throws AdminConfigError with the reason.
 */
export function parseAdminConfig(source?: EnvSource): AdminConfig {
  const production = isProduction(source)
  const env = adminEnv(AdminEnvSchema, source)
  const email = env.ADMIN_EMAIL
  if (!email) throw new AdminConfigError('ADMIN_EMAIL is not set')
  const secret = signingKey(env.SESSION_SECRET, production)
  const plain = env.ADMIN_PASSWORD
  let password: AdminPassword
  if (env.ADMIN_PASSWORD_HASH !== undefined) {
    if (production && plain !== undefined) console.warn('[admin] ADMIN_PASSWORD is ignored in production: ADMIN_PASSWORD_HASH is used')
    password = {kind: 'hash', hash: env.ADMIN_PASSWORD_HASH}
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
      throw new ServiceError('unavailable', ADMIN_NOT_CONFIGURED)
    }
    throw error
  }
}

/** The configuration, or ServiceError 'unavailable' (503; the reason is logged). */
export const requireAdminConfig = (): AdminConfig => orUnavailable(() => parseAdminConfig())
