/**
 * Course batches on the site (docs/requirements.md#req-batches-content): a course card
 * shows its next dates and, once GET /api/batches/availability answers (mocked here with
 * page.route), the seats left; "Dates on request" for a course without an open batch; the
 * calendar's GET filters, its Enroll links with `batch=`, axe, 390 px, and the page without
 * JavaScript. Expectations come from the pages' own rows, so the specs do not depend on the day
 * they run (the seed's batches run through December 2027).
 */
import {expect, expectAccessible, test} from './fixtures'

const AVAILABILITY = '**/api/batches/availability?**'

test('a course card shows its next two dates with the seats left from the availability endpoint', async ({page}) => {
  let asked: string[] = []
  await page.route(AVAILABILITY, async (route) => {
    asked = (new URL(route.request().url()).searchParams.get('ids') ?? '').split(',')
    const [first, second] = asked
    await route.fulfill({
      json: {availability: {[first!]: {seats: 12, booked: 6, held: 1, left: 5}, [second!]: {seats: 12, booked: 12, held: 0, left: 0}}},
    })
  })
  await page.goto('/courses/offshore-survival')
  const card = page.getByTestId('course-card').filter({has: page.getByRole('heading', {name: 'BOSIET', exact: true})})
  const lines = card.getByTestId('batch-line')
  await expect(lines).toHaveCount(2)
  await expect(lines.first()).toHaveText(/^\d{1,2}(–\d{1,2})? [A-Z][a-z]{2}( \d{4})?( – \d{1,2} [A-Z][a-z]{2})? \d{4} · [A-Za-z ]+ · 5 seats left$/)
  await expect(lines.nth(1)).toHaveText(/ · Full$/)
  // Checked once the counts are shown (the request is made after the page renders the dates).
  expect(asked[0]).toBe(await lines.first().getAttribute('data-batch-id'))
  const all = card.getByRole('link', {name: 'All dates for BOSIET'})
  await expect(all).toHaveAttribute('href', '/courses/calendar?category=offshore-survival')
})

test('without live counts the card keeps the class size; a course without an open batch says "Dates on request"', async ({page}) => {
  await page.route(AVAILABILITY, (route) => route.fulfill({status: 503, json: {error: 'unavailable'}}))
  await page.goto('/courses/value-added-courses')
  const law = page.getByTestId('course-card').filter({has: page.getByRole('heading', {name: 'Maritime Law', exact: true})})
  await expect(law.getByTestId('batch-line').first()).toHaveText(/ · \d+ seats$/)
  const closedOnly = page.getByTestId('course-card').filter({has: page.getByRole('heading', {name: 'Environmental Compliance', exact: true})})
  await expect(closedOnly.getByTestId('batch-line')).toHaveCount(0)
  await expect(closedOnly.getByTestId('course-batches')).toContainText('Dates on request')
})

test('the calendar filters by category, location and month through its GET form', async ({page}) => {
  await page.route(AVAILABILITY, (route) => route.fulfill({json: {availability: {}}}))
  await page.goto('/courses/calendar')
  const rows = page.getByTestId('calendar-row')
  const total = await rows.count()
  expect(total).toBeGreaterThan(100)

  await page.getByLabel('Category').selectOption('offshore-survival')
  await page.getByRole('button', {name: 'Show batches'}).click()
  await expect(page).toHaveURL(/category=offshore-survival/)
  await expect.poll(() => rows.count()).toBeLessThan(total)
  const offshore = await rows.count()
  await expect(rows.filter({hasText: 'BOSIET'}).first()).toBeVisible()
  await expect(rows.filter({hasText: 'ECDIS'})).toHaveCount(0)

  await page.getByLabel('Location').selectOption('Mumbai')
  await page.getByRole('button', {name: 'Show batches'}).click()
  await expect(page).toHaveURL(/location=Mumbai/)
  await expect.poll(() => rows.count()).toBeLessThan(offshore)
  const cities = await rows.locator('td:nth-child(3)').allInnerTexts()
  expect(cities.length).toBeGreaterThan(0)
  for (const city of cities) expect(city).toMatch(/^Mumbai, India/)

  await page.goto('/courses/calendar?month=2027-03')
  const dates = await rows.locator('td:first-child').allInnerTexts()
  expect(dates.length).toBeGreaterThan(0)
  for (const date of dates) expect(date).toMatch(/^\d{1,2}(–\d{1,2})? Mar|^\d{1,2} Mar/)
  await expect(page.getByLabel('Month')).toHaveValue('2027-03')
  await page.getByRole('link', {name: 'Clear filters'}).click()
  await expect(rows).toHaveCount(total)
})

test("each open batch's Enroll link is the course's enrolment link plus batch=", async ({page}) => {
  await page.route(AVAILABILITY, (route) => route.fulfill({json: {availability: {}}}))
  await page.goto('/courses/calendar?category=stcw-courses')
  const row = page
    .getByTestId('calendar-row')
    .filter({hasText: 'ARPA'})
    .filter({has: page.getByRole('link', {name: /^Enroll: ARPA/})})
    .first()
  const id = await row.getAttribute('data-batch-id')
  const href = await row.getByRole('link', {name: /^Enroll: ARPA/}).getAttribute('href')
  const url = new URL(href ?? '', 'http://x')
  expect(url.pathname).toBe('/payment')
  expect(Object.fromEntries(url.searchParams)).toEqual({training: 'stcw-courses', course: 'ARPA', price: '$300', batch: id})

  await page.goto('/courses/calendar?category=cadetship-training')
  const intake = page.getByTestId('calendar-row').first()
  const intakeUrl = new URL((await intake.getByRole('link', {name: /^Enroll:/}).getAttribute('href')) ?? '', 'http://x')
  expect(Object.fromEntries(intakeUrl.searchParams)).toEqual({
    training: 'cadetship-training',
    course: 'deck-cadet',
    amount: '3500',
    batch: await intake.getAttribute('data-batch-id'),
  })
})

test('the calendar is accessible, fills in seats after load, and fits 390 px without horizontal scrolling', async ({page}) => {
  await page.route(AVAILABILITY, async (route) => {
    const ids = (new URL(route.request().url()).searchParams.get('ids') ?? '').split(',')
    await route.fulfill({json: {availability: {[ids[0]!]: {seats: 12, booked: 11, held: 0, left: 1}}}})
  })
  test.setTimeout(90_000) // axe over a few dozen rows, twice
  // One category keeps axe's run short; the rows are the same markup for every category.
  await page.goto('/courses/calendar?category=pre-sea-training')
  const first = page.getByTestId('calendar-row').first()
  await expect(first.getByTestId('batch-seats')).toHaveText('1 seat left')
  await expectAccessible(page)

  await page.setViewportSize({width: 390, height: 844})
  await page.goto('/courses/calendar?category=pre-sea-training')
  await expect(page.getByTestId('calendar-card').first()).toBeVisible()
  await expect(page.getByTestId('calendar-table')).toBeHidden()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await expectAccessible(page)
})

test('without JavaScript the calendar and the cards still list dates, and the filters still work', async ({browser, baseURL}) => {
  const context = await browser.newContext({javaScriptEnabled: false, baseURL})
  const page = await context.newPage()
  await page.goto('/courses/calendar')
  const rows = page.getByTestId('calendar-row')
  expect(await rows.count()).toBeGreaterThan(100)
  await expect(rows.first().locator('td').first()).toHaveText(/\d{4}$/)
  await expect(rows.first().getByTestId('batch-seats')).toHaveText(/^(\d+ seats?|Closed)$/)

  await page.getByLabel('Location').selectOption('Dubai')
  await page.getByRole('button', {name: 'Show batches'}).click()
  await expect(page).toHaveURL(/location=Dubai/)
  for (const city of await rows.locator('td:nth-child(3)').allInnerTexts()) expect(city).toMatch(/^Dubai, United Arab Emirates/)

  await page.goto('/courses/stcw-courses')
  await expect(page.getByTestId('batch-line').first()).toHaveText(/ · \d+ seats$/)
  await context.close()
})

test('the navigation and the courses overview link the calendar', async ({page}) => {
  await page.goto('/courses')
  await expect(page.getByRole('navigation', {name: 'Main'}).getByRole('link', {name: 'Course Calendar'})).toHaveAttribute('href', '/courses/calendar')
  await page.getByRole('main').getByRole('link', {name: 'Course Calendar'}).click()
  await expect(page).toHaveURL(/\/courses\/calendar$/)
  await expect(page.getByRole('heading', {level: 1, name: 'Course Calendar'})).toBeVisible()
  await expect(page).toHaveTitle(/^Course Calendar \| /)
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/courses\/calendar$/)
})
