/** Shared set-up of the admin API integration tests: the admin account, login and authorised calls. */
import {beforeEach, expect, vi} from 'vitest'
import login from '#netlify/functions/admin-login'
import {testContext} from '../helpers/blobs'

export const ADMIN_EMAIL = 'staff@maritime.example'
export const ADMIN_PASSWORD = 'Plain-local-password-1'
/** How history entries name the bootstrap owner (its name and e-mail). */
export const ADMIN_ACCOUNT = `Owner <${ADMIN_EMAIL}>`

/** Local admin account (plain password, random per-process secret) for each test. */
export function useAdminEnv(): void {
  beforeEach(() => {
    vi.stubEnv('ADMIN_EMAIL', ADMIN_EMAIL)
    vi.stubEnv('ADMIN_PASSWORD', ADMIN_PASSWORD)
    vi.stubEnv('ADMIN_PASSWORD_HASH', '')
    vi.stubEnv('SESSION_SECRET', '')
  })
}

type Handler = (request: Request, context: ReturnType<typeof testContext>) => Promise<Response>

let ipCounter = 1
/** A fresh client address (each test its own rate-limit window). */
export const freshIp = () => `198.51.100.${ipCounter++ % 250}`

export const loginRequest = (body: unknown) =>
  new Request('http://localhost/api/admin', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })

export async function callAs<T = any>(handler: Handler, request: Request, options: {ip?: string; params?: Record<string, string>} = {}) {
  const response = await handler(request, testContext(options.params ?? {}, options.ip ?? freshIp()))
  const text = await response.text()
  let body: T
  try {
    body = (text ? JSON.parse(text) : null) as T
  } catch {
    body = text as T
  }
  return {status: response.status, headers: response.headers, body}
}

export async function loginToken(ip = freshIp()): Promise<string> {
  const {status, body} = await callAs(login, loginRequest({email: ADMIN_EMAIL, password: ADMIN_PASSWORD}), {ip})
  expect(status, JSON.stringify(body)).toBe(200)
  return body.authToken as string
}

export const getRequest = (path: string, token?: string | null, scheme = 'Bearer') =>
  new Request(`http://localhost${path}`, {headers: token ? {authorization: `${scheme} ${token}`} : {}})
