/**
 * Serves the built site on one machine with the embedded defaults, as `npm start` does:
 * - the Netlify Functions of netlify/functions at their `config.path` (/api/…), and the
 *   scheduled ones (`config.schedule`) on their schedule, in UTC, as Netlify runs them, after
 *   the enrolment index repair once at boot (netlify/platform/local-schedule.ts);
 * - static files from web/build/client (fingerprinted /assets/* cached immutably);
 * - the very Netlify function the Remix adapter builds (web/build/server/server.js) for every
 *   other request, so local and Netlify run the same handler;
 * - responses compressed (brotli or gzip, by Accept-Encoding) as Netlify's CDN does in
 *   production: static files from the build's precompressed copies, pages on the fly with the
 *   `compression` middleware;
 * - Netlify's own Blobs emulation (BlobsServer), files under BLOBS_DIR (default
 *   .netlify/blobs-serve), wired in through NETLIFY_BLOBS_CONTEXT as Netlify does
 *   (BLOBS_PORT / BLOBS_TOKEN fix its port and token, for tests).
 *
 * Environment: PORT (default 8888), and the variables of .env.example (read from ./.env when
 * present). Run `npm run build` first.
 */
import {randomBytes, randomUUID} from 'node:crypto'
import {existsSync, readdirSync} from 'node:fs'
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {constants as zlibConstants} from 'node:zlib'
import {BlobsServer} from '@netlify/blobs/server'
import compression from 'compression'
import {createRequestListener, type ClientAddress} from '@remix-run/node-fetch-server'
import sirv from 'sirv'
import {repairIndexAtBoot, startLocalSchedules} from '#netlify/platform/local-schedule'
import {repairEnrolmentIndex} from '#netlify/services/enrolments/repair'
import {createFunctionRouter, type FunctionModule} from '#netlify/platform/routes'
import {prepareLocalBlobs} from '#netlify/platform/blobs'
import {MIN_BYTES} from './scripts/precompress'
import {IMMUTABLE_CACHE_CONTROL, STATIC_CACHE_CONTROL} from '#netlify/platform/cache'
import {BASE_SECURITY_HEADERS} from '#netlify/platform/security'
import {ALLOWED_METHODS, edgeError, pathDecodes} from '~/lib/request-guard.server'
import {getEnv, type Env} from '#netlify/platform/env'

/** Bytes of an unread request body the server reads and discards before answering (e.g. a 413), so the client can read the answer; beyond it the connection is closed. */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024

// Variables from ./.env (if present) for the real services; the shell's own values win.
const envFile = fileURLToPath(new URL('../.env', import.meta.url))
if (existsSync(envFile)) process.loadEnvFile(envFile)
process.env.NODE_ENV ??= 'production'

// The environment is checked before anything starts: an invalid or (in production) missing
// variable stops the server with a message naming it.
let env: Env
try {
  env = getEnv()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}

const clientDir = fileURLToPath(new URL('./build/client', import.meta.url))
const handlerFile = fileURLToPath(new URL('./build/server/server.js', import.meta.url))
if (!existsSync(handlerFile)) {
  console.error('No build found: run `npm run build` first (npm start does both).')
  process.exit(1)
}

// Blobs: Netlify's local emulation, as `netlify dev` runs it.
// BLOBS_PORT and BLOBS_TOKEN let end-to-end tests read what the site stored.
const blobsToken = env.BLOBS_TOKEN || randomBytes(16).toString('hex')
prepareLocalBlobs(env.BLOBS_DIR, 'local-site')
const blobsServer = new BlobsServer({
  directory: env.BLOBS_DIR,
  token: blobsToken,
  port: env.BLOBS_PORT,
})
const {port: blobsPort} = await blobsServer.start()
const blobsURL = `http://localhost:${blobsPort}`
process.env.NETLIFY_BLOBS_CONTEXT = Buffer.from(
  JSON.stringify({edgeURL: blobsURL, uncachedEdgeURL: blobsURL, siteID: 'local-site', token: blobsToken}),
).toString('base64')

// Functions: every module of netlify/functions with a config.path.
const functionsDir = fileURLToPath(new URL('../netlify/functions/', import.meta.url))
const functionModules = await Promise.all(
  readdirSync(functionsDir)
    .filter((file) => /\.(m?ts|m?js)$/.test(file) && !/\.test\./.test(file))
    .map(async (file) => ({file, module: (await import(pathToFileURL(functionsDir + file).href)) as FunctionModule})),
)
const matchFunction = createFunctionRouter(functionModules)

type NetlifyHandler = (request: Request, context: unknown) => Promise<Response | void>
const {default: remixHandler} = (await import(pathToFileURL(handlerFile).href)) as {default: NetlifyHandler}

const staticFiles = sirv(clientDir, {
  etag: true,
  gzip: true,
  brotli: true,
  setHeaders(res, pathname) {
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.setHeader(name, value)
    res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? IMMUTABLE_CACHE_CONTROL : STATIC_CACHE_CONTROL)
  },
})

/** A Netlify Functions v2 context, as far as local serving can give one. */
function functionContext(request: Request, client: {address: string}, params: Record<string, string>) {
  return {
    ip: client.address,
    requestId: randomUUID(),
    params,
    geo: {},
    site: {id: 'local-site', name: 'local', url: new URL(request.url).origin},
    deploy: {context: 'dev', id: 'local', published: false},
    server: {region: 'local'},
    account: {id: 'local'},
    waitUntil: (promise: Promise<unknown>) => void promise.catch((error) => console.error(error)),
  }
}

// Scheduled functions (config.schedule) as on Netlify; first the index repair (at most 3 s, never fatal).
await repairIndexAtBoot({repair: () => repairEnrolmentIndex()})
const schedules = startLocalSchedules(functionModules, {context: (request) => functionContext(request, {address: '127.0.0.1'}, {})})

/** Routes one request: a function by its config.path, else the page function (Remix). */
async function route(request: Request, client: ClientAddress): Promise<Response> {
  const fn = matchFunction(request.method, new URL(request.url).pathname)
  if (fn === 'malformed') return edgeError(request, 400, 'Bad request: the address is not valid (malformed percent-encoding)')
  if (fn) return fn.module.default(request, functionContext(request, client, fn.params))
  const response = await remixHandler(request, functionContext(request, client, {}))
  return response ?? edgeError(request, 404, 'Not Found')
}

/**
 * Before an answer is sent, a request body nobody read to the end (a 413 decided on the first
 * megabytes, a 404 that never looked at the body) is read and discarded, up to
 * DRAIN_LIMIT_BYTES, so a client that writes its whole body before reading gets the answer
 * instead of a reset. Past the limit the answer says `Connection: close`.
 */
async function drainUnreadBody(req: IncomingMessage): Promise<'drained' | 'over-limit'> {
  if (req.complete || req.destroyed) return 'drained'
  return new Promise((resolve) => {
    let drained = 0
    req.removeAllListeners('data')
    req.on('data', (chunk: Buffer) => {
      drained += chunk.byteLength
      if (drained > DRAIN_LIMIT_BYTES) {
        req.pause()
        resolve('over-limit')
      }
    })
    req.once('end', () => resolve('drained'))
    req.once('close', () => resolve('drained'))
    req.on('error', () => resolve('drained'))
    req.resume()
  })
}

/** The Fetch-API listener for one Node request (so the answer can wait for the drain of `req`). */
function fetchHandler(req: IncomingMessage, res: ServerResponse): void {
  void createRequestListener(
    async (request: Request, client: ClientAddress) => {
      const response = await route(request, client)
      if ((await drainUnreadBody(req)) === 'over-limit') {
        const closing = new Response(response.body, {status: response.status, statusText: response.statusText, headers: new Headers(response.headers)})
        closing.headers.set('Connection', 'close')
        return closing
      }
      return response
    },
    {
      // Anything that escapes a handler: a generic 500 with the security headers, no details.
      onError(error) {
        console.error(error)
        return edgeError(new Request('http://localhost/'), 500, 'Something went wrong on our side. Please try again.')
      },
    },
  )(req, res)
}

/** Writes one of the edge's refusals (a Response) on a plain Node response. */
async function sendEdge(res: ServerResponse, response: Response): Promise<void> {
  res.writeHead(response.status, Object.fromEntries(response.headers))
  res.end(response.body ? Buffer.from(await response.arrayBuffer()) : undefined)
}

/** A GET Request naming the path of `req` (to shape an edge answer: JSON under /api/, else text). */
function requestLine(req: IncomingMessage): Request {
  try {
    return new Request(new URL((req.url ?? '/').replace(/^(?!\/)/, '/'), 'http://localhost'))
  } catch {
    return new Request('http://localhost/')
  }
}

function listener(req: IncomingMessage, res: ServerResponse) {
  // Refused before routing (findings 3 and 4): unknown methods (TRACE, made-up
  // tokens; the Fetch API cannot even represent some of them) and undecodable paths.
  const method = req.method ?? 'GET'
  const probe = requestLine(req)
  if (!(ALLOWED_METHODS as readonly string[]).includes(method)) {
    void sendEdge(res, edgeError(probe, 405, `Method ${method.slice(0, 32)} is not allowed`, {Allow: ALLOWED_METHODS.join(', ')}))
    return
  }
  if (!pathDecodes((req.url ?? '/').split('?')[0]!)) {
    void sendEdge(res, edgeError(probe, 400, 'Bad request: the address is not valid (malformed percent-encoding)'))
    return
  }
  if (req.url?.startsWith('/api/')) {
    fetchHandler(req, res)
    return
  }
  staticFiles(req, res, () => {
    fetchHandler(req, res)
  })
}

// Pages and API answers over MIN_BYTES (1 KB, as for the precompressed files) are compressed
// when the client accepts it, at brotli quality 5 (nearly q11's size at a fraction of its time);
// static files are sent as the .br/.gz copies the build wrote (web/scripts/precompress.ts),
// which the middleware leaves alone.
const compress = compression({threshold: MIN_BYTES, brotli: {params: {[zlibConstants.BROTLI_PARAM_QUALITY]: 5}}})

const port = env.PORT
const server = createServer((req, res) => {
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => listener(req, res))
})
// Requests Node's HTTP parser refuses before any handler sees them (a method token it does not
// know, a malformed request line or header): a short answer with the security headers, then the
// connection is closed. Unknown methods get 501, anything else 400.
server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
  if (!socket.writable) {
    socket.destroy()
    return
  }
  const unknownMethod = error.code === 'HPE_INVALID_METHOD'
  const refusal = edgeError(new Request('http://localhost/'), unknownMethod ? 501 : 400, unknownMethod ? 'Method not implemented' : 'Bad request')
  const head = [
    `HTTP/1.1 ${refusal.status} ${unknownMethod ? 'Not Implemented' : 'Bad Request'}`,
    ...[...refusal.headers].map(([name, value]) => `${name}: ${value}`),
    'Connection: close',
  ]
  void refusal.text().then((body) => socket.end(`${head.join('\r\n')}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`))
})

server.listen(port, () => {
  console.log(
    `Site ready on http://localhost:${port} (content: ${env.SANITY_PROJECT_ID ? 'Sanity Content Lake' : 'seed dataset'}; functions: ${functionModules.map((f) => f.file).join(', ') || 'none'})`,
  )
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    schedules.stop()
    void blobsServer.stop()
    server.close(() => process.exit(0))
  })
}
