/**
 * With SANITY_PROJECT_ID set, the same queries go to the Content Lake through the real
 * @sanity/client (mocked at the network edge with msw), published perspective, from the live
 * API rather than Sanity's API CDN: Netlify's CDN caches the pages until a publish purges them,
 * so the request after a purge must read the newest content.
 */
import {setupServer} from 'msw/node'
import {afterAll, afterEach, beforeAll, describe, expect, it, vi} from 'vitest'
import {sanityQueryHandler, type SanityQueryLog} from '../mocks/sanity'

const log: SanityQueryLog = []
const server = setupServer(sanityQueryHandler('testproj', (query) => (query.includes('"siteSettings"') ? {companyName: 'From the Content Lake'} : null), log))

beforeAll(() => server.listen({onUnhandledRequest: 'error'}))
afterEach(() => {
  server.resetHandlers()
  vi.unstubAllEnvs()
})
afterAll(() => server.close())

describe('fetchContent with a Sanity project configured', () => {
  it('queries the Content Lake API (published perspective) with the same GROQ and returns its result', async () => {
    vi.stubEnv('SANITY_PROJECT_ID', 'testproj')
    vi.stubEnv('SANITY_DATASET', 'production')
    vi.resetModules()
    const {fetchContent, contentSource} = await import('#netlify/platform/content/client')
    const {SITE_SETTINGS_QUERY, CATEGORY_PAGE_QUERY} = await import('#netlify/platform/content/queries')
    expect(contentSource()).toBe('sanity')
    const settings = await fetchContent(SITE_SETTINGS_QUERY)
    expect(settings).toEqual({companyName: 'From the Content Lake'})
    await fetchContent(CATEGORY_PAGE_QUERY, {category: 'stcw-courses'})
    expect(log.map((entry) => entry.host)).toEqual(['testproj.api.sanity.io', 'testproj.api.sanity.io'])
    expect(log.map((entry) => entry.perspective)).toEqual(['published', 'published'])
    expect(log[0]?.query).toBe(SITE_SETTINGS_QUERY)
    expect(log[1]?.params).toEqual({$category: '"stcw-courses"'})
  })
})
