/**
 * docs/requirements.md#req-issue-19-images: the seed's photos load through the image
 * pipeline (the local endpoint, srcset, width/height, alt text), lazily except the LCP image, on
 * /about, a category page and home; the pages stay accessible and fit 390 px.
 */
import type {Page} from '@playwright/test'
import {expect, expectAccessible, test} from './fixtures'

/**
 * Every raster content image of the page (served by the local endpoint; SVG logos are used as they
 * are, without srcset) after scrolling them into view: loaded, sized, described.
 */
async function expectPipelineImages(page: Page, atLeast: number) {
  const images = page.locator('img[src^="/cdn/images/"]:not([src$=".svg"])')
  expect(await images.count()).toBeGreaterThanOrEqual(atLeast)
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded()
    await expect(image).toHaveAttribute('alt', /\S/)
    await expect(image).toHaveAttribute('srcset', /\/cdn\/images\/local\/production\/.* \d+w/)
    await expect(image).toHaveAttribute('width', /^\d+$/)
    await expect(image).toHaveAttribute('height', /^\d+$/)
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {message: (await image.getAttribute('alt')) ?? ''})
      .toBe(true)
  }
}

test('/about shows the mission, vision and "since" photos and the team, each with alt text', async ({page}) => {
  const responses: string[] = []
  page.on('response', (response) => {
    const {pathname, searchParams} = new URL(response.url())
    if (pathname.startsWith('/cdn/images/') && searchParams.get('auto') === 'format')
      responses.push(`${response.status()} ${response.headers()['content-type']}`)
  })
  await page.goto('/about')
  // The first pillar's photo is the page's LCP image: eager, high priority; the others lazy.
  await expect(page.getByRole('img', {name: 'A training ship under way on a calm sea at dawn'})).toHaveAttribute('fetchpriority', 'high')
  await expect(page.locator('main img[fetchpriority="high"]')).toHaveCount(1)
  await expect(page.locator('main img[loading="lazy"]').first()).toBeAttached()
  await expect(page.getByRole('heading', {name: 'Meet Our Instructors'})).toBeVisible()
  await expect(page.getByRole('img', {name: /^Illustrated portrait of/})).toHaveCount(4)
  await expectPipelineImages(page, 7)
  // Chromium asks for AVIF: auto=format answers it.
  expect(responses.length).toBeGreaterThan(0)
  for (const response of responses) expect(response).toBe('200 image/avif')
  await expectAccessible(page)
})

test('a category page shows its courses with card images (the category photo as fallback)', async ({page}) => {
  await page.goto('/courses/stcw-courses')
  const cards = page.getByTestId('course-card')
  await expect(cards.first()).toBeVisible()
  const count = await cards.count()
  await expect(cards.locator('img[src^="/cdn/images/"]')).toHaveCount(count)
  await expect(cards.first().locator('img')).toHaveAttribute('alt', 'An orange lifeboat hanging from its davits on a ship’s side, open sea behind')
  await expectPipelineImages(page, count)
  await expectAccessible(page)
})

test('home: card, location and testimonial photos load lazily; no image is marked high priority outside the hero', async ({page}) => {
  await page.goto('/')
  await expect(page.getByRole('img', {name: 'Illustrated portrait of Rahul Menon'})).toBeVisible()
  const lazy = page.locator('main img[src^="/cdn/images/"][loading="lazy"]')
  expect(await lazy.count()).toBeGreaterThanOrEqual(3 + 6 + 3)
  await expect(page.locator('section[aria-labelledby="testimonials-heading"] img[fetchpriority="high"]')).toHaveCount(0)
  await expectPipelineImages(page, 12)
  await expectAccessible(page)
})

test('390 px: the pages with photos do not scroll sideways', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844})
  for (const path of ['/', '/about', '/courses/stcw-courses']) {
    await page.goto(path)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow, path).toBeLessThanOrEqual(0)
  }
})
