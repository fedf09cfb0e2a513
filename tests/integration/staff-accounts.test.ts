/**
 * Staff accounts through their functions over in-memory Blobs: invite → accept (password strength,
 * authenticator, 10 recovery codes, single-use link) → sign-in with the password and a TOTP code
 * or a recovery code (each once; a replay refused) → password reset (202 whatever the address,
 * single-use link, sessions ended, second factor still asked) → an owner's role change, disable
 * and "end sessions" take effect on the next request → two owners changing one person at once: one
 * 409 → production: the bootstrap owner must enrol a factor → no secret in the audit log, the
 * staff list or a log line.
 */
import {describe, expect, it, vi} from 'vitest'
import login from '#netlify/functions/admin-login'
import account from '#netlify/functions/admin-account'
import invite from '#netlify/functions/admin-invite'
import reset from '#netlify/functions/admin-password-reset'
import staffFn from '#netlify/functions/admin-staff'
import endSessions from '#netlify/functions/admin-staff-sessions-end'
import exportsFn from '#netlify/functions/admin-exports'
import {secondFactorHandler} from '#netlify/functions/admin-second-factor'
import {handle} from '#netlify/platform/http'
import {openStore} from '#netlify/platform/blobs'
import {hashPassword} from '#netlify/platform/password'
import {listOutboxRecords} from '#netlify/services/mail/outbox'
import {totpCode} from '#netlify/services/staff/factors'
import {queryAudit} from '#netlify/services/audit/audit'
import {ADMIN_PASSWORD, callAs, freshIp, getRequest, loginRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'
import {STAFF_PASSWORD, staffMember} from './staff-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

const STRONG = 'Brass-compass-tide-2031'
const post = (path: string, body: unknown, token?: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', ...(token ? {authorization: `Bearer ${token}`} : {}), ...headers},
    body: JSON.stringify(body),
  })
const patch = (path: string, body: unknown, token: string, ifMatch?: string) =>
  new Request(`http://localhost${path}`, {
    method: 'PATCH',
    headers: {'content-type': 'application/json', authorization: `Bearer ${token}`, ...(ifMatch ? {'if-match': `"${ifMatch}"`} : {})},
    body: JSON.stringify(body),
  })
const me = (token: string) => callAs(account, getRequest('/api/admin/me', token))
const secondStep = (body: unknown, now: Date) => callAs(handle(secondFactorHandler({now})), post('/api/admin/second-factor', body))

/** The link of the newest outbox message of `kind` to `email`. */
async function linkIn(kind: string, email: string): Promise<string> {
  const records = (await listOutboxRecords()).filter((r) => r.kind === kind && r.to.includes(email)).sort((a, b) => b.createdAt.localeCompare(a.createdAt))
  const match = /https?:\/\/[^\s"<]+\/admin\/(?:invite|reset)\/([A-Za-z0-9_-]{43})/.exec(records[0]?.text ?? '')
  if (!match) throw new Error(`no ${kind} link for ${email}`)
  return match[1]!
}

async function invited(owner: string, role = 'registrar') {
  const email = `new.${role}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@maritime.example`
  const created = await callAs(staffFn, post('/api/admin/staff', {email, name: 'Anita Rao', role}, owner))
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  return {email, id: created.body.id as string, token: await linkIn('staff-invite', email)}
}

async function accepted(owner: string, role = 'registrar') {
  const person = await invited(owner, role)
  const {body: setup} = await callAs(invite, post(`/api/admin/invite/${person.token}/totp`, {}), {params: {token: person.token}})
  const done = await callAs(invite, post(`/api/admin/invite/${person.token}`, {password: STRONG, code: totpCode(setup.secret)}), {
    params: {token: person.token},
  })
  expect(done.status, JSON.stringify(done.body)).toBe(200)
  return {...person, secret: setup.secret as string, recoveryCodes: done.body.recoveryCodes as string[], authToken: done.body.authToken as string}
}

describe('invite and accept', () => {
  it('e-mails a 72-hour single-use link; the invitee sets a strong password, an authenticator, and gets 10 recovery codes once', async () => {
    const owner = await loginToken()
    const person = await invited(owner)
    const mail = (await listOutboxRecords()).find((r) => r.kind === 'staff-invite' && r.to.includes(person.email))!
    expect(mail.subject).toBe('You are invited to the staff area')

    const view = await callAs(invite, getRequest(`/api/admin/invite/${person.token}`), {params: {token: person.token}})
    expect(view.body).toMatchObject({email: person.email, name: 'Anita Rao', role: 'registrar'})
    expect(Date.parse(view.body.expiresAt) - Date.now()).toBeGreaterThan(71.9 * 3600_000)

    const {body: setup} = await callAs(invite, post(`/api/admin/invite/${person.token}/totp`, {}), {params: {token: person.token}})
    const weak = await callAs(invite, post(`/api/admin/invite/${person.token}`, {password: 'password1234', code: totpCode(setup.secret)}), {
      params: {token: person.token},
    })
    expect([weak.status, weak.body.details?.password]).toEqual([400, [expect.stringMatching(/stronger password/)]])
    const short = await callAs(invite, post(`/api/admin/invite/${person.token}`, {password: 'Tide-7', code: '123456'}), {params: {token: person.token}})
    expect([short.status, short.body.error]).toEqual([400, 'Use at least 12 characters'])
    const wrongCode = await callAs(invite, post(`/api/admin/invite/${person.token}`, {password: STRONG, code: '000000'}), {params: {token: person.token}})
    expect([wrongCode.status, wrongCode.body.details?.code?.length]).toEqual([400, 1])

    const done = await callAs(invite, post(`/api/admin/invite/${person.token}`, {password: STRONG, code: totpCode(setup.secret)}), {
      params: {token: person.token},
    })
    expect(done.status).toBe(200)
    expect(done.body.recoveryCodes).toHaveLength(10)
    expect((await me(done.body.authToken)).body).toMatchObject({email: person.email, role: 'registrar', secondFactorDue: false})

    const again = await callAs(invite, getRequest(`/api/admin/invite/${person.token}`), {params: {token: person.token}})
    expect([again.status, again.body.error]).toEqual([410, 'This invitation link has expired or was already used. Ask an owner to send a new one.'])
  })

  it('Resend voids the old link; a taken e-mail is 409; a malformed invite is 400 with the field', async () => {
    const owner = await loginToken()
    const person = await invited(owner)
    const resent = await callAs(staffFn, post(`/api/admin/staff/${person.id}/invite`, {}, owner), {params: {id: person.id}})
    expect(resent.status).toBe(201)
    const fresh = await linkIn('staff-invite', person.email)
    expect(fresh).not.toBe(person.token)
    expect((await callAs(invite, getRequest(`/api/admin/invite/${person.token}`), {params: {token: person.token}})).status).toBe(410)
    expect((await callAs(invite, getRequest(`/api/admin/invite/${fresh}`), {params: {token: fresh}})).status).toBe(200)
    const taken = await callAs(staffFn, post('/api/admin/staff', {email: person.email.toUpperCase(), name: 'X', role: 'finance'}, owner))
    expect(taken.status).toBe(409)
    const bad = await callAs(staffFn, post('/api/admin/staff', {email: 'not-an-email', name: '', role: 'captain'}, owner))
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.body.details).sort()).toEqual(['email', 'name', 'role'])
  })
})

describe('sign-in with a second factor', () => {
  it('asks for the code after the right password; a TOTP code and a recovery code each work once', async () => {
    const owner = await loginToken()
    const person = await accepted(owner)
    const ip = freshIp()
    const first = await callAs(login, loginRequest({email: person.email, password: STRONG}), {ip})
    expect(first.body).toMatchObject({secondFactor: 'required', methods: ['totp', 'recovery']})
    expect(first.body.authToken).toBeUndefined()

    const later = new Date(Date.now() + 60_000)
    const wrong = await secondStep({challenge: first.body.challenge, code: '000000'}, later)
    expect([wrong.status, wrong.body]).toEqual([401, {error: 'Invalid authentication code'}])
    const code = totpCode(person.secret, later)
    const ok = await secondStep({challenge: first.body.challenge, code}, later)
    expect(ok.status).toBe(200)
    expect((await me(ok.body.authToken)).body.email).toBe(person.email)
    // The challenge is used once; the same code with a new challenge is a replay.
    expect((await secondStep({challenge: first.body.challenge, code}, later)).status).toBe(410)
    const second = await callAs(login, loginRequest({email: person.email, password: STRONG}), {ip})
    expect((await secondStep({challenge: second.body.challenge, code}, later)).status).toBe(401)

    const recovery = person.recoveryCodes[3]!
    expect((await secondStep({challenge: second.body.challenge, code: recovery.toUpperCase()}, later)).status).toBe(200)
    const third = await callAs(login, loginRequest({email: person.email, password: STRONG}), {ip})
    expect((await secondStep({challenge: third.body.challenge, code: recovery}, later)).status).toBe(401)

    const audit = await queryAudit({actor: person.id})
    expect(audit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(['sign-in', 'second-factor-failed', 'invite-accepted']))
  })

  it('a wrong password is 401 Invalid credentials, audited as a failed sign-in', async () => {
    const owner = await loginToken()
    const person = await accepted(owner)
    const wrong = await callAs(login, loginRequest({email: person.email, password: 'not it at all'}))
    expect([wrong.status, wrong.body]).toEqual([401, {error: 'Invalid credentials'}])
    expect((await queryAudit({actor: person.email, action: 'sign-in-failed'})).total).toBe(1)
  })
})

describe('password reset', () => {
  it('answers 202 alike for any address; the 30-minute link works once, ends sessions and keeps the second factor', async () => {
    const owner = await loginToken()
    const person = await accepted(owner)
    const pending: Promise<unknown>[] = []
    const ask = (email: string) =>
      reset(post('/api/admin/password-reset', {email}), {ip: freshIp(), waitUntil: (p: Promise<unknown>) => pending.push(p)} as never).then(async (r) => [
        r.status,
        await r.json(),
      ])
    const known = await ask(person.email)
    const unknown = await ask('nobody.here@maritime.example')
    expect(known).toEqual(unknown)
    expect(known[0]).toBe(202)
    await Promise.all(pending)
    expect((await listOutboxRecords()).filter((r) => r.to.includes('nobody.here@maritime.example'))).toEqual([])
    const token = await linkIn('password-reset', person.email)

    const weak = await callAs(reset, post(`/api/admin/password-reset/${token}`, {password: 'aaaaaaaaaaaa'}), {params: {token}})
    expect(weak.status).toBe(400)
    const NEW = 'Starboard-pilot-ladder-88'
    expect((await callAs(reset, post(`/api/admin/password-reset/${token}`, {password: NEW}), {params: {token}})).status).toBe(204)
    expect((await callAs(reset, post(`/api/admin/password-reset/${token}`, {password: NEW}), {params: {token}})).status).toBe(410)
    expect((await me(person.authToken)).status).toBe(401)
    const signIn = await callAs(login, loginRequest({email: person.email, password: NEW}))
    expect(signIn.body.secondFactor).toBe('required')
  })
})

describe('an owner manages people', () => {
  it('a role change applies on the next request; disable and "end sessions" sign the person out; the bootstrap owner and oneself cannot be changed', async () => {
    const owner = await loginToken()
    const {record: ownerRecord} = await staffMember('owner')
    const person = await staffMember('counsellor')
    expect((await me(person.token)).body.role).toBe('counsellor')
    const changed = await callAs(staffFn, patch(`/api/admin/staff/${person.record.id}`, {role: 'finance'}, owner), {params: {id: person.record.id}})
    expect(changed.body.role).toBe('finance')
    expect((await me(person.token)).body.permissions).toContain('refunds:create')

    const ended = await callAs(endSessions, post(`/api/admin/staff/${person.record.id}/sessions/end`, {}, owner), {params: {id: person.record.id}})
    expect(ended.body).toEqual({ended: 1})
    expect((await me(person.token)).status).toBe(401)

    const again = await staffMember('registrar')
    await callAs(staffFn, patch(`/api/admin/staff/${again.record.id}`, {status: 'disabled'}, owner), {params: {id: again.record.id}})
    expect((await me(again.token)).status).toBe(401)
    expect((await callAs(login, loginRequest({email: again.record.email, password: STAFF_PASSWORD}))).status).toBe(401)

    const bootstrap = await callAs(staffFn, patch('/api/admin/staff/stf_owner', {status: 'disabled'}, owner), {params: {id: 'stf_owner'}})
    expect(bootstrap.status).toBe(409)
    const self = await callAs(staffFn, patch('/api/admin/staff/stf_owner', {role: 'finance'}, owner), {params: {id: 'stf_owner'}})
    expect(self.status).toBe(409)
    expect(ownerRecord.role).toBe('owner')

    const actions = (await queryAudit({target: person.record.id})).rows.map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['role-change', 'session-end']))
  })

  it('two owners changing one person at once: one wins, the other gets 409', async () => {
    const owner = await loginToken()
    const second = await staffMember('owner')
    const person = await staffMember('counsellor')
    const list = await callAs(staffFn, getRequest('/api/admin/staff', owner))
    const seen = list.body.find((p: {id: string}) => p.id === person.record.id).updatedAt
    const results = await Promise.all([
      callAs(staffFn, patch(`/api/admin/staff/${person.record.id}`, {role: 'finance'}, owner, seen), {params: {id: person.record.id}}),
      callAs(staffFn, patch(`/api/admin/staff/${person.record.id}`, {role: 'registrar'}, second.token, seen), {params: {id: person.record.id}}),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
  })
})

describe('CSV exports', () => {
  it('a CSV made on the enrolment list is recorded with its rows and filters, by name', async () => {
    const finance = await staffMember('finance', {name: 'Farah Finance'})
    const sent = await callAs(exportsFn, post('/api/admin/exports', {list: 'enrolments', rows: 42, filters: {search: 'rao', status: 'paid'}}, finance.token))
    expect(sent.status).toBe(204)
    const [entry] = (await queryAudit({actor: finance.record.id, action: 'csv-export'})).rows
    expect(entry).toMatchObject({
      actor: {email: finance.record.email, name: 'Farah Finance'},
      target: {type: 'enrolments'},
      summary: {rows: 42, filters: {search: 'rao', status: 'paid'}},
    })
    const bad = await callAs(exportsFn, post('/api/admin/exports', {list: 'passports', rows: -1}, finance.token))
    expect(bad.status).toBe(400)
  })
})

describe('production and secrets', () => {
  it('in production the bootstrap owner enrols an authenticator at its first sign-in', async () => {
    vi.stubEnv('CONTEXT', 'production')
    vi.stubEnv('ADMIN_EMAIL', 'first.owner@maritime.example')
    vi.stubEnv('SITE_URL', 'https://www.example.com')
    vi.stubEnv('SESSION_SECRET', 'a-production-session-secret-of-48-characters-xx')
    vi.stubEnv('ADMIN_PASSWORD_HASH', await hashPassword(ADMIN_PASSWORD, {N: 1024, r: 8, p: 1}))
    vi.stubEnv('PAYMENTS_SANDBOX', '')
    const first = await callAs(login, loginRequest({email: 'first.owner@maritime.example', password: ADMIN_PASSWORD}))
    expect(first.body).toEqual({secondFactor: 'enrol', challenge: expect.any(String)})
    const setup = await callAs(handle(secondFactorHandler()), post('/api/admin/second-factor/enrol', {challenge: first.body.challenge}))
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\//)
    const done = await secondStep({challenge: first.body.challenge, code: totpCode(setup.body.secret)}, new Date())
    expect(done.status).toBe(200)
    expect(done.body.recoveryCodes).toHaveLength(10)
    expect((await me(done.body.authToken)).body).toMatchObject({role: 'owner', secondFactorDue: false})
  })

  it('no hash, seed, recovery code or token in the staff list, the audit log or a log line', async () => {
    const lines: string[] = []
    for (const level of ['log', 'warn', 'error', 'info'] as const)
      vi.spyOn(console, level).mockImplementation((...args) => void lines.push(args.map(String).join(' ')))
    const owner = await loginToken()
    const person = await accepted(owner, 'finance')
    await callAs(login, loginRequest({email: person.email, password: 'wrong password here'}))
    const challenge = (await callAs(login, loginRequest({email: person.email, password: STRONG}))).body.challenge
    await secondStep({challenge, code: '111111'}, new Date())
    const list = JSON.stringify((await callAs(staffFn, getRequest('/api/admin/staff', owner))).body)
    const audit = JSON.stringify(await openStore('audit').list())
    const entries = JSON.stringify((await queryAudit({})).rows)
    const stored = (await openStore('staff').get(`person/${person.id}`, {type: 'json'})) as {passwordHash: string; factors: {recoveryCodes: string[]}}
    const secrets = [
      person.secret,
      ...person.recoveryCodes,
      person.token,
      person.authToken,
      stored.passwordHash,
      ...stored.factors.recoveryCodes,
      STRONG,
      challenge,
    ]
    for (const secret of secrets) {
      expect(list).not.toContain(secret)
      expect(audit + entries).not.toContain(secret)
      expect(lines.join('\n')).not.toContain(secret)
    }
  })
})
