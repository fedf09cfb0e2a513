/**
 * Administrator password hashes: scrypt (node:crypto) in the self-describing format
 * `scrypt$N$r$p$saltBase64$hashBase64` (what `npm run admin:hash` prints and
 * ADMIN_PASSWORD_HASH holds). Verification recomputes the hash with the stored parameters and
 * compares with timingSafeEqual on equal-length buffers.
 */
import {randomBytes, scrypt as scryptCallback, timingSafeEqual, createHash, type ScryptOptions} from 'node:crypto'

export type ScryptParams = {N: number; r: number; p: number}

/** 2^15 × 8 × 128 B = 32 MiB of memory per hash: slow for a guesser, fine for one login. */
export const DEFAULT_SCRYPT: ScryptParams = {N: 2 ** 15, r: 8, p: 1}
const KEY_LENGTH = 32
const SALT_LENGTH = 16

export type ParsedHash = ScryptParams & {salt: Buffer; hash: Buffer}

function scrypt(password: string, salt: Buffer, keyLength: number, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = {N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r * params.p + 1024 * 1024}
  return new Promise((resolve, reject) =>
    scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** Parses `scrypt$N$r$p$salt$hash`; null when malformed or its parameters are out of bounds. */
export function parsePasswordHash(value: string): ParsedHash | null {
  const parts = value.trim().split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN)) as [number, number, number]
  // N a power of two between 2^10 and 2^20; r and p small (bounded memory and time per login).
  if (!(N >= 1024 && N <= 2 ** 20 && (N & (N - 1)) === 0 && r >= 1 && r <= 32 && p >= 1 && p <= 16)) return null
  const b64 = /^[A-Za-z0-9+/]+={0,2}$/
  if (!b64.test(parts[4]!) || !b64.test(parts[5]!)) return null
  const salt = Buffer.from(parts[4]!, 'base64')
  const hash = Buffer.from(parts[5]!, 'base64')
  if (salt.length < 8 || hash.length < 16 || hash.length > 128) return null
  return {N, r, p, salt, hash}
}

/** A new `scrypt$N$r$p$salt$hash` for `password` with a random salt. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  if (password.length === 0) throw new Error('The password is empty')
  const salt = randomBytes(SALT_LENGTH)
  const hash = await scrypt(password, salt, KEY_LENGTH, params)
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`
}

/** Whether `password` matches the (already parsed, or textual) hash; constant time in the comparison. */
export async function verifyPassword(password: string, stored: string | ParsedHash): Promise<boolean> {
  const parsed = typeof stored === 'string' ? parsePasswordHash(stored) : stored
  if (!parsed) return false
  const candidate = await scrypt(password, parsed.salt, parsed.hash.length, parsed)
  return candidate.length === parsed.hash.length && timingSafeEqual(candidate, parsed.hash)
}

/** Constant-time equality of two strings (compares SHA-256 digests, so lengths never leak or throw). */
export function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a, 'utf8').digest()
  const db = createHash('sha256').update(b, 'utf8').digest()
  return timingSafeEqual(da, db)
}
