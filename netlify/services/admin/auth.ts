/**
 * The staff token check behind the admin API's bearer guard (requireBearer of
 * netlify/platform/http.ts reads the header): a token is the staff's when it verifies (./token.ts)
 * and was issued to today's ADMIN_EMAIL.
 */
import {requireAdminConfig} from './config'
import {safeEqual} from '#netlify/platform/password'
import {verifyAdminToken} from './token'

/** Who a valid staff token belongs to. */
export type Staff = {email: string}

/**
 * The staff account `token` was issued to, or null when it is malformed, forged, expired,
 * `alg: none`, or issued to another account than today's ADMIN_EMAIL. Throws ServiceError
 * 'unavailable' ADMIN_NOT_CONFIGURED when the admin login is not configured.
 */
export async function verifyStaffToken(token: string, options: {now?: Date} = {}): Promise<Staff | null> {
  const config = requireAdminConfig()
  try {
    const {email} = await verifyAdminToken(token, config.secret, options)
    return safeEqual(email.toLowerCase(), config.email) ? {email} : null
  } catch {
    return null
  }
}
