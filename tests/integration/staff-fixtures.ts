/** Staff accounts for integration tests: a person of each role with a live session and its token, made through the services. */
import {parseSessionSecret} from '#netlify/services/admin/config'
import {signAdminToken} from '#netlify/services/admin/token'
import {createStaff, updateStaff} from '#netlify/services/staff/directory'
import {newRecoveryCodes, newTotpSecret} from '#netlify/services/staff/factors'
import {createSession} from '#netlify/services/staff/sessions'
import {hashPassword} from '#netlify/platform/password'
import type {Role} from '#schemas/rules/staff-roles'

let counter = 0
export const STAFF_PASSWORD = 'Harbour-lantern-47-quay'

/** A person of `role` (an accepted invite: a password, an authenticator, 10 recovery codes), signed in: their token. */
export async function staffMember(role: Role, options: {name?: string} = {}) {
  const n = ++counter
  const created = await createStaff({
    email: `${role}.${n}.${Date.now().toString(36)}@maritime.example`,
    name: options.name ?? `${role} person ${n}`,
    role,
    invite: null,
  })
  const totp = newTotpSecret(created.email)
  const recovery = newRecoveryCodes()
  const passwordHash = await hashPassword(STAFF_PASSWORD, {N: 1024, r: 8, p: 1})
  const record = await updateStaff(created.id, (current) => ({
    ...current,
    passwordHash,
    factors: {totp: {secret: totp.secret, lastStep: -1, enrolledAt: current.createdAt}, passkeys: [], recoveryCodes: recovery.hashes},
  }))
  const session = await createSession(record.id, {address: '198.51.100.200', userAgent: 'vitest'})
  const {token} = await signAdminToken({staffId: record.id, sessionId: session.id}, parseSessionSecret())
  return {record, token, totpSecret: totp.secret, recoveryCodes: recovery.codes, sessionId: session.id}
}
