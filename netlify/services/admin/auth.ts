/**
 * Who holds a staff token and what they may do (docs/requirements.md#req-staff-accounts), read
 * afresh on every admin request: the token must verify (./token.ts), its session must be live
 * (not ended, not past 12 hours) and its person active; the role is the person's current one, so
 * a role change, a disable or an ended session takes effect on the next request.
 */
import {ServiceError} from '#netlify/platform/errors'
import {can, NO_ACCESS, permissionsOf, type Permission, type Role} from '#schemas/rules/staff-roles'
import {requireAdminConfig} from './config'
import {FALLBACK_SESSION} from './login'
import {verifyAdminToken} from './token'
import {BOOTSTRAP_ID, bootstrapConfig, getStaff, hasSecondFactor} from '../staff/directory'
import {getSession, isLive} from '../staff/sessions'

/** The signed-in person of a request. */
export type StaffPrincipal = {
  id: string
  email: string
  name: string
  role: Role
  permissions: Permission[]
  sessionId: string
  /** The request's client address (for the audit log). */
  client: string
  /** Whether they still have to enrol a second factor. */
  secondFactorDue: boolean
}

/** Kept for the edges' older name: a principal. */
export type Staff = StaffPrincipal

/**
 * The person `token` belongs to, or null when the token is malformed, forged, expired or
 * `alg: none`, its session ended or expired, or its person unknown or disabled. Throws
 * ServiceError 'unavailable' ADMIN_NOT_CONFIGURED when the admin login is not configured.
 */
export async function authenticateStaff(token: string, options: {now?: Date; client?: string} = {}): Promise<StaffPrincipal | null> {
  const config = requireAdminConfig()
  const now = options.now ?? new Date()
  let claims
  try {
    claims = await verifyAdminToken(token, config.secret, options)
  } catch {
    return null
  }
  const principal = (record: {id: string; email: string; name: string; role: Role}, secondFactorDue: boolean): StaffPrincipal => ({
    id: record.id,
    email: record.email,
    name: record.name,
    role: record.role,
    permissions: permissionsOf(record.role),
    sessionId: claims.sessionId,
    client: options.client ?? 'unknown',
    secondFactorDue,
  })
  if (claims.sessionId === FALLBACK_SESSION) {
    const bootstrap = bootstrapConfig()
    return claims.staffId === BOOTSTRAP_ID && bootstrap && !config.production
      ? principal({id: BOOTSTRAP_ID, email: bootstrap.email, name: 'Owner', role: 'owner'}, true)
      : null
  }
  const [session, record] = await Promise.all([getSession(claims.staffId, claims.sessionId), getStaff(claims.staffId, {now})])
  if (!isLive(session, now) || !record || record.status !== 'active') return null
  return principal(record, !hasSecondFactor(record))
}

/**
 * The principal of `token` when its role grants `permission`; null when the token is not a live
 * session's (the edge's 401). Throws ServiceError 'forbidden' NO_ACCESS when the role lacks it.
 */
export async function authorizeStaff(
  token: string,
  permission: Permission | null,
  options: {now?: Date; client?: string} = {},
): Promise<StaffPrincipal | null> {
  const staff = await authenticateStaff(token, options)
  if (staff && permission !== null && !can(staff.role, permission)) throw new ServiceError('forbidden', NO_ACCESS)
  return staff
}

/** How history entries, refunds, certificates and the outbox name who acted: `Name <email>`. */
export const staffAccount = (staff: Pick<StaffPrincipal, 'name' | 'email'>): string => `${staff.name} <${staff.email}>`
