/**
 * An HTTP/2 + TLS front for the page bench (docs/decisions/012-lcp-budget-font-and-http2-bench.md):
 * Lighthouse's simulation (Lantern) replays the recorded requests over the protocol it saw. Over
 * the local server's HTTP/1.1 it models six cold TCP connections per origin, each paying its own
 * handshake and slow start; over HTTP/2 it models one warm connection, as browsers get from
 * Netlify's CDN in production (HTTP/2 over TLS; the TLS handshake is simulated too, so the
 * document costs one round trip more). The bench measures the site through this front so its
 * simulated timings describe the deployed transport; it records the HTTP/1.1 figures beside them.
 *
 * `startHttp2Front(target)` listens on `port` (0: any free one) with a self-signed certificate for
 * `localhost`, made at start (`selfsigned`; Chromium must run with `--ignore-certificate-errors`),
 * and forwards every request, streamed both ways, to `target` (an http:// origin), with the
 * target's Host so the site builds the same URLs as without the front. Hop-by-hop headers are
 * dropped (HTTP/2 forbids them). The answer, status and headers are the site's own; an
 * unreachable target answers 502. Bench only: never part of `npm start`.
 */
import http, {type IncomingHttpHeaders, type OutgoingHttpHeaders} from 'node:http'
import http2, {type Http2ServerRequest, type Http2ServerResponse} from 'node:http2'
import type {AddressInfo} from 'node:net'
import {generate} from 'selfsigned'

/** Headers that describe one HTTP/1.1 connection (RFC 9113, section 8.2.2, forbids them in HTTP/2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'http2-settings'])

export type Http2Front = {
  /** `https://localhost:{port}` */
  url: string
  close: () => Promise<void>
}

function forwardable(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name.startsWith(':') || HOP_BY_HOP.has(name)) continue
    out[name] = value
  }
  return out
}

/** Starts the front for `target` (e.g. `http://localhost:8950`) on `port` (default: any free one). */
export async function startHttp2Front(target: string, port = 0): Promise<Http2Front> {
  const upstream = new URL(target)
  if (upstream.protocol !== 'http:') throw new Error(`startHttp2Front: the target must be an http:// origin, not ${target}`)
  const {private: key, cert} = await generate([{name: 'commonName', value: 'localhost'}], {
    keyType: 'ec',
    curve: 'P-256',
    extensions: [
      {
        name: 'subjectAltName',
        altNames: [
          {type: 2, value: 'localhost'},
          {type: 7, ip: '127.0.0.1'},
        ],
      },
    ],
  })
  const agent = new http.Agent({keepAlive: true, maxSockets: 64})

  const handle = (request: Http2ServerRequest, response: Http2ServerResponse) => {
    const headers = forwardable(request.headers)
    headers.host = upstream.host
    const forwarded = http.request({agent, host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers}, (answer) => {
      response.writeHead(answer.statusCode ?? 502, forwardable(answer.headers))
      answer.pipe(response)
    })
    forwarded.on('error', () => {
      if (!response.headersSent) response.writeHead(502, {'content-type': 'text/plain'})
      response.end('Bad gateway: the site did not answer')
    })
    request.pipe(forwarded)
  }

  const server = http2.createSecureServer({key, cert, allowHTTP1: true}, handle)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, 'localhost', () => resolve())
  })
  const {port: listening} = server.address() as AddressInfo
  return {
    url: `https://localhost:${listening}`,
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy()
        server.close(() => resolve())
        // Open HTTP/2 sessions (Chromium keeps them) would hold close() forever.
        setTimeout(resolve, 1_000).unref()
      }),
  }
}
