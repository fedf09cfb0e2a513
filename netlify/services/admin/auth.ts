/**
 * Bearer-token guard of the admin API: `Authorization: Bearer <jwt>`.
 * Missing → 401 'No authentication token found'; malformed, forged, expired, `alg: none`, or
 * issued to another account than today's ADMIN_EMAIL → 401 'Invalid or expired token'.
 */
import {HttpError} from '#netlify/platform/http'
import {requireAdminConfig} from './config'
import {safeEqual} from '#netlify/platform/password'
import {verifyAdminToken} from './token'

export const NO_TOKEN = 'No authentication token found'
export const INVALID_TOKEN = 'Invalid or expired token'
const CHALLENGE = {'WWW-Authenticate': 'Bearer realm="admin"'}

export async function requireAdmin(request: Request, options: {now?: Date} = {}): Promise<{email: string}> {
  const header = request.headers.get('authorization')?.trim() ?? ''
  if (header === '') throw new HttpError(401, NO_TOKEN, undefined, CHALLENGE)
  const match = /^Bearer\s+(\S+)$/i.exec(header)
  if (!match) throw new HttpError(401, INVALID_TOKEN, undefined, {...CHALLENGE, 'WWW-Authenticate': 'Bearer realm="admin", error="invalid_token"'})
  const config = requireAdminConfig()
  try {
    const {email} = await verifyAdminToken(match[1]!, config.secret, options)
    if (!safeEqual(email.toLowerCase(), config.email)) throw new Error('The token belongs to another account')
    return {email}
  } catch {
    throw new HttpError(401, INVALID_TOKEN, undefined, {'WWW-Authenticate': 'Bearer realm="admin", error="invalid_token"'})
  }
}
