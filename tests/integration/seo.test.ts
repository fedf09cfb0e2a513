/**
 * Search-engine surface against the seed dataset, through the real route modules:
 * /sitemap.xml lists every public content page and only those (checked against the spec's
 * route table and against the seed's documents), each listed URL loads and names itself as
 * canonical with title, description and Open Graph; /robots.txt; and the JSON-LD of the pages
 * (Organization, Course offers with the seed's prices, breadcrumbs).
 */
import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {parseInrPrice} from '#schemas/rules/price'
import {parseNdjson, seedFile} from '#netlify/platform/content/client'
import {categoryPath, LEGAL_SLUGS, servicePath} from '#schemas/rules/paths'
import {organization, serializeJsonLd, type JsonLd, type StructuredDataHandle, type StructuredDataSite} from '~/lib/structured-data'
import * as legal from '~/pages/legal'
import * as root from '~/root'
import * as home from '~/routes/_index'
import * as about from '~/routes/about'
import * as adminEnquiries from '~/routes/_admin.admin.enquiries'
import * as adminOutbox from '~/routes/_admin.admin.outbox'
import * as adminEnrollments from '~/routes/_admin.adminEnrollments'
import * as contact from '~/routes/contact'
import * as category from '~/routes/courses.$category'
import * as calendar from '~/routes/courses.calendar'
import * as courses from '~/routes/courses._index'
import * as cadetship from '~/routes/courses.cadetship-training'
import * as competency from '~/routes/courses.competency-training'
import * as examResults from '~/routes/exam.$examId.results'
import * as examStart from '~/routes/exam.$examId.start'
import * as examTake from '~/routes/exam.$examId.take'
import * as exams from '~/routes/exams'
import * as login from '~/routes/_admin.login'
import * as payment from '~/routes/payment'
import * as robots from '~/routes/robots[.]txt'
import * as service from '~/routes/services.$slug'
import * as services from '~/routes/services._index'
import * as officerLicensing from '~/routes/services.officer-licensing.$slug'
import * as sitemap from '~/routes/sitemap[.]xml'
import {SPEC_CONTENT_PAGES} from '../helpers/content-pages'

const ORIGIN = 'http://localhost'

type RouteModule = {loader?: (args: any) => unknown; meta?: (args: any) => unknown; handle?: unknown}
type Resolved = {module: RouteModule; id: string; params: Record<string, string>}

/** Which route module serves `path` (the app's route table, as far as these tests go). */
function resolve(path: string): Resolved {
  const fixed: Record<string, [RouteModule, string]> = {
    '/': [home, 'routes/_index'],
    '/about': [about, 'routes/about'],
    '/courses': [courses, 'routes/courses._index'],
    '/courses/calendar': [calendar, 'routes/courses.calendar'],
    '/courses/competency-training': [competency, 'routes/courses.competency-training'],
    '/courses/cadetship-training': [cadetship, 'routes/courses.cadetship-training'],
    '/services': [services, 'routes/services._index'],
    '/contact': [contact, 'routes/contact'],
    '/exams': [exams, 'routes/exams'],
    '/payment': [payment, 'routes/payment'],
    '/login': [login, 'routes/_admin.login'],
    '/adminEnrollments': [adminEnrollments, 'routes/_admin.adminEnrollments'],
    '/admin/enquiries': [adminEnquiries, 'routes/_admin.admin.enquiries'],
    '/admin/outbox': [adminOutbox, 'routes/_admin.admin.outbox'],
  }
  const hit = fixed[path]
  if (hit) return {module: hit[0], id: hit[1], params: {}}
  let m: RegExpExecArray | null
  if ((m = /^\/courses\/([^/]+)$/.exec(path))) return {module: category, id: 'routes/courses.$category', params: {category: m[1]!}}
  if ((m = /^\/services\/officer-licensing\/([^/]+)$/.exec(path)))
    return {module: officerLicensing, id: 'routes/services.officer-licensing.$slug', params: {slug: m[1]!}}
  if ((m = /^\/services\/([^/]+)$/.exec(path))) return {module: service, id: 'routes/services.$slug', params: {slug: m[1]!}}
  if ((m = /^\/exam\/([^/]+)\/start$/.exec(path))) return {module: examStart, id: 'routes/exam.$examId.start', params: {examId: m[1]!}}
  if ((m = /^\/exam\/([^/]+)\/take$/.exec(path))) return {module: examTake, id: 'routes/exam.$examId.take', params: {examId: m[1]!}}
  if ((m = /^\/exam\/([^/]+)\/results$/.exec(path))) return {module: examResults, id: 'routes/exam.$examId.results', params: {examId: m[1]!}}
  if ((m = /^\/([a-z]+)$/.exec(path)) && (LEGAL_SLUGS as readonly string[]).includes(m[1]!)) return {module: legal, id: `routes/legal-${m[1]}`, params: {}}
  throw new Error(`no route for ${path}`)
}

/** A loader's data, `data()` results unwrapped. */
function unwrap(result: unknown): unknown {
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) return (result as {data: unknown}).data
  return result
}

async function rootData() {
  return (await root.loader({request: new Request(`${ORIGIN}/`), params: {}, context: {}})) as Awaited<ReturnType<typeof root.loader>>
}

/** Loads `path` as a document request would: root loader, route loader, then the route's meta. */
async function loadPage(path: string) {
  const {module, id, params} = resolve(path)
  const request = new Request(`${ORIGIN}${path}`)
  const rootResult = await rootData()
  const data = module.loader ? unwrap(await module.loader({request, params, context: {}})) : undefined
  const matches = [
    {id: 'root', pathname: '/', params: {}, data: rootResult, handle: undefined, meta: []},
    {id, pathname: path, params, data, handle: module.handle, meta: []},
  ]
  const tags = (module.meta!({data, matches, params, location: {pathname: path, search: '', hash: ''}, error: undefined}) ?? []) as Array<
    Record<string, string>
  >
  const site: StructuredDataSite = {origin: rootResult.origin, settings: rootResult.settings}
  const jsonLd = [organization(site), ...((module.handle as Partial<StructuredDataHandle> | undefined)?.structuredData?.(data, site) ?? [])].filter(
    (item): item is JsonLd => item !== null,
  )
  return {data, tags, jsonLd: jsonLd.map((item) => JSON.parse(serializeJsonLd(item)) as Record<string, any>)}
}

const tagValue = (tags: Array<Record<string, string>>, key: 'name' | 'property', value: string) => tags.find((tag) => tag[key] === value)?.content
const canonicalOf = (tags: Array<Record<string, string>>) => tags.find((tag) => tag.tagName === 'link' && tag.rel === 'canonical')?.href

async function fetchSitemap() {
  const response = (await sitemap.loader({request: new Request(`${ORIGIN}/sitemap.xml`), params: {}, context: {}})) as Response
  const xml = await response.text()
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!)
  return {response, xml, locs}
}

/** The seed's documents, read directly (independent of the site's queries). */
const seed = parseNdjson(readFileSync(seedFile(), 'utf8')) as Array<Record<string, any>>

describe('/sitemap.xml', () => {
  it('is XML, cached on the CDN with the content tags a publish purges', async () => {
    const {response, xml} = await fetchSitemap()
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate')
    expect(response.headers.get('Netlify-CDN-Cache-Control')).toMatch(/s-maxage=/)
    const tags = response.headers.get('Netlify-Cache-Tag')!.split(',')
    expect(tags).toEqual(
      expect.arrayContaining(['content', 'type:courseCategory', 'type:course', 'type:servicePage', 'type:legalPage', 'type:exam', 'type:homePage']),
    )
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
  })

  it("lists exactly the spec's public content pages, by absolute URL, each once", async () => {
    const {locs} = await fetchSitemap()
    expect(new Set(locs).size).toBe(locs.length)
    expect([...locs].sort()).toEqual(SPEC_CONTENT_PAGES.map((path) => `${ORIGIN}${path}`).sort())
  })

  it("matches the seed's documents: every category, service, officer-licensing, legal page and exam", async () => {
    const {locs} = await fetchSitemap()
    const expected = new Set(['/', '/about', '/courses', '/courses/calendar', '/services', '/contact', '/exams'])
    for (const doc of seed) {
      if (doc._type === 'courseCategory') expected.add(categoryPath(doc.slug.current))
      if (doc._type === 'servicePage') expected.add(servicePath(doc.section, doc.slug.current))
      if (doc._type === 'legalPage') expected.add(`/${doc.slug.current}`)
      if (doc._type === 'exam') expected.add(`/exam/${doc.examId.current}/start`)
    }
    expect(new Set(locs)).toEqual(new Set([...expected].map((path) => `${ORIGIN}${path}`)))
  })

  it('leaves out the payment form, the staff area, the exam take and results pages and the seaman-book alias', async () => {
    const {locs} = await fetchSitemap()
    for (const loc of locs) {
      const path = new URL(loc).pathname
      expect(path).not.toMatch(/^\/(payment|login|admin)|\/take$|\/results$/)
    }
    expect(locs).not.toContain(`${ORIGIN}/services/officer-licensing/seaman-book`)
  })

  it('every listed URL loads and names itself as canonical, with a title, a description and Open Graph', async () => {
    const {locs} = await fetchSitemap()
    for (const loc of locs) {
      const {tags} = await loadPage(new URL(loc).pathname)
      expect(canonicalOf(tags), loc).toBe(loc)
      const title = tags.find((tag) => 'title' in tag)?.title
      expect(title, loc).toMatch(/\S+ \| Maritime Training & Certification$|^Maritime Training & Certification$/)
      expect(tagValue(tags, 'name', 'description'), loc).toMatch(/\S{3}/)
      expect(
        tags.filter((tag) => tag.name === 'robots'),
        loc,
      ).toEqual([])
      expect(tagValue(tags, 'property', 'og:url'), loc).toBe(loc)
      expect(tagValue(tags, 'property', 'og:title'), loc).toMatch(/\S/)
      expect(tagValue(tags, 'property', 'og:description'), loc).toBe(tagValue(tags, 'name', 'description'))
      expect(tagValue(tags, 'property', 'og:type'), loc).toBe('website')
      expect(tagValue(tags, 'property', 'og:site_name'), loc).toBe('Maritime Training & Certification')
      // Every page shares an image from the pipeline (its own, or the default social image), 1200 × 630.
      expect(tagValue(tags, 'property', 'og:image'), loc).toMatch(
        new RegExp(`^${ORIGIN}/cdn/images/local/production/[0-9a-f]{40}-\\d+x\\d+\\.jpg\\?.*w=1200&h=630`),
      )
      expect(tagValue(tags, 'property', 'og:image:width'), loc).toBe('1200')
      expect(tagValue(tags, 'name', 'twitter:card'), loc).toBe('summary_large_image')
      expect(tagValue(tags, 'name', 'twitter:title'), loc).toBe(tagValue(tags, 'property', 'og:title'))
      expect(tagValue(tags, 'name', 'twitter:description'), loc).toBe(tagValue(tags, 'name', 'description'))
    }
  })
})

describe('canonical addresses off the sitemap', () => {
  it('the seaman-book page at its officer-licensing address names /services/seaman-book', async () => {
    const {tags} = await loadPage('/services/officer-licensing/seaman-book')
    expect(canonicalOf(tags)).toBe(`${ORIGIN}/services/seaman-book`)
  })

  it('the payment form drops its prefill query', async () => {
    const {tags} = await loadPage('/payment')
    expect(canonicalOf(tags)).toBe(`${ORIGIN}/payment`)
  })

  it('the exam take page names its start page', async () => {
    const {tags} = await loadPage('/exam/maritime-safety-basics/take')
    expect(canonicalOf(tags)).toBe(`${ORIGIN}/exam/maritime-safety-basics/start`)
    expect(tagValue(tags, 'name', 'robots')).toBeUndefined()
  })

  it('the staff area and a candidate’s exam results are noindex, without a canonical link', async () => {
    for (const path of ['/login', '/adminEnrollments', '/admin/enquiries', '/admin/outbox', '/exam/maritime-safety-basics/results']) {
      const {tags} = await loadPage(path)
      expect(tagValue(tags, 'name', 'robots'), path).toMatch(/^noindex/)
      expect(canonicalOf(tags), path).toBeUndefined()
    }
  })
})

describe('/robots.txt', () => {
  it('allows the site (payment included), disallows the staff area and the API, and names the sitemap', async () => {
    const response = (await robots.loader({request: new Request(`${ORIGIN}/robots.txt`), params: {}, context: {}})) as Response
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(response.headers.get('Netlify-Cache-Tag')).toBe('content')
    const lines = (await response.text()).split('\n')
    expect(lines).toEqual(
      expect.arrayContaining(['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /adminEnrollments', 'Disallow: /login', 'Disallow: /api/']),
    )
    expect(lines).not.toContain('Disallow: /payment')
    expect(lines).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })
})

describe('JSON-LD', () => {
  const settings = seed.find((doc) => doc._type === 'siteSettings')!

  it('every page carries the Organization from the site settings', async () => {
    for (const path of ['/', '/about', '/courses/stcw-courses', '/terms']) {
      const [org] = (await loadPage(path)).jsonLd
      expect(org).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Organization',
        '@id': `${ORIGIN}/#organization`,
        name: settings.companyName,
        url: `${ORIGIN}/`,
        email: settings.contact.email,
        telephone: settings.contact.phoneHref,
      })
    }
  })

  it("category pages carry a Course with an Offer for each fixed-price course, at the seed's price in USD (and in INR where the seed has one)", async () => {
    const categories = seed.filter((doc) => doc._type === 'courseCategory' && !['competency-training', 'cadetship-training'].includes(doc.slug.current))
    expect(categories).toHaveLength(4)
    let inrOffers = 0
    for (const doc of categories) {
      const path = categoryPath(doc.slug.current)
      const {jsonLd} = await loadPage(path)
      const list = jsonLd.find((item) => item['@type'] === 'ItemList')!
      const seedCourses = seed.filter((course) => course._type === 'course' && course.category._ref === doc._id && course.pricing === 'fixed')
      const offered = (list.itemListElement as Array<{item: Record<string, any>}>).map(({item}) => item)
      expect(offered, path).toHaveLength(seedCourses.length)
      for (const course of seedCourses) {
        const item = offered.find((entry) => (entry.alternateName ?? entry.name) === course.name)
        expect(item, `${path} ${course.name}`).toBeDefined()
        const usd = {
          '@type': 'Offer',
          category: 'Paid',
          price: course.priceUsd,
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
          url: item!.url,
        }
        const inr = parseInrPrice(course.priceInr)
        expect(item!.offers).toEqual(inr === null ? usd : [usd, {...usd, price: inr, priceCurrency: 'INR'}])
        if (inr !== null) inrOffers++
        expect(item!.provider['@id']).toBe(`${ORIGIN}/#organization`)
        expect(item!.url).toMatch(new RegExp(`^${ORIGIN}${path}#course-`))
      }
    }
    expect(inrOffers).toBeGreaterThan(0)
  })

  it('pages without fixed-price courses state no offer', async () => {
    for (const path of ['/courses/competency-training', '/courses/cadetship-training', '/', '/services']) {
      const {jsonLd} = await loadPage(path)
      expect(
        jsonLd.some((item) => item['@type'] === 'ItemList' || item['@type'] === 'Course'),
        path,
      ).toBe(false)
    }
  })

  it('nested pages carry a BreadcrumbList from Home to the page itself', async () => {
    const nested = SPEC_CONTENT_PAGES.filter((path) => path.split('/').length > 2 || (LEGAL_SLUGS as readonly string[]).includes(path.slice(1)))
    expect(nested.length).toBeGreaterThan(20)
    for (const path of nested) {
      const {jsonLd} = await loadPage(path)
      const trail = jsonLd.find((item) => item['@type'] === 'BreadcrumbList')
      expect(trail, path).toBeDefined()
      const steps = trail!.itemListElement as Array<{position: number; name: string; item: string}>
      expect(steps[0], path).toEqual({'@type': 'ListItem', position: 1, name: 'Home', item: `${ORIGIN}/`})
      expect(steps.at(-1)!.item, path).toBe(`${ORIGIN}${path}`)
      expect(steps.map((step) => step.position)).toEqual(steps.map((_, index) => index + 1))
      for (const step of steps) expect(step.name, path).toMatch(/\S/)
    }
    const officer = (await loadPage('/services/officer-licensing/captain')).jsonLd.find((item) => item['@type'] === 'BreadcrumbList')!
    expect((officer.itemListElement as Array<{name: string}>).map((step) => step.name)).toEqual([
      'Home',
      'Services',
      'Officer Licensing',
      'Master Mariner / Captain',
    ])
  })

  it('top-level pages carry no breadcrumbs', async () => {
    for (const path of ['/', '/about', '/courses', '/services', '/contact', '/exams']) {
      const {jsonLd} = await loadPage(path)
      expect(
        jsonLd.map((item) => item['@type']),
        path,
      ).toEqual(['Organization'])
    }
  })
})
