import {describe, expect, it, vi} from 'vitest'
import {
  applySecurityHeaders,
  BASE_SECURITY_HEADERS,
  contentSecurityPolicy,
  createNonce,
  NON_PAGE_CSP,
  openerPolicy,
  secureResponse,
  sendsHsts,
} from '#netlify/platform/security'

describe('security headers', () => {
  it('creates a different unguessable nonce every time', () => {
    const a = createNonce()
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/)
    expect(createNonce()).not.toBe(a)
  })
  it('allows inline scripts only with the nonce in production', () => {
    const csp = contentSecurityPolicy('abc')
    expect(csp).toContain("script-src 'self' 'nonce-abc'")
    const scriptSrc = csp.split('; ').find((directive) => directive.startsWith('script-src'))
    expect(scriptSrc).toBe("script-src 'self' 'nonce-abc'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
  })
  it('sets the base headers, and the CSP only with a nonce', () => {
    const headers = applySecurityHeaders(new Headers())
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(headers.get('X-Frame-Options')).toBe('DENY')
    expect(headers.get('Content-Security-Policy')).toBeNull()
    expect(applySecurityHeaders(new Headers(), 'n').get('Content-Security-Policy')).toContain("'nonce-n'")
  })
})

describe('Razorpay in the CSP', () => {
  it('allows no third-party origin with the sandbox', () => {
    const csp = contentSecurityPolicy('n')
    expect(csp).not.toContain('razorpay')
    expect(csp).toContain("frame-src 'none'")
  })
  it("allows Razorpay Checkout's script and frames only with real keys", () => {
    const csp = contentSecurityPolicy('n', {razorpay: true})
    expect(csp).toContain("script-src 'self' 'nonce-n' https://checkout.razorpay.com")
    expect(csp).toContain('frame-src https://api.razorpay.com https://checkout.razorpay.com')
  })
  it("names Sanity's asset CDN for images and videos only when content comes from a Sanity project", () => {
    const offline = contentSecurityPolicy('n')
    expect(offline).not.toContain('cdn.sanity.io')
    expect(offline).toContain("img-src 'self' data: blob:;")
    const csp = contentSecurityPolicy('n', {sanityCdn: true})
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.sanity.io;")
    expect(csp).toContain("media-src 'self' https://cdn.sanity.io;")
  })
})

describe('Preview sessions in the CSP', () => {
  const preview = {studioOrigin: 'https://maritime.sanity.studio', apiOrigin: 'https://abc123.api.sanity.io'}
  it('lets only the Studio frame a preview page, and lets the overlays reach the project API', () => {
    const csp = contentSecurityPolicy('n', {preview})
    expect(csp).toContain("frame-ancestors 'self' https://maritime.sanity.studio")
    expect(csp).not.toContain("frame-ancestors 'none'")
    expect(csp).toContain("connect-src 'self' https://abc123.api.sanity.io")
    expect(csp).toContain("script-src 'self' 'nonce-n'")
  })
  it('drops X-Frame-Options only in preview', () => {
    expect(applySecurityHeaders(new Headers(), 'n', {preview}).get('X-Frame-Options')).toBeNull()
    expect(applySecurityHeaders(new Headers(), 'n', {preview: null}).get('X-Frame-Options')).toBe('DENY')
  })
})

describe('secureResponse and HSTS', () => {
  const production = {APP_ENV: 'production', SITE_URL: 'https://www.example.com'}

  it('sends HSTS only in production and never to plain-HTTP localhost', () => {
    expect(sendsHsts(new Request('https://www.example.com/'), production)).toBe(true)
    expect(sendsHsts(new Request('http://www.example.com/'), production)).toBe(true)
    expect(sendsHsts(new Request('http://localhost:8888/'), production)).toBe(false)
    expect(sendsHsts(new Request('http://127.0.0.1:8888/'), production)).toBe(false)
    expect(sendsHsts(new Request('https://www.example.com/'), {})).toBe(false)
  })

  it('gives a non-page answer the base headers and the restrictive CSP, keeping its own CSP when it has one', () => {
    const api = secureResponse(new Request('http://localhost/api/x'), new Response('{}', {status: 400}))
    expect(api.headers.get('Content-Security-Policy')).toBe(NON_PAGE_CSP)
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) expect(api.headers.get(name)).toBe(value)
    const download = secureResponse(
      new Request('http://localhost/api/x'),
      new Response('', {headers: {'Content-Security-Policy': "default-src 'none'; sandbox"}}),
    )
    expect(download.headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox")
  })

  it('Cross-Origin-Opener-Policy: same-origin, except same-origin-allow-popups on checkout pages when Razorpay is enabled', () => {
    const razorpay = {RAZORPAY_KEY_ID: 'rzp_test_abc'}
    expect(openerPolicy(new Request('http://localhost/payment?program=offshore-survival'), razorpay)).toBe('same-origin-allow-popups')
    expect(openerPolicy(new Request('http://localhost/pay/link/plink_x'), razorpay)).toBe('same-origin-allow-popups')
    expect(openerPolicy(new Request('http://localhost/book/group?batch=batch-bosiet-2027-12-27-ajman'), razorpay)).toBe('same-origin-allow-popups')
    expect(openerPolicy(new Request('http://localhost/book/group/grp_0123456789abcdef/key'), razorpay)).toBe('same-origin')
    expect(openerPolicy(new Request('http://localhost/payment'), {})).toBe('same-origin')
    expect(openerPolicy(new Request('http://localhost/contact'), razorpay)).toBe('same-origin')
    expect(openerPolicy(new Request('http://localhost/paymentx'), razorpay)).toBe('same-origin')
    expect(openerPolicy(new Request('http://localhost/admin'), razorpay)).toBe('same-origin')
    vi.stubEnv('RAZORPAY_KEY_ID', 'rzp_test_abc')
    vi.stubEnv('RAZORPAY_KEY_SECRET', 'secret_for_tests_only')
    try {
      expect(secureResponse(new Request('http://localhost/payment'), new Response('<p>')).headers.get('Cross-Origin-Opener-Policy')).toBe(
        'same-origin-allow-popups',
      )
      expect(secureResponse(new Request('http://localhost/'), new Response('<p>')).headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin')
    } finally {
      vi.unstubAllEnvs()
    }
    expect(secureResponse(new Request('http://localhost/payment'), new Response('<p>')).headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin')
  })

  it('copies an answer whose headers are immutable (a redirect) instead of throwing', () => {
    const answer = secureResponse(new Request('http://localhost/'), Response.redirect('http://localhost/next', 307))
    expect(answer.status).toBe(307)
    expect(answer.headers.get('Location')).toBe('http://localhost/next')
    expect(answer.headers.get('X-Frame-Options')).toBe('DENY')
  })

  it('leaves X-Frame-Options out of a framed preview page', () => {
    const headers = new Headers()
    applySecurityHeaders(headers, 'nonce', {preview: {studioOrigin: 'https://studio.example'}})
    const answer = secureResponse(new Request('http://localhost/'), new Response('<html></html>', {headers}))
    expect(answer.headers.get('X-Frame-Options')).toBeNull()
    expect(answer.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self' https://studio.example")
  })
})
