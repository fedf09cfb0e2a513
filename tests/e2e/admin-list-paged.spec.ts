/**
 * The admin enrolment list against the real built site and API (no page.route), over 250
 * enrolments of its own (docs/requirements.md#req-admin-list, #req-admin-list-queries,
 * #req-validation-admin-search): search, sort, paging, the cards and the CSV, each checked
 * against what the test computes itself from the rows it seeded.
 *
 * Seeding: 250 paid enrolments (records in the `enrolments` store and their rows in the
 * `enrolment-index` partitions, as the site writes them) go straight into the site's Blobs
 * emulation (./blobs.ts), created in 2019 so that no other spec writes the same partitions; the
 * records are there so that the index repair keeps the rows. Other specs add enrolments to the
 * same server meanwhile, so every assertion is scoped by a search for this test's unique tag (the
 * cards count the searched set).
 */
import type {APIRequestContext, Page} from '@playwright/test'
import {readFile} from 'node:fs/promises'
import type {EnrolmentStatus} from '#schemas/contracts/admin'
import {sumsOf} from '#schemas/rules/enrolment-list'
import type {IndexPartition, IndexRow} from '#netlify/services/enrolments/index-store'
import type {EnrolmentRecord} from '#netlify/services/enrolments/record'
import {loginThroughApi, seedToken, uniqueTag} from './admin-session'
import {siteStore} from './blobs'
import {expect, expectAccessible, test} from './fixtures'

const COUNT = 250

const PROGRAMS = [
  {trainingProgram: 'stcw-courses', trainingProgramName: 'STCW Courses', course: 'basic-stcw', courseName: 'Basic STCW', country: '', countryName: ''},
  {trainingProgram: 'offshore-survival', trainingProgramName: 'Offshore Survival', course: 'bosiet', courseName: 'BOSIET', country: '', countryName: ''},
  {trainingProgram: 'pre-sea-training', trainingProgramName: 'Pre-Sea Training', course: 'psf', courseName: 'PSF', country: '', countryName: ''},
  {
    trainingProgram: 'competency-training',
    trainingProgramName: 'Competency Training',
    course: 'master-chief-officer',
    courseName: 'Master/Chief officer',
    country: 'guyana',
    countryName: 'Guyana',
  },
] as const

/** Paid, then followed up or cancelled after paying: every one's payment was received. */
const STATUSES: EnrolmentStatus[] = ['paid', 'paid', 'paid', 'paid', 'paid', 'contacted', 'contacted', 'confirmed', 'completed', 'cancelled']

/**
 * The `index`-th enrolment (0 … 249) of `tag`: named "{tag} Cadet {index + 1}"; amounts all
 * different (7, 14, … 1750, in a shuffled order), every seventh in INR; created in 2019.
 */
function seededRecord(tag: string, index: number): EnrolmentRecord {
  const n = index + 1
  const program = PROGRAMS[index % PROGRAMS.length]!
  const amount = (((index * 37) % COUNT) + 1) * 7
  const currency = index % 7 === 3 ? 'INR' : 'USD'
  const created = new Date(Date.UTC(2019, index % 12, 1 + (index % 28), 8, index % 60))
  const createdAt = created.toISOString()
  const paidAt = new Date(created.getTime() + 5 * 60_000).toISOString()
  return {
    orderId: `order_sandbox_${tag}${String(n).padStart(3, '0')}`,
    receipt: `rcpt_${tag}${n}`,
    status: STATUSES[index % STATUSES.length]!,
    name: `${tag} Cadet ${n}`,
    email: `${tag.toLowerCase()}.${n}@example.com`,
    mobile: `+91 98470 ${10000 + index}`,
    ...program,
    amount,
    amountMinor: amount * 100,
    currency,
    attachments: [],
    paymentId: `pay_sandbox_${tag}${n}`,
    paidAt,
    paidVia: 'callback',
    createdAt,
    updatedAt: paidAt,
    mode: 'sandbox',
    history: [],
  }
}

/** The list row of a record, as the site's index stores it (netlify/services/enrolments/index-store.ts toSummary, without `_id`). */
const indexRow = (record: EnrolmentRecord): IndexRow => ({
  orderId: record.orderId,
  name: record.name,
  email: record.email,
  mobile: record.mobile,
  amount: record.amount,
  currency: record.currency,
  trainingProgramName: record.trainingProgramName,
  courseName: record.courseName,
  country: record.countryName,
  status: record.status,
  createdAt: record.createdAt,
  paidAt: record.paidAt ?? null,
  paymentId: record.paymentId ?? null,
  attachmentCount: 0,
  receiptNumber: null,
  updatedAt: record.updatedAt,
  historyCount: 0,
})

/**
 * Adds `rows` to the index partition of `month` ('YYYY-MM', `v2/month-YYYY-MM` of the store
 * `enrolment-index`), its sums moved with them: a conditional write on the version read,
 * retried until it lands.
 */
async function addToPartition(month: string, rows: IndexRow[]) {
  const store = siteStore('enrolment-index')
  const key = `v2/month-${month}`
  for (let attempt = 0; attempt < 20; attempt++) {
    const current = (await store.getWithMetadata(key, {type: 'json'})) as {data: IndexPartition; etag?: string} | null
    const merged = {...(current?.data.rows ?? {}), ...Object.fromEntries(rows.map((row) => [row.orderId, row]))}
    const next: IndexPartition = {version: (current?.data.version ?? 0) + 1, rows: merged, sums: sumsOf(Object.values(merged))}
    const written = await store.setJSON(key, next, current?.etag ? {onlyIfMatch: current.etag} : {onlyIfNew: true})
    if (written.modified) return
  }
  throw new Error(`The partition ${key} kept changing`)
}

/** Writes the records of `tag`'s enrolments, then their rows, one conditional write per month. */
async function seed(tag: string): Promise<EnrolmentRecord[]> {
  const records = Array.from({length: COUNT}, (_, index) => seededRecord(tag, index))
  const enrolments = siteStore('enrolments')
  for (let start = 0; start < records.length; start += 25)
    await Promise.all(records.slice(start, start + 25).map((record) => enrolments.setJSON(record.orderId, record, {onlyIfNew: true})))
  const byMonth = new Map<string, IndexRow[]>()
  for (const record of records) {
    const month = record.createdAt.slice(0, 7)
    byMonth.set(month, [...(byMonth.get(month) ?? []), indexRow(record)])
  }
  await Promise.all([...byMonth].map(([month, rows]) => addToPartition(month, rows)))
  return records
}

/** A list cell's amount as a number ("$1,750 USD" → 1750, "₹28.00 INR" → 28). */
const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''))

/** "USD 12,450.00 · INR 4,000.00": per currency, USD first, two decimals in the currency's grouping. */
function revenueText(records: readonly EnrolmentRecord[]): string {
  const total = (currency: string) => records.filter((record) => record.currency === currency).reduce((sum, record) => sum + record.amount, 0)
  const usd = total('USD').toLocaleString('en-US', {minimumFractionDigits: 2, maximumFractionDigits: 2})
  const inr = total('INR').toLocaleString('en-IN', {minimumFractionDigits: 2, maximumFractionDigits: 2})
  return `USD ${usd} · INR ${inr}`
}

const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

async function signIn(page: Page, request: APIRequestContext) {
  await seedToken(page, await loginThroughApi(request))
}

test('the admin list against 250 enrolments: search, sort, paging and the cards, exactly as the spec states', async ({page, request}) => {
  test.setTimeout(120_000)
  const tag = uniqueTag('Paged')
  const records = await seed(tag)
  const numberOf = (name: string) => Number(name.slice(`${tag} Cadet `.length))
  const names = (numbers: number[]) => numbers.map((n) => `${tag} Cadet ${n}`)
  const range = (from: number, to: number) => Array.from({length: Math.abs(to - from) + 1}, (_, i) => (from <= to ? from + i : from - i))

  const listCalls: URLSearchParams[] = []
  page.on('request', (r) => {
    const url = new URL(r.url())
    if (url.pathname === '/api/admin/enrollments') listCalls.push(url.searchParams)
  })
  await signIn(page, request)
  await page.goto('/adminEnrollments')
  const showing = page.getByText(/^Showing \d+ to \d+ of \d+ results$/)
  await expect(showing).toHaveText(/^Showing 1 to 10 of \d+ results$/)
  const list = page.getByRole('region', {name: /^Enrolments/})
  const nameCells = list.locator('tbody tr td:first-child > span:first-child')
  const amountCells = list.locator('tbody tr td:nth-child(6)')
  const card = (label: string) => page.locator('dl > div').filter({hasText: label}).locator('dd').first()

  // This test's 250, by name (numbers in names in numeric order), 10 a page; the cards count them.
  // (Its answer is waited for: alone on the server, the unsearched list could be the same 250.)
  const search = page.getByLabel('Search enrolments')
  await Promise.all([page.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === tag), search.fill(tag)])
  await expect(showing).toHaveText('Showing 1 to 10 of 250 results')
  await expect(nameCells).toHaveText(names(range(1, 10)))
  expect(Object.fromEntries(listCalls.at(-1)!)).toEqual({page: '1', pageSize: '10', sort: 'name', dir: 'asc', q: tag, status: 'received'})
  await expect(card('Total Enrollments')).toHaveText(String(records.length))
  await expect(card('Total Revenue')).toHaveText(revenueText(records))
  await expect(card('Programs Active')).toHaveText(String(new Set(records.map((record) => record.trainingProgramName)).size))
  await expect(card('Awaiting contact')).toHaveText(String(records.filter((record) => record.status === 'paid').length))
  await expect(list.locator('caption')).toHaveText(/Enrolments, sorted by Name ascending, page 1 of 25/)
  await expectAccessible(page)

  // Next, then the numbered pages: the last one, and back.
  await page.getByRole('button', {name: 'Next'}).click()
  await expect(showing).toHaveText('Showing 11 to 20 of 250 results')
  await expect(page.getByRole('button', {name: 'Page 2', exact: true})).toHaveAttribute('aria-current', 'page')
  await expect(nameCells).toHaveText(names(range(11, 20)))
  await page.getByRole('button', {name: 'Page 25', exact: true}).click()
  await expect(showing).toHaveText('Showing 241 to 250 of 250 results')
  await expect(nameCells).toHaveText(names(range(241, 250)))
  await expect(page.getByRole('button', {name: 'Next'})).toBeDisabled()
  await page.getByRole('button', {name: 'Page 24', exact: true}).click()
  await expect(showing).toHaveText('Showing 231 to 240 of 250 results')
  await expect(nameCells).toHaveText(names(range(231, 240)))

  // Amount: as numbers (7 < 14 < … < 1750, whatever the digits), from page 1, ascending then descending.
  const amounts = records.map((record) => record.amount).sort((a, b) => a - b)
  const amountHeader = page.getByRole('columnheader', {name: 'Amount'})
  await amountHeader.getByRole('button').click()
  await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending')
  await expect(showing).toHaveText('Showing 1 to 10 of 250 results')
  await expect.poll(async () => (await amountCells.allTextContents()).map(amountOf)).toEqual(amounts.slice(0, 10))
  await amountHeader.getByRole('button').click()
  await expect(amountHeader).toHaveAttribute('aria-sort', 'descending')
  await expect.poll(async () => (await amountCells.allTextContents()).map(amountOf)).toEqual(amounts.toReversed().slice(0, 10))
  await page.getByRole('button', {name: 'Page 2', exact: true}).click()
  await expect(showing).toHaveText('Showing 11 to 20 of 250 results')
  await expect.poll(async () => (await amountCells.allTextContents()).map(amountOf)).toEqual(amounts.toReversed().slice(10, 20))
  await expect(page.getByRole('columnheader', {name: 'Name'})).not.toHaveAttribute('aria-sort', /.+/)

  // Name: a new column starts ascending (page 1), then descending.
  const nameHeader = page.getByRole('columnheader', {name: 'Name'})
  await nameHeader.getByRole('button').click()
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending')
  await expect(showing).toHaveText('Showing 1 to 10 of 250 results')
  await expect(nameCells).toHaveText(names(range(1, 10)))
  await nameHeader.getByRole('button').click()
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending')
  await expect(nameCells).toHaveText(names(range(250, 241)))

  // A narrower search from page 3: back to page 1; "Cadet 12" and "Cadet 120" … "Cadet 129", by name descending.
  // (From page 1 the buttons are 1, 2 and 25: a window around the current page, the first and the last.)
  await expect(page.getByRole('button', {name: 'Page 3', exact: true})).toHaveCount(0)
  await page.getByRole('button', {name: 'Next'}).click()
  await expect(showing).toHaveText('Showing 11 to 20 of 250 results')
  await page.getByRole('button', {name: 'Page 3', exact: true}).click()
  await expect(showing).toHaveText('Showing 21 to 30 of 250 results')
  await expect(nameCells).toHaveText(names(range(230, 221)))
  const narrow = `${tag} Cadet 12`
  const narrowed = records.filter((record) => record.name.toLowerCase().includes(narrow.toLowerCase()))
  expect(narrowed).toHaveLength(11)
  await search.fill(narrow)
  await expect(showing).toHaveText('Showing 1 to 10 of 11 results')
  await expect(page.getByRole('button', {name: 'Page 1', exact: true})).toHaveAttribute('aria-current', 'page')
  await expect(nameCells).toHaveText(names(range(129, 120)))
  await expect(card('Total Enrollments')).toHaveText('11')
  await expect(card('Total Revenue')).toHaveText(revenueText(narrowed))
  await expect(card('Awaiting contact')).toHaveText(String(narrowed.filter((record) => record.status === 'paid').length))
  await page.getByRole('button', {name: 'Next'}).click()
  await expect(showing).toHaveText('Showing 11 to 11 of 11 results')
  await expect(nameCells).toHaveText(names([12]))

  // Nothing matches.
  await search.fill(`${tag} Cadet 999`)
  await expect(page.getByText('No enrollments found')).toBeVisible()
  await expect(page.getByText('Try adjusting your search terms.')).toBeVisible()
  await expect(showing).toHaveText('Showing 0 to 0 of 0 results')
  await expect(card('Total Enrollments')).toHaveText('0')
  await expectAccessible(page)

  // The CSV of the 250, written by the server in the list's order (name descending).
  await search.fill(tag)
  await expect(showing).toHaveText('Showing 1 to 10 of 250 results')
  await expect(nameCells.first()).toHaveText(`${tag} Cadet 250`)
  const downloadPromise = page.waitForEvent('download')
  await page.getByRole('button', {name: 'Download CSV'}).click()
  const download = await downloadPromise
  expect(download.suggestedFilename()).toMatch(/^enrolments-\d{4}-\d{2}-\d{2}\.csv$/)
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
  expect(lines).toHaveLength(COUNT + 1)
  expect(lines[0]).toMatch(/^Name,Email,Mobile,Training Program,Course,/)
  const csvNames = lines.slice(1).map((line) => line.split(',')[0]!)
  expect(csvNames.map(numberOf)).toEqual(range(250, 1))
  const orderIdColumn = lines[0]!.split(',').indexOf('Order ID')
  expect(new Set(lines.slice(1).map((line) => line.split(',')[orderIdColumn]))).toEqual(new Set(records.map((record) => record.orderId)))
  expect(Object.fromEntries(listCalls.at(-1)!)).toEqual({sort: 'name', dir: 'desc', q: tag, status: 'received', format: 'csv'})

  // 390 px: nothing scrolls sideways but the table's own region; axe.
  await page.setViewportSize({width: 390, height: 844})
  await expect(showing).toHaveText('Showing 1 to 10 of 250 results')
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0)
  await expectAccessible(page)
})
