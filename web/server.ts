/**
 * Serves the built site on one machine with the embedded defaults, as `npm start` does:
 * static files from web/build/client (fingerprinted /assets/* cached immutably), then the
 * very Netlify function the Remix adapter builds (web/build/server/server.js) for every
 * other request, so local and Netlify run the same handler.
 *
 * Environment: PORT (default 8888), and the variables of .env.example (read from ./.env when
 * present). Run `npm run build` first.
 */
import {existsSync} from 'node:fs'
import {createServer, type IncomingMessage, type ServerResponse} from 'node:http'
import {fileURLToPath, pathToFileURL} from 'node:url'
import {createRequestListener} from '@remix-run/node-fetch-server'
import sirv from 'sirv'
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

const pages = createRequestListener(async (request) => {
  const response = await remixHandler(request, {})
  return response ?? new Response('Not Found', {status: 404})
})

function listener(req: IncomingMessage, res: ServerResponse) {
  staticFiles(req, res, () => {
    void pages(req, res)
  })
}

const port = Number(process.env.PORT ?? 8888)
const server = createServer(listener)
server.listen(port, () => {
  console.log(`Site ready on http://localhost:${port} (content: ${process.env.SANITY_PROJECT_ID ? 'Sanity Content Lake' : 'seed dataset'})`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
