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

/**
 * The CSP of an HTML document. `nonce` must be the one given to <Scripts>/<ScrollRestoration>.
 * In development Vite's client needs inline scripts and a websocket, so the policy is relaxed there.
 * `razorpay` adds Razorpay Checkout's origins (and nothing else third-party).
 */
export function contentSecurityPolicy(nonce: string, {development = false, razorpay = false} = {}): string {
  const script = development ? `'self' 'unsafe-inline'` : `'self' 'nonce-${nonce}'`
  const extra = (value: string) => (razorpay ? ` ${value}` : '')
  return [
    `default-src 'self'`,
    `script-src ${script}${extra(RAZORPAY.script)}`,
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:${extra(RAZORPAY.img)}`,
    `font-src 'self'`,
    `connect-src 'self'${development ? ' ws: wss:' : ''}${extra(RAZORPAY.connect)}`,
    `frame-src ${razorpay ? RAZORPAY.frame : "'none'"}`,
    `media-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ')
}

/** Sets the base headers (and the CSP when a nonce is given) on `headers`, in place. */
export function applySecurityHeaders(headers: Headers, nonce?: string, options?: {development?: boolean; razorpay?: boolean}): Headers {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) headers.set(name, value)
  if (nonce !== undefined) headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, options))
  return headers
}
