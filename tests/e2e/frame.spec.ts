/**
 * The shared frame (docs/requirements.md#req-frame): fixed navigation that turns solid after 50px of
 * scroll, a keyboard-operable mobile menu, the footer with four social links and the
 * current year, and scroll-to-top on navigation.
 */
import {expect, test} from './fixtures'

test('the navigation is transparent at the top and solid after scrolling', async ({page}) => {
  await page.goto('/')
  const header = page.locator('header[data-solid]')
  await expect(header).toHaveAttribute('data-solid', 'false')
  await expect(page.locator('[data-logo]')).toHaveAttribute('data-logo', 'light')
  await page.mouse.wheel(0, 400)
  await expect(header).toHaveAttribute('data-solid', 'true')
  await page.evaluate(() => window.scrollTo(0, 0))
  await expect(header).toHaveAttribute('data-solid', 'false')
})

test('the logo is dark over light heroes while transparent', async ({page}) => {
  await page.goto('/about')
  await expect(page.locator('[data-logo]')).toHaveAttribute('data-logo', 'dark')
  await page.goto('/courses/stcw-courses')
  await expect(page.locator('[data-logo]')).toHaveAttribute('data-logo', 'light')
})

test('the mobile menu opens and closes by keyboard', async ({page}) => {
  await page.setViewportSize({width: 375, height: 800})
  await page.goto('/about')
  const toggle = page.getByRole('button', {name: 'Open menu'})
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await toggle.focus()
  await page.keyboard.press('Enter')
  const close = page.getByRole('button', {name: 'Close menu'})
  await expect(close).toHaveAttribute('aria-expanded', 'true')
  const menu = page.locator(`#${await close.getAttribute('aria-controls')}`)
  await expect(menu.getByRole('link', {name: 'Services'})).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(page.getByRole('button', {name: 'Open menu'})).toBeFocused()
  // Open again, follow a link with the keyboard: the menu closes on navigation.
  await page.keyboard.press('Enter')
  await menu.getByRole('link', {name: 'Services'}).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/services$/)
  await expect(menu).toBeHidden()
})

test('the footer has four social links, legal links and the current year', async ({page}) => {
  await page.goto('/')
  const footer = page.locator('footer')
  await expect(footer.getByRole('list', {name: 'Social media'}).getByRole('link')).toHaveCount(4)
  for (const name of ['Terms & Conditions', 'Privacy Policy', 'Cancellation & Refund Policy', 'Shipping Policy']) {
    await expect(footer.getByRole('link', {name})).toBeVisible()
  }
  await expect(footer.getByTestId('copyright')).toContainText(`© ${new Date().getFullYear()}`)
})

test('navigating to another page starts at its top', async ({page}) => {
  await page.goto('/')
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await page.locator('footer').getByRole('link', {name: 'Services'}).click()
  await expect(page).toHaveURL(/\/services$/)
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
})
