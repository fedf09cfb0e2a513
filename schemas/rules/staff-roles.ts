/**
 * Staff roles and their permissions: the one table of who may do what in the back office
 * (docs/requirements.md#req-staff-roles). Each person has exactly one role; a role is a named set
 * of permissions; every admin endpoint declares the one permission it needs, and every admin page
 * hides what the signed-in role lacks.
 *
 * - `owner`: everything, including staff, sessions, the audit log and privacy requests.
 * - `finance`: payments, reconciliation, refunds, revenue, installment links, the outbox, companies
 *   and their group bookings (payment received, cancel).
 * - `registrar`: enrolments (statuses, notes, documents), batches, rosters, certificates (issue,
 *   revoke), exam statistics, companies (read).
 * - `counsellor`: enquiries, enrolment statuses and notes, waitlists; never documents, refunds or
 *   revenue figures.
 */

export const ROLES = ['owner', 'finance', 'registrar', 'counsellor'] as const
export type Role = (typeof ROLES)[number]

/**
 * Every permission an admin endpoint can require (`area:verb`), with the roles besides `owner`
 * that have it: the one table of the back office's access.
 */
const GRANTS = {
  'enrolments:read': ['finance', 'registrar', 'counsellor'],
  'enrolments:update': ['registrar', 'counsellor'],
  'enrolments:export': ['finance', 'registrar'],
  'documents:read': ['registrar'],
  'payments:read': ['finance'],
  'refunds:create': ['finance'],
  'revenue:read': ['finance'],
  'installments:create': ['finance'],
  'outbox:read': ['finance'],
  'outbox:send': ['finance'],
  'batches:read': ['registrar', 'counsellor'],
  'waitlists:read': ['registrar', 'counsellor'],
  'certificates:read': ['registrar'],
  'certificates:issue': ['registrar'],
  'certificates:revoke': ['registrar'],
  'exams:statistics': ['registrar'],
  'enquiries:read': ['counsellor'],
  'enquiries:update': ['counsellor'],
  'companies:read': ['finance', 'registrar'],
  'group-bookings:manage': ['finance'],
  'staff:manage': [],
  'sessions:manage': [],
  'audit:read': [],
  'privacy:manage': [],
  'backups:manage': [],
} as const satisfies Record<string, ReadonlyArray<Exclude<Role, 'owner'>>>

export type Permission = keyof typeof GRANTS

/** Every permission, in the table's order. */
export const PERMISSIONS = Object.keys(GRANTS) as [Permission, ...Permission[]]

/** The role names staff see (the staff list, the invite form). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  finance: 'Finance',
  registrar: 'Registrar',
  counsellor: 'Counsellor',
}

/** Each role's permissions (the owner has them all). */
const grantedTo = (role: Role): Permission[] => PERMISSIONS.filter((permission) => role === 'owner' || (GRANTS[permission] as readonly Role[]).includes(role))
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: grantedTo('owner'),
  finance: grantedTo('finance'),
  registrar: grantedTo('registrar'),
  counsellor: grantedTo('counsellor'),
}

/** Whether `role` grants `permission`. */
export function can(role: Role, permission: Permission): boolean {
  return ROLE_PERMISSIONS[role].includes(permission)
}

/** The permissions of `role`, in PERMISSIONS order. */
export function permissionsOf(role: Role): Permission[] {
  return PERMISSIONS.filter((permission) => can(role, permission))
}

/** The refusal of a permission the signed-in role lacks (403). */
export const NO_ACCESS = 'You do not have access to this'
