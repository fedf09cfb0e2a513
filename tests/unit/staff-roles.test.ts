/** The roles table of schemas/rules/staff-roles.ts as the issue sets it out: who may do what. */
import {describe, expect, it} from 'vitest'
import {can, PERMISSIONS, permissionsOf, ROLES} from '#schemas/rules/staff-roles'

describe('staff roles', () => {
  it('the owner has every permission, including staff, sessions, the audit log and privacy requests', () => {
    expect(permissionsOf('owner')).toEqual(PERMISSIONS)
    for (const p of ['staff:manage', 'sessions:manage', 'audit:read', 'privacy:manage'] as const) {
      expect(ROLES.filter((role) => can(role, p))).toEqual(['owner'])
    }
  })

  it('finance: payments, refunds, revenue, installment links, the outbox; no documents or certificates', () => {
    expect(permissionsOf('finance')).toEqual(
      expect.arrayContaining(['payments:read', 'refunds:create', 'revenue:read', 'installments:create', 'outbox:read', 'outbox:send']),
    )
    expect(can('finance', 'documents:read')).toBe(false)
    expect(can('finance', 'certificates:issue')).toBe(false)
  })

  it('companies: finance and registrar read them; only finance records a payment or cancels a group booking', () => {
    expect(ROLES.filter((role) => can(role, 'companies:read'))).toEqual(['owner', 'finance', 'registrar'])
    expect(ROLES.filter((role) => can(role, 'group-bookings:manage'))).toEqual(['owner', 'finance'])
  })

  it('registrar: enrolments with documents, batches, certificates, exam statistics; no refunds or revenue', () => {
    expect(permissionsOf('registrar')).toEqual(
      expect.arrayContaining(['enrolments:update', 'documents:read', 'batches:read', 'certificates:issue', 'certificates:revoke', 'exams:statistics']),
    )
    expect(can('registrar', 'refunds:create')).toBe(false)
    expect(can('registrar', 'revenue:read')).toBe(false)
  })

  it('counsellor: enquiries, enrolment statuses and notes, waitlists; never documents, refunds or revenue figures', () => {
    expect(permissionsOf('counsellor')).toEqual([
      'enrolments:read',
      'enrolments:update',
      'batches:read',
      'waitlists:read',
      'enquiries:read',
      'enquiries:update',
    ])
    for (const p of ['documents:read', 'refunds:create', 'revenue:read'] as const) expect(can('counsellor', p)).toBe(false)
  })
})
