/**
 * What search engines read, in the built site: every public page has exactly one h1, a
 * title, a description, an absolute canonical link and Open Graph tags, and JSON-LD that
 * parses and carries the response's CSP nonce; /sitemap.xml lists exactly the content pages;
 * /robots.txt keeps crawlers out of the staff area and the API.
 */
import {expect, test} from './fixtures'
import {SPEC_CONTENT_PAGES} from '../helpers/content-pages'

/** Public pages that are not in the sitemap, with the canonical address they name. */
const OTHER_PUBLIC_PAGES: Array<[string, string]> = [
  ['/payment?training=stcw-courses&course=AFFA&price=%24900', '/payment'],
  ['/services/officer-licensing/seaman-book', '/services/seaman-book'],
]

const PAGES: Array<[string, string]> = [...SPEC_CONTENT_PAGES.map((path): [string, string] => [path, path]), ...OTHER_PUBLIC_PAGES]

for (const [path, canonicalPath] of PAGES) {
  test(`${path}: one h1, title, description, canonical, Open Graph and JSON-LD`, async ({page, baseURL}) => {
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)

    await expect(page.locator('h1')).toHaveCount(1)
    await expect(page.locator('h1')).toHaveText(/\S/)
    await expect(page).toHaveTitle(/\S/)
    const head = page.locator('head')
    await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /\S{3}/)
    const canonical = `${new URL(baseURL!).origin}${canonicalPath}`
    await expect(head.locator('link[rel="canonical"]')).toHaveCount(1)
    await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', canonical)
    await expect(head.locator('meta[property="og:url"]')).toHaveAttribute('content', canonical)
    for (const property of ['og:title', 'og:description', 'og:type', 'og:site_name']) {
      await expect(head.locator(`meta[property="${property}"]`), property).toHaveAttribute('content', /\S/)
    }
    await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/cdn\/images\/local\/production\/.*w=1200&h=630/)

    // JSON-LD: every block parses, the Organization is there, and each block carries the CSP nonce.
    const nonce = /'nonce-([^']+)'/.exec(response!.headers()['content-security-policy'] ?? '')?.[1]
    expect(nonce).toBeTruthy()
    const blocks = await page
      .locator('script[type="application/ld+json"]')
      .evaluateAll((scripts) => scripts.map((script) => ({text: script.textContent ?? '', nonce: (script as HTMLScriptElement).nonce})))
    expect(blocks.length).toBeGreaterThan(0)
    const items = blocks.map((block) => JSON.parse(block.text) as {'@context': string; '@type': string})
    for (const block of blocks) expect(block.nonce).toBe(nonce)
    for (const item of items) expect(item['@context']).toBe('https://schema.org')
    expect(items.filter((item) => item['@type'] === 'Organization')).toHaveLength(1)
    if (canonicalPath.split('/').length > 2 || ['/terms', '/privacy', '/refund', '/shipping'].includes(canonicalPath)) {
      expect(items.map((item) => item['@type'])).toContain('BreadcrumbList')
    }
    expect(errors).toEqual([])
  })
}

test('a category page offers its fixed-price courses at the prices it shows', async ({page}) => {
  await page.goto('/courses/stcw-courses')
  // The price label leads the cell (an INR price may follow it).
  const shown = (await page.getByTestId('course-price').allTextContents()).map((text) => /^\$[\d,]+(?:\.\d+)?/.exec(text.trim())?.[0])
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents()
  const list = texts.map((text) => JSON.parse(text)).find((item) => item['@type'] === 'ItemList')
  type Offer = {price: number; priceCurrency: string}
  // The USD Offer of each course (a course with an INR price has a second Offer, in INR).
  const offered: Offer[] = list.itemListElement.map((element: {item: {offers: Offer | Offer[]}}) => [element.item.offers].flat()[0]!)
  expect(offered).toHaveLength(shown.length)
  expect(offered.map((offer) => `$${offer.price.toLocaleString('en-US')}`)).toEqual(shown)
  for (const offer of offered) expect(offer.priceCurrency).toBe('USD')
})

test('/sitemap.xml lists exactly the content pages, by absolute URL', async ({request, baseURL}) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('application/xml; charset=utf-8')
  expect(response.headers()['netlify-cache-tag']).toContain('type:courseCategory')
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
  const origin = new URL(baseURL!).origin
  expect([...locs].sort()).toEqual(SPEC_CONTENT_PAGES.map((path) => `${origin}${path}`).sort())
})

test('/robots.txt allows the site, keeps crawlers out of admin, login and API, and names the sitemap', async ({request, baseURL}) => {
  const response = await request.get('/robots.txt')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8')
  const lines = (await response.text()).split('\n')
  for (const rule of ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /adminEnrollments', 'Disallow: /login', 'Disallow: /api/']) {
    expect(lines).toContain(rule)
  }
  expect(lines).not.toContain('Disallow: /payment')
  expect(lines).toContain(`Sitemap: ${new URL(baseURL!).origin}/sitemap.xml`)
})

test('the staff login is noindex and names no canonical address', async ({page}) => {
  for (const path of ['/login']) {
    await page.goto(path)
    await expect(page.locator('head meta[name="robots"]'), path).toHaveAttribute('content', /noindex/)
    await expect(page.locator('head link[rel="canonical"]'), path).toHaveCount(0)
  }
})

test('after a client-side navigation the canonical link and JSON-LD are those of the new page', async ({page, baseURL}) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  // The category page asks for its batches' live seats; this test is about the head, so
  // that call is answered here and never shows up as a console error.
  await page.route('**/api/batches/availability?**', (route) => route.fulfill({json: {availability: {}}}))
  await page.goto('/courses')
  await page.waitForFunction(() => (window as {__remixRouter?: unknown}).__remixRouter !== undefined) // hydrated
  await page
    .getByRole('link', {name: /STCW Courses/})
    .first()
    .click()
  await expect(page).toHaveURL(/\/courses\/stcw-courses$/)
  // No document load happened: the router rendered the new page.
  expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.name)).toMatch(/\/courses$/)
  const origin = new URL(baseURL!).origin
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${origin}/courses/stcw-courses`)
  const types = async () => (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text)['@type'])
  await expect.poll(types).toEqual(['Organization', 'ItemList', 'BreadcrumbList'])
  expect(errors).toEqual([])
})
