/**
 * Publishing reaches the page ("Caching and revalidation"): with SANITY_PROJECT_ID set,
 * the real @sanity/client reads a Content Lake mocked with msw (which evaluates the site's own
 * GROQ over the seed dataset with groq-js). A model of Netlify's CDN keeps rendered pages under
 * the cache tags their loaders name; the signed Sanity webhook purges tags through the function's
 * `cachePurger` seam. An editor changes a course price: the cached page keeps the old one until
 * the webhook purges its tags, then the next request reads the Content Lake and shows the new one.
 */
import {readFileSync} from 'node:fs'
import {createRemixStub} from '@remix-run/testing'
import {encodeSignatureHeader, SIGNATURE_HEADER_NAME} from '@sanity/webhook'
import {evaluate, parse} from 'groq-js'
import {setupServer} from 'msw/node'
import {createElement} from 'react'
import {renderToString} from 'react-dom/server'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'
import {parseNdjson, seedFile} from '#netlify/platform/content/client'
import {testContext} from '../helpers/blobs'
import {sanityQueryHandler, type SanityQueryLog} from '../mocks/sanity'

const PROJECT = 'publishproj'
const WEBHOOK_SECRET = 'publish-flow-webhook-secret-0123456789'
const COURSE_ID = 'course-pre-sea-training-btlgtco'
const PAGE = '/courses/pre-sea-training'

/** The "Content Lake": published documents of the seed, which the test edits like an editor. */
const dataset: Array<Record<string, unknown>> = parseNdjson(readFileSync(seedFile(), 'utf8'))

function publishPrice(id: string, priceUsd: number) {
  const course = dataset.find((document) => document._id === id)
  if (!course) throw new Error(`no ${id} in the seed`)
  course.priceUsd = priceUsd
  course._updatedAt = new Date().toISOString()
}

const log: SanityQueryLog = []
const server = setupServer(
  sanityQueryHandler(
    PROJECT,
    async (query, entry) => {
      const params = Object.fromEntries(Object.entries(entry.params).map(([key, value]) => [key.slice(1), JSON.parse(value)]))
      return (await evaluate(parse(query), {dataset, params})).get()
    },
    log,
  ),
)

/**
 * Netlify's CDN, as far as this flow needs it: a page is stored with the tags of its
 * `Netlify-Cache-Tag` header when `Netlify-CDN-Cache-Control` allows it, served from the store
 * until one of its tags is purged.
 */
class CdnModel {
  private pages = new Map<string, {html: string; tags: string[]}>()
  constructor(private readonly origin: (path: string) => Promise<{html: string; headers: Headers}>) {}

  async get(path: string): Promise<{html: string; hit: boolean}> {
    const stored = this.pages.get(path)
    if (stored) return {html: stored.html, hit: true}
    const {html, headers} = await this.origin(path)
    if (headers.get('Netlify-CDN-Cache-Control')?.includes('durable')) {
      this.pages.set(path, {html, tags: (headers.get('Netlify-Cache-Tag') ?? '').split(',')})
    }
    return {html, hit: false}
  }

  purge(tags: string[]) {
    for (const [path, page] of this.pages) if (page.tags.some((tag) => tags.includes(tag))) this.pages.delete(path)
  }
}

type Loaded = {data: unknown; init?: ResponseInit | null}

/** The site's origin for the category page: the root and page loaders, then the page rendered to HTML. */
async function renderCategoryPage(path: string): Promise<{html: string; headers: Headers}> {
  const root = await import('~/root')
  const page = await import('~/routes/courses.$category')
  const category = path.split('/').pop() ?? ''
  const request = new Request(`http://localhost${path}`)
  const rootData = await root.loader({request, params: {}, context: {}})
  const loaded = (await page.loader({request, params: {category}, context: {}})) as unknown as Loaded
  const headers = new Headers(
    (page.headers as (args: Record<string, unknown>) => HeadersInit)({
      loaderHeaders: new Headers(loaded.init?.headers),
      parentHeaders: new Headers(),
      actionHeaders: new Headers(),
    }),
  )
  const Stub = createRemixStub([
    {id: 'root', path: '/', Component: root.default, children: [{id: 'routes/courses.$category', path: 'courses/:category', Component: page.default}]},
  ])
  const html = renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: {loaderData: {root: rootData, 'routes/courses.$category': loaded.data}},
    }),
  )
  return {html, headers}
}

/** The category card of the course: its price label follows its full name in the page. */
function priceShown(html: string): string | undefined {
  const text = html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')
  return text.match(/BTLGTCO .*? Investment (\$[\d,.]+)/)?.[1]
}

let cdn: CdnModel
let webhook: typeof import('#netlify/functions/sanity-webhook')

beforeAll(async () => {
  server.listen({onUnhandledRequest: 'error'})
  vi.stubEnv('SANITY_PROJECT_ID', PROJECT)
  vi.stubEnv('SANITY_DATASET', 'production')
  vi.stubEnv('SANITY_WEBHOOK_SECRET', WEBHOOK_SECRET)
  vi.resetModules()
  webhook = await import('#netlify/functions/sanity-webhook')
  cdn = new CdnModel(renderCategoryPage)
  vi.spyOn(webhook.cachePurger, 'purge').mockImplementation(async (tags) => cdn.purge(tags))
})

afterAll(() => {
  server.close()
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

async function publishWebhook(body: Record<string, unknown>): Promise<Response> {
  const raw = JSON.stringify(body)
  const signature = await encodeSignatureHeader(raw, Date.now(), WEBHOOK_SECRET)
  const request = new Request('http://localhost/api/sanity/webhook', {
    method: 'POST',
    body: raw,
    headers: {'content-type': 'application/json', [SIGNATURE_HEADER_NAME]: signature},
  })
  return webhook.default(request, testContext())
}

describe('a published price change reaches the cached page', () => {
  it('shows the old price from the CDN until the webhook purges, then the new price from the Content Lake', async () => {
    const first = await cdn.get(PAGE)
    expect(first.hit).toBe(false)
    expect(priceShown(first.html)).toBe('$100')

    // The editor publishes a new price. The CDN still has the page.
    publishPrice(COURSE_ID, 135)
    const queriesBefore = log.length
    const cached = await cdn.get(PAGE)
    expect(cached.hit).toBe(true)
    expect(priceShown(cached.html)).toBe('$100')
    expect(log.length).toBe(queriesBefore)

    // Sanity calls the webhook with the projection documented in the README.
    const response = await publishWebhook({_id: COURSE_ID, _type: 'course', slug: null, category: 'pre-sea-training'})
    expect(response.status).toBe(200)

    const fresh = await cdn.get(PAGE)
    expect(fresh.hit).toBe(false)
    expect(priceShown(fresh.html)).toBe('$135')
    const after = log.slice(queriesBefore)
    expect(after.length).toBeGreaterThan(0)
    expect(after.every((entry) => entry.host === `${PROJECT}.api.sanity.io` && entry.perspective === 'published')).toBe(true)
  })

  it('publishing an unrelated document (a legal page) leaves the category page cached', async () => {
    await cdn.get(PAGE)
    const response = await publishWebhook({_id: 'legal-terms', _type: 'legalPage', slug: 'terms', category: null})
    expect(response.status).toBe(200)
    expect((await cdn.get(PAGE)).hit).toBe(true)
  })
})
