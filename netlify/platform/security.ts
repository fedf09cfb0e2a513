/**
 * Security headers of every response the site sends (pages, data requests, static files
 * served by web/server.ts). Netlify's CDN adds the same non-CSP headers (BASE_SECURITY_HEADERS
 * and HSTS) to static files from netlify.toml's `/*` rule; tests/unit/netlify-headers.test.ts
 * fails when the two differ.
 *
 * The Content-Security-Policy allows scripts only from this origin and inline scripts
 * carrying the per-request nonce; no third-party origin is allowed anywhere.
 */
import {randomBytes} from 'node:crypto'
import {getEnv, isProduction, type Env} from './env'

/** A fresh, unguessable nonce for one HTML response (base64, 128 bits). */
export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

/** Headers that apply to every response, whatever its type. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(self), usb=(), interest-cohort=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
}

/**
 * Strict-Transport-Security of pages and functions in production: Netlify's
 * header rules (netlify.toml) reach only static files. One year, subdomains included.
 */
export const HSTS = 'max-age=31536000; includeSubDomains'

/**
 * The CSP of every answer that is not an HTML page (API answers, error answers, redirects,
 * robots.txt, the sitemap): nothing may load, nothing may frame it.
 */
export const NON_PAGE_CSP = "default-src 'none'; frame-ancestors 'none'"

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Whether `request`'s answer carries HSTS: in production (env.server.ts isProduction), never on
 * plain-HTTP localhost (`APP_ENV=production npm start` must not pin localhost to HTTPS).
 */
export function sendsHsts(request: Request, env?: Readonly<Record<string, unknown>>): boolean {
  if (!isProduction(env)) return false
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return false
  }
  return !(url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname))
}

/**
 * The headers every answer of the site carries, whatever produced it:
 * the base headers, HSTS in production, and — unless the answer brings its own CSP (HTML pages
 * have a nonce CSP; document downloads a sandbox) — NON_PAGE_CSP. Headers already set by the
 * answer are kept, except that the base headers always win (Cross-Origin-Opener-Policy as
 * openerPolicy says: relaxed only on checkout pages with Razorpay). Returns `response` itself when its
 * headers can be changed, else a copy (a redirect's headers are immutable).
 */
export function secureResponse(request: Request, response: Response): Response {
  let target = response
  try {
    applyNonPageHeaders(target.headers, request)
  } catch {
    target = new Response(response.body, {status: response.status, statusText: response.statusText, headers: new Headers(response.headers)})
    applyNonPageHeaders(target.headers, request)
  }
  return target
}

/**
 * The pages that open Razorpay Checkout (or its payment-link page): the payment form, the group
 * booking form (/book/group, not the booking's own pages under it) and the payment-link pages
 * under /pay/. Checkout opens popups (netbanking, wallets, some 3-D Secure pages) that report back
 * to their opener.
 */
export const isCheckoutPage = (pathname: string): boolean =>
  pathname === '/payment' || pathname === '/payment/' || pathname === '/book/group' || pathname === '/book/group/' || pathname.startsWith('/pay/')

/**
 * The Cross-Origin-Opener-Policy of the answer to `request` ("Real Checkout under our
 * headers"): `same-origin` everywhere, except `same-origin-allow-popups` on a checkout page when
 * Razorpay is enabled (real keys), since `same-origin` severs `window.opener` for Checkout's
 * cross-origin popups and those payments would hang. The CSP still names only Razorpay's origins.
 */
export function openerPolicy(request: Request, env?: Pick<Env, 'RAZORPAY_KEY_ID'>): 'same-origin' | 'same-origin-allow-popups' {
  let pathname: string
  try {
    pathname = new URL(request.url).pathname
  } catch {
    return 'same-origin'
  }
  return isCheckoutPage(pathname) && razorpayEnabled(env) ? 'same-origin-allow-popups' : 'same-origin'
}

function applyNonPageHeaders(headers: Headers, request: Request): void {
  const framedPreview =
    headers.has('Content-Security-Policy') && !headers.has('X-Frame-Options') && /frame-ancestors 'self' /.test(headers.get('Content-Security-Policy') ?? '')
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) headers.set(name, value)
  headers.set('Cross-Origin-Opener-Policy', openerPolicy(request))
  // An editor's preview page may be framed by the Studio (applySecurityHeaders left XFO out).
  if (framedPreview) headers.delete('X-Frame-Options')
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', NON_PAGE_CSP)
  if (sendsHsts(request)) headers.set('Strict-Transport-Security', HSTS)
}

/**
 * Razorpay Checkout's origins, allowed only when real Razorpay keys are configured (the
 * sandbox needs none): its script, its payment frames and its telemetry endpoint.
 */
const RAZORPAY = {
  script: 'https://checkout.razorpay.com',
  frame: 'https://api.razorpay.com https://checkout.razorpay.com',
  connect: 'https://api.razorpay.com https://lumberjack.razorpay.com',
  img: 'https://*.razorpay.com',
}

/** Whether pages may load Razorpay Checkout: real keys are set (RAZORPAY_KEY_ID). */
export const razorpayEnabled = (env: Pick<Env, 'RAZORPAY_KEY_ID'> = getEnv()) => Boolean(env.RAZORPAY_KEY_ID)

/** Whether content (and so its images and videos) comes from a Sanity project, served by Sanity's CDN. */
export const sanityCdnEnabled = (env: Pick<Env, 'SANITY_PROJECT_ID'> = getEnv()) => Boolean(env.SANITY_PROJECT_ID)

/** Options of the CSP: development relaxations, Razorpay, and an editor's preview session. */
export type SecurityOptions = {
  development?: boolean
  razorpay?: boolean
  /** Content images and videos come from Sanity's CDN (SANITY_PROJECT_ID set); without it, from this origin (/cdn/…). */
  sanityCdn?: boolean
  /**
   * Set only for a validated preview session (lib/preview.server.ts): the Studio origin that
   * may frame the page (Presentation tool) and the Sanity API origin the overlays may reach.
   */
  preview?: {studioOrigin: string; apiOrigin?: string} | null
}

/** Sanity's asset CDN (images and files of the Content Lake). */
export const SANITY_CDN = 'https://cdn.sanity.io'

/**
 * The CSP of an HTML document. `nonce` must be the one given to <Scripts>/<ScrollRestoration>.
 * In development Vite's client needs inline scripts and a websocket, so the policy is relaxed there.
 * `razorpay` adds Razorpay Checkout's origins (and nothing else third-party); `sanityCdn` Sanity's
 * asset CDN for images and videos (only when content comes from a Sanity project); `preview` lets the
 * Studio frame the page. Visitors' pages may never be framed.
 */
export function contentSecurityPolicy(nonce: string, {development = false, razorpay = false, sanityCdn = false, preview = null}: SecurityOptions = {}): string {
  const script = development ? `'self' 'unsafe-inline'` : `'self' 'nonce-${nonce}'`
  const extra = (value: string) => (razorpay ? ` ${value}` : '')
  const cdn = sanityCdn ? ` ${SANITY_CDN}` : ''
  const previewConnect = preview?.apiOrigin ? ` ${preview.apiOrigin}` : ''
  return [
    `default-src 'self'`,
    `script-src ${script}${extra(RAZORPAY.script)}`,
    `style-src 'self' 'unsafe-inline'`,
    // Content images and videos come from Sanity's CDN when a project is configured
    // (the embedded seed's come from this origin, /cdn/…): the CDN is named only then.
    `img-src 'self' data: blob:${cdn}${extra(RAZORPAY.img)}`,
    `font-src 'self'`,
    `connect-src 'self'${development ? ' ws: wss:' : ''}${extra(RAZORPAY.connect)}${previewConnect}`,
    `frame-src ${razorpay ? RAZORPAY.frame : "'none'"}`,
    `media-src 'self'${cdn}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    preview ? `frame-ancestors 'self' ${preview.studioOrigin}` : `frame-ancestors 'none'`,
  ].join('; ')
}

/**
 * Sets the base headers (and the CSP when a nonce is given) on `headers`, in place. In preview
 * the page may be framed by the Studio, so X-Frame-Options is left out (the CSP's
 * frame-ancestors names the Studio instead).
 */
export function applySecurityHeaders(headers: Headers, nonce?: string, options?: SecurityOptions): Headers {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) headers.set(name, value)
  if (options?.preview) headers.delete('X-Frame-Options')
  if (nonce !== undefined) headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, options))
  return headers
}
