/**
 * The bench's HTTP/2 + TLS front (./http2-front.ts): answers over HTTP/2 with the site's own
 * status, headers and body, forwards method, path, body and the target's Host, drops hop-by-hop
 * headers, and answers 502 when the site is down.
 */
import {createServer, type Server} from 'node:http'
import http2 from 'node:http2'
import type {AddressInfo} from 'node:net'
import {afterAll, beforeAll, expect, test} from 'vitest'
import {startHttp2Front, type Http2Front} from './http2-front'

let site: Server
let siteOrigin: string
let front: Http2Front

beforeAll(async () => {
  site = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => (body += chunk))
    request.on('end', () => {
      response.writeHead(201, {'content-type': 'application/json', 'x-site': 'yes', connection: 'keep-alive'})
      response.end(JSON.stringify({method: request.method, url: request.url, host: request.headers.host, body}))
    })
  })
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  siteOrigin = `http://localhost:${(site.address() as AddressInfo).port}`
  front = await startHttp2Front(siteOrigin)
})

afterAll(async () => {
  await front?.close()
  await new Promise((resolve) => site?.close(resolve))
})

/** One HTTP/2 request to the front (its certificate is self-signed). */
function request(url: string, method: string, body?: string): Promise<{status: number; headers: http2.IncomingHttpHeaders; body: string}> {
  return new Promise((resolve, reject) => {
    const session = http2.connect(new URL(url).origin, {rejectUnauthorized: false})
    session.on('error', reject)
    const stream = session.request({':method': method, ':path': new URL(url).pathname + new URL(url).search})
    let headers: http2.IncomingHttpHeaders = {}
    let text = ''
    stream.on('response', (received) => (headers = received))
    stream.on('data', (chunk: Buffer) => (text += chunk))
    stream.on('end', () => {
      session.close()
      resolve({status: Number(headers[':status']), headers, body: text})
    })
    stream.on('error', reject)
    stream.end(body)
  })
}

test('a request over HTTP/2 reaches the site with its method, path, body and the site’s Host, and gets the site’s answer', async () => {
  expect(front.url).toMatch(/^https:\/\/localhost:\d+$/)
  const answer = await request(`${front.url}/courses?x=1`, 'POST', 'hello')
  expect(answer.status).toBe(201)
  expect(answer.headers['x-site']).toBe('yes')
  expect(answer.headers.connection).toBeUndefined()
  expect(JSON.parse(answer.body)).toEqual({method: 'POST', url: '/courses?x=1', host: new URL(siteOrigin).host, body: 'hello'})
})

test('when the site does not answer, the front says 502', async () => {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const port = (closed.address() as AddressInfo).port
  await new Promise((resolve) => closed.close(resolve))
  const orphan = await startHttp2Front(`http://localhost:${port}`)
  try {
    const answer = await request(`${orphan.url}/`, 'GET')
    expect(answer.status).toBe(502)
    expect(answer.body).toContain('Bad gateway')
  } finally {
    await orphan.close()
  }
})

test('only an http:// target is accepted', async () => {
  await expect(startHttp2Front('https://localhost:1')).rejects.toThrow(/http:\/\/ origin/)
})
