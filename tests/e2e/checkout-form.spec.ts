/**
 * Tested on /payment and the competency page (docs/requirements.md#req-terms,
 * #req-carried-choices, #req-checkout-errors): the terms checkbox (unticked: its message, and no
 * create-order request at all; its two links), the error summary listing every field error with
 * links that move to the field, required fields marked, the Vietnam column's link opening the form
 * priced for Vietnam, the fee table at 390 px (rank and Enroll fixed while the flags scroll, no
 * page-level horizontal scroll) and the order summary before Pay on a phone; axe on both pages.
 */
import type {Page} from '@playwright/test'
import {TERMS_LABEL, TERMS_MESSAGE} from '#schemas/rules/terms'
import {expect, expectAccessible, test} from './fixtures'

/** Opens `path` and waits until React has hydrated the enrolment form (a click before would post the page). */
async function openForm(page: Page, path: string) {
  await page.goto(path)
  await page.waitForFunction(() => {
    const form = document.querySelector('form#enrolment')
    return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps'))
  })
}

/** Records every create-order request the page makes. */
function watchCreateOrder(page: Page): string[] {
  const calls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/api/enroll/create-order')) calls.push(request.method())
  })
  return calls
}

/** A control of the form by its accessible name (a required field's label also shows an asterisk, hidden from that name). */
const field = (page: Page, name: string) =>
  page.getByRole(['Training program', 'Course', 'Country'].includes(name) ? 'combobox' : 'textbox', {name, exact: true})

async function fillDetails(page: Page) {
  await page.getByLabel('Full name').fill('Linh Nguyen')
  await page.getByLabel('Email').fill('linh.nguyen@example.com')
  await page.getByLabel('Mobile').fill('+84 90 123 4567')
}

test('without the terms accepted: the message, and no order is requested', async ({page}) => {
  const calls = watchCreateOrder(page)
  await openForm(page, '/payment?training=competency-training&course=COE&country=vietnam')
  const terms = page.getByRole('checkbox', {name: TERMS_LABEL, exact: true})
  await expect(terms).not.toBeChecked()
  await expect(terms).toHaveAttribute('aria-required', 'true')
  // Both policies are linked (same tab).
  const box = page.getByTestId('terms')
  await expect(box.getByRole('link', {name: 'Terms & Conditions'})).toHaveAttribute('href', '/terms')
  await expect(box.getByRole('link', {name: 'Cancellation & Refund Policy'})).toHaveAttribute('href', '/refund')

  await fillDetails(page)
  await page.getByRole('button', {name: 'Pay $200 USD'}).click()
  await expect(box.getByText(TERMS_MESSAGE, {exact: true})).toBeVisible()
  await expect(terms).toHaveAttribute('aria-invalid', 'true')
  await expect(terms).toHaveAccessibleDescription(TERMS_MESSAGE)
  await expect(page.getByRole('alert').getByRole('link', {name: `Terms: ${TERMS_MESSAGE}`})).toBeVisible()
  await expectAccessible(page)

  // Ticking it clears the error; paying then asks for the order.
  await terms.check()
  await expect(box.getByText(TERMS_MESSAGE, {exact: true})).toHaveCount(0)
  const created = page.waitForResponse((response) => response.url().includes('/api/enroll/create-order'))
  await page.getByRole('button', {name: 'Pay $200 USD'}).click()
  const response = await created
  expect(response.status()).toBe(200)
  expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({termsAccepted: true, country: 'vietnam', amount: 200})
  await expect(page.getByRole('dialog', {name: /Sandbox/})).toBeVisible()
  // The order asked for once the box was ticked is the only one: the refused click sent none.
  expect(calls).toEqual(['POST'])
})

test('the error summary lists every field error, each link moving to its field; required fields are marked', async ({page}) => {
  const calls = watchCreateOrder(page)
  await openForm(page, '/payment?training=competency-training&course=COE')
  // Marked visibly (an asterisk, explained) and for assistive technology (required).
  await expect(page.getByTestId('required-note')).toHaveText(/^Fields marked \*\s*with an asterisk are required\.$/)
  for (const label of ['Full name', 'Email', 'Mobile', 'Training program', 'Course', 'Country']) {
    const control = field(page, label)
    await expect(control, label).toHaveAttribute('required', '')
    await expect(page.locator(`label[for="${await control.getAttribute('id')}"]`), label).toContainText('*')
  }

  await page.getByRole('button', {name: 'Proceed to payment'}).click()
  const summary = page.getByRole('alert').filter({hasText: 'Please correct'})
  await expect(summary).toContainText('these 5 fields')
  await expect(summary.getByRole('link')).toHaveText([
    'Full name: Please enter your full name.',
    'Email: Please enter your email address.',
    'Mobile: Please enter your mobile number.',
    'Country: Please select a country for competency training.',
    `Terms: ${TERMS_MESSAGE}`,
  ])
  await expectAccessible(page)

  // Each link moves the focus into its field.
  for (const [link, label] of [
    ['Mobile', field(page, 'Mobile')],
    ['Country', field(page, 'Country')],
    ['Terms', page.getByRole('checkbox', {name: TERMS_LABEL})],
    ['Full name', field(page, 'Full name')],
  ] as const) {
    await summary.getByRole('link', {name: new RegExp(`^${link}:`)}).click()
    await expect(label, link).toBeFocused()
  }
  // Fixing a field takes it off the list as the visitor types.
  await page.getByLabel('Full name').fill('Linh Nguyen')
  await expect(summary).toContainText('these 4 fields')
  expect(calls).toEqual([])
})

test('the Vietnam column’s link opens /payment priced for Vietnam', async ({page}) => {
  await page.goto('/courses/competency-training')
  const table = page.getByTestId('fee-table')
  const headers = await table.locator('thead th').allTextContents()
  const column = headers.indexOf('Vietnam')
  expect(column).toBeGreaterThan(0)
  const row = table.locator('tbody tr', {has: page.getByRole('rowheader', {name: 'Master/Chief officer', exact: true})})
  const cell = row.locator('th, td').nth(column)
  await expect(cell).toHaveText('$4,400 USD')
  const link = cell.getByRole('link')
  await expect(link).toHaveAccessibleName('$4,400 USD, enroll for Master/Chief officer with Vietnam')
  expect(new URL((await link.getAttribute('href')) ?? '', 'http://x').searchParams.get('country')).toBe('vietnam')
  await link.click()
  await expect(page).toHaveURL(/\/payment\?/)
  await expect(page.getByLabel('Training program')).toHaveValue('competency-training')
  await expect(field(page, 'Course')).toHaveValue('Master/Chief officer')
  await expect(field(page, 'Country')).toHaveValue('vietnam')
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('4400')
  await expect(page.getByTestId('amount-due')).toHaveText('$4,400 USD')
  await expect(page.getByRole('button', {name: 'Pay $4,400 USD'})).toBeVisible()
})

test('a tampered query is ignored: an unknown country leaves the form unpriced, a price is never used', async ({page}) => {
  await openForm(page, '/payment?training=competency-training&course=COE&country=atlantis&price=%241&amount=1')
  await expect(field(page, 'Country')).toHaveValue('')
  await expect(page.getByTestId('amount-due')).toHaveText('—')
  await field(page, 'Country').selectOption('vietnam')
  await expect(page.getByTestId('amount-due')).toHaveText('$200 USD')
})

test.describe('on a 390 px phone', () => {
  test.use({viewport: {width: 390, height: 844}})

  test('the fee table scrolls between a fixed rank column and a fixed Enroll column, with a hint; the page does not', async ({page}) => {
    await page.goto('/courses/competency-training')
    await expect(page.getByTestId('fee-scroll-hint')).toBeVisible()
    await expect(page.getByTestId('fee-scroll-hint')).toContainText('Scroll the table sideways')
    const region = page.getByTestId('fee-table-scroll')
    const table = page.getByTestId('fee-table')
    const rank = table.getByRole('rowheader', {name: 'Master/Chief officer', exact: true})
    const enroll = table.getByRole('link', {name: 'Enroll: Master/Chief officer'})
    const vietnam = table.getByRole('link', {name: /enroll for Master\/Chief officer with Vietnam$/})

    const inside = async (locator: ReturnType<Page['locator']>) => {
      const [outer, inner] = await Promise.all([region.boundingBox(), locator.boundingBox()])
      return !!outer && !!inner && inner.x >= outer.x - 1 && inner.x + inner.width <= outer.x + outer.width + 1
    }
    // The table is wider than the screen and scrolls inside its region only.
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    expect(await inside(rank)).toBe(true)
    expect(await inside(enroll)).toBe(true)

    // Scrolled to the far end (the Vietnam column in view), rank and Enroll are still in place.
    await region.evaluate((el) => el.scrollTo({left: el.scrollWidth}))
    await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    await vietnam.scrollIntoViewIfNeeded()
    expect(await inside(rank)).toBe(true)
    expect(await inside(enroll)).toBe(true)
    await expect(rank).toBeVisible()
    // Enroll is clickable without scrolling sideways (nothing covers it).
    await enroll.click({trial: true})
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectAccessible(page)
  })

  test('the order summary (amount, currency, non-refundable notice) comes before Pay', async ({page}) => {
    await openForm(page, '/payment?training=competency-training&course=COE&country=vietnam')
    const summary = page.getByRole('complementary', {name: 'Summary'})
    const pay = page.getByRole('button', {name: 'Pay $200 USD'})
    await expect(summary.getByTestId('amount-due')).toHaveText('$200 USD')
    await expect(summary).toContainText('non-refundable')
    const [summaryBox, payBox] = await Promise.all([summary.boundingBox(), pay.boundingBox()])
    expect(summaryBox!.y + summaryBox!.height).toBeLessThanOrEqual(payBox!.y)
    // Reading and keyboard order follow: the summary is before Pay in the document too.
    expect(
      await summary.evaluate(
        (aside, button) => !!(aside.compareDocumentPosition(button as Node) & Node.DOCUMENT_POSITION_FOLLOWING),
        await pay.elementHandle(),
      ),
    ).toBe(true)
    // The terms come before both.
    const termsBox = await page.getByTestId('terms').boundingBox()
    expect(termsBox!.y).toBeLessThan(summaryBox!.y)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectAccessible(page)
  })
})
