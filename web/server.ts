/**
 * Serves the built site on one machine with the embedded defaults, as `npm start` does:
 * - the Netlify Functions of netlify/functions at their `config.path` (/api/…), and the
 *   scheduled ones (`config.schedule`) on their schedule, in UTC, as Netlify runs them, after
 *   the enrolment index repair once at boot (netlify/lib/local-schedule.ts; issue 12, finding 7);
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
import {repairIndexAtBoot, startLocalSchedules} from '../netlify/lib/local-schedule'
import {createFunctionRouter, type FunctionModule} from '../netlify/lib/routes'
import {MIN_BYTES} from './scripts/precompress'
import {BASE_SECURITY_HEADERS} from './app/lib/security.server'

// Variables from ./.env (if present) for the real services; the shell's own values win.
const envFile = fileURLToPath(new URL('../.env', import.meta.url))
if (existsSync(envFile)) process.loadEnvFile(envFile)
process.env.NODE_ENV ??= 'production'

const clientDir = fileURLToPath(new URL('./build/client', import.meta.url))
const handlerFile = fileURLToPath(new URL('./build/server/server.js', import.meta.url))
if (!existsSync(handlerFile)) {
  console.error('No build found: run `npm run build` first (npm start does both).')
  process.exit(1)
}

// Blobs: Netlify's local emulation, as `netlify dev` runs it.
// BLOBS_PORT and BLOBS_TOKEN let end-to-end tests read what the site stored.
const blobsToken = process.env.BLOBS_TOKEN || randomBytes(16).toString('hex')
const blobsServer = new BlobsServer({
  directory: process.env.BLOBS_DIR || '.netlify/blobs-serve',
  token: blobsToken,
  port: process.env.BLOBS_PORT ? Number(process.env.BLOBS_PORT) : undefined,
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
    res.setHeader('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
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
await repairIndexAtBoot()
const schedules = startLocalSchedules(functionModules, {context: (request) => functionContext(request, {address: '127.0.0.1'}, {})})

const fetchHandler = createRequestListener(async (request: Request, client: ClientAddress) => {
  const fn = matchFunction(request.method, new URL(request.url).pathname)
  if (fn) return fn.module.default(request, functionContext(request, client, fn.params))
  const response = await remixHandler(request, functionContext(request, client, {}))
  return response ?? new Response('Not Found', {status: 404})
})

function listener(req: IncomingMessage, res: ServerResponse) {
  if (req.url?.startsWith('/api/')) {
    void fetchHandler(req, res)
    return
  }
  staticFiles(req, res, () => {
    void fetchHandler(req, res)
  })
}

// Pages and API answers over MIN_BYTES (1 KB, as for the precompressed files) are compressed
// when the client accepts it, at brotli quality 5 (nearly q11's size at a fraction of its time);
// static files are sent as the .br/.gz copies the build wrote (web/scripts/precompress.ts),
// which the middleware leaves alone.
const compress = compression({threshold: MIN_BYTES, brotli: {params: {[zlibConstants.BROTLI_PARAM_QUALITY]: 5}}})

const port = Number(process.env.PORT ?? 8888)
const server = createServer((req, res) => {
  compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => listener(req, res))
})
server.listen(port, () => {
  console.log(`Site ready on http://localhost:${port} (content: ${process.env.SANITY_PROJECT_ID ? 'Sanity Content Lake' : 'seed dataset'}; functions: ${functionModules.map((f) => f.file).join(', ') || 'none'})`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    schedules.stop()
    void blobsServer.stop()
    server.close(() => process.exit(0))
  })
}
