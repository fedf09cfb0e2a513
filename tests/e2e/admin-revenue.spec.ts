/**
 * Revenue on the enrolment list (docs/requirements.md#req-refunds): Total Revenue is
 * paid minus refunded, and "Revenue by month" shows the last 12 months per currency as a chart
 * with its data table (read by screen readers, shown with "Show as table"), axe-clean and without
 * sideways scrolling at 390 px.
 *
 * Against a fixed-data admin API (page.route: the list of fixed rows paged and summed with the
 * shared rules, ./admin-list-mock.ts, the server's clock and the page's fixed at 10 March 2026,
 * Dubai): the window is April 2025 – March 2026. The real API records a payment or refund at the
 * moment it is made, so it cannot produce a year of history with these dates; that Total Revenue
 * follows a real refund is checked against the real API in admin-refunds.spec.ts.
 */
import type {Page, Route} from '@playwright/test'
import type {EnrolmentSummary} from '#schemas/contracts/admin'
import {MOCK_TOKEN} from './admin-session'
import {fulfillEnrolmentList, isEnrolmentListCall} from './admin-list-mock'
import {expect, expectAccessible, test} from './fixtures'

/** 10 March 2026, 12:00 in Dubai. */
const NOW = new Date('2026-03-10T08:00:00.000Z')

function row(name: string, overrides: Partial<EnrolmentSummary>): EnrolmentSummary {
  return {
    _id: `id-${name}`,
    orderId: `order_sandbox_${name}`,
    name,
    email: `${name.toLowerCase()}@example.com`,
    mobile: '+91 98470 12345',
    amount: 100,
    currency: 'USD',
    trainingProgramName: 'STCW Courses',
    courseName: 'Basic STCW',
    country: '',
    status: 'paid',
    createdAt: '2026-01-01T10:00:00.000Z',
    paidAt: '2026-01-01T10:05:00.000Z',
    paymentId: `pay_sandbox_${name}`,
    receiptNumber: null,
    attachmentCount: 0,
    updatedAt: '2026-01-01T10:05:00.000Z',
    ...overrides,
  }
}

const ROWS: EnrolmentSummary[] = [
  // 31 Dec 20:30 UTC is 1 January 2026 in Dubai.
  row('Ana', {amount: 150, paidAt: '2025-12-31T20:30:00.000Z'}),
  // Paid in January, $100 of it refunded in February (a partial refund).
  row('Ben', {
    amount: 450,
    status: 'partially-refunded',
    paidAt: '2026-01-10T10:00:00.000Z',
    refunds: [{createdAt: '2026-02-05T10:00:00.000Z', amount: 10000, status: 'processed'}],
  }),
  // A failed refund does not count.
  row('Cai', {
    amount: 2200,
    status: 'confirmed',
    paidAt: '2025-12-15T10:00:00.000Z',
    refunds: [{createdAt: '2026-01-05T10:00:00.000Z', amount: 50000, status: 'failed'}],
  }),
  row('Dev', {amount: 4000, currency: 'INR', paidAt: '2025-06-01T10:00:00.000Z'}),
  // Paid before the window: in Total Revenue, not in the chart.
  row('Fay', {amount: 300, status: 'completed', paidAt: '2025-03-20T10:00:00.000Z'}),
  row('Eve', {amount: 3500, status: 'pending', paidAt: null, paymentId: null}),
]

/** The admin API: the list over `rows` (by default ROWS, of which Eve was never paid); nothing else is needed here. */
async function mockApi(page: Page, rows: EnrolmentSummary[] = ROWS) {
  await page.route('**/api/admin**', async (route: Route) => {
    const url = new URL(route.request().url())
    if (route.request().headers()['authorization'] !== `Bearer ${MOCK_TOKEN}`) return route.fulfill({status: 401, json: {error: 'Invalid or expired token'}})
    if (isEnrolmentListCall(url)) return fulfillEnrolmentList(route, rows, {now: NOW})
    if (url.pathname === '/api/admin/enquiries') return route.fulfill({json: []})
    return route.fulfill({status: 404, json: {error: 'Not found'}})
  })
  await page.addInitScript((token) => localStorage.setItem('authToken', token), MOCK_TOKEN)
  await page.clock.setFixedTime(NOW)
}

/** The month rows of the chart's table: [month, paid, refunded, revenue]. */
async function tableRows(page: Page, currency: string) {
  const table = page.getByRole('table', {name: `Revenue by month, ${currency}: paid minus refunded`})
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim())))
}

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

test('Total Revenue is paid minus refunded; Revenue by month: chart, table for screen readers, Show as table, currencies (axe)', async ({page}) => {
  await mockApi(page)
  await page.goto('/adminEnrollments')
  await expect(page.getByText('Showing 1 to 5 of 5 results')).toBeVisible()

  // 150 + (450 - 100) + 2200 + 300: the partial refund lowers the card; the failed one does not.
  const card = (label: string) => page.locator('dl > div').filter({hasText: label}).locator('dd')
  // Per currency, never added across currencies.
  await expect(card('Total Revenue').first()).toHaveText('USD 3,000.00 · INR 4,000.00')
  await expect(card('Total Revenue').nth(1)).toHaveText('Paid enrolments only, per currency')

  const section = page.getByRole('region', {name: 'Revenue by month', exact: true})
  await expect(section.getByRole('heading', {name: 'Revenue by month', level: 2})).toBeVisible()
  // Below the cards, above the list's search.
  const sectionBox = (await section.boundingBox())!
  expect(sectionBox.y).toBeGreaterThan((await page.locator('dl').boundingBox())!.y)
  expect(sectionBox.y).toBeLessThan((await page.getByLabel('Search enrolments').boundingBox())!.y)
  await expect(section.getByText('Last 12 months:')).toHaveText('Last 12 months: $2,700 USD')
  await expect(section.getByRole('img', {name: 'Bar chart of revenue by month in USD, April 2025 to March 2026'})).toBeVisible()

  // The table is there for screen readers before anything is pressed: April 2025 … March 2026.
  const toggle = section.getByRole('button', {name: 'Show as table'})
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  const rows = await tableRows(page, 'USD')
  expect(rows).toHaveLength(12)
  expect(rows[0]![0]).toBe('April 2025')
  expect(rows.at(-1)).toEqual(['March 2026', '$0 USD', '$0 USD', '$0 USD'])
  const byMonth = Object.fromEntries(rows.map(([month, ...rest]) => [month, rest]))
  expect(byMonth['December 2025']).toEqual(['$2,200 USD', '$0 USD', '$2,200 USD'])
  expect(byMonth['January 2026']).toEqual(['$600 USD', '$0 USD', '$600 USD'])
  expect(byMonth['February 2026']).toEqual(['$0 USD', '$100 USD', '-$100 USD'])
  await expect(page.getByRole('table', {name: /^Revenue by month, USD/}).locator('tfoot')).toHaveText(/Total\s*\$2,800 USD\s*\$100 USD\s*\$2,700 USD/)
  await expectAccessible(page)

  // Bars: three months with money; February's is below the zero line, December's above it.
  const bars = section.locator('svg rect[data-month]')
  await expect(bars).toHaveCount(3)
  const december = (await section.locator('rect[data-month="2025-12"]').boundingBox())!
  const february = (await section.locator('rect[data-month="2026-02"]').boundingBox())!
  expect(february.y).toBeGreaterThanOrEqual(december.y + december.height - 1)
  await expect(section.locator('ol li').first()).toHaveText('Apr 25')
  await expect(section.locator('ol li').last()).toHaveText('Mar 26')

  // Show as table: the same table, now visible, in a focusable scroll region.
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  const region = section.getByRole('region', {name: 'Revenue by month, USD: paid minus refunded'})
  await expect(region).toBeVisible()
  expect((await region.boundingBox())!.height).toBeGreaterThan(200)
  await section.screenshot({path: test.info().outputPath('revenue-desktop-table.png')})
  await expectAccessible(page)

  // Another currency: INR.
  await section.getByRole('group', {name: 'Currency'}).getByRole('button', {name: 'INR'}).click()
  await expect(section.getByRole('button', {name: 'INR'})).toHaveAttribute('aria-pressed', 'true')
  await expect(section.getByRole('button', {name: 'USD'})).toHaveAttribute('aria-pressed', 'false')
  await expect(section.getByText('Last 12 months:')).toHaveText('Last 12 months: ₹4,000.00 INR')
  const inr = Object.fromEntries((await tableRows(page, 'INR')).map(([month, ...rest]) => [month, rest]))
  expect(inr['June 2025']).toEqual(['₹4,000.00 INR', '₹0.00 INR', '₹4,000.00 INR'])
  await expectAccessible(page)

  // Pending enrolments shown: nothing changes in the revenue.
  await page.getByLabel('Show pending enrolments').check()
  await expect(page.getByText('Showing 1 to 6 of 6 results')).toBeVisible()
  await expect(card('Total Revenue').first()).toHaveText('USD 3,000.00 · INR 4,000.00')
  await expect(section.getByText('Last 12 months:')).toHaveText('Last 12 months: ₹4,000.00 INR')
})

test('Revenue by month at 390 px: no sideways scrolling, with and without the table (axe)', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844})
  await mockApi(page)
  await page.goto('/adminEnrollments')
  const section = page.getByRole('region', {name: 'Revenue by month', exact: true})
  await expect(section.getByText('Last 12 months:')).toHaveText('Last 12 months: $2,700 USD')
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  const box = (await section.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(390)
  // Every month label fits its column: none overlaps the next.
  const labels = await section
    .locator('ol li')
    .evaluateAll((items) => items.map((li) => ({right: li.getBoundingClientRect().right, scroll: li.scrollWidth, width: li.clientWidth})))
  expect(labels).toHaveLength(12)
  for (const label of labels) expect(label.scroll).toBeLessThanOrEqual(label.width)
  await section.screenshot({path: test.info().outputPath('revenue-390.png')})
  await expectAccessible(page)

  await section.getByRole('button', {name: 'Show as table'}).click()
  await expect(section.getByRole('region', {name: /^Revenue by month, USD/})).toBeVisible()
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  await section.screenshot({path: test.info().outputPath('revenue-390-table.png')})
  await expectAccessible(page)
})

test('Revenue by month without money in the last 12 months says so', async ({page}) => {
  await mockApi(page, [row('Old', {paidAt: '2024-01-01T10:00:00.000Z'})])
  await page.goto('/adminEnrollments')
  const section = page.getByRole('region', {name: 'Revenue by month', exact: true})
  await expect(section.getByText('No payments or refunds in the last 12 months.')).toBeVisible()
  await expect(section.getByRole('button', {name: 'Show as table'})).toHaveCount(0)
  await expect(page.locator('dl > div').filter({hasText: 'Total Revenue'}).locator('dd').first()).toHaveText('USD 100.00')
})
