/**
 * Group bookings end to end (docs/requirements.md#req-group-bookings), against the real backend:
 * 1. From the calendar's "Book for a group", a ship manager books 5 seats of a BOSIET batch by
 *    card in the sandbox (the live summary shows the 5 % tier; the tax number's label follows the
 *    country and its format is checked), lands on the booking's page and names the 5 delegates;
 *    staff then see them on /admin/batches' roster and issue one delegate's certificate. Axe on
 *    the form and the booking page at 1280 px.
 * 2. At 390 px: the form, a booking paid by card (the delegate rows) and one paid by invoice
 *    (the pro-forma, its PDF) pass axe without sideways scrolling.
 *
 * Seats are shared with other specs: each test books its own seed batch, which no other spec uses.
 */
import type {Page} from '@playwright/test'
import {GROUP_MESSAGES, quoteGroup, tierLabel} from '#schemas/rules/group-booking'
import {TERMS_LABEL} from '#schemas/rules/terms'
import {moneyOf} from '~/lib/group-booking'
import {groupBookingThroughApi, loginThroughApi, seedToken, uniqueTag} from './admin-session'
import {expect, expectAccessible, test} from './fixtures'

/** BOSIET (a fixed $450 course of the offshore category: 5+ seats 5 % off) in Colombo, 8 seats. */
const BATCH = {id: 'batch-bosiet-2027-11-08-colombo', dates: '8–11 Nov 2027', city: 'Colombo', unitMinor: 45_000}
const TIERS = [
  {minSeats: 5, percent: 5},
  {minSeats: 10, percent: 10},
]
const BOOKING_PAGE = /\/book\/group\/grp_[A-Za-z0-9]{16}\/[A-Za-z0-9_-]{22}$/

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
}

test('a company books 5 seats by card, names its delegates; staff see them on the roster and certify one', async ({page, request}) => {
  test.setTimeout(150_000)
  const company = `Blue Anchor ${uniqueTag('Ship')}`
  const tag = uniqueTag('Crew')
  const delegates = Array.from({length: 5}, (_, index) => ({
    name: `Crew ${tag} ${String.fromCharCode(65 + index)}`,
    email: `crew-${tag.toLowerCase()}-${index + 1}@example.com`,
  }))

  await page.goto('/courses/calendar?category=offshore-survival')
  await page
    .locator(`[data-testid="calendar-row"][data-batch-id="${BATCH.id}"]`)
    .getByRole('link', {name: `Book for a group: BOSIET, ${BATCH.dates}, ${BATCH.city}`})
    .click()
  await expect(page).toHaveURL(new RegExp(`/book/group\\?batch=${BATCH.id}$`))
  await expect(page.getByRole('heading', {level: 1})).toHaveText('BOSIET for your crew')

  await page.getByLabel('Company name').fill(company)
  await page.getByLabel('Contact person').fill('Arjun Menon')
  await page.getByLabel('E-mail').fill('crewing@example.com')
  await page.getByLabel('Phone').fill('+91 98470 12345')
  await page.getByLabel('Billing address').fill('4th Floor, Marine Drive, Mumbai 400002')
  await page.getByLabel('Country').selectOption('IN')
  // India: the tax number is a GSTIN, checked in the browser with the API's schema.
  await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZX')
  await page.getByLabel('Number of seats').selectOption('5')
  const total = moneyOf(quoteGroup(BATCH.unitMinor, 5, TIERS).totalMinor, 'USD')
  await expect(page.getByTestId('summary-discount')).toHaveText(`−${moneyOf(quoteGroup(BATCH.unitMinor, 5, TIERS).discountMinor, 'USD')}`)
  await expect(page.getByText('Group discount (5 %)')).toBeVisible()
  await expect(page.getByTestId('summary-total')).toHaveText(total)
  await expect(page.getByTestId('group-tiers')).toContainText(TIERS.map(tierLabel).join('; '))
  await page.getByRole('checkbox', {name: TERMS_LABEL}).check()
  await page.getByRole('button', {name: `Pay ${total}`}).click()
  await expect(page.getByLabel('GSTIN')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('group-alert')).toContainText(`GSTIN: ${GROUP_MESSAGES.gstin}`)
  await expectAccessible(page)
  await page.getByLabel('GSTIN').fill('27AAPFU0939F1ZV')

  await page.getByRole('button', {name: `Pay ${total}`}).click()
  const dialog = page.getByRole('dialog', {name: /Sandbox/})
  await expect(dialog.getByTestId('sandbox-amount')).toHaveText(total)
  await dialog.getByRole('button', {name: 'Pay', exact: true}).click()
  await expect(page).toHaveURL(BOOKING_PAGE)
  await expect(page.getByRole('heading', {level: 1})).toHaveText(new RegExp(` for ${company}$`))
  await expect(page.getByTestId('booking-status')).toHaveText('Paid')
  await expect(page.getByTestId('booking-total')).toHaveText(total)
  await expect(page.getByTestId('delegates-count')).toHaveText('0 of 5 seats named')

  const rows = page.getByRole('group', {name: /^Seat \d$/})
  await expect(rows).toHaveCount(5)
  for (const [index, delegate] of delegates.entries()) {
    const row = page.getByRole('group', {name: `Seat ${index + 1}`})
    await row.getByLabel('Name as on the passport').fill(delegate.name)
    await row.getByLabel('E-mail').fill(delegate.email)
    await row.getByLabel('Date of birth').fill('1994-06-1' + index)
    await row.getByLabel('Nationality').fill('Indian')
  }
  await page.getByRole('button', {name: 'Save delegates'}).click()
  await expect(page.getByTestId('delegates-status')).toContainText('The delegates are saved.')
  await expect(page.getByTestId('delegates-count')).toHaveText('5 of 5 seats named')
  await page.reload()
  for (const [index, delegate] of delegates.entries()) {
    await expect(page.getByRole('group', {name: `Seat ${index + 1}`}).getByLabel('Name as on the passport')).toHaveValue(delegate.name)
  }
  await expectAccessible(page)

  // Staff: the delegates are on the batch's roster…
  const token = await loginThroughApi(request)
  await seedToken(page, token)
  await page.goto('/admin/batches')
  await page.getByRole('button', {name: new RegExp(`^View roster of ${BATCH.dates} · ${BATCH.city}`)}).click()
  const roster = page.getByRole('dialog').getByRole('list', {name: 'Roster'})
  for (const delegate of delegates) await expect(roster.getByRole('listitem').filter({hasText: delegate.name})).toHaveCount(1)

  // …and one of them, once completed, gets the certificate.
  const holder = delegates[0]!.name
  await page.goto('/adminEnrollments')
  await page.getByLabel('Search enrolments').fill(holder)
  await page.getByRole('button', {name: `View ${holder}`}).click()
  const enrolment = page.getByRole('dialog')
  for (const move of ['Mark as contacted', 'Mark as confirmed', 'Mark as completed']) {
    await enrolment.getByRole('button', {name: move}).click()
    await expect(enrolment.getByRole('status').filter({hasText: `${move.replace('Mark', 'Marked')}.`})).toBeVisible()
  }
  const section = enrolment.getByTestId('enrolment-certificate')
  await section.getByRole('button', {name: 'Issue certificate'}).click()
  const form = section.getByTestId('issue-certificate-form')
  await expect(form.getByLabel('Full name as printed')).toHaveValue(holder)
  await form.getByLabel('Date of birth').fill('1994-06-10')
  await form.getByRole('button', {name: 'Issue certificate'}).click()
  await expect(section.getByRole('status')).toHaveText(/^Certificate .+ was issued\.$/)
})

test.describe('at 390 px', () => {
  test.use({viewport: {width: 390, height: 844}})

  test('the form, a paid booking and one paid by invoice pass axe without sideways scrolling', async ({page, request}) => {
    test.setTimeout(90_000)
    await page.goto('/book/group?batch=batch-bosiet-2027-10-04-singapore')
    await expect(page.getByLabel('Number of seats')).toBeVisible()
    await expectAccessible(page)
    await expectNoSidewaysScroll(page)

    const paid = await groupBookingThroughApi(request, 'batch-huet-2027-10-25-chennai', 'card')
    expect(paid).toMatch(BOOKING_PAGE)
    const response = await page.goto(paid)
    expect(response!.headers()['cache-control']).toBe('no-store')
    expect(response!.headers()['x-robots-tag']).toContain('noindex')
    await expect(page.getByRole('group', {name: 'Seat 2'})).toBeVisible()
    await expectAccessible(page)
    await expectNoSidewaysScroll(page)

    const invoice = await groupBookingThroughApi(request, 'batch-huet-2027-10-25-chennai', 'invoice')
    await page.goto(invoice)
    await expect(page.getByTestId('booking-status')).toHaveText('Payment due')
    await expect(page.getByTestId('booking-proforma-number')).toHaveText(/^PF-\d{4}-\d{5}$/)
    await expect(page.getByTestId('delegates-locked')).toHaveText(GROUP_MESSAGES.notPaid)
    await expectAccessible(page)
    await expectNoSidewaysScroll(page)
    const pdf = await request.get(`${invoice}/proforma.pdf`)
    expect(pdf.status()).toBe(200)
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    expect(pdf.headers()['content-disposition']).toMatch(/^attachment; filename=".+\.pdf"$/)
    expect(pdf.headers()['cache-control']).toBe('no-store')
    // A booking paid by card has no pro-forma; a wrong key finds nothing.
    expect((await request.get(`${paid}/proforma.pdf`)).status()).toBe(404)
    expect((await request.get(paid.replace(/[^/]{22}$/, 'A'.repeat(22)))).status()).toBe(404)
  })
})
