/**
 * The admin payments page /admin/payments (docs/requirements.md#req-reconciliation).
 *
 * One test goes through the real API of the e2e server: it creates a sandbox order through the
 * site (create-order, then the sandbox's pay — but never save, as when the browser closes), signs
 * in through the login form and opens the page from the admin navigation. The order is minutes,
 * not 30 minutes, old, so GET /api/admin/payments is answered by the real server and the order
 * added to its "Needs attention" while the stored record is still pending (page.route); the
 * "Check with gateway" POST is the real one: the card leaves the list, the message names the
 * receipt number, and the enrolment store shows the order paid through reconciliation.
 *
 * The other tests use a mocked admin API (page.route) that follows schemas/contracts/payments.ts, with
 * a stored token as the login leaves it: the session states, the cards and the webhook event
 * table (badges, details, times; its search, result filter, sorting headings and pages, answered
 * by the mock as the server does: ./list-mock.ts), the outcomes of a check (no payment: the card stays with the
 * message; already paid: it leaves), a 504 from the gateway and a network failure (an alert on
 * the card, nothing else changes), Refresh, the loading, empty and error states, the keyboard and
 * 390 px. axe on each state.
 */
import type {Page, Route} from '@playwright/test'
import {
  WebhookLogQuerySchema,
  type GatewayCheck,
  type PaymentsOverview,
  type PaymentsPage,
  type StalePendingOrder,
  type WebhookLogEntry,
} from '#schemas/contracts/payments'
import {matchingWebhookEvents} from '#schemas/rules/admin-lists'
import {listAnswer, listPath} from './list-mock'
import {siteStore} from './blobs'
import {ADMIN, createPsfOrder, MOCK_TOKEN, seedToken, uniqueTag} from './admin-session'
import {expect, expectAccessible, test} from './fixtures'
import {fulfillEnrolmentList, isEnrolmentListCall} from './admin-list-mock'

/** The owner's links in the admin navigation, in order (the Enquiries link may carry a count). */
const OWNER_NAVIGATION = [
  'Enrolments',
  /^Enquiries\d*$/,
  'Payments',
  'Companies',
  'Batches',
  'Exams',
  'Certificates',
  'Outbox',
  'Staff',
  'Audit log',
  'Backups',
  'Privacy',
  'My account',
]

const BANNER = 'E-mail is not configured: messages stay in the outbox'
const LONG_ADDRESS = 'juan.dela.cruz.with.a.rather.long.mailbox.name@a-very-long-domain-name-for-testing.example.com'
/** The server's 504 message (netlify/services/admin/payments.ts GATEWAY_TIMEOUT_MESSAGE). */
const TIMEOUT_MESSAGE = 'The payment gateway did not answer in time. Nothing was changed: try again in a minute.'

// Times are shown in the browser's time zone (#schemas/rules/format formatDateTime): fix it.
test.use({timezoneId: 'UTC'})

/** Three orders pending for more than 30 minutes, oldest first. */
function mockOrders(): StalePendingOrder[] {
  return [
    {
      orderId: 'order_sandbox_MockAAAAAAAAAA',
      name: 'Maria Santos',
      email: 'maria.santos@example.com',
      courseName: 'Basic STCW',
      amount: 150,
      currency: 'USD',
      createdAt: '2026-11-24T08:00:00.000Z',
    },
    {
      orderId: 'order_sandbox_MockBBBBBBBBBB',
      name: 'Juan dela Cruz',
      email: LONG_ADDRESS,
      courseName: 'Master/Chief officer',
      amount: 2200.5,
      currency: 'USD',
      createdAt: '2026-11-24T09:15:00.000Z',
    },
    {
      orderId: 'order_sandbox_MockCCCCCCCCCC',
      name: 'Priya Nair',
      email: 'priya@example.com',
      courseName: 'Deck Cadet',
      amount: 45000,
      currency: 'INR',
      createdAt: '2026-11-24T09:40:00.000Z',
    },
  ]
}

/** Four webhook deliveries, newest first, one of each result. */
function mockEvents(): WebhookLogEntry[] {
  return [
    {
      id: 'evt_MockEvent0004',
      type: 'refund.created',
      orderId: 'order_sandbox_MockAAAAAAAAAA',
      result: 'ignored',
      detail: 'not acted on',
      at: '2026-11-24T10:20:00.000Z',
    },
    {id: null, type: null, orderId: null, result: 'rejected', detail: 'bad signature', at: '2026-11-24T10:15:00.000Z'},
    {id: 'evt_MockEvent0002', type: 'payment.captured', orderId: 'order_sandbox_MockDDDDDDDDDD', result: 'duplicate', at: '2026-11-24T10:10:00.000Z'},
    {
      id: 'evt_MockEvent0001',
      type: 'payment.captured',
      orderId: 'order_sandbox_MockDDDDDDDDDD',
      result: 'processed',
      detail: 'paid',
      at: '2026-11-24T10:05:00.000Z',
    },
  ]
}

type CheckAnswer = {status: number; json: unknown} | 'network-failure'

type MockOptions = {
  overview?: PaymentsOverview
  listStatus?: number
  /** The answer to check-gateway for an order: default, paid with a receipt. */
  check?: (orderId: string) => CheckAnswer
  /** Awaited before the list answers (to see the loading state). */
  holdList?: Promise<void>
  /** Awaited before check-gateway answers (to see the busy state). */
  holdCheck?: Promise<void>
}

const paidAnswer = (orderId: string): GatewayCheck => ({
  orderId,
  outcome: 'paid',
  paymentId: 'pay_sandbox_MockPayment001',
  receiptNumber: 'MTC-2026-00042',
  message: 'Payment pay_sandbox_MockPayment001 was captured: the enrolment is now paid (receipt MTC-2026-00042).',
})

/** The mocked payments API (and an empty enrolment list). Records every call: method and path. */
async function mockApi(page: Page, options: MockOptions = {}) {
  const calls: string[] = []
  /** The query strings of the list calls. */
  const lists: string[] = []
  let overview = options.overview ?? {needsAttention: mockOrders(), webhookEvents: mockEvents()}
  await page.route('**/api/admin/**', async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    // The navigation's count of new enquiries (AdminArea) is not this page's call: answered, not logged.
    if (url.pathname === '/api/admin/enquiries') return route.fulfill({json: []})
    // Who is signed in (AdminArea): not this page's call either.
    if (url.pathname === '/api/admin/me') return route.fulfill({status: 404, json: {error: 'Not found'}})
    calls.push(`${request.method()} ${url.pathname}`)
    if (request.headers()['authorization'] !== `Bearer ${MOCK_TOKEN}`) return route.fulfill({status: 401, json: {error: 'Invalid or expired token'}})
    if (isEnrolmentListCall(url)) return fulfillEnrolmentList(route, [])
    if (url.pathname === '/api/admin/payments' && request.method() === 'GET') {
      await options.holdList
      if (options.listStatus && options.listStatus !== 200) return route.fulfill({status: options.listStatus, json: {error: 'Nope'}})
      lists.push(url.search)
      return route.fulfill(
        listAnswer(
          url,
          WebhookLogQuerySchema,
          (query) => matchingWebhookEvents(overview.webhookEvents, query),
          () => ({needsAttention: overview.needsAttention}),
        ),
      )
    }
    const check = /^\/api\/admin\/enrollments\/([^/]+)\/check-gateway$/.exec(url.pathname)
    if (check && request.method() === 'POST') {
      await options.holdCheck
      const orderId = decodeURIComponent(check[1]!)
      const answer = options.check?.(orderId) ?? {status: 200, json: paidAnswer(orderId)}
      if (answer === 'network-failure') return route.abort('failed')
      return route.fulfill({status: answer.status, json: answer.json})
    }
    return route.fulfill({status: 404, json: {error: 'Not found'}})
  })
  return {calls, lists, setOverview: (next: PaymentsOverview) => (overview = next)}
}

const orderList = (page: Page) => page.getByRole('list', {name: /orders?, oldest first/})
const card = (page: Page, text: string) => orderList(page).getByRole('listitem').filter({hasText: text})
const eventsTable = (page: Page) => page.getByRole('table', {name: /Webhook events/})
const pageStatus = (page: Page) => page.getByRole('status').filter({hasText: /was captured|already paid|paid meanwhile/})

test('real API: Check with gateway finds the sandbox payment of an order whose browser never saved, and marks it paid', async ({page, request}) => {
  test.setTimeout(60_000)
  const tag = uniqueTag('Reconcile')
  // "Pay" in the sandbox checkout; then the browser closes: no save call.
  const {orderId, paymentId} = await createPsfOrder(request, `${tag} Cadet`, 'reconcile@example.com', 'captured-not-saved')
  const enrolments = siteStore('enrolments')
  type Stored = {status: string; name: string; email: string; courseName: string; amount: number; currency: string; createdAt: string}
  const stored = async () => (await enrolments.get(orderId, {type: 'json'})) as Stored & {paymentId?: string; paidVia?: string; receiptNumber?: string}
  const before = await stored()
  expect(before.status).toBe('pending')

  // The real overview, plus this order while it is still pending (it is minutes, not 30 minutes, old).
  const listCalls: string[] = []
  await page.route(listPath('/api/admin/payments'), async (route) => {
    listCalls.push(route.request().headers()['authorization'] ?? '')
    const response = await route.fetch()
    expect(response.status()).toBe(200)
    const overview = (await response.json()) as PaymentsPage
    const record = await stored()
    if (record.status === 'pending') {
      const {name, email, courseName, amount, currency, createdAt} = record
      overview.needsAttention = [{orderId, name, email, courseName, amount, currency, createdAt}, ...overview.needsAttention]
    }
    await route.fulfill({status: 200, json: overview})
  })
  // The real check, held until the busy state has been seen.
  let release!: () => void
  const hold = new Promise<void>((resolve) => (release = resolve))
  const checkCalls: string[] = []
  await page.route('**/api/admin/enrollments/*/check-gateway', async (route) => {
    checkCalls.push(new URL(route.request().url()).pathname)
    await hold
    await route.continue()
  })

  await page.goto('/login')
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password').fill(ADMIN.password)
  await page.getByRole('button', {name: 'Sign In'}).click()
  await expect(page.getByRole('heading', {name: 'Enrolment Records'})).toBeVisible()
  const nav = page.getByRole('navigation', {name: 'Administration'})
  await expect(nav.getByRole('link')).toHaveText(OWNER_NAVIGATION)
  await nav.getByRole('link', {name: 'Payments'}).click()
  await expect(page).toHaveURL(/\/admin\/payments$/)
  await expect(page.getByRole('heading', {name: 'Payments', level: 1})).toBeVisible()
  await expect(nav.getByRole('link', {name: 'Payments'})).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('button', {name: 'Logout'})).toHaveCount(1)

  const row = card(page, tag)
  await expect(row).toHaveCount(1)
  await expect(row.getByRole('heading')).toHaveText(`${tag} Cadet`)
  await expect(row).toContainText('reconcile@example.com')
  await expect(row).toContainText(before.courseName)
  await expect(row).toContainText('$50 USD')
  await expect(row).toContainText(orderId)
  expect(listCalls).toHaveLength(1)
  expect(listCalls[0]).toMatch(/^Bearer .+/)
  await expectAccessible(page)

  const button = row.getByRole('button', {name: 'Check with gateway'})
  await button.click()
  const busy = row.getByRole('button', {name: 'Checking…'})
  await expect(busy).toHaveAttribute('aria-disabled', 'true')
  await expect(busy).toBeFocused()
  await expectAccessible(page)
  release()

  await expect(row).toHaveCount(0)
  const message = pageStatus(page)
  await expect(message).toHaveText(new RegExp(`^Payment ${paymentId} was captured: the enrolment is now paid \\(receipt MTC-\\d{4}-\\d{5}\\)\\.$`))
  await expect(page.getByRole('heading', {name: 'Needs attention'})).toBeFocused()
  expect(checkCalls).toEqual([`/api/admin/enrollments/${orderId}/check-gateway`])

  const after = await stored()
  expect(after).toMatchObject({status: 'paid', paymentId, paidVia: 'reconciliation'})
  expect(after.receiptNumber).toMatch(/^MTC-\d{4}-\d{5}$/)
  await expect(message).toContainText(`(receipt ${after.receiptNumber})`)
  await expectAccessible(page)

  // The real list no longer holds it.
  await page.getByRole('button', {name: 'Refresh'}).click()
  await expect.poll(() => listCalls.length).toBe(2)
  await expect(page.getByText('Updating payments...')).toHaveCount(0)
  await expect(card(page, tag)).toHaveCount(0)
})

test('without a stored token the page shows No authentication token found', async ({page}) => {
  const {calls} = await mockApi(page)
  await page.goto('/admin/payments')
  await expect(page.getByRole('heading', {name: 'Payments', level: 1})).toBeVisible()
  await expect(page.getByRole('heading', {name: 'Error loading payments'})).toBeVisible()
  await expect(page.getByText('No authentication token found', {exact: true})).toBeVisible()
  await expect(page.getByRole('link', {name: /administrator login/})).toHaveAttribute('href', '/login')
  await expect(page.getByRole('navigation', {name: 'Administration'})).toHaveCount(0)
  expect(calls).toEqual([])
  await expectAccessible(page)
})

test('lists the orders needing attention and the webhook events with badges, details and times; nav and banner', async ({page}) => {
  const {calls} = await mockApi(page)
  await seedToken(page)
  await page.goto('/admin/payments')
  await expect(page.getByText('3 orders, oldest first')).toBeVisible()
  expect(calls).toEqual(['GET /api/admin/payments'])

  const nav = page.getByRole('navigation', {name: 'Administration'})
  await expect(nav.getByRole('link')).toHaveText(OWNER_NAVIGATION)
  await expect(nav.getByRole('link', {name: 'Payments'})).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', {name: 'Payments'})).toHaveAttribute('href', '/admin/payments')
  await expect(nav.getByRole('link', {name: 'Outbox'})).not.toHaveAttribute('aria-current', /.+/)
  await expect(page.getByRole('status').filter({hasText: BANNER})).toHaveText(BANNER)

  await expect(page.getByRole('main').getByRole('heading', {level: 2})).toHaveText(['Needs attention', 'Webhook events'])
  const items = orderList(page).getByRole('listitem')
  await expect(items.getByRole('heading')).toHaveText(['Maria Santos', 'Juan dela Cruz', 'Priya Nair'])
  await expect(card(page, 'Maria Santos').locator('dd')).toHaveText([
    'maria.santos@example.com',
    'Basic STCW',
    '$150 USD',
    '24 Nov 2026, 08:00',
    'order_sandbox_MockAAAAAAAAAA',
  ])
  await expect(card(page, 'Juan dela Cruz').locator('dd')).toHaveText([
    LONG_ADDRESS,
    'Master/Chief officer',
    '$2,200.50 USD',
    '24 Nov 2026, 09:15',
    'order_sandbox_MockBBBBBBBBBB',
  ])
  await expect(card(page, 'Priya Nair').locator('dd').nth(2)).toHaveText('₹45,000.00 INR')
  await expect(items.getByRole('button', {name: 'Check with gateway'})).toHaveCount(3)

  await expect(page.getByText('Showing 1 to 4 of 4 results')).toBeVisible()
  const table = eventsTable(page)
  await expect(table.getByRole('columnheader')).toHaveText([/^Event id/, /^Type/, /^Order/, /^Result/, /^Time/])
  await expect(table.getByRole('columnheader', {name: 'Time'})).toHaveAttribute('aria-sort', 'descending')
  const rows = table.locator('tbody tr')
  await expect(rows).toHaveCount(4)
  await expect(rows.nth(0).getByRole('cell')).toHaveText([
    'evt_MockEvent0004',
    'refund.created',
    'order_sandbox_MockAAAAAAAAAA',
    'Ignorednot acted on',
    '24 Nov 2026, 10:20',
  ])
  await expect(rows.nth(1).getByRole('cell')).toHaveText(['—', '—', '—', 'Rejectedbad signature', '24 Nov 2026, 10:15'])
  await expect(rows.nth(2).getByRole('cell')).toHaveText([
    'evt_MockEvent0002',
    'payment.captured',
    'order_sandbox_MockDDDDDDDDDD',
    'Duplicate',
    '24 Nov 2026, 10:10',
  ])
  await expect(rows.nth(3).getByRole('cell')).toHaveText([
    'evt_MockEvent0001',
    'payment.captured',
    'order_sandbox_MockDDDDDDDDDD',
    'Processedpaid',
    '24 Nov 2026, 10:05',
  ])
  await expect(rows.nth(3).getByText('Processed', {exact: true})).toBeVisible()
  await expectAccessible(page)
})

test('the webhook events: search, the result filter, a sorting heading and the pages ask the server', async ({page}) => {
  const many: WebhookLogEntry[] = Array.from({length: 27}, (_, index) => ({
    id: `evt_Bulk${String(index).padStart(4, '0')}`,
    type: 'order.paid',
    orderId: `order_sandbox_Bulk${String(index).padStart(10, '0')}`,
    result: 'processed',
    detail: 'paid',
    at: new Date(Date.parse('2026-11-20T08:00:00.000Z') + index * 60_000).toISOString(),
  }))
  const api = await mockApi(page, {overview: {needsAttention: mockOrders(), webhookEvents: [...mockEvents(), ...many]}})
  await seedToken(page)
  await page.goto('/admin/payments')
  await expect(page.getByText('Showing 1 to 25 of 31 results')).toBeVisible()
  const pages = page.getByRole('navigation', {name: 'Webhook event pages'})
  await pages.getByRole('button', {name: 'Page 2'}).click()
  await expect(page.getByText('Showing 26 to 31 of 31 results')).toBeVisible()
  await expect(eventsTable(page).locator('tbody tr').last().getByRole('cell').first()).toHaveText('evt_Bulk0000')
  // The orders needing attention come with every page.
  await expect(orderList(page).getByRole('listitem')).toHaveCount(3)
  await expectAccessible(page)

  await page.getByLabel('Search webhook events').fill('signature')
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()
  await expect(eventsTable(page).locator('tbody tr').getByRole('cell').nth(3)).toHaveText('Rejectedbad signature')
  await page.getByLabel('Search webhook events').fill('')
  await page.getByLabel('Result').selectOption('duplicate')
  await expect(eventsTable(page).locator('tbody tr')).toHaveCount(1)
  await page.getByLabel('Result').selectOption('')
  await expect(page.getByText('Showing 1 to 25 of 31 results')).toBeVisible()
  await eventsTable(page).getByRole('button', {name: 'Event id'}).click()
  await expect(eventsTable(page).getByRole('columnheader', {name: 'Event id'})).toHaveAttribute('aria-sort', 'ascending')
  await expect(eventsTable(page).locator('tbody tr').first().getByRole('cell').first()).toHaveText('—')
  await expect(eventsTable(page).locator('tbody tr').nth(1).getByRole('cell').first()).toHaveText('evt_Bulk0000')
  expect(api.lists.at(-1)).toBe('?page=1&pageSize=25&sort=id&dir=asc')
  await expectAccessible(page)
})

test('Check with gateway, by keyboard: Checking… keeps focus; no payment keeps the card with the message; already paid removes it', async ({page}) => {
  let release!: () => void
  const holdCheck = new Promise<void>((resolve) => (release = resolve))
  const {calls} = await mockApi(page, {
    holdCheck,
    check: (orderId) => ({
      status: 200,
      json:
        orderId === 'order_sandbox_MockAAAAAAAAAA'
          ? ({
              orderId,
              outcome: 'no-payment',
              paymentId: null,
              receiptNumber: null,
              message: 'The gateway has no captured payment for this order. Nothing was changed.',
            } satisfies GatewayCheck)
          : ({
              orderId,
              outcome: 'already-paid',
              paymentId: 'pay_sandbox_MockPayment002',
              receiptNumber: 'MTC-2026-00007',
              message: 'This order was paid meanwhile: nothing to do.',
            } satisfies GatewayCheck),
    }),
  })
  await seedToken(page)
  await page.goto('/admin/payments')
  const maria = card(page, 'Maria Santos')
  const button = maria.getByRole('button', {name: 'Check with gateway'})
  await button.focus()
  await page.keyboard.press('Enter')
  const busy = maria.getByRole('button', {name: 'Checking…'})
  await expect(busy).toHaveAttribute('aria-disabled', 'true')
  await expect(busy).toBeFocused()
  // Pressed again while busy: nothing more is sent.
  await page.keyboard.press('Enter')
  await expectAccessible(page)
  release()
  await expect(maria.getByRole('status')).toHaveText('The gateway has no captured payment for this order. Nothing was changed.')
  await expect(maria.getByRole('button', {name: 'Check with gateway'})).toBeFocused()
  await expect(orderList(page).getByRole('listitem')).toHaveCount(3)
  await expect(maria.getByRole('alert')).toHaveCount(0)
  await expectAccessible(page)

  await card(page, 'Juan dela Cruz').getByRole('button', {name: 'Check with gateway'}).click()
  await expect(card(page, 'Juan dela Cruz')).toHaveCount(0)
  await expect(pageStatus(page)).toHaveText('This order was paid meanwhile: nothing to do.')
  await expect(page.getByText('2 orders, oldest first')).toBeVisible()
  await expect(page.getByRole('heading', {name: 'Needs attention'})).toBeFocused()
  expect(calls).toEqual([
    'GET /api/admin/payments',
    'POST /api/admin/enrollments/order_sandbox_MockAAAAAAAAAA/check-gateway',
    'POST /api/admin/enrollments/order_sandbox_MockBBBBBBBBBB/check-gateway',
  ])
  await expectAccessible(page)
})

test('a gateway timeout (504) and a network failure show an alert on the card, and nothing else changes', async ({page}) => {
  const {calls} = await mockApi(page, {
    check: (orderId) => (orderId === 'order_sandbox_MockAAAAAAAAAA' ? {status: 504, json: {error: TIMEOUT_MESSAGE}} : 'network-failure'),
  })
  await seedToken(page)
  await page.goto('/admin/payments')
  const maria = card(page, 'Maria Santos')
  await maria.getByRole('button', {name: 'Check with gateway'}).click()
  await expect(maria.getByRole('alert')).toHaveText(TIMEOUT_MESSAGE)
  await expect(maria.getByRole('button', {name: 'Check with gateway'})).toBeVisible()
  await expect(orderList(page).getByRole('listitem')).toHaveCount(3)
  await expect(pageStatus(page)).toHaveCount(0)
  await expectAccessible(page)

  const priya = card(page, 'Priya Nair')
  await priya.getByRole('button', {name: 'Check with gateway'}).click()
  await expect(priya.getByRole('alert')).toHaveText('The check could not be completed. Please try again.')
  await expect(maria.getByRole('alert')).toHaveText(TIMEOUT_MESSAGE)
  await expect(orderList(page).getByRole('listitem')).toHaveCount(3)
  await expect(card(page, 'Juan dela Cruz').getByRole('alert')).toHaveCount(0)
  await expect(eventsTable(page).locator('tbody tr')).toHaveCount(4)
  expect(calls.filter((call) => call.startsWith('GET'))).toEqual(['GET /api/admin/payments'])

  // A second try that succeeds clears the card's alert (it leaves the list).
  await page.unrouteAll()
  await mockApi(page)
  await maria.getByRole('button', {name: 'Check with gateway'}).click()
  await expect(maria).toHaveCount(0)
  await expect(pageStatus(page)).toContainText('(receipt MTC-2026-00042)')
  await expect(priya.getByRole('alert')).toHaveText('The check could not be completed. Please try again.')
  await expectAccessible(page)
})

test('loading, Refresh, both empty states and the error state', async ({page}) => {
  let release!: () => void
  const holdList = new Promise<void>((resolve) => (release = resolve))
  const api = await mockApi(page, {holdList})
  await seedToken(page)
  await page.goto('/admin/payments')
  await expect(page.getByRole('status').filter({hasText: 'Loading payments...'})).toBeVisible()
  await expectAccessible(page)
  release()
  await expect(orderList(page).getByRole('listitem')).toHaveCount(3)

  api.setOverview({needsAttention: [], webhookEvents: []})
  await page.getByRole('button', {name: 'Refresh'}).click()
  await expect(page.getByText('No orders need attention.')).toBeVisible()
  await expect(page.getByText('No webhook events yet.')).toBeVisible()
  await expect(orderList(page)).toHaveCount(0)
  await expect(eventsTable(page)).toHaveCount(0)
  expect(api.calls).toEqual(['GET /api/admin/payments', 'GET /api/admin/payments'])
  await expectAccessible(page)

  api.setOverview({needsAttention: mockOrders().slice(0, 1), webhookEvents: mockEvents().slice(3)})
  await page.getByRole('button', {name: 'Refresh'}).click()
  await expect(page.getByText('1 order, oldest first')).toBeVisible()
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()

  await page.unrouteAll()
  await mockApi(page, {listStatus: 500})
  await page.reload()
  await expect(page.getByRole('heading', {name: 'Error loading payments'})).toBeVisible()
  await expect(page.getByText('Failed to load payments', {exact: true})).toBeVisible()
  await expectAccessible(page)
})

test('a token the server refuses is removed and the login form returns with the expiry note', async ({page}) => {
  await mockApi(page)
  await seedToken(page, 'expired-token')
  await page.goto('/admin/payments')
  await expect(page.getByRole('button', {name: 'Sign In'})).toBeVisible()
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull()
})

test('at 390 px the page never scrolls sideways; the event table scrolls in its own focusable region', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844})
  await mockApi(page)
  await seedToken(page)
  await page.goto('/admin/payments')
  await expect(page.getByText('3 orders, oldest first')).toBeVisible()
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(await overflow()).toBeLessThanOrEqual(0)
  for (const item of await orderList(page).getByRole('listitem').all()) {
    const box = (await item.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
  }
  const region = page.getByRole('region', {name: /Webhook events/})
  await expect(region).toHaveAttribute('tabindex', '0')
  const regionBox = (await region.boundingBox())!
  expect(regionBox.x + regionBox.width).toBeLessThanOrEqual(390)
  expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true)
  // Keyboard: the last card's button, the event search and filter, then the region, which the arrow keys scroll.
  await card(page, 'Priya Nair').getByRole('button', {name: 'Check with gateway'}).focus()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Search webhook events')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(page.getByLabel('Result')).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(region).toBeFocused()
  await page.keyboard.press('ArrowRight')
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0)
  expect(await overflow()).toBeLessThanOrEqual(0)
  await page.screenshot({path: test.info().outputPath('payments-390.png'), fullPage: true})
  await expectAccessible(page)
})

test('/admin/payments sends Cache-Control no-store and noindex', async ({request}) => {
  const response = await request.get('/admin/payments')
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toContain('no-store')
  expect(response.headers()['x-robots-tag']).toContain('noindex')
  expect(await response.text()).toMatch(/<meta name="robots" content="noindex/)
})
