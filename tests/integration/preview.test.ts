/**
 * Previews: /api/preview-mode/enable checks the Presentation tool's secret with the
 * Content Lake (the real @sanity/client and @sanity/preview-url-secret against msw), sets a
 * signed cookie only for a valid one, and only requests carrying that cookie read drafts, are
 * never cached and may be framed by the Studio. Published visitors never get drafts.
 */
import {createCookie} from '@remix-run/node'
import {setupServer} from 'msw/node'
import {afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi} from 'vitest'
import {sanityQueryHandler, type SanityQueryLog} from '../mocks/sanity'

const PROJECT = 'previewproj'
const PREVIEW_SECRET = 'preview-cookie-secret-0123456789abcdef'
const STUDIO = 'https://maritime.sanity.studio'
const VALID = 'valid-presentation-secret'

/** The secret document the Studio writes before it opens the preview frame. */
const SECRET_DOCUMENT = {_id: 'drafts.preview-secret-1', _updatedAt: new Date().toISOString(), secret: VALID, studioUrl: `${STUDIO}/presentation`}

const log: SanityQueryLog = []
const server = setupServer(
  sanityQueryHandler(
    PROJECT,
    (query, entry) => {
      if (query.includes('sanity.previewUrlSecret')) {
        return {private: entry.params.$secret === JSON.stringify(VALID) ? SECRET_DOCUMENT : null, public: null}
      }
      if (query.includes('"siteSettings"')) return {companyName: entry.perspective === 'drafts' ? 'Draft Company' : 'Published Company'}
      if (query.includes('$category')) {
        const priceUsd = entry.perspective === 'drafts' ? 999 : 100
        return {
          category: {
            _id: 'category-stcw',
            title: 'STCW Courses',
            id: 'stcw-courses',
            description: 'Basic safety',
            courses: [{_id: 'course-bst', name: 'BST', fullName: 'Basic Safety Training', pricing: 'fixed', priceUsd}],
          },
          why: null,
        }
      }
      return null
    },
    log,
  ),
)

beforeAll(() => server.listen({onUnhandledRequest: 'error'}))
beforeEach(() => {
  log.length = 0
  vi.stubEnv('SANITY_PROJECT_ID', PROJECT)
  vi.stubEnv('SANITY_DATASET', 'production')
  vi.stubEnv('SANITY_API_READ_TOKEN', 'viewer-token')
  vi.stubEnv('SANITY_PREVIEW_SECRET', PREVIEW_SECRET)
  vi.resetModules()
})
afterEach(() => {
  server.resetHandlers()
  vi.unstubAllEnvs()
})
afterAll(() => server.close())

const enableUrl = (secret: string | null, pathname = '/courses/stcw-courses') => {
  const url = new URL('http://localhost/api/preview-mode/enable')
  if (secret !== null) url.searchParams.set('sanity-preview-secret', secret)
  url.searchParams.set('sanity-preview-pathname', pathname)
  return url.toString()
}

async function enable(secret: string | null, pathname?: string) {
  const {enablePreview} = await import('~/lib/preview.server')
  return enablePreview(new Request(enableUrl(secret, pathname)))
}

/** The cookie pair (`name=value`) a Set-Cookie header sets. */
const cookiePair = (setCookie: string | null) => (setCookie ?? '').split(';')[0] ?? ''

/** Runs the category page's loader as Remix does for a document request. */
async function categoryPage(cookie?: string) {
  const category = await import('~/routes/courses.$category')
  const request = new Request('http://localhost/courses/stcw-courses', {headers: cookie ? {Cookie: cookie} : {}})
  const result = (await category.loader({request, params: {category: 'stcw-courses'}, context: {}})) as unknown as {
    data: {category: {courses: Array<{priceUsd: number}>}}
    init: ResponseInit
  }
  const loaderHeaders = new Headers(result.init.headers)
  const headers = new Headers(
    (category.headers as (args: Record<string, unknown>) => HeadersInit)({
      loaderHeaders,
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
      errorHeaders: undefined,
    }),
  )
  return {price: result.data.category.courses[0]?.priceUsd, headers}
}

describe('GET /api/preview-mode/enable', () => {
  it('refuses an unknown secret with 401 and sets no cookie', async () => {
    const response = await enable('guessed-secret')
    expect(response.status).toBe(401)
    expect(await response.text()).toBe('Invalid or expired preview secret. Open the preview from the Studio again.')
    expect(response.headers.get('set-cookie')).toBeNull()
    expect(response.headers.get('cache-control')).toBe('no-store')
    // The secret was checked with the token, bypassing every cache.
    const check = log.find((entry) => entry.query.includes('sanity.previewUrlSecret'))
    expect(check?.authorized).toBe(true)
    expect(check?.host).toBe(`${PROJECT}.api.sanity.io`)
  })

  it('refuses a request without a secret with 401', async () => {
    const response = await enable(null)
    expect(response.status).toBe(401)
    expect(response.headers.get('set-cookie')).toBeNull()
  })

  it('answers 404 when previews are not configured (no cookie secret)', async () => {
    vi.stubEnv('SANITY_PREVIEW_SECRET', '')
    vi.resetModules()
    const response = await enable(VALID)
    expect(response.status).toBe(404)
    expect(log).toEqual([])
  })

  it('a valid secret sets a signed, HTTP-only, cross-site cookie and redirects to the page', async () => {
    const response = await enable(VALID)
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/courses/stcw-courses')
    const setCookie = response.headers.get('set-cookie') ?? ''
    expect(setCookie).toMatch(/^__sanity_preview=/)
    for (const attribute of ['HttpOnly', 'Secure', 'SameSite=None', 'Partitioned', 'Path=/']) expect(setCookie).toContain(attribute)
  })

  it('never redirects off the site', async () => {
    const response = await enable(VALID, '//evil.example/phish')
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toMatch(/^\/(?!\/)/)
  })

  it('disable redirects only to same-origin paths: control characters, backslashes and // refused', async () => {
    const {disablePreview} = await import('~/lib/preview.server')
    const location = async (redirect: string) =>
      (await disablePreview(new Request(`http://localhost/api/preview-mode/disable?redirect=${redirect}`))).headers.get('location')
    for (const raw of [
      '/%09/evil.example',
      '/%0a/x',
      '/%0d/x',
      '//evil.example',
      '/%5Cevil.example',
      'https://evil.example/',
      '/a/..//evil.example',
      '/%2F/evil.example',
      '/.//evil.example',
    ]) {
      const target = await location(raw)
      expect(target, raw).toMatch(/^\/(?![/\\])/)
      expect(new URL(target!, 'https://site.example').origin, raw).toBe('https://site.example')
    }
    expect(await location('/about%3Fx%3D1')).toBe('/about?x=1')
    expect(await location('/courses/stcw-courses')).toBe('/courses/stcw-courses')
  })
})

describe('content loaders in and out of preview', () => {
  it('visitors get published content, cached on the CDN per preview cookie', async () => {
    const {price, headers} = await categoryPage()
    expect(price).toBe(100)
    expect(headers.get('Netlify-CDN-Cache-Control')).toContain('durable')
    expect(headers.get('Netlify-Vary')).toBe('cookie=__sanity_preview')
    expect(log.map((entry) => entry.perspective)).toEqual(['published'])
  })

  it('a validated preview session reads drafts with the token and is never stored', async () => {
    const cookie = cookiePair((await enable(VALID)).headers.get('set-cookie'))
    log.length = 0
    const {price, headers} = await categoryPage(cookie)
    expect(price).toBe(999)
    expect(headers.get('Cache-Control')).toBe('private, no-store')
    expect(headers.get('Netlify-CDN-Cache-Control')).toBeNull()
    expect(headers.get('Netlify-Cache-Tag')).toBeNull()
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({perspective: 'drafts', authorized: true, host: `${PROJECT}.api.sanity.io`})

    const root = await import('~/root')
    const rootData = await root.loader({request: new Request('http://localhost/', {headers: {Cookie: cookie}}), params: {}, context: {}})
    expect(rootData.preview).toBe(true)
    expect(rootData.settings.companyName).toBe('Draft Company')

    const {previewFraming} = await import('~/lib/preview.server')
    expect(await previewFraming(new Request('http://localhost/', {headers: {Cookie: cookie}}))).toEqual({
      studioOrigin: STUDIO,
      apiOrigin: `https://${PROJECT}.api.sanity.io`,
    })
    expect(await previewFraming(new Request('http://localhost/'))).toBeNull()
  })

  it('a forged cookie (unsigned, or signed with another secret) shows published content', async () => {
    const forged = createCookie('__sanity_preview', {secrets: ['not-the-site-secret-0123456789abcdef']})
    const signedElsewhere = cookiePair(await forged.serialize({studioOrigin: STUDIO, issuedAt: Date.now()}))
    const unsigned = `__sanity_preview=${btoa(JSON.stringify({studioOrigin: STUDIO, issuedAt: Date.now()}))}`
    for (const cookie of [signedElsewhere, unsigned]) {
      const {price, headers} = await categoryPage(cookie)
      expect(price).toBe(100)
      expect(headers.get('Netlify-CDN-Cache-Control')).toContain('durable')
    }
    expect(log.every((entry) => entry.perspective === 'published')).toBe(true)
  })

  it('an expired session is ignored', async () => {
    const {enablePreview, getPreviewSession, PREVIEW_MAX_AGE_SECONDS} = await import('~/lib/preview.server')
    const issued = Date.now() - (PREVIEW_MAX_AGE_SECONDS + 60) * 1000
    const cookie = cookiePair((await enablePreview(new Request(enableUrl(VALID)), issued)).headers.get('set-cookie'))
    const request = new Request('http://localhost/', {headers: {Cookie: cookie}})
    expect(await getPreviewSession(request)).toBeNull()
    expect(await getPreviewSession(request, issued + 1000)).toEqual({studioOrigin: STUDIO, issuedAt: issued})
  })

  it('disable clears the cookie and returns to the page', async () => {
    const {disablePreview} = await import('~/lib/preview.server')
    const response = await disablePreview(new Request('http://localhost/api/preview-mode/disable?redirect=%2Fabout'))
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/about')
    expect(response.headers.get('set-cookie')).toMatch(/^__sanity_preview=;.*Max-Age=0/)
  })
})
