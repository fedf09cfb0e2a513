/**
 * Refunds in the enrolment detail dialog (issue 15; docs/requirements.md#req-refunds), against a
 * mocked admin API (page.route) that follows schemas/contracts/refunds.ts and the refund rule of
 * #schemas/rules/refunds (refundAmountProblem, statusAfterRefunds), with a stored token as the login
 * leaves it (no real login: the login throttle stays untouched).
 *
 * The mock keeps one answer per Idempotency-Key (the same key again answers 200 with the same
 * refund, as the API does) and can be told to fail the next attempts: a 502 (the gateway
 * refused: nothing changed) or a lost answer (the refund IS made, then the connection drops).
 *
 * Checked: a partial refund through the form (the amount in major units, a reason, a note, the
 * confirm step; a double click sends once) is listed, announced, and sets "Partially refunded"
 * in the dialog, its history and the list row; after a 502 and a lost answer every attempt
 * sends the same key and exactly one refund is made, and the form keeps what was typed; no
 * "Refund…" for a pending enrolment; axe on each step; 390 px without horizontal scrolling.
 *
 * And once through the real API (a sandbox payment, one real login): a partial refund lowers
 * Total Revenue, is listed with its sandbox refund id, sets the row's status, is stored in the
 * list row and queues the refund receipt.
 */
import type {Page, Route} from '@playwright/test'
import type {EnrolmentDetail, EnrolmentSummary, Refund} from '#schemas/contracts/admin'
import {IdempotencyKeySchema, RefundRequestSchema, type RefundResponse} from '#schemas/contracts/refunds'
import {ENROLMENT_STATUS_LABELS} from '#schemas/rules/enrolment-status'
import {formatMoney} from '#schemas/rules/format'
import {fromMinorUnits} from '#schemas/rules/price'
import {refundAmountProblem, statusAfterRefunds} from '#schemas/rules/refunds'
import {createPsfOrder, loginThroughApi, MOCK_TOKEN, seedToken, uniqueTag} from './admin-session'
import {expect, expectAccessible, test} from './fixtures'

const STAFF = 'admin@example.com'
const GATEWAY_REFUSED = 'The payment gateway refused the refund: The refund amount is greater than the captured amount. Nothing was changed.'

// Times are shown in the browser's time zone (#schemas/rules/format formatDateTime): fix it.
test.use({timezoneId: 'UTC'})

function record(n: number, name: string, over: Partial<EnrolmentDetail>): EnrolmentDetail {
  return {
    orderId: `order_sandbox_Refund${String(n).repeat(8)}`,
    receipt: `rcpt_${n}`,
    status: 'paid',
    name,
    email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
    mobile: `+63 917 000 000${n}`,
    trainingProgram: 'stcw-courses',
    trainingProgramName: 'STCW Courses',
    course: 'BST',
    courseName: 'Basic STCW',
    country: '',
    countryName: '',
    amount: 150,
    amountMinor: 15000,
    currency: 'USD',
    attachments: [],
    paymentId: `pay_sandbox_${n}`,
    paidAt: '2026-11-20T09:05:00.000Z',
    createdAt: `2026-11-2${n}T09:00:00.000Z`,
    updatedAt: '2026-11-20T09:05:00.000Z',
    mode: 'sandbox',
    receiptNumber: `MTC-2026-0000${n}`,
    history: [],
    refunds: [],
    ...over,
  }
}

/** Maria (paid $150), Priya (partially refunded: one processed, one failed refund) and Juan (pending). */
function mockRecords(): EnrolmentDetail[] {
  return [
    record(1, 'Maria Santos', {}),
    record(2, 'Priya Nair', {
      status: 'partially-refunded',
      amount: 2200.5,
      amountMinor: 220050,
      courseName: 'Master/Chief officer',
      refunds: [
        {
          id: 'rf_priya_1',
          gatewayRefundId: 'rfnd_sandbox_PriyaProcessed01',
          amount: 50000,
          currency: 'USD',
          reason: 'course-cancelled',
          note: 'One module cancelled by the college.',
          status: 'processed',
          by: STAFF,
          createdAt: '2026-11-22T10:00:00.000Z',
          processedAt: '2026-11-22T10:00:05.000Z',
        },
        {
          id: 'rf_priya_2',
          amount: 20000,
          currency: 'USD',
          reason: 'requested-by-candidate',
          status: 'failed',
          failureReason: 'The bank account of the payment is closed.',
          by: STAFF,
          createdAt: '2026-11-23T10:00:00.000Z',
        },
      ],
    }),
    record(3, 'Juan dela Cruz', {status: 'pending', paidAt: undefined, paymentId: undefined, receiptNumber: undefined}),
  ]
}

/** A list row of a record (netlify/services/enrolments/index-store.ts's shape). */
const row = (detail: EnrolmentDetail): EnrolmentSummary => ({
  _id: detail.orderId,
  orderId: detail.orderId,
  name: detail.name,
  email: detail.email,
  mobile: detail.mobile,
  amount: detail.amount,
  currency: detail.currency,
  trainingProgramName: detail.trainingProgramName,
  courseName: detail.courseName,
  country: detail.countryName,
  status: detail.status,
  createdAt: detail.createdAt,
  paidAt: detail.paidAt ?? null,
  paymentId: detail.paymentId ?? null,
  attachmentCount: detail.attachments.length,
  receiptNumber: detail.receiptNumber ?? null,
  updatedAt: detail.updatedAt,
  historyCount: detail.history.length,
  ...(detail.refunds.length ? {refunds: detail.refunds.map(({createdAt, amount, status}) => ({createdAt, amount, status}))} : {}),
})

/** How the next POSTs fail (in order); then they succeed. `lost`: the refund is made, the answer never arrives. */
type Failure = '502' | 'lost'

/** The mocked admin API; `posts` records each refund POST's key and body, `failures` is consumed by the next POSTs. */
async function mockApi(page: Page, records = mockRecords()) {
  const posts: {key: string; body: unknown}[] = []
  const failures: Failure[] = []
  const answers = new Map<string, RefundResponse>()
  let made = 0
  await page.route('**/api/admin/**', async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    if (request.headers()['authorization'] !== `Bearer ${MOCK_TOKEN}`) return route.fulfill({status: 401, json: {error: 'Invalid or expired token'}})
    if (url.pathname === '/api/admin/enquiries') return route.fulfill({json: []})
    if (url.pathname === '/api/admin/enrollments') {
      const all = url.searchParams.get('status') === 'all'
      return route.fulfill({json: records.filter((r) => all || r.status !== 'pending').map(row)})
    }
    const refundPath = /^\/api\/admin\/enrollments\/([^/]+)\/refunds$/.exec(url.pathname)
    const detailPath = /^\/api\/admin\/enrollments\/([^/]+)$/.exec(url.pathname)
    const target = records.find((r) => r.orderId === decodeURIComponent((refundPath ?? detailPath)?.[1] ?? ''))
    if (!target) return route.fulfill({status: 404, json: {error: 'Enrolment not found'}})
    if (detailPath && request.method() === 'GET') return route.fulfill({json: target})
    if (!refundPath || request.method() !== 'POST') return route.fulfill({status: 405, json: {error: 'Method not allowed'}})

    const key = request.headers()['idempotency-key'] ?? ''
    posts.push({key, body: request.postDataJSON()})
    if (!IdempotencyKeySchema.safeParse(key).success) return route.fulfill({status: 400, json: {error: 'The Idempotency-Key header is required'}})
    const failure = failures.shift()
    if (failure === '502') return route.fulfill({status: 502, json: {error: GATEWAY_REFUSED}})
    const again = answers.get(key)
    if (again) return route.fulfill({status: 200, json: again})
    const parsed = RefundRequestSchema.safeParse(request.postDataJSON())
    if (!parsed.success) return route.fulfill({status: 400, json: {error: parsed.error.issues[0]!.message}})
    const problem = refundAmountProblem(parsed.data.amount, target.amountMinor, target.refunds, (minor) => formatMoney(fromMinorUnits(minor), target.currency))
    if (problem) return route.fulfill({status: 400, json: {error: problem}})
    made += 1
    const at = new Date().toISOString()
    const refund: Refund = {
      id: `rf_mock_${made}`,
      gatewayRefundId: `rfnd_sandbox_Mock${made}`,
      amount: parsed.data.amount,
      currency: target.currency,
      reason: parsed.data.reason,
      ...(parsed.data.note ? {note: parsed.data.note} : {}),
      status: 'processed',
      by: STAFF,
      createdAt: at,
      processedAt: at,
    }
    const before = target.status
    target.refunds = [...target.refunds, refund]
    target.status = statusAfterRefunds(target.amountMinor, target.refunds, before)
    target.history = [...target.history, {at, by: STAFF, ...(before === target.status ? {} : {from: before, to: target.status}), note: parsed.data.note}]
    target.updatedAt = at
    const answer: RefundResponse = {refund, enrolment: structuredClone(target)}
    answers.set(key, answer)
    if (failure === 'lost') return route.abort('failed')
    return route.fulfill({status: 201, json: answer})
  })
  return {posts, failures, records, made: () => made}
}

async function openRecord(page: Page, name: string) {
  await page.getByLabel('Search enrolments').fill(name)
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()
  await page.getByRole('button', {name: `View ${name}`}).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', {name: 'Refunds'})).toBeVisible()
  return dialog
}

const refundSection = (page: Page) => page.getByRole('dialog').getByRole('region', {name: 'Refunds'})

test('a partial refund: the form, the confirm step, one request on a double click; listed, announced, Partially refunded in the dialog and the row', async ({
  page,
}) => {
  const api = await mockApi(page)
  await seedToken(page)
  await page.goto('/adminEnrollments')
  const dialog = await openRecord(page, 'Maria Santos')
  const refunds = refundSection(page)
  await expect(refunds).toContainText('Refunded so far: $0 USD of $150 USD ($150 USD left).')
  await expect(refunds).toContainText('No refunds yet.')

  await refunds.getByRole('button', {name: 'Refund…'}).click()
  const amount = refunds.getByLabel('Amount (USD)')
  await expect(amount).toBeFocused()
  await expect(amount).toHaveValue('150')
  await expect(amount).toHaveAttribute('inputmode', 'decimal')
  await expect(refunds.getByLabel('Reason')).toHaveValue('')
  await expectAccessible(page)

  // Checked before anything is sent.
  await amount.fill('150.50')
  await refunds.getByRole('button', {name: 'Continue'}).click()
  await expect(refunds.getByRole('alert')).toHaveText('The amount is more than can be refunded: at most $150 USD.')
  await expect(amount).toBeFocused()
  await amount.fill('25')
  await page.keyboard.press('Enter')
  await expect(refunds.getByRole('alert')).toHaveText('Choose the reason for the refund.')
  await expect(refunds.getByLabel('Reason')).toBeFocused()
  expect(api.posts).toEqual([])

  await refunds.getByLabel('Reason').selectOption({label: 'Duplicate payment'})
  await refunds.getByLabel('Note (optional)').fill('Paid twice by card.')
  await refunds.getByRole('button', {name: 'Continue'}).click()
  const confirm = refunds.getByRole('group', {name: 'Refund $25 USD to Maria Santos? This cannot be undone.'})
  await expect(confirm).toContainText('Reason: Duplicate payment. Note: Paid twice by card.')
  await expect(confirm.getByRole('button', {name: 'Confirm refund'})).toBeFocused()
  await expectAccessible(page)

  await confirm.getByRole('button', {name: 'Confirm refund'}).dblclick()
  await expect(refunds.getByRole('status')).toHaveText('Refund of $25 USD requested: Processed.')
  expect(api.posts).toHaveLength(1)
  expect(api.posts[0]!.body).toEqual({amount: 2500, reason: 'duplicate-payment', note: 'Paid twice by card.'})
  await expect(refunds.getByRole('group')).toHaveCount(0)
  await expect(refunds).toContainText('Refunded so far: $25 USD of $150 USD ($125 USD left).')
  const items = refunds.getByRole('list', {name: 'Refunds'}).getByRole('listitem')
  await expect(items).toHaveCount(1)
  await expect(items.first()).toContainText('$25 USD')
  await expect(items.first()).toContainText('Processed')
  await expect(items.first()).toContainText('Duplicate payment')
  await expect(items.first()).toContainText('Refund ID: rfnd_sandbox_Mock1')
  await expect(items.first()).toContainText(STAFF)

  // The dialog's header, the follow-up and its history follow; so does the list row.
  await expect(dialog.getByText('Current status: Partially refunded')).toBeVisible()
  await expect(dialog.getByText(ENROLMENT_STATUS_LABELS['partially-refunded'], {exact: true})).toBeVisible()
  await expect(dialog.getByRole('list', {name: 'History'}).getByRole('listitem').first()).toContainText(/Paid\s*→\s*to\s*Partially refunded/)
  await expect(refunds.getByRole('button', {name: 'Refund…'})).toBeVisible()
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(
    page
      .getByRole('region', {name: /^Enrolments/})
      .locator('tbody tr')
      .first()
      .getByText('Partially refunded', {exact: true}),
  ).toBeVisible()
})

test('after a 502 and a lost answer every attempt sends the same Idempotency-Key; the form keeps its input; one refund is made', async ({page}) => {
  const api = await mockApi(page)
  await seedToken(page)
  await page.goto('/adminEnrollments')
  await openRecord(page, 'Maria Santos')
  const refunds = refundSection(page)
  await refunds.getByRole('button', {name: 'Refund…'}).click()
  await refunds.getByLabel('Amount (USD)').fill('40.50')
  await refunds.getByLabel('Reason').selectOption('course-cancelled')
  await refunds.getByLabel('Note (optional)').fill('Batch of March cancelled.')
  await refunds.getByRole('button', {name: 'Continue'}).click()

  api.failures.push('502', 'lost')
  await refunds.getByRole('button', {name: 'Confirm refund'}).click()
  await expect(refunds.getByRole('alert')).toHaveText(GATEWAY_REFUSED)
  await expect(refunds.getByRole('button', {name: 'Try again'})).toBeFocused()
  await expectAccessible(page)
  // Back: everything typed is still there.
  await refunds.getByRole('button', {name: 'Back'}).click()
  await expect(refunds.getByLabel('Amount (USD)')).toHaveValue('40.50')
  await expect(refunds.getByLabel('Reason')).toHaveValue('course-cancelled')
  await expect(refunds.getByLabel('Note (optional)')).toHaveValue('Batch of March cancelled.')
  await refunds.getByRole('button', {name: 'Continue'}).click()

  // The refund is made, but its answer is lost: the page cannot know; Try again asks with the same key.
  await refunds.getByRole('button', {name: 'Confirm refund'}).click()
  await expect(refunds.getByRole('alert')).toHaveText(/may or may not have been made/)
  expect(api.made()).toBe(1)
  await refunds.getByRole('button', {name: 'Try again'}).click()
  await expect(refunds.getByRole('status')).toHaveText('Refund of $40.50 USD requested: Processed.')

  expect(api.posts).toHaveLength(3)
  const [first, ...retries] = api.posts.map((post) => post.key)
  expect(IdempotencyKeySchema.safeParse(first).success).toBe(true)
  expect(retries).toEqual([first, first])
  expect(api.posts.every((post) => JSON.stringify(post.body) === JSON.stringify(api.posts[0]!.body))).toBe(true)
  expect(api.made()).toBe(1)
  await expect(refunds.getByRole('list', {name: 'Refunds'}).getByRole('listitem')).toHaveCount(1)
  await expect(refunds).toContainText('Refunded so far: $40.50 USD of $150 USD ($109.50 USD left).')

  // The next refund is a new one: a new key.
  await refunds.getByRole('button', {name: 'Refund…'}).click()
  await expect(refunds.getByLabel('Amount (USD)')).toHaveValue('109.50')
  await refunds.getByLabel('Reason').selectOption('other')
  await refunds.getByRole('button', {name: 'Continue'}).click()
  await refunds.getByRole('button', {name: 'Confirm refund'}).click()
  await expect(refunds.getByRole('status')).toHaveText('Refund of $109.50 USD requested: Processed.')
  expect(api.posts).toHaveLength(4)
  expect(api.posts[3]!.key).not.toBe(first)
  await expect(refunds).toContainText('(refunded in full)')
  await expect(refunds.getByRole('button', {name: 'Refund…'})).toHaveCount(0)
  await expect(page.getByRole('dialog').getByText('Current status: Refunded')).toBeVisible()
})

test('no refund for a pending enrolment', async ({page}) => {
  const api = await mockApi(page)
  await seedToken(page)
  await page.goto('/adminEnrollments')
  await page.getByLabel('Show pending enrolments').check()
  await openRecord(page, 'Juan dela Cruz')
  const refunds = refundSection(page)
  await expect(refunds).toContainText('Not paid: there is nothing to refund.')
  await expect(refunds.getByRole('button', {name: 'Refund…'})).toHaveCount(0)
  await expect(page.getByRole('dialog').getByRole('button', {name: /Refund/})).toHaveCount(0)
  expect(api.posts).toEqual([])
})

test('390 px: the refunds listed (a failed one with its reason), the form and the confirm step fit; axe', async ({page}) => {
  await mockApi(page)
  await seedToken(page)
  await page.setViewportSize({width: 390, height: 844})
  await page.goto('/adminEnrollments')
  const dialog = await openRecord(page, 'Priya Nair')
  const refunds = refundSection(page)
  await expect(refunds).toContainText('Refunded so far: $500 USD of $2,200.50 USD ($1,700.50 USD left).')
  const items = refunds.getByRole('list', {name: 'Refunds'}).getByRole('listitem')
  await expect(items).toHaveCount(2)
  await expect(items.nth(0)).toContainText('Failed')
  await expect(items.nth(0)).toContainText('Failed: The bank account of the payment is closed.')
  await expect(items.nth(0)).toContainText('Refund ID: rf_priya_2')
  await expect(items.nth(1)).toContainText('Refund ID: rfnd_sandbox_PriyaProcessed01')
  await expect(items.nth(1)).toContainText('One module cancelled by the college.')
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  const fits = async () => {
    expect(await overflow()).toBeLessThanOrEqual(0)
    const box = (await dialog.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
    const region = (await refunds.boundingBox())!
    expect(region.x + region.width).toBeLessThanOrEqual(box.x + box.width)
  }
  await fits()
  await expectAccessible(page)

  // From the keyboard: the button, the fields, Continue.
  await refunds.getByRole('button', {name: 'Refund…'}).focus()
  await page.keyboard.press('Enter')
  await expect(refunds.getByLabel('Amount (USD)')).toBeFocused()
  await expect(refunds.getByLabel('Amount (USD)')).toHaveValue('1700.50')
  await page.keyboard.press('Tab')
  await expect(refunds.getByLabel('Reason')).toBeFocused()
  await refunds.getByLabel('Reason').selectOption('requested-by-candidate')
  await refunds.getByRole('button', {name: 'Continue'}).focus()
  await page.keyboard.press('Enter')
  await expect(refunds.getByRole('group', {name: 'Refund $1,700.50 USD to Priya Nair? This cannot be undone.'})).toBeVisible()
  await refunds.getByRole('button', {name: 'Confirm refund'}).scrollIntoViewIfNeeded()
  await fits()
  await expectAccessible(page)
  await page.screenshot({path: test.info().outputPath('refund-confirm-390.png')})

  // Back, then Cancel: the form closes and focus returns to "Refund…".
  await refunds.getByRole('button', {name: 'Back'}).click()
  await expect(refunds.getByLabel('Amount (USD)')).toBeFocused()
  await refunds.getByRole('button', {name: 'Cancel'}).click()
  await expect(refunds.getByRole('button', {name: 'Refund…'})).toBeFocused()
})

test.describe('real API', () => {
  // Real time zone, real server: only what the refund changes is asserted.
  test.use({timezoneId: 'Asia/Dubai'})

  test('a partial refund through the real API lowers Total Revenue, shows in the detail and the row, and e-mails a refund receipt', async ({page, request}) => {
    test.setTimeout(90_000)
    const tag = uniqueTag('Refund')
    const {orderId} = await createPsfOrder(request, `${tag} Candidate`, 'refund-e2e@example.com', 'paid')
    const authToken = await loginThroughApi(request)
    await seedToken(page, authToken)

    await page.goto('/adminEnrollments')
    // The list is read once; Total Revenue follows the changes made on this page.
    const revenue = page.locator('dl > div').filter({hasText: 'Total Revenue'}).locator('dd').first()
    // Per currency (issue 17): "USD 1,234.00", maybe followed by " · INR 45,000.00".
    await expect(revenue).toHaveText(/^USD [\d,.]+(?: · [A-Z]{3} [\d,.]+)*$/)
    const dollars = async () => Number(/USD ([\d,.]+)/.exec((await revenue.textContent())!)![1]!.replace(/,/g, ''))
    const before = await dollars()
    expect(before).toBeGreaterThanOrEqual(50)

    await page.getByLabel('Search enrolments').fill(tag)
    await page.getByRole('button', {name: `View ${tag} Candidate`}).click()
    const refunds = refundSection(page)
    await refunds.getByRole('button', {name: 'Refund…'}).click()
    await refunds.getByLabel('Amount (USD)').fill('20')
    await refunds.getByLabel('Reason').selectOption({label: 'Requested by the candidate'})
    await refunds.getByRole('button', {name: 'Continue'}).click()
    await refunds.getByRole('button', {name: 'Confirm refund'}).click()
    await expect(refunds.getByRole('status')).toHaveText('Refund of $20 USD requested: Processed.')
    const item = refunds.getByRole('list', {name: 'Refunds'}).getByRole('listitem').first()
    await expect(item).toContainText('Requested by the candidate')
    await expect(item).toContainText(/rfnd_sandbox_[0-9a-f]{14}/)
    await expect(page.getByRole('dialog').getByText('Current status: Partially refunded')).toBeVisible()
    await expectAccessible(page)
    await page.keyboard.press('Escape')

    await expect.poll(dollars).toBe(before - 20)
    await expect(page.getByRole('row').filter({hasText: tag}).getByText('Partially refunded', {exact: true})).toBeVisible()

    // Stored: the list row carries the refund, and the refund receipt is in the outbox.
    const list = await request.get('/api/admin/enrollments', {headers: {Authorization: `Bearer ${authToken}`}})
    const row = ((await list.json()) as EnrolmentSummary[]).find((r) => r.orderId === orderId)
    expect(row).toMatchObject({status: 'partially-refunded', refunds: [{amount: 2000, status: 'processed'}]})
    const detail = (await (await request.get(`/api/admin/enrollments/${orderId}`, {headers: {Authorization: `Bearer ${authToken}`}})).json()) as EnrolmentDetail
    const outbox = (await (await request.get('/api/admin/outbox', {headers: {Authorization: `Bearer ${authToken}`}})).json()) as Array<{
      id: string
      subject: string
    }>
    expect(outbox.find((m) => m.id === `refund-receipt:${detail.refunds[0]!.id}`)?.subject).toBe(`Refund receipt ${detail.receiptNumber}: ${detail.courseName}`)
  })
})
