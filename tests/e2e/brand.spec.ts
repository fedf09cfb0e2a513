/**
 * the brand and hero (docs/requirements.md#req-issue-19-brand, #req-issue-19-hero,
 * #req-issue-19-font, #req-issue-19-accreditations, #req-issue-19-layouts) on the seed's images:
 * the hero photo loads with its alt text as the page's high-priority image, nothing shifts while
 * the home page loads (CLS measured in the page), the hero video is never requested with reduced
 * motion or on a phone-width screen (and is on a wide one), logos, the brand font, the
 * accreditation strip, card lists without empty slots, axe and a 390 px layout.
 */
import type {Page} from '@playwright/test'
import {expect, expectAccessible, test} from './fixtures'

const PHONE = {width: 390, height: 844}
const DESKTOP = {width: 1280, height: 800}
const VIDEO_REQUEST = /\.(mp4|webm)(\?|$)|\/cdn\/files\//

/** Records the page's layout shifts (not caused by input) from the first paint on. */
async function observeLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {__cls: number; __shifts: string[]}
    w.__cls = 0
    w.__shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & {value: number; hadRecentInput: boolean; sources?: Array<{node?: Node}>}>) {
        if (entry.hadRecentInput) continue
        w.__cls += entry.value
        w.__shifts.push(`${entry.value.toFixed(4)} ${(entry.sources ?? []).map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80)).join(' | ')}`)
      }
    }).observe({type: 'layout-shift', buffered: true})
  })
}

/** Scrolls to the bottom in steps (loading every lazy image), then back to the top. */
async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 60))
    }
    window.scrollTo(0, 0)
  })
}

/** Requests whose URL matches `pattern`, from now on. */
function recordRequests(page: Page, pattern: RegExp): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    if (pattern.test(request.url())) urls.push(request.url())
  })
  return urls
}

test('home at 390 px: the hero photo loads with alt text and high priority, the logo and the brand font are there, nothing shifts', async ({page}) => {
  await page.setViewportSize(PHONE)
  await observeLayoutShifts(page)
  const videos = recordRequests(page, VIDEO_REQUEST)
  await page.goto('/')

  const hero = page.locator('section[data-hero="photo"] img').first()
  await expect(hero).toBeVisible()
  await expect(hero).toHaveAttribute('fetchpriority', 'high')
  await expect(hero).toHaveAttribute('loading', 'eager')
  expect((await hero.getAttribute('alt'))?.length).toBeGreaterThan(5)
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
  // The spec's texts and buttons are unchanged.
  await expect(page.getByRole('link', {name: 'Explore Certifications'})).toHaveAttribute('href', '/courses')
  await expect(page.getByRole('main').getByRole('link', {name: 'Enroll Now'}).first()).toHaveAttribute('href', '/payment')

  // Logo (white artwork over the dark hero) in the navigation, and in the footer.
  const navLogo = page.getByRole('navigation', {name: 'Main'}).getByRole('link').first().locator('img')
  await expect(navLogo).toHaveAttribute('alt', 'Maritime Training & Certification')
  await expect(navLogo).toHaveAttribute('src', /\.svg$/)
  await expect(page.locator('footer img[alt="Maritime Training & Certification"]')).toHaveCount(1)
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /\/cdn\/images\/.+\.png\?.*fm=png/)

  // The brand font: preloaded, and in use once loaded.
  await expect(page.locator('link[rel="preload"][as="font"][type="font/woff2"][crossorigin]')).toHaveAttribute('href', /figtree-latin-wght-normal.*\.woff2$/)
  await page.evaluate(() => document.fonts.ready)
  expect(await page.evaluate(() => document.fonts.check('700 16px "Figtree Variable"'))).toBe(true)
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Figtree Variable", "Figtree Fallback"/)

  await scrollThrough(page)
  await page.waitForTimeout(300)
  const {cls, shifts} = await page.evaluate(() => {
    const w = window as unknown as {__cls: number; __shifts: string[]}
    return {cls: w.__cls, shifts: w.__shifts}
  })
  expect(cls, shifts.join('\n')).toBe(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  // Phones get the photo only: no video element, no video request.
  await expect(page.locator('video')).toHaveCount(0)
  expect(videos).toEqual([])
  await expectAccessible(page)
})

test('with reduced motion the hero video is never requested, even on a wide screen', async ({page}) => {
  await page.setViewportSize(DESKTOP)
  await page.emulateMedia({reducedMotion: 'reduce'})
  const videos = recordRequests(page, VIDEO_REQUEST)
  await page.goto('/')
  await page.waitForLoadState('load')
  await expect(page.locator('section[data-hero="photo"] img').first()).toBeVisible()
  // Turning reduced motion off brings the video in: the hero was live and listening, and had
  // requested nothing while reduced motion was on.
  const beforeSwitch = [...videos]
  await page.emulateMedia({reducedMotion: 'no-preference'})
  await expect(page.locator('video[data-hero-video]')).toHaveCount(1)
  expect(beforeSwitch).toEqual([])
  // And back on: the video leaves again.
  await page.emulateMedia({reducedMotion: 'reduce'})
  await expect(page.locator('video')).toHaveCount(0)
})

test('on a wide screen without reduced motion the hero video loops behind the text, muted', async ({page}) => {
  await page.setViewportSize(DESKTOP)
  await page.emulateMedia({reducedMotion: 'no-preference'})
  const videos = recordRequests(page, VIDEO_REQUEST)
  await page.goto('/')
  const video = page.locator('video[data-hero-video]')
  await expect(video).toHaveCount(1)
  expect(await video.evaluate((v: HTMLVideoElement) => ({muted: v.muted, loop: v.loop, autoplay: v.autoplay, playsInline: v.playsInline}))).toEqual({
    muted: true,
    loop: true,
    autoplay: true,
    playsInline: true,
  })
  await expect(video).toHaveAttribute('aria-hidden', 'true')
  await expect.poll(() => videos.length).toBeGreaterThan(0)
  // The heading stays above the video.
  await expect(page.getByRole('heading', {level: 1})).toBeVisible()
})

test('the accreditation strip on home and about: a list of logos with alt text, issuer and number', async ({page}) => {
  for (const path of ['/', '/about']) {
    await page.setViewportSize(PHONE)
    await page.goto(path)
    const strip = page.locator('section[data-accreditations]')
    await expect(strip.getByRole('heading', {name: 'Accreditations & approvals'})).toBeVisible()
    const items = strip.getByRole('listitem')
    await expect(items).toHaveCount(4)
    for (const img of await strip.locator('img').all()) expect((await img.getAttribute('alt'))?.length).toBeGreaterThan(5)
    await expect(items.first()).toContainText('Coral Bay Maritime Administration')
    await expect(items.first()).toContainText('CBMA/MTI/2019/0457')
    await strip.scrollIntoViewIfNeeded()
    await expect
      .poll(() =>
        strip
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
      )
      .toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    if (path === '/about') await expectAccessible(page)
  }
})

test('card lists leave no empty slot: every row is full or centred, at every width', async ({page}) => {
  // Five pages, each measured at several widths.
  test.slow()
  for (const path of ['/about', '/services', '/courses/stcw-courses', '/courses/pre-sea-training', '/courses']) {
    for (const width of [390, 700, 900, 1280]) {
      await page.setViewportSize({width, height: 900})
      await page.goto(path)
      const offCentre = await page.evaluate(() => {
        const problems: string[] = []
        for (const list of document.querySelectorAll<HTMLElement>('.balanced-grid')) {
          const box = list.getBoundingClientRect()
          const rows = new Map<number, DOMRect[]>()
          for (const child of list.children) {
            const rect = child.getBoundingClientRect()
            const key = Math.round(rect.top)
            rows.set(key, [...(rows.get(key) ?? []), rect])
          }
          for (const row of rows.values()) {
            const left = Math.min(...row.map((r) => r.left)) - box.left
            const right = box.right - Math.max(...row.map((r) => r.right))
            if (Math.abs(left - right) > 2)
              problems.push(`${list.className}: row of ${row.length} is ${left.toFixed(0)} px from the left, ${right.toFixed(0)} px from the right`)
          }
        }
        return problems
      })
      expect(offCentre, `${path} at ${width} px`).toEqual([])
    }
    if (path !== '/about') {
      await page.setViewportSize(PHONE)
      await expectAccessible(page)
    }
  }
})
