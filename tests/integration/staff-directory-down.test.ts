/**
 * The staff directory unreachable (its Blobs stores down, the others up): only the bootstrap owner
 * signs in — outside production with its password alone and the notice saying why; in production
 * the same words answer 503, since a second factor that cannot be read is never skipped. A
 * directory person cannot sign in.
 */
import {afterEach, describe, expect, it, vi} from 'vitest'
import login from '#netlify/functions/admin-login'
import list from '#netlify/functions/admin-enrolments'
import {hashPassword} from '#netlify/platform/password'
import {DIRECTORY_UNREACHABLE} from '#netlify/services/admin/login'
import {storageDown} from '../helpers/blobs'
import {ADMIN_EMAIL, ADMIN_PASSWORD, callAs, getRequest, loginRequest, useAdminEnv} from './admin-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'
import {STAFF_PASSWORD, staffMember} from './staff-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

let outage: {restore: () => void} | null = null
afterEach(() => {
  outage?.restore()
  outage = null
})

describe('the staff directory unreachable', () => {
  it('lets only the bootstrap owner in, with the notice, outside production', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const person = await staffMember('finance')
    outage = storageDown({only: ['staff', 'staff-sessions']})
    const owner = await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}))
    expect(owner.status).toBe(200)
    expect(owner.body.notice).toBe(DIRECTORY_UNREACHABLE)
    expect((await callAs(list, getRequest('/api/admin/enrollments', owner.body.authToken))).status).toBe(200)
    const other = await callAs(login, loginRequest({email: person.record.email, password: STAFF_PASSWORD}))
    expect([other.status, other.body]).toEqual([401, {error: 'Invalid credentials'}])
  })

  it('answers 503 with the reason in production', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.stubEnv('CONTEXT', 'production')
    vi.stubEnv('SITE_URL', 'https://www.example.com')
    vi.stubEnv('SESSION_SECRET', 'a-production-session-secret-of-48-characters-xx')
    vi.stubEnv('ADMIN_PASSWORD_HASH', await hashPassword(ADMIN_PASSWORD, {N: 1024, r: 8, p: 1}))
    outage = storageDown({only: ['staff', 'staff-sessions']})
    const owner = await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}))
    expect([owner.status, owner.body]).toEqual([503, {error: DIRECTORY_UNREACHABLE}])
  })
})
