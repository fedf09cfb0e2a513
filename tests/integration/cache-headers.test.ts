/**
 * Cache headers per route type: each route module's loader (against the seed dataset) and its
 * `headers` export, called the way Remix calls them for a document request. Content pages are
 * cached on the CDN with tags naming what they show; personal and transactional pages, and
 * error pages, are never stored.
 */
import type {HeadersFunction} from '@remix-run/node'
import {describe, expect, it} from 'vitest'
import {fetchContent} from '#netlify/platform/content/client'
import {CATEGORY_PAGE_QUERY} from '#netlify/platform/content/queries'
import * as root from '~/root'
import * as notFound from '~/routes/$'
import * as home from '~/routes/_index'
import * as about from '~/routes/about'
import * as adminLayout from '~/routes/_admin'
import * as contact from '~/routes/contact'
import * as category from '~/routes/courses.$category'
import * as courses from '~/routes/courses._index'
import * as cadetship from '~/routes/courses.cadetship-training'
import * as competency from '~/routes/courses.competency-training'
import * as examResults from '~/routes/exam.$examId.results'
import * as examStart from '~/routes/exam.$examId.start'
import * as examTake from '~/routes/exam.$examId.take'
import * as exams from '~/routes/exams'
import * as payment from '~/routes/payment'
import * as service from '~/routes/services.$slug'
import * as services from '~/routes/services._index'
import * as officerLicensing from '~/routes/services.officer-licensing.$slug'
import * as legal from '~/pages/legal'

type RouteModule = {loader?: (args: any) => unknown; headers?: HeadersFunction | unknown}

const CDN = 'public, durable, s-maxage=31536000, stale-while-revalidate=86400'

/** The headers of a loader's answer: a data() result carries them in `init`. */
function loaderHeadersOf(result: unknown): Headers {
  if (result instanceof Response) return result.headers
  const init = (result as {init?: ResponseInit | null} | null)?.init
  return new Headers(init?.headers)
}

function headersFrom(module: RouteModule, loaderHeaders: Headers, errorHeaders?: Headers): Headers {
  const headers = module.headers
  if (typeof headers !== 'function') throw new Error('route has no headers function')
  return new Headers(headers({loaderHeaders, parentHeaders: new Headers(), actionHeaders: new Headers(), errorHeaders}))
}

/** Runs the route's loader for `path` and its headers export, as on a document request. */
async function pageHeaders(module: RouteModule, path: string, params: Record<string, string> = {}): Promise<Headers> {
  const result = await module.loader!({request: new Request(`http://localhost${path}`), params, context: {}})
  return headersFrom(module, loaderHeadersOf(result))
}

function tagsOf(headers: Headers): string[] {
  return (headers.get('Netlify-Cache-Tag') ?? '').split(',')
}

/** The CDN header of a page listing dated batches: kept until the provider's next midnight. */
const DATED_CDN = /^public, durable, s-maxage=([1-9]\d{0,4}), stale-while-revalidate=60$/

function expectCached(headers: Headers, tags: string[], cdn: string | RegExp = CDN) {
  expect(headers.get('Cache-Control')).toBe('public, max-age=0, must-revalidate')
  if (typeof cdn === 'string') expect(headers.get('Netlify-CDN-Cache-Control')).toBe(cdn)
  else expect(headers.get('Netlify-CDN-Cache-Control')).toMatch(cdn)
  const pageTags = tagsOf(headers)
  expect(pageTags).toEqual(expect.arrayContaining(['content', 'doc:siteSettings', ...tags]))
  expect(new Set(pageTags).size).toBe(pageTags.length)
  for (const tag of pageTags) expect(tag).toMatch(/^[A-Za-z0-9:_-]+$/)
}

function expectNoStore(headers: Headers) {
  expect(headers.get('Cache-Control')).toBe('no-store')
  expect(headers.has('Netlify-CDN-Cache-Control')).toBe(false)
  expect(headers.has('Netlify-Cache-Tag')).toBe(false)
}

describe('content pages: cached on the CDN until purged, tagged', () => {
  it('home', async () => {
    expectCached(await pageHeaders(home, '/'), ['doc:homePage', 'type:courseCategory', 'type:course', 'type:testimonial', 'type:location'])
  })

  it('about', async () => {
    expectCached(await pageHeaders(about, '/about'), ['doc:aboutPage'])
  })

  it('courses overview', async () => {
    expectCached(await pageHeaders(courses, '/courses'), ['doc:coursesPage', 'type:courseCategory', 'type:course'])
  })

  it('a course category names the category, its slug and each of its courses', async () => {
    const headers = await pageHeaders(category, '/courses/pre-sea-training', {category: 'pre-sea-training'})
    const {category: data} = await fetchContent(CATEGORY_PAGE_QUERY, {category: 'pre-sea-training', today: '2026-11-24'})
    expect(data?.courses?.length).toBeGreaterThan(0)
    expectCached(
      headers,
      [
        'type:course',
        'type:courseCategory',
        'type:courseBatch',
        'category:pre-sea-training',
        `doc:${data!._id}`,
        ...data!.courses!.map((course) => `doc:${course._id}`),
      ],
      DATED_CDN,
    )
  })

  it('competency and cadetship pages', async () => {
    expectCached(await pageHeaders(competency, '/courses/competency-training'), ['doc:competencyFeeTable', 'category:competency-training'])
    expectCached(await pageHeaders(cadetship, '/courses/cadetship-training'), ['doc:cadetshipProgramme', 'category:cadetship-training'])
  })

  it('services overview, a service page and an officer-licensing page', async () => {
    expectCached(await pageHeaders(services, '/services'), ['doc:servicesPage', 'type:servicePage'])
    const serviceHeaders = await pageHeaders(service, '/services/vessel-registration', {slug: 'vessel-registration'})
    expectCached(serviceHeaders, ['type:servicePage'])
    expect(tagsOf(serviceHeaders).some((tag) => tag.startsWith('doc:') && tag !== 'doc:siteSettings')).toBe(true)
    expectCached(await pageHeaders(officerLicensing, '/services/officer-licensing/captain', {slug: 'captain'}), ['type:servicePage'])
  })

  it('legal pages', async () => {
    for (const slug of ['terms', 'privacy', 'refund', 'shipping']) {
      const headers = await pageHeaders(legal, `/${slug}`)
      expectCached(headers, ['type:legalPage'])
    }
  })

  it('exams list and an exam start page', async () => {
    expectCached(await pageHeaders(exams, '/exams'), ['type:exam'])
    expectCached(await pageHeaders(examStart, '/exam/maritime-safety-basics/start', {examId: 'maritime-safety-basics'}), ['type:exam'])
  })
})

describe('personal, transactional and error pages: never stored', () => {
  it('payment', async () => {
    expectNoStore(await pageHeaders(payment, '/payment'))
  })

  it('exam take and results', async () => {
    expectNoStore(await pageHeaders(examTake, '/exam/maritime-safety-basics/take', {examId: 'maritime-safety-basics'}))
    expectNoStore(await pageHeaders(examResults, '/exam/maritime-safety-basics/results', {examId: 'maritime-safety-basics'}))
  })

  it('contact, and the admin area (the headers of its layout: login and every admin page)', () => {
    for (const module of [contact, adminLayout]) expectNoStore(headersFrom(module, new Headers()))
    expect(headersFrom(adminLayout, new Headers()).get('X-Robots-Tag')).toBe('noindex, nofollow')
  })

  it('a 404 thrown by a content loader, the catch-all 404 and the root (error pages)', async () => {
    await expect(category.loader({request: new Request('http://localhost/courses/nope'), params: {category: 'nope'}, context: {}})).rejects.toBeInstanceOf(
      Response,
    )
    expectNoStore(headersFrom(category, new Headers(), new Headers()))
    expectNoStore(headersFrom(notFound, new Headers()))
    expectNoStore(headersFrom(root, new Headers(), new Headers()))
  })
})
