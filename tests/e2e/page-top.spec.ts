/**
 * New pages open at their top at once (docs/requirements.md#req-frame, #req-receipts): the first
 * frame of a page reached by a client-side navigation is painted at scrollY 0 — no animated
 * scroll from where the previous page was — and back restores the previous page's position, also
 * on its first frame. After a sandbox payment from a scrolled /payment page, the confirmation
 * page's heading, receipt number and download link are in view on its first frame, at 390 × 844
 * and 1280 × 800, and the heading has the focus.
 */
import type {Page} from '@playwright/test'
import {TERMS_LABEL} from '#schemas/rules/terms'
import {expect, expectAccessible, test} from './fixtures'
import {expectInView, firstFrame, recordFirstFrames} from './first-frame'

const CONFIRMATION_BOXES = {
  heading: 'h1',
  receipt: '[data-testid="confirmation-receipt-number"]',
  download: 'a[download]',
}

/** Fills /payment for a course without batches, scrolls the page to its bottom, and pays in the sandbox dialog. */
async function payFromScrolledPaymentPage(page: Page) {
  await page.goto('/payment?training=competency-training&course=COE&country=vietnam')
  await page.getByLabel('Full name').fill('Mai Tran')
  await page.getByLabel('Email').fill('mai.tran@example.com')
  await page.getByLabel('Mobile').fill('+84 91 234 5678')
  await page.getByRole('checkbox', {name: TERMS_LABEL}).check()
  await page.getByRole('button', {name: /^Pay /}).click()
  const dialog = page.getByRole('dialog', {name: /Sandbox/})
  await expect(dialog).toBeVisible()
  await page.evaluate(() => window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'}))
  const scrolled = await page.evaluate(() => window.scrollY)
  expect(scrolled, 'the /payment page is scrolled before paying').toBeGreaterThan(300)
  await dialog.getByRole('button', {name: 'Pay', exact: true}).click()
}

for (const viewport of [
  {width: 390, height: 844},
  {width: 1280, height: 800},
]) {
  test.describe(`the confirmation page at ${viewport.width} × ${viewport.height}`, () => {
    test.use({viewport})

    test('opens at its top with the heading, the receipt number and the download in view on the first frame; the heading has the focus', async ({page}) => {
      await recordFirstFrames(page, CONFIRMATION_BOXES)
      await payFromScrolledPaymentPage(page)
      const frame = await firstFrame(page, 'Enrolment confirmed')
      expect(frame.path).toMatch(/^\/enrolment\/confirmation\//)
      expect(frame.scrollY, 'scrollY on the first frame').toBe(0)
      for (const name of Object.keys(CONFIRMATION_BOXES)) expectInView(frame, name)
      await expect(page.getByTestId('confirmation-receipt-number')).toHaveText(/^MTC-\d{4}-\d{5}$/)
      await expect(page.getByRole('link', {name: 'Download receipt (PDF)'})).toBeInViewport({ratio: 1})

      const heading = page.getByRole('heading', {level: 1, name: 'Enrolment confirmed'})
      await expect(heading).toBeFocused()
      // Focusing the heading moved nothing.
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      await expectAccessible(page)
    })
  })
}

test('a client-side navigation from a scrolled page paints the new page at its top; back restores the position', async ({page}) => {
  await recordFirstFrames(page)
  await page.goto('/about')
  const about = (await page.locator('h1').textContent())?.trim() ?? ''
  expect(about).not.toBe('')
  await page.evaluate(() => window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'}))
  const aboutScrollY = await page.evaluate(() => window.scrollY)
  expect(aboutScrollY).toBeGreaterThan(300)

  // A plain link (the footer's), then a link with a view transition (the navigation bar's).
  await page.locator('footer').getByRole('link', {name: 'Contact'}).click()
  const contact = await firstFrame(page, 'Contact Us')
  expect(contact.path).toBe('/contact')
  expect(contact.scrollY, 'scrollY on the first frame of /contact').toBe(0)

  await page.evaluate(() => window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'}))
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300)
  await page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'About'}).click()
  const aboutAgain = await firstFrame(page, about, 1)
  expect(aboutAgain.path).toBe('/about')
  expect(aboutAgain.scrollY, 'scrollY on the first frame of /about after a navigation-bar link').toBe(0)

  // Back twice: /contact at its bottom, then /about where it was left, each on its first frame.
  await page.goBack()
  const contactBack = await firstFrame(page, 'Contact Us', 1)
  expect(contactBack.scrollY).toBeGreaterThan(300)
  await page.goBack()
  const aboutBack = await firstFrame(page, about, 2)
  expect(aboutBack.path).toBe('/about')
  expect(aboutBack.scrollY, 'scrollY on the first frame of /about after back').toBe(aboutScrollY)
})

/** Records, on every click, the root's scroll-behavior once the site's own click listeners have run (window, bubble phase: the last one). */
async function recordScrollBehaviourAtClicks(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, {__scrollBehaviourAtClicks: seen})
    window.addEventListener('click', () => seen.push(getComputedStyle(document.documentElement).scrollBehavior))
  })
}

const behaviourAtClicks = (page: Page) => page.evaluate(() => (window as unknown as {__scrollBehaviourAtClicks: string[]}).__scrollBehaviourAtClicks)
const rootScrollBehaviour = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)

test('an in-page anchor link glides to its target; the page is otherwise never smooth-scrolling', async ({page}) => {
  await recordScrollBehaviourAtClicks(page)
  await page.goto('/courses')
  expect(await rootScrollBehaviour(page)).toBe('auto')
  await page.getByRole('link', {name: 'Explore Certifications'}).click()
  await expect(page).toHaveURL(/\/courses#courses$/)
  expect(await behaviourAtClicks(page)).toEqual(['smooth'])
  // The section arrives under the fixed bar (its scroll margin), then smooth scrolling is off again.
  await expect.poll(() => page.locator('#courses').evaluate((section) => Math.round(section.getBoundingClientRect().top))).toBe(80)
  await expect.poll(() => rootScrollBehaviour(page)).toBe('auto')
  // A link to another page: no smooth scrolling when it is clicked.
  await page.locator('footer').getByRole('link', {name: 'Contact'}).click()
  await expect(page).toHaveURL(/\/contact$/)
  expect(await behaviourAtClicks(page)).toEqual(['smooth', 'auto'])
})

test.describe('with prefers-reduced-motion: reduce', () => {
  test.use({reducedMotion: 'reduce'})
  test('in-page anchor links jump, the skip link included', async ({page}) => {
    await recordScrollBehaviourAtClicks(page)
    await page.goto('/courses')
    await page.getByRole('link', {name: 'Explore Certifications'}).click()
    await expect(page).toHaveURL(/\/courses#courses$/)
    // No animation: the section is in place as soon as the address has changed.
    expect(Math.round(await page.locator('#courses').evaluate((section) => section.getBoundingClientRect().top))).toBe(80)
    expect(await behaviourAtClicks(page)).toEqual(['auto'])
    await page.goto('/about')
    await page.evaluate(() => window.scrollTo({top: document.documentElement.scrollHeight, behavior: 'instant'}))
    const bottom = await page.evaluate(() => window.scrollY)
    await page.keyboard.press('Tab')
    await expect(page.getByRole('link', {name: 'Skip to content'})).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/about#main$/)
    // The skip link goes to the content, not to a position kept for /courses#courses.
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.locator('main')).toBeFocused()
    expect(await behaviourAtClicks(page)).toEqual(['auto'])
    // Back: where the page was before the skip link.
    await page.goBack()
    await expect(page).toHaveURL(/\/about$/)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(bottom)
  })
})
