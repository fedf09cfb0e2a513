/**
 * /payment with course batches (docs/requirements.md#req-batches-form): the calendar's
 * Enroll link preselects its batch and a paid order books a seat; "Fail payment" gives the held
 * seat back (POST /api/enroll/release); a full batch (create-order's 409) shows 'This batch is
 * full' and a waitlist that really joins; a course without batches says "Dates on request" and
 * still pays; axe in each state; 390 px without horizontal overflow. The page carries only the
 * prefilled course's batches: another course's come from GET /payment/batches when it is chosen,
 * and when they cannot be loaded the form says so, offers to try again and takes no payment.
 *
 * Seats are shared with other specs: each test uses its own late-2027 seed batch and compares the
 * availability of that batch before and after, never absolute counts.
 */
import type {Page} from '@playwright/test'
import {TERMS_LABEL} from '#schemas/rules/terms'
import {COURSE_BATCHES_FAILED} from '~/lib/course-batches'
import {expect, expectAccessible, test} from './fixtures'

/** Seats left of `batchId` now (GET /api/batches/availability). */
async function seatsLeft(page: Page, batchId: string): Promise<number> {
  const response = await page.request.get(`/api/batches/availability?ids=${batchId}`)
  expect(response.ok()).toBe(true)
  const body = (await response.json()) as {availability: Record<string, {left: number}>}
  return body.availability[batchId]!.left
}

async function fillDetails(page: Page, name: string) {
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Email').fill('noor.haddad@example.com')
  await page.getByLabel('Mobile').fill('+971 50 123 4567')
  // The terms are accepted before paying.
  await page.getByRole('checkbox', {name: TERMS_LABEL}).check()
}

async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

test.use({viewport: {width: 390, height: 844}, reducedMotion: 'reduce'})

test('the calendar link preselects its batch; paying books one of its seats', async ({page}) => {
  const batchId = 'batch-bosiet-2027-12-27-ajman'
  const before = await seatsLeft(page, batchId)
  // At 390 px the calendar is a list of cards (the table is for wider screens).
  await page.goto('/courses/calendar?category=offshore-survival')
  await page
    .locator(`[data-testid="calendar-card"][data-batch-id="${batchId}"]`)
    .getByRole('link', {name: /^Enroll:/})
    .click()
  await expect(page).toHaveURL(new RegExp(`/payment\\?.*batch=${batchId}`))
  const select = page.getByLabel('Date and location')
  await expect(select).toHaveValue(batchId)
  // The live count replaces the class size once it arrives.
  await expect(select.locator(`option[value="${batchId}"]`)).toHaveText(`27–30 Dec 2027 · Ajman · ${before} ${before === 1 ? 'seat' : 'seats'} left`)
  await expect(page.getByTestId('summary-date')).toContainText('Ajman')
  await expectAccessible(page)
  await expectNoOverflow(page)

  await fillDetails(page, 'Noor Haddad')
  await page.getByRole('button', {name: /^Pay /}).click()
  const dialog = page.getByRole('dialog', {name: /Sandbox/})
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', {name: 'Pay', exact: true}).click()
  await expect(page.getByRole('heading', {level: 1, name: 'Enrolment confirmed'})).toBeVisible()
  expect(await seatsLeft(page, batchId)).toBe(before - 1)
})

test('a course with batches requires one; Fail payment gives the held seat back', async ({page}) => {
  const batchId = 'batch-huet-2027-12-20-kochi'
  await page.goto('/payment?training=offshore-survival&course=HUET')
  await fillDetails(page, 'Karim Said')
  await page.getByRole('button', {name: /^Pay /}).click()
  await expect(page.getByText('Please choose a date for your course.')).toHaveCount(2)
  await expect(page.getByLabel('Date and location')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)

  const before = await seatsLeft(page, batchId)
  await page.getByLabel('Date and location').selectOption(batchId)
  await page.getByRole('button', {name: /^Pay /}).click()
  const dialog = page.getByRole('dialog', {name: /Sandbox/})
  await expect(dialog).toBeVisible()
  // The order holds a seat while the checkout is open…
  expect(await seatsLeft(page, batchId)).toBe(before - 1)
  await dialog.getByRole('button', {name: 'Fail payment'}).click()
  await expect(page.getByRole('alert').filter({hasText: /Payment failed/})).toBeVisible()
  // …and gives it back when the payment fails.
  await expect.poll(() => seatsLeft(page, batchId)).toBe(before)
})

test("a full batch shows 'This batch is full' and its waitlist, which joins", async ({page}) => {
  const batchId = 'batch-psf-2027-12-06-singapore'
  // The batch is made full for this page only: create-order answers its 409.
  await page.route('**/api/enroll/create-order', (route) => route.fulfill({status: 409, json: {error: 'This batch is full'}}))
  await page.goto(`/payment?training=pre-sea-training&course=PSF&batch=${batchId}`)
  await expect(page.getByLabel('Date and location')).toHaveValue(batchId)
  await fillDetails(page, 'Ines Duarte')
  await page.getByRole('button', {name: /^Pay /}).click()
  await expect(page.getByRole('alert').filter({hasText: /^This batch is full$/})).toBeVisible()
  const waitlist = page.getByTestId('waitlist')
  await expect(waitlist.getByRole('heading', {name: 'Join the waitlist'})).toBeVisible()
  await expect(waitlist.getByLabel('Full name')).toHaveValue('Ines Duarte')
  await expect(waitlist.getByLabel('Email')).toHaveValue('noor.haddad@example.com')
  await expectAccessible(page)
  await expectNoOverflow(page)

  // Its own validation, then the real API.
  await waitlist.getByLabel('Email').fill('not-an-email')
  await waitlist.getByRole('button', {name: 'Join the waitlist'}).click()
  await expect(waitlist.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
  await waitlist.getByLabel('Email').fill(`ines.${Date.now()}@example.com`)
  await waitlist.getByRole('button', {name: 'Join the waitlist'}).click()
  await expect(waitlist.getByTestId('waitlist-success')).toContainText(
    /^You are on the waitlist for 6–10 Dec 2027 · Singapore|^You are on the waitlist for .*Singapore/,
  )
  await expectAccessible(page)

  // "Choose another date" goes back to the select.
  await waitlist.getByRole('button', {name: 'Choose another date'}).click()
  await expect(page.getByTestId('waitlist')).toHaveCount(0)
  await expect(page.getByLabel('Date and location')).toHaveValue('')
  await expect(page.getByLabel('Date and location')).toBeFocused()
})

test('a course without batches says "Dates on request" and still pays', async ({page}) => {
  await page.goto('/payment?training=competency-training&course=COE&country=vietnam')
  await expect(page.getByTestId('dates-on-request')).toContainText('Dates on request')
  await expect(page.getByLabel('Date and location')).toHaveCount(0)
  await expectAccessible(page)
  await expectNoOverflow(page)
  await fillDetails(page, 'Mai Tran')
  await page.getByRole('button', {name: /^Pay /}).click()
  await page
    .getByRole('dialog', {name: /Sandbox/})
    .getByRole('button', {name: 'Pay', exact: true})
    .click()
  await expect(page.getByRole('heading', {level: 1, name: 'Enrolment confirmed'})).toBeVisible()
})

test('another course’s dates come from /payment/batches when it is chosen', async ({page}) => {
  const asked: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/payment/batches') asked.push(new URL(request.url()).search)
  })
  await page.goto('/payment?training=offshore-survival&course=HUET')
  const select = page.getByLabel('Date and location')
  await expect(select.locator('option[value="batch-huet-2027-12-20-kochi"]')).toBeAttached()
  expect(asked).toEqual([])
  await page.getByLabel('Course').selectOption('BOSIET')
  await expect(select.locator('option[value="batch-bosiet-2027-12-27-ajman"]')).toBeAttached()
  await expect(select.locator('option[value="batch-huet-2027-12-20-kochi"]')).toHaveCount(0)
  expect(asked).toEqual(['?training=offshore-survival&course=BOSIET'])
  await select.selectOption('batch-bosiet-2027-12-27-ajman')
  await expect(page.getByTestId('summary-date')).toContainText('Ajman')
  // Back to a course already shown: no new request.
  await page.getByLabel('Course').selectOption('HUET')
  await expect(select.locator('option[value="batch-huet-2027-12-20-kochi"]')).toBeAttached()
  expect(asked).toEqual(['?training=offshore-survival&course=BOSIET'])
  await expectAccessible(page)
})

test('dates that cannot be loaded: the form says so, takes no payment, and loads them on "Try again"', async ({page}) => {
  const orders: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/enroll/create-order')) orders.push(request.url())
  })
  await page.route('**/payment/batches?*', (route) => route.abort())
  await page.goto('/payment?training=offshore-survival&course=HUET')
  await fillDetails(page, 'Omar Farouk')
  await page.getByLabel('Course').selectOption('BOSIET')
  const failed = page.getByTestId('dates-failed')
  await expect(failed).toContainText(COURSE_BATCHES_FAILED)
  await expect(page.getByLabel('Date and location')).toHaveCount(0)
  await expect(page.getByTestId('summary-date')).toHaveText('—')
  await page.getByRole('button', {name: /^Pay /}).click()
  await expect(page.getByRole('alert').filter({hasText: COURSE_BATCHES_FAILED})).toBeVisible()
  await expectAccessible(page)
  await expectNoOverflow(page)
  expect(orders).toEqual([])

  await page.unroute('**/payment/batches?*')
  await failed.getByRole('button', {name: 'Try again'}).click()
  await expect(page.getByLabel('Date and location').locator('option[value="batch-bosiet-2027-12-27-ajman"]')).toBeAttached()
  await expect(page.getByRole('alert').filter({hasText: COURSE_BATCHES_FAILED})).toHaveCount(0)
  // Paying now asks for a date, as for any course with dates.
  await page.getByRole('button', {name: /^Pay /}).click()
  await expect(page.getByText('Please choose a date for your course.')).toHaveCount(2)
  expect(orders).toEqual([])
})
