/**
 * /admin/companies against the built site and its API (docs/requirements.md#req-group-bookings):
 * a company books 3 seats by invoice through POST /api/group-bookings; signed in (the e2e owner,
 * who holds finance's `group-bookings:manage`), the page lists the company with the booking
 * ("Payment due", its pro-forma and due date); "Mark payment received" is used from the keyboard:
 * the dialog opens with the pro-forma's total, the bank reference is typed, and the booking then
 * reads "Paid" with its receipt number. axe at 1280 and 390 px (no sideways scrolling at 390 px),
 * with the dialog open too.
 */
import type {Page} from '@playwright/test'
import {loginThroughApi, seedToken, uniqueTag} from './admin-session'
import {expect, expectAccessible, test} from './fixtures'

/** A PSF batch no other spec books (3 seats of its class are taken here). */
const BATCH_ID = 'batch-psf-2027-08-16-cebu'

/** axe on the page as it is, at 1280 px and at 390 px (where nothing may scroll sideways). */
async function accessibleAtBothWidths(page: Page) {
  await page.setViewportSize({width: 1280, height: 900})
  await expectAccessible(page)
  await page.setViewportSize({width: 390, height: 844})
  await expectAccessible(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.setViewportSize({width: 1280, height: 900})
}

test('a company’s invoice booking on /admin/companies, marked paid by finance (keyboard, axe)', async ({page, request}) => {
  test.setTimeout(90_000)
  const tag = uniqueTag('co')
  const name = `Acme Ship Management ${tag}`
  const booked = await request.post('/api/group-bookings', {
    data: {
      batchId: BATCH_ID,
      seats: 3,
      company: {
        name,
        contactName: 'Priya Nair',
        email: `crewing.${tag}@example.com`,
        phone: '+91 98200 12345',
        address: '1 Marine Drive, Mumbai 400002',
        country: 'IN',
        poNumber: 'PO-77',
      },
      payBy: 'invoice',
      termsAccepted: true,
    },
  })
  expect(booked.status(), await booked.text()).toBe(200)
  const {bookingId, proformaNumber} = (await booked.json()) as {bookingId: string; proformaNumber: string}

  await seedToken(page, await loginThroughApi(request))
  await page.goto('/admin/companies')
  await expect(page.getByRole('heading', {level: 1, name: 'Companies'})).toBeVisible()
  await expect(page.getByRole('navigation', {name: 'Administration'}).getByRole('link', {name: 'Companies'})).toHaveAttribute('aria-current', 'page')
  const company = page.getByRole('heading', {level: 2, name})
  await expect(company).toBeVisible()
  const row = page.locator(`tr[data-booking-id="${bookingId}"]`)
  await expect(row).toContainText('Payment due')
  await expect(row).toContainText(proformaNumber)
  await expect(row).toContainText('0 named · 3 unnamed')
  await expect(row).toContainText('Cebu')
  await accessibleAtBothWidths(page)

  // Phones: the booking as a card with its actions.
  await page.setViewportSize({width: 390, height: 844})
  await expect(page.locator(`li[data-booking-id="${bookingId}"]`)).toBeVisible()
  await expect(page.locator(`li[data-booking-id="${bookingId}"]`).getByRole('button', {name: /^Mark payment received/})).toBeVisible()
  await page.setViewportSize({width: 1280, height: 900})

  // From the keyboard: the action, the form, Enter to record.
  await row.getByRole('button', {name: /^Mark payment received/}).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', {name: 'Mark payment received'})
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel(/^Amount received/)).not.toHaveValue('')
  await expectAccessible(page)
  await dialog.getByLabel('Bank reference').focus()
  await page.keyboard.type(`UTR${tag}`)
  await page.keyboard.press('Enter')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('status').filter({hasText: `Payment recorded for ${name}: Paid.`})).toBeVisible()
  await expect(row).toContainText('Paid')
  await expect(row.getByRole('button', {name: /^Mark payment received/})).toHaveCount(0)
  // The receipt number (RECEIPT_NUMBER_PATTERN), also in the pro-forma's shape PF-…: two numbers in the row.
  await expect(row.locator('.font-mono')).toHaveText([proformaNumber, /^[A-Z][A-Z0-9]{0,9}-\d{4}-\d{5,}$/])
  await accessibleAtBothWidths(page)

  // The page reads the same after a refresh: the payment is stored.
  await page.getByRole('button', {name: 'Refresh'}).click()
  await expect(row).toContainText('Paid')
})

test('/api/admin/companies needs a token', async ({request}) => {
  expect((await request.get('/api/admin/companies')).status()).toBe(401)
})
