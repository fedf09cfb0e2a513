/**
 * The outer edge of every request the site answers (findings 3, 4 and 9):
 *
 * - `refuseMalformedRequest(request)`: a method outside ALLOWED_METHODS → 405 with `Allow`
 *   (TRACE, CONNECT, made-up tokens); a path whose percent-encoding does not decode
 *   (`/%E0%A4%A`, `/%ZZ`) or decodes to control characters → 400. web/server.ts asks it before
 *   routing anything (static files, functions, pages); the page function asks it too.
 * - `guardRequestHandler(handler)`: wraps the Netlify function that renders pages (the Remix
 *   adapter's handler, see web/vite.config.ts) so every answer, including the adapter's own
 *   "Internal Error" and Remix's answers for resource routes, carries the security headers
 *   (security.server.ts secureResponse), and a throw becomes a 500 that leaks nothing.
 *
 * - `refuseLegacyDataRequest(request)`: Remix's old `?_data=` requests → 400.
 * - `refuseCrossOriginAction(request)`: a POST, PUT, PATCH or DELETE to a page whose `Origin`
 *   is not the request's host (`null`, unparsable, another site) → 403. Remix refuses these
 *   too, but by throwing, which answered 500 (found by the fuzz test).
 *
 * Answers to /api/* paths are JSON `{error}` like the functions' (netlify/platform/http.ts); others
 * are plain text. None is ever cached.
 */
import {hasControlCharacter} from '#schemas/rules/text'
import {NO_STORE} from '#netlify/platform/cache'
import {secureResponse} from '#netlify/platform/security'

/** Methods the site answers; anything else is 405. */
export const ALLOWED_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

/** A refusal from the edge: JSON `{error}` under /api/, plain text elsewhere; never cached. */
export function edgeError(request: Request, status: number, message: string, headers: Record<string, string> = {}): Response {
  let api = false
  try {
    api = new URL(request.url).pathname.startsWith('/api/')
  } catch {
    // An unparsable URL: plain text.
  }
  const body = api ? JSON.stringify({error: message}) : `${message}\n`
  return secureResponse(
    request,
    new Response(request.method === 'HEAD' ? null : body, {
      status,
      headers: {...headers, 'Content-Type': api ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE},
    }),
  )
}

/**
 * Whether every percent-escape of `path` decodes (UTF-8) to text without control characters or
 * backslashes (`/%5C` decodes to `/\`, which React Router's server rendering cannot make a URL of:
 * a 500 found by the fuzz test; no address of the site contains one).
 */
export function pathDecodes(path: string): boolean {
  try {
    const decoded = decodeURIComponent(path)
    return !hasControlCharacter(decoded) && !decoded.includes('\\')
  } catch {
    return false
  }
}

/** The answer for a request the site refuses before routing, or null to go on. */
export function refuseMalformedRequest(request: Request): Response | null {
  if (!(ALLOWED_METHODS as readonly string[]).includes(request.method)) {
    return edgeError(request, 405, `Method ${request.method.slice(0, 32)} is not allowed`, {Allow: ALLOWED_METHODS.join(', ')})
  }
  let pathname: string
  try {
    pathname = new URL(request.url).pathname
  } catch {
    return edgeError(request, 400, 'Bad request: the address is not valid')
  }
  if (!pathDecodes(pathname)) return edgeError(request, 400, 'Bad request: the address is not valid (malformed percent-encoding)')
  return null
}

/**
 * 400 for Remix's legacy `?_data=` data requests: this app uses single fetch (`.data` URLs) and
 * never makes them; Remix still routes them to the action and answers 500 (found by the fuzz test).
 */
export function refuseLegacyDataRequest(request: Request): Response | null {
  return new URL(request.url).searchParams.has('_data') ? edgeError(request, 400, 'Bad request: ?_data requests are not supported') : null
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * 403 for a page action sent from another origin, with the same rule as Remix's CSRF check: the
 * Origin's host must equal X-Forwarded-Host (first value) or Host. Null when the request may go on.
 */
export function refuseCrossOriginAction(request: Request): Response | null {
  if (!WRITE_METHODS.has(request.method)) return null
  const origin = request.headers.get('origin')
  if (origin === null) return null
  const host = request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host')
  let originHost: string | null = null
  try {
    originHost = origin === 'null' ? null : new URL(origin).host
  } catch {
    originHost = null
  }
  if (originHost && host && originHost === host) return null
  return edgeError(request, 403, 'Forms may only be sent from this site')
}

type Handler<C> = (request: Request, context: C) => Promise<Response | void>

/** The page function with the edge checks and the security headers on every answer. */
export function guardRequestHandler<C>(handler: Handler<C>): (request: Request, context: C) => Promise<Response> {
  return async (request, context) => {
    const refusal = refuseMalformedRequest(request) ?? refuseLegacyDataRequest(request) ?? refuseCrossOriginAction(request)
    if (refusal) return refusal
    try {
      const response = await handler(request, context)
      return secureResponse(request, response ?? edgeError(request, 404, 'Not Found'))
    } catch (error) {
      console.error(`[${request.method} ${request.url}]`, error)
      return edgeError(request, 500, 'Something went wrong on our side. Please try again.')
    }
  }
}
