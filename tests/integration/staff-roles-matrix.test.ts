/**
 * The role × endpoint matrix: every function of netlify/functions/admin-*.ts either is one of the
 * few public sign-in steps or declares its permission (guardedHandle), and answers each role as
 * schemas/rules/staff-roles.ts says: 401 without a token, 403 'You do not have access to this'
 * for a role without the permission, and neither for a role with it (whatever the handler then
 * says of the made-up ids).
 */
import {readdirSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import type {PermissionDeclaration} from '#netlify/platform/http'
import {can, NO_ACCESS, ROLES, type Permission, type Role} from '#schemas/rules/staff-roles'
import {parseSessionSecret} from '#netlify/services/admin/config'
import {signAdminToken} from '#netlify/services/admin/token'
import {createSession} from '#netlify/services/staff/sessions'
import {callAs, useAdminEnv} from './admin-fixtures'
import {usePaymentsTestEnvironment} from './payments-fixtures'
import {staffMember} from './staff-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

/** The sign-in steps that take no bearer token (each checks its own secret: password, challenge, link). */
const PUBLIC = ['admin-login.ts', 'admin-second-factor.ts', 'admin-invite.ts', 'admin-password-reset.ts']

type Module = {
  default: ((request: Request, context: unknown) => Promise<Response>) & {permission?: PermissionDeclaration<Permission>}
  config: {path: string | string[]; method?: string | string[]}
}

const files = readdirSync(new URL('../../netlify/functions/', import.meta.url)).filter((f) => /^admin-.*\.ts$/.test(f))
const modules = await Promise.all(files.map(async (file) => ({file, module: (await import(`../../netlify/functions/${file}`)) as Module})))

const PARAMS: Record<string, string> = {
  orderId: 'order_Matrix000000001',
  uploadId: 'upl_matrix',
  number: 'MTC-C-2026-00001',
  id: 'stf_matrix1',
  batchId: 'batch-matrix',
  token: 'x'.repeat(43),
  factor: 'totp',
  bookingId: 'grp_Matrix0000000001',
}
const fill = (path: string) => path.replace(/:([A-Za-z]+)/g, (_, name: string) => PARAMS[name] ?? 'x')

/** Every (path, method, permission) a module answers. */
function endpoints({config, default: handler}: Module) {
  const methods = [config.method ?? 'GET'].flat()
  const declared = handler.permission
  return [config.path].flat().flatMap((path) =>
    methods.map((method) => ({
      path,
      method,
      permission:
        declared === null || declared === undefined
          ? null
          : typeof declared === 'string'
            ? declared
            : ((declared as Record<string, Permission>)[method] ?? null),
    })),
  )
}

function request(path: string, method: string, token?: string) {
  const headers: Record<string, string> = {'content-type': 'application/json'}
  if (token) headers.authorization = `Bearer ${token}`
  return new Request(`http://localhost${fill(path)}`, {method, headers, ...(method === 'GET' || method === 'DELETE' ? {} : {body: '{}'})})
}
const paramsOf = (path: string) => Object.fromEntries([...path.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, PARAMS[name!] ?? 'x']))

describe('every admin function declares its permission', () => {
  it('is public (a sign-in step) or guarded with a declared permission', () => {
    expect(files.length).toBeGreaterThan(20)
    for (const {file, module} of modules) {
      if (PUBLIC.includes(file)) expect(module.default.permission, file).toBeUndefined()
      else expect(module.default.permission, `${file} declares no permission`).not.toBeUndefined()
    }
  })

  it('answers 401 without a token, 403 to a role without the permission, and lets each role with it through', async () => {
    const people = Object.fromEntries(await Promise.all(ROLES.map(async (role) => [role, (await staffMember(role)).record.id] as const))) as Record<
      Role,
      string
    >
    // A fresh session per call: sign-out and "end my sessions" end the one they are called with.
    const tokenOf = async (role: Role) => {
      const session = await createSession(people[role], {address: '198.51.100.201', userAgent: 'vitest'})
      return (await signAdminToken({staffId: people[role], sessionId: session.id}, parseSessionSecret())).token
    }
    let checked = 0
    for (const {file, module} of modules.filter((m) => !PUBLIC.includes(m.file))) {
      for (const {path, method, permission} of endpoints(module)) {
        const none = await callAs(module.default as never, request(path, method), {params: paramsOf(path)})
        expect(none.status, `${method} ${path} (${file}) without a token`).toBe(401)
        for (const role of ROLES) {
          const answer = await callAs(module.default as never, request(path, method, await tokenOf(role)), {params: paramsOf(path)})
          const allowed = permission === null || can(role, permission)
          if (allowed) expect([401, 403], `${method} ${path} as ${role}: ${JSON.stringify(answer.body)}`).not.toContain(answer.status)
          else expect([answer.status, answer.body], `${method} ${path} as ${role}`).toEqual([403, {error: NO_ACCESS}])
          checked++
        }
      }
    }
    expect(checked).toBeGreaterThan(100)
  }, 120_000)
})
