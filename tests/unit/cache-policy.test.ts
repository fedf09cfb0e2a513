/** The cache policy of netlify/platform/cache.ts: tag building and header values. */
import {describe, expect, it} from 'vitest'
import {secondsUntilNextProviderDay} from '#schemas/rules/batches'
import {
  cacheTags,
  contentCacheHeaders,
  contentRouteHeaders,
  docTag,
  noStoreHeaders,
  noStoreRouteHeaders,
  pageCacheHeaders,
  sanitizeTag,
  servicePageTags,
} from '#netlify/platform/cache'

const args = (loaderHeaders = new Headers(), extra: {errorHeaders?: Headers; actionHeaders?: Headers} = {}) => ({
  loaderHeaders,
  parentHeaders: new Headers(),
  actionHeaders: extra.actionHeaders ?? new Headers(),
  errorHeaders: extra.errorHeaders,
})

describe('cache tags', () => {
  it('always include the generic content tag, first', () => {
    expect(cacheTags([])).toEqual(['content'])
    expect(cacheTags(['type:course'])).toEqual(['content', 'type:course'])
  })

  it('are deduplicated, including after sanitising', () => {
    expect(cacheTags(['type:course', 'type:course', 'type course', 'content'])).toEqual(['content', 'type:course', 'type-course'])
  })

  it('keep only letters, digits and [:_-] (case kept): other characters become dashes, empty tags are dropped', () => {
    expect(sanitizeTag('doc:Course Pre/Sea')).toBe('doc:Course-Pre-Sea')
    expect(sanitizeTag('type:courseCategory')).toBe('type:courseCategory')
    expect(sanitizeTag('category:stcw_courses')).toBe('category:stcw_courses')
    expect(sanitizeTag('a,b')).toBe('a-b')
    expect(cacheTags(['', null, undefined, ' , ', 'ok'])).toEqual(['content', 'ok'])
    for (const tag of cacheTags(['x y', 'Ünïcode', 'doc:drafts.abc', 'a;b'])) expect(tag).toMatch(/^[A-Za-z0-9:_-]+$/)
  })

  it('doc tags drop the drafts. prefix', () => {
    expect(docTag('drafts.course-abc')).toBe('doc:course-abc')
    expect(docTag('homePage')).toBe('doc:homePage')
  })

  it('service pages name the page, its children and the providers when shown', () => {
    expect(servicePageTags({_id: 'p1', childPages: [{_id: 'c1'}, null], trainingProviders: [{}]})).toEqual([
      'type:servicePage',
      'doc:p1',
      'doc:c1',
      'type:trainingProvider',
    ])
    expect(servicePageTags({_id: 'p1', childPages: null, trainingProviders: []})).toEqual(['type:servicePage', 'doc:p1'])
  })
})

describe('cache headers', () => {
  it('content pages: browsers revalidate, the CDN keeps the page until purged, tagged', () => {
    const headers = contentCacheHeaders(['type:course', 'doc:x'])
    expect(headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate')
    expect(headers.get('Netlify-CDN-Cache-Control')).toBe('public, durable, s-maxage=31536000, stale-while-revalidate=86400')
    expect(headers.get('Netlify-Cache-Tag')).toBe('content,type:course,doc:x')
  })

  it("pages with dated batches: the CDN keeps them only until the provider's next midnight", () => {
    const now = new Date('2026-11-24T19:00:00Z') // 23:00 in Dubai: an hour left
    const headers = pageCacheHeaders(['type:courseBatch'], {cdnMaxAgeSeconds: secondsUntilNextProviderDay(now)})
    expect(headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate')
    expect(headers.get('Netlify-CDN-Cache-Control')).toBe('public, durable, s-maxage=3600, stale-while-revalidate=60')
    expect(headers.get('Netlify-Cache-Tag')).toContain('type:courseBatch')
  })

  it('page headers also carry the site settings the root loader shows', () => {
    expect(pageCacheHeaders(['doc:aboutPage']).get('Netlify-Cache-Tag')).toBe('content,doc:siteSettings,type:siteSettings,doc:aboutPage')
  })

  it('personal pages: no-store only', () => {
    const headers = noStoreHeaders()
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(headers.has('Netlify-CDN-Cache-Control')).toBe(false)
    expect(headers.has('Netlify-Cache-Tag')).toBe(false)
  })

  it('a content route passes its loader headers on, but never stores an error page', () => {
    const loaderHeaders = contentCacheHeaders(['type:course'])
    expect(new Headers(contentRouteHeaders(args(loaderHeaders))).get('Netlify-Cache-Tag')).toBe('content,type:course')
    expect(new Headers(contentRouteHeaders(args(new Headers(), {errorHeaders: new Headers()}))).get('Cache-Control')).toBe('no-store')
    expect(new Headers(contentRouteHeaders(args())).get('Cache-Control')).toBe('no-store')
  })

  it('a no-store route keeps other loader/action headers but drops any CDN caching', () => {
    const headers = new Headers(noStoreRouteHeaders(args(contentCacheHeaders(['x']), {actionHeaders: new Headers({'Retry-After': '30'})})))
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(headers.get('Retry-After')).toBe('30')
    expect(headers.has('Netlify-CDN-Cache-Control')).toBe(false)
    expect(headers.has('Netlify-Cache-Tag')).toBe(false)
  })
})
