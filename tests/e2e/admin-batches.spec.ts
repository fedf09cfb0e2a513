/**
 * /admin/batches (docs/requirements.md#req-batches-staff) against a mocked admin API
 * (page.route) that follows schemas/contracts/batches.ts: the batches with their seat and waitlist
 * counts, Batches in the admin navigation, a roster with an over-capacity candidate and its CSV
 * download, the waitlist, the empty and error states, axe, 390 px without sideways scrolling;
 * and once the real API's answer without a token (401 → the page's signed-out state).
 */
import {readFile} from 'node:fs/promises'
import type {Page, Route} from '@playwright/test'
import type {AdminBatch, AdminBatchDetail} from '#schemas/contracts/batches'
import {MOCK_TOKEN, seedToken} from './admin-session'
import {expect, expectAccessible, test} from './fixtures'

test.use({timezoneId: 'Asia/Dubai'})

const BATCHES: AdminBatch[] = [
  {
    id: 'batch-bosiet-2027-01-12-mumbai',
    startDate: '2027-01-12',
    endDate: '2027-01-14',
    city: 'Mumbai',
    venue: 'Harbour Road Centre',
    country: 'India',
    status: 'open',
    courseName: 'BOSIET',
    counts: {seats: 12, booked: 9, held: 1, left: 2},
    waitlist: 0,
  },
  {
    id: 'batch-psf-2027-02-01-manila',
    startDate: '2027-02-01',
    endDate: '2027-02-01',
    city: 'Manila',
    venue: null,
    country: 'Philippines',
    status: 'closed',
    courseName: 'Passenger Ship Familiarization',
    counts: {seats: 8, booked: 9, held: 0, left: 0},
    waitlist: 2,
  },
]

const DETAIL: AdminBatchDetail = {
  batch: BATCHES[1]!,
  roster: [
    {
      orderId: 'order_sandbox_Roster000001',
      name: 'Ana Cruz',
      email: 'ana@example.com',
      mobile: '+63 917 000 0001',
      status: 'confirmed',
      paidAt: '2026-11-20T09:00:00.000Z',
      receiptNumber: 'MTC-2026-00011',
      overCapacity: false,
    },
    {
      orderId: 'order_sandbox_Roster000002',
      name: '=HYPERLINK("x")',
      email: 'late@example.com',
      mobile: '+63 917 000 0002',
      status: 'paid',
      paidAt: '2026-11-21T09:00:00.000Z',
      receiptNumber: 'MTC-2026-00012',
      overCapacity: true,
    },
  ],
  waitlist: [
    {name: 'Wai Ting', email: 'wai@example.com', mobile: '+63 917 000 0003', joinedAt: '2026-11-22T10:00:00.000Z', notifiedAt: null},
    {name: 'Second Person', email: 'second@example.com', mobile: '+63 917 000 0004', joinedAt: '2026-11-23T10:00:00.000Z', notifiedAt: null},
  ],
}

async function mockApi(page: Page, {batches = BATCHES, listStatus = 200}: {batches?: AdminBatch[]; listStatus?: number} = {}) {
  const calls: string[] = []
  await page.route('**/api/admin/**', async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    // The navigation's count of new enquiries: answered, not this page's call.
    if (url.pathname === '/api/admin/enquiries') return route.fulfill({json: []})
    // Who is signed in (AdminArea): not this page's call either.
    if (url.pathname === '/api/admin/me') return route.fulfill({status: 404, json: {error: 'Not found'}})
    calls.push(`${request.method()} ${url.pathname}`)
    if (request.headers()['authorization'] !== `Bearer ${MOCK_TOKEN}`) return route.fulfill({status: 401, json: {error: 'Invalid or expired token'}})
    if (url.pathname === '/api/admin/batches') {
      return listStatus === 200 ? route.fulfill({json: {batches}}) : route.fulfill({status: listStatus, json: {error: 'Nope'}})
    }
    if (url.pathname === `/api/admin/batches/${DETAIL.batch.id}`) return route.fulfill({json: DETAIL})
    return route.fulfill({status: 404, json: {error: 'Not found'}})
  })
  return calls
}

const table = (page: Page) => page.getByRole('region', {name: 'Upcoming batches, earliest first'})

test('the batches with their counts; Batches in the navigation; a roster with its CSV and the waitlist (axe)', async ({page}) => {
  const calls = await mockApi(page)
  await seedToken(page)
  await page.goto('/admin/batches')
  await expect(page.getByRole('heading', {name: 'Batches', level: 1})).toBeVisible()
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
  const nav = page.getByRole('navigation', {name: 'Administration'})
  await expect(nav.getByRole('link', {name: 'Batches'})).toHaveAttribute('aria-current', 'page')
  // One Logout, in the navigation (the page header has Refresh only).
  await expect(page.getByRole('button', {name: 'Logout'})).toHaveCount(1)
  await expect(page.getByText('2 upcoming batches')).toBeVisible()
  const rows = table(page).locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.nth(0)).toHaveText(/12–14 Jan 2027 · Mumbai\s*BOSIET\s*Open\s*12\s*9\s*1\s*2\s*0/)
  await expect(rows.nth(1)).toHaveText(/1 Feb 2027 · Manila\s*Passenger Ship Familiarization\s*Closed\s*8\s*9\s*0\s*0\s*2/)
  expect(calls).toEqual(['GET /api/admin/batches'])
  await expectAccessible(page)

  await rows
    .nth(1)
    .getByRole('button', {name: /^View roster/})
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', {name: '1 Feb 2027 · Manila · Passenger Ship Familiarization'})).toBeVisible()
  const roster = dialog.getByRole('list', {name: 'Roster'}).getByRole('listitem')
  await expect(roster).toHaveCount(2)
  await expect(roster.nth(0)).toContainText('Ana Cruz')
  await expect(roster.nth(0)).toContainText('Confirmed')
  await expect(roster.nth(1)).toContainText('Over capacity')
  await expect(dialog.getByRole('list', {name: 'Waitlist'}).getByRole('listitem')).toHaveText([/^Wai Ting · wai@example.com/, /^Second Person/])
  await expectAccessible(page)

  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', {name: 'Download roster (CSV)'}).click()])
  expect(download.suggestedFilename()).toMatch(/^roster-batch-psf-2027-02-01-manila-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
  const lines = csv.trimEnd().split('\r\n')
  expect(lines[0]).toBe('Name,Email,Mobile,Status,Paid At,Receipt Number,Order ID,Over Capacity,Company')
  // A cell starting with + (a phone number) is written with a leading apostrophe, like the list's CSV.
  expect(lines[1]).toMatch(/^Ana Cruz,ana@example.com,'\+63 917 000 0001,Confirmed,".*",MTC-2026-00011,order_sandbox_Roster000001,,$/)
  // A formula is never a formula in the file.
  expect(lines[2]).toMatch(/^"'=HYPERLINK\(""x""\)",late@example.com,.*,Over capacity,$/)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})

test('no batches, an error, and 390 px without sideways scrolling', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844})
  await mockApi(page, {batches: []})
  await seedToken(page)
  await page.goto('/admin/batches')
  await expect(page.getByText('No upcoming batches.')).toBeVisible()
  await page.unrouteAll({behavior: 'ignoreErrors'})
  await mockApi(page)
  await page.getByRole('button', {name: 'Refresh'}).click()
  await expect(table(page).locator('tbody tr')).toHaveCount(2)
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
  await expectAccessible(page)
  await page.unrouteAll({behavior: 'ignoreErrors'})
  await mockApi(page, {listStatus: 500})
  await page.getByRole('button', {name: 'Refresh'}).click()
  await expect(page.getByText('Failed to load batches')).toBeVisible()
})

test('the real API refuses a missing token and an unknown batch', async ({request}) => {
  expect((await request.get('/api/admin/batches')).status()).toBe(401)
  expect((await request.get('/api/admin/batches/batch-nope', {headers: {Authorization: 'Bearer nope'}})).status()).toBe(401)
})
