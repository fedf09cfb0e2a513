/**
 * "Request another date" in My training (docs/account/date-change.md): a paid CSER enrolment on
 * a seed batch months away, sign in by the link from the outbox, ask for another of the course's
 * batches with a note, see "Requested: … — waiting for our answer", approve it in
 * the admin enrolment detail, then see the new date in /account. axe at 1280 and 390 px on the
 * portal and on the admin dialog.
 *
 * Seats are shared with other specs: each run makes its own enrolment and compares the seats left
 * of the two batches before and after, never absolute counts.
 */
import type {APIRequestContext, Page} from '@playwright/test'
import {expect, expectAccessible, test} from './fixtures'
import {loginThroughApi, seedToken, uniqueTag} from './admin-session'
import {signInToAccount} from './account-session'

/** Each viewport its own pair of seed CSER batches (the tests run in parallel): from, to, and their texts. */
const MOVES = {
  1280: {from: 'batch-cser-2027-10-25-colombo', fromText: '25–26 Oct 2027 · Colombo', to: 'batch-cser-2027-12-20-cebu', toText: '20–21 Dec 2027 · Cebu'},
  390: {
    from: 'batch-cser-2027-08-02-manila',
    fromText: '2–3 Aug 2027 · Manila',
    to: 'batch-cser-2027-06-14-ho-chi-minh-city',
    toText: '14–15 Jun 2027 · Ho Chi Minh City',
  },
} as const

/** Seats left of `batchId` now (GET /api/batches/availability). */
async function seatsLeft(request: APIRequestContext, batchId: string): Promise<number> {
  const response = await request.get(`/api/batches/availability?ids=${batchId}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as {availability: Record<string, {left: number}>}).availability[batchId]!.left
}

/** A paid sandbox CSER ($200) enrolment of `name` on `batchId`. */
async function paidOnBatch(request: APIRequestContext, name: string, email: string, batchId: string): Promise<string> {
  const order = await request.post('/api/enroll/create-order', {
    data: {
      name,
      email,
      mobile: '+94 77 123 4567',
      trainingProgram: 'offshore-survival',
      course: 'CSER',
      amount: 200,
      currency: 'USD',
      termsAccepted: true,
      batchId,
    },
  })
  expect(order.status(), await order.text()).toBe(200)
  const {id: orderId} = (await order.json()) as {id: string}
  const paid = await request.post('/api/sandbox/pay', {data: {orderId}})
  expect(paid.status(), await paid.text()).toBe(200)
  const saved = await request.post('/api/enroll/save', {data: await paid.json()})
  expect(saved.status(), await saved.text()).toBe(200)
  return orderId
}

async function expectNoOverflow(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

for (const viewport of [
  {width: 1280 as const, height: 900},
  {width: 390 as const, height: 844},
]) {
  const {from: FROM, fromText, to: TO, toText} = MOVES[viewport.width]
  test(`a candidate asks for another date, staff approve it, the new date shows (${viewport.width} px)`, async ({page, request}) => {
    test.setTimeout(120_000)
    await page.setViewportSize(viewport)
    const name = `${uniqueTag('Date')} Perera`
    const email = `${uniqueTag('datechange')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}@example.com`
    await paidOnBatch(request, name, email, FROM)
    const [fromBefore, toBefore] = [await seatsLeft(request, FROM), await seatsLeft(request, TO)]

    await signInToAccount(page, email)
    const card = page.getByRole('article', {name: 'Confined Space Entry and Rescue'})
    await expect(card).toContainText(fromText)
    await card.getByText('Request another date').click()
    const select = card.getByLabel('New date')
    await expect(select.locator(`option[value="${TO}"]`)).toHaveText(new RegExp(`^${toText} · \\d+ seats? left$`))
    await expect(select.locator(`option[value="${FROM}"]`)).toHaveCount(0)
    await expectAccessible(page)
    await expectNoOverflow(page, viewport.width)

    // Nothing chosen: the form says so and sends nothing.
    await card.getByRole('button', {name: 'Request this date'}).click()
    await expect(card.getByRole('alert')).toHaveText('Choose a date')
    await select.selectOption(TO)
    await card.getByLabel('Note (optional)').fill('My contract starts in November.')
    await card.getByRole('button', {name: 'Request this date'}).click()
    await expect(card.getByTestId('date-change-request')).toHaveText(`Requested: ${toText} — waiting for our answer`)
    await expect(card.getByText('Request another date')).toHaveCount(0)
    await expectAccessible(page)

    // Staff approve it in the enrolment detail.
    const staff = await page.context().newPage()
    await staff.setViewportSize(viewport)
    await seedToken(staff, await loginThroughApi(request))
    await staff.goto('/adminEnrollments')
    await staff.getByLabel('Search enrolments').fill(name)
    await staff.getByRole('button', {name: `View ${name}`}).click()
    const section = staff.getByRole('dialog').getByTestId('date-change')
    await expect(section).toContainText(`Asked for: ${toText}`)
    await expect(section).toContainText('Note: My contract starts in November.')
    await expectAccessible(staff)
    await section.getByRole('button', {name: 'Approve'}).click()
    await expect(section.getByRole('status')).toHaveText(`Moved to ${toText}. The candidate was e-mailed.`)
    await expect(section).toContainText(`Approved: ${fromText} → ${toText}`)
    await expectAccessible(staff)
    await staff.close()

    expect(await seatsLeft(request, FROM)).toBe(fromBefore + 1)
    expect(await seatsLeft(request, TO)).toBe(toBefore - 1)

    // The candidate sees the new date.
    await page.reload()
    await expect(card).toContainText(toText)
    await expect(card.getByTestId('date-change-request')).toHaveText(`Your date was changed to ${toText}.`)
    await expectAccessible(page)
    await expectNoOverflow(page, viewport.width)
  })
}
