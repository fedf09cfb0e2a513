/**
 * Security headers of every response the site sends (pages, data requests, static files
 * served by web/server.ts). Netlify's CDN adds the same non-CSP headers to static files
 * from netlify.toml.
 *
 * The Content-Security-Policy allows scripts only from this origin and inline scripts
 * carrying the per-request nonce; no third-party origin is allowed anywhere.
 */
import {randomBytes} from 'node:crypto'

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
export const razorpayEnabled = () => Boolean(process.env.RAZORPAY_KEY_ID)

/** Options of the CSP: development relaxations, Razorpay, and an editor's preview session. */
export type SecurityOptions = {
  development?: boolean
  razorpay?: boolean
  /**
   * Set only for a validated preview session (lib/preview.server.ts): the Studio origin that
   * may frame the page (Presentation tool) and the Sanity API origin the overlays may reach.
   */
  preview?: {studioOrigin: string; apiOrigin?: string} | null
}

/**
 * The CSP of an HTML document. `nonce` must be the one given to <Scripts>/<ScrollRestoration>.
 * In development Vite's client needs inline scripts and a websocket, so the policy is relaxed there.
 * `razorpay` adds Razorpay Checkout's origins (and nothing else third-party); `preview` lets the
 * Studio frame the page. Visitors' pages may never be framed.
 */
export function contentSecurityPolicy(nonce: string, {development = false, razorpay = false, preview = null}: SecurityOptions = {}): string {
  const script = development ? `'self' 'unsafe-inline'` : `'self' 'nonce-${nonce}'`
  const extra = (value: string) => (razorpay ? ` ${value}` : '')
  const previewConnect = preview?.apiOrigin ? ` ${preview.apiOrigin}` : ''
  return [
    `default-src 'self'`,
    `script-src ${script}${extra(RAZORPAY.script)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${extra(RAZORPAY.img)}`,
    `font-src 'self'`,
    `connect-src 'self'${development ? ' ws: wss:' : ''}${extra(RAZORPAY.connect)}${previewConnect}`,
    `frame-src ${razorpay ? RAZORPAY.frame : "'none'"}`,
    `media-src 'self'`,
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
