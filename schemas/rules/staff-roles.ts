/**
 * Staff roles and their permissions: the one table of who may do what in the back office
 * (docs/requirements.md#req-staff-roles). Each person has exactly one role; a role is a named set
 * of permissions; every admin endpoint declares the one permission it needs, and every admin page
 * hides what the signed-in role lacks.
 *
 * - `owner`: everything, including staff, sessions, the audit log and privacy requests.
 * - `finance`: payments, reconciliation, refunds, revenue, installment links, the outbox.
 * - `registrar`: enrolments (statuses, notes, documents), batches, rosters, certificates (issue,
 *   revoke), exam statistics.
 * - `counsellor`: enquiries, enrolment statuses and notes, waitlists; never documents, refunds or
 *   revenue figures.
 */

/** Every permission an admin endpoint can require, `area:verb`. */
export const PERMISSIONS = [
  'enrolments:read',
  'enrolments:update',
  'enrolments:export',
  'documents:read',
  'payments:read',
  'refunds:create',
  'revenue:read',
  'installments:create',
  'outbox:read',
  'outbox:send',
  'batches:read',
  'waitlists:read',
  'certificates:read',
  'certificates:issue',
  'certificates:revoke',
  'exams:statistics',
  'enquiries:read',
  'enquiries:update',
  'staff:manage',
  'sessions:manage',
  'audit:read',
  'privacy:manage',
] as const

export type Permission = (typeof PERMISSIONS)[number]

export const ROLES = ['owner', 'finance', 'registrar', 'counsellor'] as const
export type Role = (typeof ROLES)[number]

/** The role names staff see (the staff list, the invite form). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  finance: 'Finance',
  registrar: 'Registrar',
  counsellor: 'Counsellor',
}

const FINANCE: readonly Permission[] = [
  'enrolments:read',
  'enrolments:export',
  'payments:read',
  'refunds:create',
  'revenue:read',
  'installments:create',
  'outbox:read',
  'outbox:send',
]

const REGISTRAR: readonly Permission[] = [
  'enrolments:read',
  'enrolments:update',
  'enrolments:export',
  'documents:read',
  'batches:read',
  'waitlists:read',
  'certificates:read',
  'certificates:issue',
  'certificates:revoke',
  'exams:statistics',
]

const COUNSELLOR: readonly Permission[] = ['enrolments:read', 'enrolments:update', 'enquiries:read', 'enquiries:update', 'batches:read', 'waitlists:read']

/** Each role's permissions (the owner has them all). */
export const ROLE_PERMISSIONS: Readonly<Record<Role, readonly Permission[]>> = {
  owner: PERMISSIONS,
  finance: FINANCE,
  registrar: REGISTRAR,
  counsellor: COUNSELLOR,
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
