/**
 * Refunds in the enrolment detail dialog (docs/requirements.md#req-refunds), against the real
 * API of the built site: each test makes its own sandbox payments (createPsfOrder: a $50 PSF
 * order, paid through the sandbox gateway) and signs in once through POST /api/admin, so every
 * amount, status, history entry and refund id the page shows was decided by the server.
 *
 * Checked: a partial refund through the form (the amount in major units, a reason, a note, the
 * confirm step; a double click sends once) is listed with its sandbox refund id, announced, and
 * sets "Partially refunded" in the dialog, its history and the list row, and is stored; after a
 * gateway refusal (502) and a lost answer every attempt sends the same Idempotency-Key and
 * exactly one refund is stored, and the form keeps what was typed; a full refund leaves nothing
 * to refund; no "Refund…" for a pending enrolment; axe on each step; 390 px without horizontal
 * scrolling. A partial refund lowers Total Revenue and queues the refund receipt.
 *
 * Only what no local server can produce is simulated, at the network edge of the page: the
 * gateway's refusal (a 502 answered instead of the API, so nothing is changed) and an answer lost
 * after the server made the refund (the request goes to the real API, then the connection drops).
 */
import type {APIRequestContext, Page} from '@playwright/test'
import type {EnrolmentDetail, EnrolmentSummary} from '#schemas/contracts/admin'
import {IdempotencyKeySchema, RefundRequestSchema} from '#schemas/contracts/refunds'
import {ENROLMENT_STATUS_LABELS} from '#schemas/rules/enrolment-status'
import {ADMIN, ADMIN_ACCOUNT, createPsfOrder, loginThroughApi, seedToken, uniqueTag} from './admin-session'
import {expect, expectAccessible, test} from './fixtures'

const GATEWAY_REFUSED = 'The payment gateway refused the refund: The refund amount is greater than the captured amount. Nothing was changed.'
const SANDBOX_REFUND_ID = /rfnd_sandbox_[0-9a-f]{14}/

// Times are shown in the browser's time zone (#schemas/rules/format formatDateTime): fix it.
test.use({timezoneId: 'UTC'})

/** A real paid (or pending) $50 sandbox enrolment of a unique candidate, and a signed-in page. */
async function enrolled(page: Page, request: APIRequestContext, pay: 'paid' | 'pending' = 'paid') {
  const name = `${uniqueTag('Refund')} Candidate`
  const {orderId} = await createPsfOrder(request, name, 'refund-e2e@example.com', pay)
  const token = await loginThroughApi(request)
  await seedToken(page, token)
  return {name, orderId, token}
}

/** Every refund POST the page sends: its Idempotency-Key and body (observed, never changed). */
function watchRefundPosts(page: Page) {
  const posts: {key: string; body: unknown}[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/admin\/enrollments\/[^/]+\/refunds$/.test(new URL(request.url()).pathname)) {
      posts.push({key: request.headers()['idempotency-key'] ?? '', body: request.postDataJSON()})
    }
  })
  return posts
}

/** The stored enrolment, read through the API. */
async function storedDetail(request: APIRequestContext, token: string, orderId: string): Promise<EnrolmentDetail> {
  const response = await request.get(`/api/admin/enrollments/${orderId}`, {headers: {Authorization: `Bearer ${token}`}})
  expect(response.status()).toBe(200)
  return (await response.json()) as EnrolmentDetail
}

async function openRecord(page: Page, name: string) {
  await page.getByLabel('Search enrolments').fill(name)
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()
  await page.getByRole('button', {name: `View ${name}`}).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', {name: 'Refunds', exact: true})).toBeVisible()
  return dialog
}

const refundSection = (page: Page) => page.getByRole('dialog').getByRole('region', {name: 'Refunds'})

test('a partial refund: the form, the confirm step, one request on a double click; listed, announced, Partially refunded in the dialog and the row; stored', async ({
  page,
  request,
}) => {
  const {name, orderId, token} = await enrolled(page, request)
  const posts = watchRefundPosts(page)
  await page.goto('/adminEnrollments')
  const dialog = await openRecord(page, name)
  const refunds = refundSection(page)
  await expect(refunds).toContainText('Refunded so far: $0 USD of $50 USD ($50 USD left).')
  await expect(refunds).toContainText('No refunds yet.')

  await refunds.getByRole('button', {name: 'Refund…'}).click()
  const amount = refunds.getByLabel('Amount (USD)')
  await expect(amount).toBeFocused()
  await expect(amount).toHaveValue('50')
  await expect(amount).toHaveAttribute('inputmode', 'decimal')
  await expect(refunds.getByLabel('Reason')).toHaveValue('')
  await expectAccessible(page)

  // Checked before anything is sent.
  await amount.fill('50.50')
  await refunds.getByRole('button', {name: 'Continue'}).click()
  await expect(refunds.getByRole('alert')).toHaveText('The amount is more than can be refunded: at most $50 USD.')
  await expect(amount).toBeFocused()
  await amount.fill('25')
  await page.keyboard.press('Enter')
  await expect(refunds.getByRole('alert')).toHaveText('Choose the reason for the refund.')
  await expect(refunds.getByLabel('Reason')).toBeFocused()
  expect(posts).toEqual([])

  await refunds.getByLabel('Reason').selectOption({label: 'Duplicate payment'})
  await refunds.getByLabel('Note (optional)').fill('Paid twice by card.')
  await refunds.getByRole('button', {name: 'Continue'}).click()
  const confirm = refunds.getByRole('group', {name: `Refund $25 USD to ${name}? This cannot be undone.`})
  await expect(confirm).toContainText('Reason: Duplicate payment. Note: Paid twice by card.')
  await expect(confirm.getByRole('button', {name: 'Confirm refund'})).toBeFocused()
  await expectAccessible(page)

  await confirm.getByRole('button', {name: 'Confirm refund'}).dblclick()
  await expect(refunds.getByRole('status')).toHaveText('Refund of $25 USD requested: Processed.')
  expect(posts).toHaveLength(1)
  expect(posts[0]!.body).toEqual({amount: 2500, reason: 'duplicate-payment', note: 'Paid twice by card.'})
  expect(RefundRequestSchema.safeParse(posts[0]!.body).success).toBe(true)
  await expect(refunds.getByRole('group')).toHaveCount(0)
  await expect(refunds).toContainText('Refunded so far: $25 USD of $50 USD ($25 USD left).')
  const items = refunds.getByRole('list', {name: 'Refunds'}).getByRole('listitem')
  await expect(items).toHaveCount(1)
  await expect(items.first()).toContainText('$25 USD')
  await expect(items.first()).toContainText('Processed')
  await expect(items.first()).toContainText('Duplicate payment')
  await expect(items.first()).toContainText(SANDBOX_REFUND_ID)
  await expect(items.first()).toContainText(ADMIN.email)

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

  // Stored as the page showed it.
  const stored = await storedDetail(request, token, orderId)
  expect(stored.status).toBe('partially-refunded')
  expect(stored.refunds).toMatchObject([{amount: 2500, reason: 'duplicate-payment', note: 'Paid twice by card.', status: 'processed', by: ADMIN_ACCOUNT}])
})

test('after a 502 and a lost answer every attempt sends the same Idempotency-Key; the form keeps its input; one refund is stored', async ({page, request}) => {
  const {name, orderId, token} = await enrolled(page, request)
  const posts = watchRefundPosts(page)
  // The next refund POSTs fail in this order, then go through untouched.
  const failures: Array<'502' | 'lost'> = []
  await page.route('**/api/admin/enrollments/*/refunds', async (route) => {
    const failure = failures.shift()
    if (failure === '502') return route.fulfill({status: 502, json: {error: GATEWAY_REFUSED}})
    if (failure === 'lost') {
      await route.fetch() // the real API makes the refund…
      return route.abort('failed') // …and its answer never arrives.
    }
    return route.fallback()
  })
  await page.goto('/adminEnrollments')
  await openRecord(page, name)
  const refunds = refundSection(page)
  await refunds.getByRole('button', {name: 'Refund…'}).click()
  await refunds.getByLabel('Amount (USD)').fill('20.50')
  await refunds.getByLabel('Reason').selectOption('course-cancelled')
  await refunds.getByLabel('Note (optional)').fill('Batch of March cancelled.')
  await refunds.getByRole('button', {name: 'Continue'}).click()

  failures.push('502', 'lost')
  await refunds.getByRole('button', {name: 'Confirm refund'}).click()
  await expect(refunds.getByRole('alert')).toHaveText(GATEWAY_REFUSED)
  await expect(refunds.getByRole('button', {name: 'Try again'})).toBeFocused()
  await expectAccessible(page)
  // Back: everything typed is still there.
  await refunds.getByRole('button', {name: 'Back'}).click()
  await expect(refunds.getByLabel('Amount (USD)')).toHaveValue('20.50')
  await expect(refunds.getByLabel('Reason')).toHaveValue('course-cancelled')
  await expect(refunds.getByLabel('Note (optional)')).toHaveValue('Batch of March cancelled.')
  await refunds.getByRole('button', {name: 'Continue'}).click()

  // The refund is made, but its answer is lost: the page cannot know; Try again asks with the same key.
  await refunds.getByRole('button', {name: 'Confirm refund'}).click()
  await expect(refunds.getByRole('alert')).toHaveText(/may or may not have been made/)
  expect((await storedDetail(request, token, orderId)).refunds).toHaveLength(1)
  await refunds.getByRole('button', {name: 'Try again'}).click()
  await expect(refunds.getByRole('status')).toHaveText('Refund of $20.50 USD requested: Processed.')

  expect(posts).toHaveLength(3)
  const [first, ...retries] = posts.map((post) => post.key)
  expect(IdempotencyKeySchema.safeParse(first).success).toBe(true)
  expect(retries).toEqual([first, first])
  expect(posts.every((post) => JSON.stringify(post.body) === JSON.stringify(posts[0]!.body))).toBe(true)
  expect((await storedDetail(request, token, orderId)).refunds).toMatchObject([{amount: 2050, reason: 'course-cancelled', status: 'processed'}])
  await expect(refunds.getByRole('list', {name: 'Refunds'}).getByRole('listitem')).toHaveCount(1)
  await expect(refunds).toContainText('Refunded so far: $20.50 USD of $50 USD ($29.50 USD left).')

  // The next refund is a new one: a new key; it refunds the rest.
  await refunds.getByRole('button', {name: 'Refund…'}).click()
  await expect(refunds.getByLabel('Amount (USD)')).toHaveValue('29.50')
  await refunds.getByLabel('Reason').selectOption('other')
  await refunds.getByRole('button', {name: 'Continue'}).click()
  await refunds.getByRole('button', {name: 'Confirm refund'}).click()
  await expect(refunds.getByRole('status')).toHaveText('Refund of $29.50 USD requested: Processed.')
  expect(posts).toHaveLength(4)
  expect(posts[3]!.key).not.toBe(first)
  await expect(refunds).toContainText('(refunded in full)')
  await expect(refunds.getByRole('button', {name: 'Refund…'})).toHaveCount(0)
  await expect(page.getByRole('dialog').getByText('Current status: Refunded')).toBeVisible()
  const stored = await storedDetail(request, token, orderId)
  expect(stored.status).toBe('refunded')
  expect(stored.refunds.map((refund) => refund.amount)).toEqual([2050, 2950])
})

test('no refund for a pending enrolment', async ({page, request}) => {
  const {name} = await enrolled(page, request, 'pending')
  const posts = watchRefundPosts(page)
  await page.goto('/adminEnrollments')
  await page.getByLabel('Show pending enrolments').check()
  await openRecord(page, name)
  const refunds = refundSection(page)
  await expect(refunds).toContainText('Not paid: there is nothing to refund.')
  await expect(refunds.getByRole('button', {name: 'Refund…'})).toHaveCount(0)
  await expect(page.getByRole('dialog').getByRole('button', {name: /Refund/})).toHaveCount(0)
  expect(posts).toEqual([])
})

test('390 px: a refund listed, the form and the confirm step fit; axe', async ({page, request}) => {
  const {name, orderId, token} = await enrolled(page, request)
  // One refund made beforehand through the API, as another member of staff would.
  const made = await request.post(`/api/admin/enrollments/${orderId}/refunds`, {
    headers: {Authorization: `Bearer ${token}`, 'Idempotency-Key': `e2e-${orderId.slice(-20)}`},
    data: {amount: 1000, reason: 'course-cancelled', note: 'One module cancelled by the college.'},
  })
  expect(made.status(), await made.text()).toBe(201)
  await page.setViewportSize({width: 390, height: 844})
  await page.goto('/adminEnrollments')
  const dialog = await openRecord(page, name)
  const refunds = refundSection(page)
  await expect(refunds).toContainText('Refunded so far: $10 USD of $50 USD ($40 USD left).')
  const items = refunds.getByRole('list', {name: 'Refunds'}).getByRole('listitem')
  await expect(items).toHaveCount(1)
  await expect(items.first()).toContainText('Processed')
  await expect(items.first()).toContainText(SANDBOX_REFUND_ID)
  await expect(items.first()).toContainText('One module cancelled by the college.')
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
  await expect(refunds.getByLabel('Amount (USD)')).toHaveValue('40')
  await page.keyboard.press('Tab')
  await expect(refunds.getByLabel('Reason')).toBeFocused()
  await refunds.getByLabel('Reason').selectOption('requested-by-candidate')
  await refunds.getByRole('button', {name: 'Continue'}).focus()
  await page.keyboard.press('Enter')
  await expect(refunds.getByRole('group', {name: `Refund $40 USD to ${name}? This cannot be undone.`})).toBeVisible()
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

test.describe('revenue and receipt', () => {
  // Real time zone: only what the refund changes is asserted.
  test.use({timezoneId: 'Asia/Dubai'})

  test('a partial refund through the real API lowers Total Revenue, shows in the detail and the row, and e-mails a refund receipt', async ({page, request}) => {
    test.setTimeout(90_000)
    const tag = uniqueTag('Refund')
    const {orderId} = await createPsfOrder(request, `${tag} Candidate`, 'refund-e2e@example.com', 'paid')
    const authToken = await loginThroughApi(request)
    await seedToken(page, authToken)

    await page.goto('/adminEnrollments')
    // The cards count the searched set (this test's one enrolment: other specs add theirs meanwhile)
    // and follow the changes made on this page.
    await page.getByLabel('Search enrolments').fill(tag)
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()
    const revenue = page.locator('dl > div').filter({hasText: 'Total Revenue'}).locator('dd').first()
    await expect(revenue).toHaveText('USD 50.00')
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

    await expect(revenue).toHaveText('USD 30.00')
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
