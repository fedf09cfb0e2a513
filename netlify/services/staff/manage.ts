/**
 * What an owner does to staff accounts (docs/requirements.md#req-staff-accounts): list, invite,
 * resend an invite, change a role, disable or enable, end someone's sessions. Each change is
 * audited with who did it. The bootstrap owner's role and status are the environment's: they
 * cannot be changed here. An owner cannot change their own role or disable themselves (so the
 * staff area always keeps an owner who can act).
 */
import {ServiceError} from '#netlify/platform/errors'
import type {StaffInviteRequest, StaffMember, StaffPatch} from '#schemas/contracts/staff'
import {recordAudit, type Actor} from './audit-trail'
import {BOOTSTRAP_ID, createStaff, findStaffId, getStaff, listStaff, toStaffMember, updateStaff} from './directory'
import {fileLink, INVITE_TTL_MS, newLinkToken, sendInvite} from './links'
import {endSessionsOf} from './sessions'

/** Who acts: the signed-in owner (id, e-mail, name) and their client address. */
export type Acting = {id: string; email: string; name: string; client: string}

const actorOf = (by: Acting): Actor => ({type: 'staff', id: by.id, email: by.email, name: by.name})

export const BOOTSTRAP_FIXED = 'The owner account from the environment cannot change role or be disabled.'
export const NOT_YOURSELF = 'You cannot change your own role or disable yourself.'

/** Everyone, as GET /api/admin/staff lists them. */
export async function listStaffMembers(): Promise<StaffMember[]> {
  return (await listStaff()).map(toStaffMember)
}

/**
 * Invites `input` (e-mail, name, role) as `by`: a new active person without a password, and an
 * e-mailed single-use link valid 72 hours to `{origin}/admin/invite/{token}`. Throws 'conflict'
 * when the e-mail already has an account.
 */
export async function inviteStaff(input: StaffInviteRequest, by: Acting, options: {origin: string; now?: Date}): Promise<StaffMember> {
  const now = options.now ?? new Date()
  const {token, tokenHash} = newLinkToken()
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS).toISOString()
  const record = await createStaff({...input, invite: {tokenHash, expiresAt, totpSecret: null}}, {now})
  await fileLink(tokenHash, record.id)
  await recordAudit(
    {actor: actorOf(by), client: by.client, action: 'invite', target: {type: 'staff', id: record.id}, summary: {email: record.email, role: record.role}},
    now,
  )
  await sendInvite(record, token, {origin: options.origin, invitedBy: by.name, expiresAt, now})
  return toStaffMember(record)
}

/** A new invite link for a person who has not accepted yet (the old link stops working). Throws 'not-found', 'conflict' when already accepted. */
export async function resendInvite(id: string, by: Acting, options: {origin: string; now?: Date}): Promise<StaffMember> {
  const now = options.now ?? new Date()
  const {token, tokenHash} = newLinkToken()
  const expiresAt = new Date(now.getTime() + INVITE_TTL_MS).toISOString()
  await fileLink(tokenHash, id)
  const record = await updateStaff(
    id,
    (current) =>
      current.passwordHash === null && current.id !== BOOTSTRAP_ID
        ? {...current, invite: {tokenHash, expiresAt, totpSecret: null}}
        : {refuse: 'This person has already accepted their invite.'},
    {now},
  )
  await recordAudit({actor: actorOf(by), client: by.client, action: 'invite-resent', target: {type: 'staff', id}}, now)
  await sendInvite(record, token, {origin: options.origin, invitedBy: by.name, expiresAt, now})
  return toStaffMember(record)
}

/**
 * Changes the role and/or status of person `id` as `by`. With `ifUpdatedAt` (the version `by`
 * saw), a person changed meanwhile answers 'conflict'. Disabling ends every session of the
 * person. Throws 'not-found', 'conflict' for the bootstrap owner or oneself.
 */
export async function patchStaff(id: string, patch: StaffPatch, by: Acting, options: {now?: Date; ifUpdatedAt?: string} = {}): Promise<StaffMember> {
  const now = options.now ?? new Date()
  if (id === BOOTSTRAP_ID) throw new ServiceError('conflict', BOOTSTRAP_FIXED)
  if (id === by.id) throw new ServiceError('conflict', NOT_YOURSELF)
  let before: {role: string; status: string} | null = null
  const record = await updateStaff(
    id,
    (current) => {
      before = {role: current.role, status: current.status}
      const next = {...current, role: patch.role ?? current.role, status: patch.status ?? current.status}
      return next.role === current.role && next.status === current.status ? undefined : next
    },
    {now, ifUpdatedAt: options.ifUpdatedAt},
  )
  const was = before as {role: string; status: string} | null
  if (was && was.role !== record.role)
    await recordAudit(
      {actor: actorOf(by), client: by.client, action: 'role-change', target: {type: 'staff', id}, summary: {before: was.role, after: record.role}},
      now,
    )
  if (was && was.status !== record.status) {
    if (record.status === 'disabled') await endSessionsOf(id, 'disabled', {now})
    await recordAudit(
      {
        actor: actorOf(by),
        client: by.client,
        action: record.status === 'disabled' ? 'disable' : 'enable',
        target: {type: 'staff', id},
        summary: {before: was.status, after: record.status},
      },
      now,
    )
  }
  return toStaffMember(record)
}

/** Ends every live session of person `id` as `by`; resolves to how many. Throws 'not-found'. */
export async function endStaffSessions(id: string, by: Acting, options: {now?: Date} = {}): Promise<{ended: number}> {
  const now = options.now ?? new Date()
  if (!(await getStaff(id, {now}))) throw new ServiceError('not-found', 'No such staff member')
  const ended = await endSessionsOf(id, 'owner', {now})
  await recordAudit({actor: actorOf(by), client: by.client, action: 'session-end', target: {type: 'staff', id}, summary: {ended}}, now)
  return {ended}
}

export {findStaffId}
