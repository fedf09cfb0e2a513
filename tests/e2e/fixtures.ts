/**
 * Shared Playwright fixtures: every test's page records requests that leave the site's
 * origin (the test fails if there are any), and `expectAccessible` runs axe-core.
 */
import AxeBuilder from '@axe-core/playwright'
import {expect, test as base, type Page} from '@playwright/test'

export const test = base.extend<{offOrigin: string[]}>({
  offOrigin: [
    async ({page, baseURL}, use) => {
      const origin = new URL(baseURL ?? 'http://localhost').origin
      const offOrigin: string[] = []
      page.on('request', (request) => {
        const url = request.url()
        if (url.startsWith('data:') || url.startsWith('blob:')) return
        if (new URL(url).origin !== origin) offOrigin.push(url)
      })
      await use(offOrigin)
      expect(offOrigin, 'requests that left the origin').toEqual([])
    },
    {auto: true},
  ],
})

export {expect}

/**
 * Fails on any serious or critical axe-core violation of the page as it is now — once its CSS
 * transitions and animations have finished: colours caught mid-transition (the site navigation
 * changing its look as the page scrolls, a hover fading out) are not the page's colours, and axe
 * would report their contrast.
 */
export async function expectAccessible(page: Page) {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    undefined,
    {
      timeout: 5000,
    },
  )
  const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze()
  const blocking = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 5)
          .join('\n  ')}`,
    )
  expect(blocking, blocking.join('\n')).toEqual([])
}
