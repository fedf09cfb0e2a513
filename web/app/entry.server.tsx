/**
 * Server rendering of every HTML response: streams the page, waiting for all content for
 * bots, as one valid document (the streamed route data inside the body: lib/html-stream.server.ts),
 * and sets the security headers with a fresh CSP nonce (lib/security.server.ts); a
 * validated preview session lets the Studio frame the page.
 */
import {PassThrough} from 'node:stream'
import {createReadableStreamFromReadable, type EntryContext, type HandleDataRequestFunction} from '@remix-run/node'
import {RemixServer} from '@remix-run/react'
import {isbot} from 'isbot'
import {renderToPipeableStream} from 'react-dom/server'
import {NonceProvider} from './lib/nonce'
import {closeDocumentLast, dropRenderPadding} from './lib/html-stream.server'
import {lowPriorityModulePreloads} from './lib/preload-priority.server'
import {previewFraming} from './lib/preview.server'
import {applySecurityHeaders, createNonce, razorpayEnabled, sanityCdnEnabled} from '#netlify/platform/security'
import {getEnv} from '#netlify/platform/env'

// A broken environment (e.g. production without SITE_URL) fails the function at start-up, naming
// the variable, instead of every page later.
getEnv()

const ABORT_DELAY_MS = 5_000
export const streamTimeout = ABORT_DELAY_MS

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = createNonce()
  const preview = await previewFraming(request)
  applySecurityHeaders(responseHeaders, nonce, {development: import.meta.env.DEV, razorpay: razorpayEnabled(), sanityCdn: sanityCdnEnabled(), preview})
  const waitForAll = isbot(request.headers.get('user-agent') ?? '')

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const {pipe, abort} = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          // The route data's scripts stream after React's `</body></html>`: the end tags go last.
          const html = body.pipe(dropRenderPadding()).pipe(lowPriorityModulePreloads()).pipe(closeDocumentLast())
          resolve(new Response(createReadableStreamFromReadable(html), {headers: responseHeaders, status: responseStatusCode}))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY_MS + 1_000)
  })
}

/** Data requests (client-side navigations) get the same base security headers. */
export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applySecurityHeaders(response.headers)
  return response
}
