/**
 * Each reproduced against the built site served exactly as `npm start`
 * serves it (web/server.ts in a child process, tests/helpers/server-process.ts), with raw
 * node:http / node:net requests so methods, paths and bodies reach the server unaltered:
 *
 *  1 open redirect · 2 unreadable form bodies · 3 undecodable paths · 4 unknown methods ·
 *  5 ids in admin paths · 8 oversized bodies written before the answer is read ·
 *  9 security headers and HSTS · 11 SITE_URL in production.
 * (6, 10 and 12 are tested at the function level: payments-api, sanity-webhook, enrolment-schema.)
 */
import {request as httpRequest} from 'node:http'
import {connect} from 'node:net'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startServer, type ServerProcess} from '../helpers/server-process'

const ADMIN = {ADMIN_EMAIL: 'staff@example.com', ADMIN_PASSWORD: 'hardening-test-password'}
const WEBHOOK_SECRET = 'hardening-webhook-secret-0123456789'

type Answer = {status: number; headers: Record<string, string | string[] | undefined>; body: string}

/** One raw HTTP request: the path and method go out exactly as given. */
function send(server: ServerProcess, method: string, path: string, options: {headers?: Record<string, string>; body?: string | Buffer} = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({host: 'localhost', port: server.port, method, path, headers: options.headers}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8')}))
    })
    req.on('error', reject)
    req.end(options.body)
  })
}

/** The headers every answer must carry (finding 9). */
function expectSecurityHeaders(answer: Answer, what: string, kind: 'page' | 'other' = 'other') {
  expect(answer.headers['x-content-type-options'], what).toBe('nosniff')
  expect(answer.headers['referrer-policy'], what).toBeTruthy()
  expect(answer.headers['x-frame-options'], what).toBe('DENY')
  const csp = String(answer.headers['content-security-policy'] ?? '')
  expect(csp, what).toContain("frame-ancestors 'none'")
  if (kind === 'other') expect(csp, what).toContain("default-src 'none'")
}

function expectNoLeak(answer: Answer, what: string) {
  expect(answer.body, what).not.toMatch(/\n\s+at .+\(|node_modules|\/work\/|web\/build|\.tsx?:\d+/)
}

describe('the local server with the embedded defaults', () => {
  let server: ServerProcess
  let token: string

  beforeAll(async () => {
    server = await startServer({env: {...ADMIN, SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET}})
    const login = await send(server, 'POST', '/api/admin', {
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD}),
    })
    expect(login.status, login.body).toBe(200)
    token = JSON.parse(login.body).authToken
  }, 90_000)

  afterAll(async () => {
    await server?.stop()
  })

  it('1: redirects only to same-origin paths', async () => {
    for (const redirect of ['/%09/evil.example', '/%0a/x', '/%0d/x', '//evil.example', '/%5Cevil.example', '/a/..//evil.example']) {
      const answer = await send(server, 'GET', `/api/preview-mode/disable?redirect=${redirect}`)
      expect(answer.status, redirect).toBe(307)
      expect(answer.headers.location, redirect).toBe('/')
      expectSecurityHeaders(answer, redirect)
    }
    expect((await send(server, 'GET', '/api/preview-mode/disable?redirect=/courses')).headers.location).toBe('/courses')
  })

  it('2: a page action answers 400/415 for a body it cannot read, with the page headers', async () => {
    const cases: Array<[string, Record<string, string>, string | undefined, number[]]> = [
      ['/contact', {'content-type': 'application/json'}, '{}', [415]],
      ['/contact', {'content-type': 'text/plain'}, 'hello', [415]],
      ['/contact', {}, 'name=x', [415]],
      ['/contact', {'content-type': 'multipart/form-data'}, '--x--', [400]],
      ['/contact', {'content-type': 'multipart/form-data; boundary=XYZ'}, '--XYZ\r\nContent-Disposition: form-data; name="name"\r\n\r\nPri', [400]],
      ['/contact.data', {'content-type': 'application/json'}, '{}', [415]],
      ['/exam/maritime-safety-basics/results', {'content-type': 'application/json'}, '{"answers":', [400]],
      ['/exam/maritime-safety-basics/results.data', {'content-type': 'text/plain'}, 'x', [400]],
    ]
    for (const [path, headers, body, statuses] of cases) {
      const answer = await send(server, 'POST', path, {headers, body})
      const what = `POST ${path} ${JSON.stringify(headers)}`
      expect(statuses, `${what} → ${answer.status}`).toContain(answer.status)
      expectSecurityHeaders(answer, what, 'page')
      expectNoLeak(answer, what)
    }
  })

  it('3: a path whose percent-encoding does not decode is 400 with the headers', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/enrollments/%E0%A4%A'],
      ['PUT', '/api/enroll/upload/upl_aaaaaaaaaaaaaaaaaaaa/%ZZ'],
      ['POST', '/api/enroll/upload/%ZZ/complete'],
      ['GET', '/courses/%E0%A4%A'],
      ['GET', '/%ZZ'],
      // A backslash (found by the fuzz test: React Router's server rendering threw on `/\\`).
      ['GET', '/%5C'],
      ['GET', '/courses/%5c..%5cadmin'],
    ] as const) {
      const answer = await send(server, method, path, {headers: {authorization: `Bearer ${token}`}})
      expect(answer.status, `${method} ${path}`).toBe(400)
      expectSecurityHeaders(answer, `${method} ${path}`)
    }
  })

  it('4: unknown methods are 405 (or 501 when Node cannot parse them) with the headers', async () => {
    for (const path of ['/', '/api/contact', '/assets/none.js', '/courses']) {
      const trace = await send(server, 'TRACE', path)
      expect(trace.status, `TRACE ${path}`).toBe(405)
      expect(trace.headers.allow).toContain('GET')
      expectSecurityHeaders(trace, `TRACE ${path}`)
    }
    const made_up = await send(server, 'FOO', '/api/contact')
    expect(made_up.status).toBe(501)
    expectSecurityHeaders(made_up, 'FOO /api/contact')
  })

  it('5: ids in admin paths are checked by their pattern: " " is 404, never a listing', async () => {
    const auth = {authorization: `Bearer ${token}`}
    for (const path of [
      '/api/admin/enrollments/%20',
      '/api/admin/enrollments/%20/documents/upl_aaaaaaaaaaaaaaaaaaaa',
      '/api/admin/enrollments/order_sandbox_aaaaaaaaaaaaaa/documents/%20',
      '/api/admin/enrollments/order_%20x',
    ]) {
      const answer = await send(server, 'GET', path, {headers: auth})
      expect(answer.status, path).toBe(404)
      expect(answer.body, path).not.toContain('"orderId"')
      expectSecurityHeaders(answer, path)
    }
  })

  it('8: a client that writes a whole oversized body before reading gets the 413', async () => {
    const body = Buffer.alloc(Math.round(6.5 * 1024 * 1024), 'a')
    /** Writes the request completely, then reads the status line (a reset fails the test). */
    const writeThenRead = (path: string, chunked: boolean) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(server.port, 'localhost')
        let received = ''
        socket.on('data', (chunk) => (received += chunk.toString('latin1')))
        socket.on('error', (error) => reject(new Error(`${path}: ${(error as NodeJS.ErrnoException).code} after ${JSON.stringify(received.slice(0, 40))}`)))
        socket.on('close', () => resolve(received.split('\r\n')[0] ?? ''))
        const type = 'Content-Type: application/json\r\n'
        if (!chunked) {
          socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\n${type}Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`)
          socket.end(body)
          return
        }
        socket.write(`POST ${path} HTTP/1.1\r\nHost: localhost\r\n${type}Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n`)
        for (let offset = 0; offset < body.length; offset += 256 * 1024) {
          const piece = body.subarray(offset, offset + 256 * 1024)
          socket.write(`${piece.length.toString(16)}\r\n`)
          socket.write(piece)
          socket.write('\r\n')
        }
        socket.end('0\r\n\r\n')
      })
    const statusLines = await Promise.all([
      ...Array.from({length: 6}, () => writeThenRead('/api/enroll/save', false)),
      ...Array.from({length: 3}, () => writeThenRead('/api/sanity/webhook', true)),
    ])
    for (const line of statusLines) expect(line).toMatch(/^HTTP\/1\.1 413/)
  }, 60_000)

  it('9: API answers, errors and pages carry the security headers; no HSTS outside production', async () => {
    const answers: Array<[string, Answer, 'page' | 'other']> = [
      ['GET /', await send(server, 'GET', '/'), 'page'],
      ['GET /nowhere', await send(server, 'GET', '/nowhere'), 'page'],
      ['GET /robots.txt', await send(server, 'GET', '/robots.txt'), 'other'],
      ['POST /api/contact {}', await send(server, 'POST', '/api/contact', {headers: {'content-type': 'application/json'}, body: '{}'}), 'other'],
      ['GET /api/admin/enrollments', await send(server, 'GET', '/api/admin/enrollments'), 'other'],
      ['GET /api/admin/enrollments (token)', await send(server, 'GET', '/api/admin/enrollments', {headers: {authorization: `Bearer ${token}`}}), 'other'],
      ['GET /api/preview-mode/enable', await send(server, 'GET', '/api/preview-mode/enable'), 'other'],
    ]
    for (const [what, answer, kind] of answers) {
      expect(answer.status, what).toBeLessThan(500)
      expectSecurityHeaders(answer, what, kind)
      expect(answer.headers['strict-transport-security'], what).toBeUndefined()
    }
  })
})

describe('the local server in production', () => {
  const production = {APP_ENV: 'production', SITE_URL: 'https://www.example.com', SESSION_SECRET: 'x'.repeat(40)}

  it('11: refuses to start without SITE_URL, naming it', async () => {
    await expect(startServer({env: {...production, SITE_URL: ''}, timeoutMs: 30_000})).rejects.toThrow(/SITE_URL is required in production/)
  }, 60_000)

  it('11 and 9: absolute URLs use SITE_URL whatever the Host; HSTS on every answer except plain-HTTP localhost', async () => {
    const server = await startServer({env: production})
    try {
      const page = await send(server, 'GET', '/courses', {headers: {host: 'evil.example'}})
      expect(page.status).toBe(200)
      expect(page.body).toContain('<link rel="canonical" href="https://www.example.com/courses"')
      expect(page.body).not.toContain('evil.example')
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      for (const path of ['/api/admin/enrollments', '/nowhere', '/api/preview-mode/disable']) {
        const answer = await send(server, 'GET', path, {headers: {host: 'www.example.com'}})
        expect(answer.headers['strict-transport-security'], path).toBe('max-age=31536000; includeSubDomains')
      }
      const local = await send(server, 'GET', '/courses', {headers: {host: `localhost:${server.port}`}})
      expect(local.headers['strict-transport-security']).toBeUndefined()
    } finally {
      await server.stop()
    }
  }, 60_000)
})

describe("the local server's environment", () => {
  it('refuses to start on a malformed variable with its own one-line message naming each (checked after ./.env is read)', async () => {
    const start = startServer({env: {RAZORPAY_KEY_ID: 'key_123', SESSION_SECRET: 'short'}, timeoutMs: 30_000})
    await expect(start).rejects.toThrow(
      /exited \(1\) before it was ready:\nInvalid environment: RAZORPAY_KEY_ID: RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…; SESSION_SECRET: SESSION_SECRET must be at least 32 characters\n/,
    )
  }, 60_000)
})
