/**
 * How staff services and the admin edges write the audit log (netlify/services/audit/audit.ts):
 * who acted (a person, or `system` for scheduled work) and the one call that appends an entry.
 * An entry that cannot be written is logged and never undoes the action it records.
 */
import type {AuditAction, AuditActor} from '#schemas/contracts/audit'
import {appendAudit} from '../audit/audit'
import type {StaffRecord} from './directory'

export type Actor = AuditActor

/** The id recorded for an address that is no account (a failed sign-in with an unknown e-mail). */
export const UNKNOWN_ACCOUNT = 'unknown'

/** The actor of a staff record (or a signed-in principal). */
export const staffActor = (record: Pick<StaffRecord, 'id' | 'email' | 'name'>): Actor => ({
  type: 'staff',
  id: record.id,
  email: record.email,
  name: record.name,
})

export type AuditRecordInput = {
  actor: Actor
  client: string | null
  action: AuditAction
  target: {type: string; id: string} | null
  summary?: Record<string, unknown>
}

/** Appends an audit entry at `now`; never throws (a failure is logged with the action, never with the summary). */
export async function recordAudit(input: AuditRecordInput, now = new Date()): Promise<void> {
  try {
    await appendAudit(input, {now})
  } catch (error) {
    console.error(`[audit] could not record "${input.action}": ${error instanceof Error ? error.message : String(error)}`)
  }
}

/** Records `action` on `target` by the signed-in `staff` (their client address included) at `now`; never throws. */
export function auditStaff(
  staff: {id: string; email: string; name: string; client: string},
  action: AuditAction,
  target: {type: string; id: string} | null,
  summary?: Record<string, unknown>,
  now = new Date(),
): Promise<void> {
  return recordAudit({actor: staffActor(staff), client: staff.client, action, target, summary}, now)
}
