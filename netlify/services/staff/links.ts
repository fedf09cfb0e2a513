/**
 * Staff links sent by e-mail (docs/requirements.md#req-staff-accounts): the invite (72 hours) and
 * the password reset (30 minutes). Each link carries 32 random bytes; the directory keeps only
 * their SHA-256, on the person's record (`invite.tokenHash`, `reset.tokenHash`) and under
 * `link/{hash}` → `{staffId}` to find the person. A link works once: using it clears the hash, and
 * a new link (Resend, another reset) replaces it, so the old one stops working at once. A used,
 * replaced or expired link answers ServiceError 'gone' (410).
 *
 * New passwords must have at least 12 characters and a zxcvbn score of 3 or more (its
 * common-password dictionary, with the person's name and e-mail as known words).
 */
import {createHash, randomBytes} from 'node:crypto'
import {ZxcvbnFactory} from '@zxcvbn-ts/core'
import {adjacencyGraphs, dictionary} from '@zxcvbn-ts/language-common'
import {openStore} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {hashPassword} from '#netlify/platform/password'
import type {TotpSetup} from '#schemas/contracts/staff'
import {adminInvitePath, adminResetPath} from '#schemas/rules/paths'
import {ROLE_LABELS} from '#schemas/rules/staff-roles'
import {enqueue} from '../mail/outbox'
import {deliverOne, VISITOR_SEND_TIMEOUT_MS} from '../mail/deliver'
import {renderPasswordReset, renderStaffInvite} from '../mail/templates/staff-access'
import {receiptContext} from '../receipts/context'
import {recordAudit, staffActor} from './audit-trail'
import {BOOTSTRAP_ID, getStaff, STAFF_STORE, updateStaff, type StaffRecord} from './directory'
import {matchTotp, newRecoveryCodes, newTotpSecret} from './factors'
import {endSessionsOf} from './sessions'

export const INVITE_TTL_MS = 72 * 60 * 60 * 1000
export const RESET_TTL_MS = 30 * 60 * 1000
export const MIN_PASSWORD_LENGTH = 12
export const MIN_PASSWORD_SCORE = 3

export const INVITE_GONE = 'This invitation link has expired or was already used. Ask an owner to send a new one.'
export const RESET_GONE = 'This password reset link has expired or was already used. Ask for a new one from the sign-in page.'
export const CODE_MISMATCH = 'That code does not match: check the time on your phone and enter the current code'
export const WEAK_PASSWORD = 'Choose a stronger password: avoid common words, names and patterns, or make it longer.'

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')
const linkKey = (tokenHash: string) => `link/${tokenHash}`

/** A new link token (43 base64url characters) and its hash. */
export function newLinkToken(): {token: string; tokenHash: string} {
  const token = randomBytes(32).toString('base64url')
  return {token, tokenHash: hashToken(token)}
}

/** Files `tokenHash` under the person it opens. */
export async function fileLink(tokenHash: string, staffId: string): Promise<void> {
  await openStore(STAFF_STORE).setJSON(linkKey(tokenHash), {staffId})
}

/** The person a link token points to, or null. */
async function personOfLink(token: string, now: Date): Promise<{record: StaffRecord; tokenHash: string} | null> {
  const tokenHash = hashToken(token)
  const entry = (await openStore(STAFF_STORE).get(linkKey(tokenHash), {type: 'json'})) as {staffId: string} | null
  const record = entry ? await getStaff(entry.staffId, {now}) : null
  return record ? {record, tokenHash} : null
}

let factory: ZxcvbnFactory | undefined
const strength = () => (factory ??= new ZxcvbnFactory({dictionary: {...dictionary}, graphs: adjacencyGraphs}))

/**
 * The problem with `password` as a new staff password, or null: fewer than 12 characters, or a
 * zxcvbn score under 3 (common passwords, `userInputs` such as the person's name and e-mail).
 */
export function passwordProblem(password: string, userInputs: string[] = []): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters`
  const words = userInputs.flatMap((input) => input.toLowerCase().split(/[^a-z0-9]+/)).filter((w) => w.length > 2)
  return strength().check(password, words).score < MIN_PASSWORD_SCORE ? WEAK_PASSWORD : null
}

/** `password` hashed for the directory; ServiceError 'invalid' (field `password`) when too weak for `record`. */
export async function acceptableHash(password: string, record: Pick<StaffRecord, 'name' | 'email'>): Promise<string> {
  const problem = passwordProblem(password, [record.name, record.email])
  if (problem) throw new ServiceError('invalid', problem, {field: 'password', details: {password: [problem]}})
  return hashPassword(password)
}

/** Queues the invite e-mail of `record` with `token` and tries it once (≤ 5 s); never throws for a failed send. */
export async function sendInvite(
  record: StaffRecord,
  token: string,
  options: {origin: string; invitedBy: string; expiresAt: string; now: Date},
): Promise<void> {
  const {provider} = await receiptContext()
  const email = await renderStaffInvite({
    provider,
    name: record.name,
    roleLabel: ROLE_LABELS[record.role],
    url: `${options.origin}${adminInvitePath(token)}`,
    expiresAt: options.expiresAt,
    invitedBy: options.invitedBy,
  })
  const {id} = await enqueue({kind: 'staff-invite', about: `${record.id}-${hashToken(token).slice(0, 16)}`, to: [record.email], ...email}, {now: options.now})
  await deliverOne(id, {now: options.now, timeoutMs: VISITOR_SEND_TIMEOUT_MS}).catch((error: unknown) =>
    console.error('[staff] invite not sent yet; the outbox job retries', error),
  )
}

/** The pending invite of `token` at `now`; ServiceError 'gone' INVITE_GONE when used, replaced or expired. */
async function openInvite(token: string, now: Date): Promise<{record: StaffRecord; tokenHash: string}> {
  const found = await personOfLink(token, now)
  const invite = found?.record.invite
  if (!found || !invite || invite.tokenHash !== found.tokenHash || invite.expiresAt <= now.toISOString() || found.record.status !== 'active')
    throw new ServiceError('gone', INVITE_GONE)
  return found
}

/** What an invite link shows: the person's e-mail, name, role and the link's expiry. */
export async function viewInvite(token: string, options: {now?: Date} = {}) {
  const {record} = await openInvite(token, options.now ?? new Date())
  return {email: record.email, name: record.name, role: record.role, expiresAt: record.invite!.expiresAt}
}

/** A new authenticator seed for the invitee, kept on the invite until accepted. */
export async function inviteTotpSetup(token: string, options: {now?: Date} = {}): Promise<TotpSetup> {
  const now = options.now ?? new Date()
  const {record, tokenHash} = await openInvite(token, now)
  const setup = newTotpSecret(record.email)
  await updateStaff(
    record.id,
    (current) => (current.invite?.tokenHash === tokenHash ? {...current, invite: {...current.invite, totpSecret: setup.secret}} : {refuse: INVITE_GONE}),
    {now},
  )
  return setup
}

/**
 * Accepts an invite: the password (≥ 12 characters, score ≥ 3) and a code of the authenticator
 * just set up. Resolves to the person and their 10 recovery codes (shown once). Throws 'gone' for
 * a used or expired link, 'invalid' for a weak password (field `password`) or a wrong code (field
 * `code`).
 */
export async function acceptInvite(token: string, input: {password: string; code: string}, options: {client: string; now?: Date}) {
  const now = options.now ?? new Date()
  const {record, tokenHash} = await openInvite(token, now)
  const secret = record.invite?.totpSecret
  if (!secret) throw new ServiceError('invalid', 'Set up your authenticator app first', {field: 'code'})
  const passwordHash = await acceptableHash(input.password, record)
  const step = matchTotp(secret, input.code, now)
  if (step === null) throw new ServiceError('invalid', CODE_MISMATCH, {field: 'code', details: {code: [CODE_MISMATCH]}})
  const recovery = newRecoveryCodes()
  const accepted = await updateStaff(
    record.id,
    (current) =>
      current.invite?.tokenHash === tokenHash && current.invite.totpSecret === secret
        ? {
            ...current,
            passwordHash,
            invite: null,
            factors: {...current.factors, totp: {secret, lastStep: step, enrolledAt: now.toISOString()}, recoveryCodes: recovery.hashes},
          }
        : {refuse: INVITE_GONE},
    {now},
  ).catch((error: unknown) => {
    if (error instanceof ServiceError && error.message === INVITE_GONE) throw new ServiceError('gone', INVITE_GONE)
    throw error
  })
  await recordAudit(
    {actor: staffActor(accepted), client: options.client, action: 'invite-accepted', target: {type: 'staff', id: accepted.id}, summary: {role: accepted.role}},
    now,
  )
  await recordAudit(
    {
      actor: staffActor(accepted),
      client: options.client,
      action: 'second-factor-enrolled',
      target: {type: 'staff', id: accepted.id},
      summary: {factor: 'totp'},
    },
    now,
  )
  return {record: accepted, recoveryCodes: recovery.codes}
}

/**
 * Sends a reset link to `email` when it is an active directory account with a password (never
 * the bootstrap owner, whose password lives in the environment). Resolves the same way for every
 * address: the edge answers 202 before this work, so known and unknown addresses take as long.
 */
export async function requestPasswordReset(
  email: string,
  options: {origin: string; client: string; now?: Date; findId: (email: string) => Promise<string | null>},
): Promise<void> {
  const now = options.now ?? new Date()
  const id = await options.findId(email)
  if (!id || id === BOOTSTRAP_ID) return
  const record = await getStaff(id, {now})
  if (!record || record.status !== 'active' || !record.passwordHash) return
  const {token, tokenHash} = newLinkToken()
  const expiresAt = new Date(now.getTime() + RESET_TTL_MS).toISOString()
  await fileLink(tokenHash, record.id)
  await updateStaff(record.id, (current) => ({...current, reset: {tokenHash, expiresAt}}), {now})
  const {provider} = await receiptContext()
  const mail = await renderPasswordReset({provider, name: record.name, url: `${options.origin}${adminResetPath(token)}`, expiresAt})
  const {id: messageId} = await enqueue({kind: 'password-reset', about: `${record.id}-${tokenHash.slice(0, 16)}`, to: [record.email], ...mail}, {now})
  await recordAudit({actor: staffActor(record), client: options.client, action: 'password-reset-requested', target: {type: 'staff', id: record.id}}, now)
  await deliverOne(messageId, {now, timeoutMs: VISITOR_SEND_TIMEOUT_MS}).catch(() => undefined)
}

/**
 * Sets a new password with a reset link: 'gone' RESET_GONE for a used, replaced or expired link,
 * 'invalid' for a weak password. Ends every session of the person; the next sign-in still asks for
 * the second factor.
 */
export async function completePasswordReset(token: string, password: string, options: {client: string; now?: Date}): Promise<void> {
  const now = options.now ?? new Date()
  const found = await personOfLink(token, now)
  const reset = found?.record.reset
  if (!found || !reset || reset.tokenHash !== found.tokenHash || reset.expiresAt <= now.toISOString() || found.record.status !== 'active')
    throw new ServiceError('gone', RESET_GONE)
  const passwordHash = await acceptableHash(password, found.record)
  const changed = await updateStaff(
    found.record.id,
    (current) => (current.reset?.tokenHash === found.tokenHash ? {...current, passwordHash, reset: null} : {refuse: RESET_GONE}),
    {
      now,
    },
  ).catch((error: unknown) => {
    if (error instanceof ServiceError && error.message === RESET_GONE) throw new ServiceError('gone', RESET_GONE)
    throw error
  })
  await endSessionsOf(changed.id, 'password', {now})
  await recordAudit({actor: staffActor(changed), client: options.client, action: 'password-reset', target: {type: 'staff', id: changed.id}}, now)
}
