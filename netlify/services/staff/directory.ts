/**
 * The staff directory (docs/requirements.md#req-staff-accounts): Blobs store `staff`, every write
 * conditional (updateJSON).
 *
 * - `person/{id}`: one StaffRecord (id, e-mail, name, role, status, scrypt password hash, second
 *   factors, createdAt, lastLoginAt, a pending invite).
 * - `email/{sha256 of the lower-case e-mail}`: `{id}`, created with onlyIfNew, so two invites of one
 *   address cannot both land.
 *
 * The environment's account (ADMIN_EMAIL with ADMIN_PASSWORD_HASH, or ADMIN_PASSWORD outside
 * production) is the bootstrap owner `stf_owner`: its e-mail, role and password come from the
 * environment, never from the store, so it works with an empty or unreachable directory and can
 * never be disabled. Its record in the store holds only what it adds: its second factors and
 * last login.
 */
import {randomBytes} from 'node:crypto'
import type {Store} from '@netlify/blobs'
import {listKeys, openStore, refuse, updateJSON} from '#netlify/platform/blobs'
import {ServiceError} from '#netlify/platform/errors'
import {sha256Hex} from '#netlify/platform/rate-limit'
import type {Factors, StaffMember} from '#schemas/contracts/staff'
import type {Role} from '#schemas/rules/staff-roles'
import {normaliseAccount, parseAdminConfig, type AdminConfig} from '../admin/config'

export const STAFF_STORE = 'staff'
/** The bootstrap owner's id. */
export const BOOTSTRAP_ID = 'stf_owner'
/** The bootstrap owner's name where none is stored. */
export const BOOTSTRAP_NAME = 'Owner'

/** A passkey: the credential as @simplewebauthn/server stores it (public key base64url). */
export type PasskeyRecord = {id: string; name: string; publicKey: string; counter: number; transports: string[]; createdAt: string}

/** A second factor's stored state; secrets never leave the services. */
export type FactorsRecord = {
  /** Authenticator app: base32 seed and the last time step accepted (a code is accepted once). */
  totp: {secret: string; lastStep: number; enrolledAt: string} | null
  passkeys: PasskeyRecord[]
  /** SHA-256 hex of each recovery code; used codes are removed. */
  recoveryCodes: string[]
}

export type StaffRecord = {
  id: string
  email: string
  name: string
  role: Role
  status: 'active' | 'disabled'
  /** `scrypt$N$r$p$salt$hash`; null until the invite is accepted (and always for the bootstrap owner). */
  passwordHash: string | null
  factors: FactorsRecord
  createdAt: string
  lastLoginAt: string | null
  updatedAt: string
  /** The pending invite: the SHA-256 of its link's token, when it expires, and an authenticator seed being enrolled. */
  invite: {tokenHash: string; expiresAt: string; totpSecret: string | null} | null
  /** A password reset link: SHA-256 of its token and when it expires. */
  reset: {tokenHash: string; expiresAt: string} | null
  /** An authenticator seed or a passkey registration being set up from /admin/account (10 minutes). */
  pending?: {totpSecret?: string; webauthnChallenge?: string; expiresAt: string} | null
}

export const noFactors = (): FactorsRecord => ({totp: null, passkeys: [], recoveryCodes: []})

const store = (): Store => openStore(STAFF_STORE)
const personKey = (id: string) => `person/${id}`
const emailKey = (email: string) => `email/${sha256Hex(normaliseAccount(email))}`
const isPersonKey = (key: string) => /^person\/stf_[A-Za-z0-9_-]{5,40}$/.test(key)

/** A new staff id: `stf_` and 16 random base64url characters. */
export const newStaffId = (): string => `stf_${randomBytes(12).toString('base64url')}`

/** The bootstrap configuration, or null when the admin login is not configured. */
export function bootstrapConfig(): AdminConfig | null {
  try {
    return parseAdminConfig()
  } catch {
    return null
  }
}

/** The bootstrap owner as a record: the environment's e-mail over whatever the store holds. */
function bootstrapRecord(config: AdminConfig, found: StaffRecord | null, now: Date): StaffRecord {
  const time = now.toISOString()
  // Factors enrolled under another ADMIN_EMAIL belong to the previous owner, not this one.
  const stored = found?.email === config.email ? found : null
  return {
    id: BOOTSTRAP_ID,
    email: config.email,
    name: stored?.name ?? BOOTSTRAP_NAME,
    role: 'owner',
    status: 'active',
    passwordHash: null,
    factors: stored?.factors ?? noFactors(),
    createdAt: stored?.createdAt ?? time,
    lastLoginAt: stored?.lastLoginAt ?? null,
    updatedAt: stored?.updatedAt ?? time,
    invite: null,
    reset: stored?.reset ?? null,
    pending: stored?.pending ?? null,
  }
}

/**
 * The person with `id` (the bootstrap owner from the environment), or null. Throws what Blobs
 * throws when the store is unreachable (the bootstrap owner's caller may catch it).
 */
export async function getStaff(id: string, options: {now?: Date} = {}): Promise<StaffRecord | null> {
  const stored = (await store().get(personKey(id), {type: 'json'})) as StaffRecord | null
  if (id === BOOTSTRAP_ID) {
    const config = bootstrapConfig()
    return config ? bootstrapRecord(config, stored, options.now ?? new Date()) : null
  }
  return stored
}

/** The id of the person with `email` (case-insensitive), the bootstrap owner included; null when unknown. */
export async function findStaffId(email: string): Promise<string | null> {
  const config = bootstrapConfig()
  if (config && normaliseAccount(email) === config.email) return BOOTSTRAP_ID
  const entry = (await store().get(emailKey(email), {type: 'json'})) as {id: string} | null
  return entry?.id ?? null
}

/** Everyone in the directory, the bootstrap owner first, then by name. */
export async function listStaff(options: {now?: Date} = {}): Promise<StaffRecord[]> {
  const s = store()
  const keys = await listKeys(s, isPersonKey)
  const records = (await Promise.all(keys.map((key) => s.get(key, {type: 'json'}) as Promise<StaffRecord | null>))).filter((r): r is StaffRecord => r !== null)
  const others = records.filter((r) => r.id !== BOOTSTRAP_ID).sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email))
  const config = bootstrapConfig()
  if (!config) return others
  return [bootstrapRecord(config, records.find((r) => r.id === BOOTSTRAP_ID) ?? null, options.now ?? new Date()), ...others]
}

/**
 * Adds a person (an invite): claims the e-mail first (onlyIfNew), then writes the record. Throws
 * ServiceError 'conflict' when the e-mail already belongs to someone (the bootstrap owner too).
 */
export async function createStaff(
  input: {email: string; name: string; role: Role; invite: StaffRecord['invite']},
  options: {now?: Date} = {},
): Promise<StaffRecord> {
  const now = (options.now ?? new Date()).toISOString()
  const email = normaliseAccount(input.email)
  if (bootstrapConfig()?.email === email) throw new ServiceError('conflict', 'This e-mail address already has a staff account', {field: 'email'})
  const id = newStaffId()
  const claimed = await store().setJSON(emailKey(email), {id}, {onlyIfNew: true})
  if (!claimed.modified) throw new ServiceError('conflict', 'This e-mail address already has a staff account', {field: 'email'})
  const record: StaffRecord = {
    id,
    email,
    name: input.name,
    role: input.role,
    status: 'active',
    passwordHash: null,
    factors: noFactors(),
    createdAt: now,
    lastLoginAt: null,
    updatedAt: now,
    invite: input.invite,
    reset: null,
  }
  await store().setJSON(personKey(id), record, {onlyIfNew: true})
  return record
}

/** Why updateStaff refused. */
export type StaffRefusal = {kind: 'not-found'} | {kind: 'refused'; message: string; field?: string}

/**
 * Changes the record of `id` with `change` (a conditional write, retried on a concurrent one).
 * `change` returns the new record, undefined for no change, or `{refuse}` (ServiceError
 * 'conflict' with that message). With `ifUpdatedAt` (the version the caller saw: its updatedAt)
 * a record changed since answers ServiceError 'conflict': of two owners changing one person at
 * once, one wins and the other is told. For the bootstrap owner only its stored part (factors,
 * lastLoginAt, reset) is kept. Throws ServiceError 'not-found' for an unknown id.
 */
export async function updateStaff(
  id: string,
  change: (current: StaffRecord) => StaffRecord | undefined | {refuse: string; field?: string},
  options: {now?: Date; ifUpdatedAt?: string} = {},
): Promise<StaffRecord> {
  const now = options.now ?? new Date()
  const config = id === BOOTSTRAP_ID ? bootstrapConfig() : null
  if (id === BOOTSTRAP_ID && !config) throw new ServiceError('not-found', 'No such staff member')
  const result = await updateJSON<StaffRecord, StaffRefusal>(store(), personKey(id), (stored) => {
    const current = config ? bootstrapRecord(config, stored, now) : stored
    if (!current) return refuse({kind: 'not-found'})
    if (options.ifUpdatedAt !== undefined && options.ifUpdatedAt !== current.updatedAt) return refuse({kind: 'refused', message: CHANGED_MEANWHILE})
    const next = change(current)
    if (next === undefined) return undefined
    if ('refuse' in next) return refuse({kind: 'refused', message: next.refuse, field: next.field})
    return {...next, updatedAt: now.toISOString()}
  })
  if (result.refusal?.kind === 'not-found') throw new ServiceError('not-found', 'No such staff member')
  if (result.refusal?.kind === 'refused') throw new ServiceError('conflict', result.refusal.message, {field: result.refusal.field})
  const value = result.value!
  return config ? bootstrapRecord(config, value, now) : value
}

/** The refusal of a change based on an old version of the person. */
export const CHANGED_MEANWHILE = 'Someone else changed this person in the meantime. Reload and try again.'

/** The record's second factors as the API shows them (counts, never secrets). */
export function factorsOf(record: StaffRecord): Factors {
  return {totp: record.factors.totp !== null, passkeys: record.factors.passkeys.length, recoveryCodes: record.factors.recoveryCodes.length}
}

/** Whether `record` has a second factor it can sign in with. */
export const hasSecondFactor = (record: StaffRecord): boolean => record.factors.totp !== null || record.factors.passkeys.length > 0

/** A record as GET /api/admin/staff lists it. */
export function toStaffMember(record: StaffRecord): StaffMember {
  return {
    id: record.id,
    email: record.email,
    name: record.name,
    role: record.role,
    status: record.status,
    bootstrap: record.id === BOOTSTRAP_ID,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    lastLoginAt: record.lastLoginAt,
    invitePendingUntil: record.invite?.expiresAt ?? null,
    factors: factorsOf(record),
  }
}
