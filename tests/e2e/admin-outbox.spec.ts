/**
 * The admin outbox page /admin/outbox against a mocked admin API (page.route) that
 * follows the contracts of schemas/contracts/outbox.ts, with a stored token as the login leaves it:
 * the session states (no token, refused token), the messages newest first with their labels,
 * badges, times and errors; search, the status filter, "Sort by" and the pages, each answered by
 * the mock as the server does (./list-mock.ts); "Send again" (busy state, the card updated, an error in an alert),
 * Refresh, the empty and error states, the admin navigation between the enrolment list and the
 * outbox, and the banner "E-mail is not configured: messages stay in the outbox" (the e2e server
 * runs without SMTP_URL). axe on each state; at 390 px the page never scrolls sideways.
 */
import type {Page, Route} from '@playwright/test'
import {EnquiryListQuerySchema, type Enquiry} from '#schemas/contracts/enquiries'
import {OutboxListQuerySchema, type OutboxMessage} from '#schemas/contracts/outbox'
import {matchingEnquiries, matchingOutbox} from '#schemas/rules/admin-lists'
import {listAnswer} from './list-mock'
import {MOCK_TOKEN, seedToken} from './admin-session'
import {expect, expectAccessible, test} from './fixtures'
import {fulfillEnrolmentList, isEnrolmentListCall} from './admin-list-mock'

const BANNER = 'E-mail is not configured: messages stay in the outbox'
const LONG_ADDRESS = 'juan.dela.cruz.with.a.rather.long.mailbox.name@a-very-long-domain-name-for-testing.example.com'

// Times are shown in the browser's time zone (#schemas/rules/format formatDateTime): fix it.
test.use({timezoneId: 'UTC'})

/** Three messages, newest first, one of each kind and status. */
function mockMessages(): OutboxMessage[] {
  return [
    {
      id: 'enquiry-notice:msg_7f3a9c',
      kind: 'enquiry-notice',
      to: ['office@maritime-training.example', 'admissions@maritime-training.example'],
      subject: 'New enquiry from Maria Santos',
      status: 'queued',
      attempts: 2,
      lastError: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587',
      createdAt: '2026-11-24T10:05:00.000Z',
    },
    {
      id: 'receipt:MTC-2026-00002',
      kind: 'receipt',
      to: [LONG_ADDRESS],
      subject: 'Receipt MTC-2026-00002: Basic STCW',
      status: 'failed',
      attempts: 9,
      lastError: '421 4.7.0 Try again later, closing connection. (mailbox temporarily unavailable for this sender)',
      createdAt: '2026-11-23T09:00:00.000Z',
    },
    {
      id: 'enrolment-notice:MTC-2026-00001',
      kind: 'enrolment-notice',
      to: ['office@maritime-training.example'],
      subject: 'New enrolment MTC-2026-00001: COE',
      status: 'sent',
      attempts: 1,
      createdAt: '2026-11-22T08:00:00.000Z',
      sentAt: '2026-11-22T08:00:02.000Z',
    },
  ]
}

type MockOptions = {
  messages?: OutboxMessage[]
  listStatus?: number
  /** The answer to send-again: a status and body, or (default) the message sent. */
  sendAgain?: (message: OutboxMessage) => {status: number; json: unknown}
  /** Awaited before send-again answers (to see the busy state). */
  hold?: Promise<void>
}

/** Two new enquiries and a handled one: the admin navigation's count reads "2 new". */
const ENQUIRIES = [
  {id: '2026-11-24T10-00-00.000Z_0f8fad5b-d9cb-469f-a165-70867728950e', status: 'new'},
  {id: '2026-11-23T10-00-00.000Z_1f8fad5b-d9cb-469f-a165-70867728950e', status: 'new'},
  {id: '2026-11-22T10-00-00.000Z_2f8fad5b-d9cb-469f-a165-70867728950e', status: 'handled', handledAt: '2026-11-22T11:00:00.000Z'},
].map((row) => ({
  name: 'Maria Santos',
  email: 'maria@example.com',
  phone: null,
  subject: 'General Inquiry',
  message: 'Hello',
  createdAt: '2026-11-22T10:00:00.000Z',
  ...row,
}))

/**
 * The mocked outbox API (and an empty enrolment list, and the enquiries the navigation counts).
 * Records every outbox and enrolment call (method, path) in `calls`, the navigation's enquiries
 * calls in `countCalls`.
 */
async function mockApi(page: Page, options: MockOptions = {}) {
  const calls: string[] = []
  const countCalls: string[] = []
  /** The query strings of the list calls. */
  const lists: string[] = []
  let messages = options.messages ?? mockMessages()
  await page.route('**/api/admin/**', async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    const auth = request.headers()['authorization']
    if (url.pathname !== '/api/admin/me') (url.pathname === '/api/admin/enquiries' ? countCalls : calls).push(`${request.method()} ${url.pathname}`)
    if (auth !== `Bearer ${MOCK_TOKEN}`) return route.fulfill({status: 401, json: {error: 'Invalid or expired token'}})
    if (url.pathname === '/api/admin/enquiries')
      return route.fulfill(
        listAnswer(
          url,
          EnquiryListQuerySchema,
          (query) => matchingEnquiries(ENQUIRIES as Enquiry[], query),
          () => ({
            newCount: ENQUIRIES.filter((e) => e.status === 'new').length,
            allCount: ENQUIRIES.length,
          }),
        ),
      )
    if (isEnrolmentListCall(url)) return fulfillEnrolmentList(route, [])
    if (url.pathname === '/api/admin/outbox' && request.method() === 'GET') {
      if (options.listStatus && options.listStatus !== 200) return route.fulfill({status: options.listStatus, json: {error: 'Nope'}})
      lists.push(url.search)
      return route.fulfill(listAnswer(url, OutboxListQuerySchema, (query) => matchingOutbox(messages, query)))
    }
    const again = /^\/api\/admin\/outbox\/([^/]+)\/send-again$/.exec(url.pathname)
    if (again && request.method() === 'POST') {
      await options.hold
      const message = messages.find((m) => m.id === decodeURIComponent(again[1]!))
      if (!message) return route.fulfill({status: 404, json: {error: 'Unknown message'}})
      const answer = options.sendAgain?.(message) ?? {
        status: 200,
        json: {...message, status: 'sent', attempts: 1, sentAt: '2026-11-24T11:00:00.000Z'} satisfies OutboxMessage,
      }
      if (answer.status === 200) messages = messages.map((m) => (m.id === message.id ? (answer.json as OutboxMessage) : m))
      return route.fulfill({status: answer.status, json: answer.json})
    }
    return route.fulfill({status: 404, json: {error: 'Not found'}})
  })
  return {calls, countCalls, lists, setMessages: (next: OutboxMessage[]) => (messages = next)}
}

const messageList = (page: Page) => page.getByRole('list', {name: /^Messages, /})
const card = (page: Page, subject: string) => messageList(page).getByRole('listitem').filter({hasText: subject})

test('without a stored token the outbox shows No authentication token found', async ({page}) => {
  const {calls} = await mockApi(page)
  await page.goto('/admin/outbox')
  await expect(page.getByRole('heading', {name: 'Outbox', level: 1})).toBeVisible()
  await expect(page.getByRole('heading', {name: 'Error loading the outbox'})).toBeVisible()
  await expect(page.getByText('No authentication token found', {exact: true})).toBeVisible()
  await expect(page.getByRole('link', {name: /administrator login/})).toHaveAttribute('href', '/login')
  // Signed out: no admin navigation and no banner.
  await expect(page.getByRole('navigation', {name: 'Administration'})).toHaveCount(0)
  await expect(page.getByText(BANNER)).toHaveCount(0)
  expect(calls).toEqual([])
  await expectAccessible(page)
})

test('lists the messages newest first with labels, badges, recipients, attempts, errors and times; nav and banner', async ({page}) => {
  const {calls, countCalls} = await mockApi(page)
  await seedToken(page)
  await page.goto('/admin/outbox')
  await expect(page.getByText('Showing 1 to 3 of 3 results')).toBeVisible()
  expect(calls).toEqual(['GET /api/admin/outbox'])
  await expect(messageList(page)).toHaveAccessibleName('Messages, newest first')

  const nav = page.getByRole('navigation', {name: 'Administration'})
  // Enquiries with the number of new ones, and Logout, in the navigation.
  await expect(nav.getByRole('link', {name: 'Enquiries, 2 new'})).toHaveAttribute('href', '/admin/enquiries')
  expect(countCalls).toEqual(['GET /api/admin/enquiries'])
  await expect(nav.getByRole('button', {name: 'Logout'})).toBeVisible()
  await expect(page.getByRole('button', {name: 'Logout'})).toHaveCount(1)
  await expect(nav.getByRole('link', {name: 'Outbox'})).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', {name: 'Outbox'})).toHaveAttribute('href', '/admin/outbox')
  await expect(nav.getByRole('link', {name: 'Enrolments'})).not.toHaveAttribute('aria-current', /.+/)
  await expect(nav.getByRole('link', {name: 'Enrolments'})).toHaveAttribute('href', '/adminEnrollments')
  await expect(page.getByRole('status').filter({hasText: BANNER})).toHaveText(BANNER)

  const items = messageList(page).getByRole('listitem')
  await expect(items).toHaveCount(3)
  await expect(items.getByRole('heading')).toHaveText([
    'New enquiry from Maria Santos',
    'Receipt MTC-2026-00002: Basic STCW',
    'New enrolment MTC-2026-00001: COE',
  ])

  const enquiry = card(page, 'New enquiry from Maria Santos')
  await expect(enquiry.getByText('Enquiry notice', {exact: true})).toBeVisible()
  await expect(enquiry.getByText('Queued', {exact: true})).toBeVisible()
  await expect(enquiry).toContainText('office@maritime-training.example, admissions@maritime-training.example')
  await expect(enquiry.locator('dd').nth(1)).toHaveText('2')
  await expect(enquiry.locator('dd').nth(2)).toHaveText('24 Nov 2026, 10:05')
  await expect(enquiry.locator('dd').nth(3)).toHaveText('—')
  await expect(enquiry.locator('dd').nth(4)).toHaveText('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587')
  await expect(enquiry.getByRole('button', {name: 'Send again'})).toHaveCount(0)

  const receipt = card(page, 'Receipt MTC-2026-00002')
  await expect(receipt.getByText('Receipt', {exact: true})).toBeVisible()
  await expect(receipt.getByText('Failed', {exact: true})).toBeVisible()
  await expect(receipt).toContainText(LONG_ADDRESS)
  await expect(receipt.locator('dd').nth(1)).toHaveText('9')
  await expect(receipt).toContainText('421 4.7.0 Try again later')
  await expect(receipt.getByRole('button', {name: 'Send again'})).toBeVisible()

  const notice = card(page, 'New enrolment MTC-2026-00001')
  await expect(notice.getByText('Enrolment notice', {exact: true})).toBeVisible()
  await expect(notice.getByText('Sent', {exact: true})).toBeVisible()
  await expect(notice.locator('dd').nth(2)).toHaveText('22 Nov 2026, 08:00')
  await expect(notice.locator('dd').nth(3)).toHaveText('22 Nov 2026, 08:00')
  await expect(page.getByRole('button', {name: 'Send again'})).toHaveCount(1)
  await expectAccessible(page)
})

test('search, the status filter, Sort by and the pages ask the server; each goes back to page 1', async ({page}) => {
  const many: OutboxMessage[] = Array.from({length: 23}, (_, index) => ({
    id: `receipt:MTC-2026-1${String(index).padStart(4, '0')}`,
    kind: 'receipt',
    to: [`candidate${index}@example.com`],
    subject: `Receipt MTC-2026-1${String(index).padStart(4, '0')}`,
    status: index === 4 ? 'failed' : 'sent',
    attempts: 1,
    createdAt: new Date(Date.parse('2026-11-01T08:00:00.000Z') + index * 3_600_000).toISOString(),
    sentAt: new Date(Date.parse('2026-11-01T08:00:01.000Z') + index * 3_600_000).toISOString(),
  }))
  const api = await mockApi(page, {messages: [...mockMessages(), ...many]})
  await seedToken(page)
  await page.goto('/admin/outbox')
  await expect(page.getByText('Showing 1 to 20 of 26 results')).toBeVisible()
  await expect(messageList(page).getByRole('listitem')).toHaveCount(20)
  const pages = page.getByRole('navigation', {name: 'Outbox pages'})
  await pages.getByRole('button', {name: 'Next'}).click()
  await expect(page.getByText('Showing 21 to 26 of 26 results')).toBeVisible()
  await expect(messageList(page).getByRole('heading').last()).toHaveText('Receipt MTC-2026-10000')
  await expectAccessible(page)

  await page.getByLabel('Search the outbox').fill('Maria')
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()
  await expect(messageList(page).getByRole('heading')).toHaveText(['New enquiry from Maria Santos'])
  await page.getByLabel('Search the outbox').fill('')
  await page.getByLabel('Status').selectOption('failed')
  await expect(messageList(page).getByRole('heading')).toHaveText(['Receipt MTC-2026-00002: Basic STCW', 'Receipt MTC-2026-10004'])
  await page.getByLabel('Sort by').selectOption('Oldest first')
  await expect(messageList(page).getByRole('heading')).toHaveText(['Receipt MTC-2026-10004', 'Receipt MTC-2026-00002: Basic STCW'])
  await expect(messageList(page)).toHaveAccessibleName('Messages, oldest first')
  expect(api.lists.at(-1)).toBe('?page=1&pageSize=20&sort=createdAt&dir=asc&status=failed')
  await expectAccessible(page)
})

test('Send again on a failed message: Sending…, then the card shows the new state', async ({page}) => {
  let release!: () => void
  const hold = new Promise<void>((resolve) => (release = resolve))
  const {calls} = await mockApi(page, {hold})
  await seedToken(page)
  await page.goto('/admin/outbox')
  const receipt = card(page, 'Receipt MTC-2026-00002')
  await receipt.getByRole('button', {name: 'Send again'}).click()
  const busy = receipt.getByRole('button', {name: 'Sending…'})
  await expect(busy).toBeVisible()
  await expect(busy).toHaveAttribute('aria-disabled', 'true')
  await expectAccessible(page)
  release()
  await expect(receipt.getByText('Sent', {exact: true})).toBeVisible()
  await expect(receipt.getByRole('button')).toHaveCount(0)
  await expect(receipt.locator('dd').nth(1)).toHaveText('1')
  await expect(receipt.locator('dd').nth(3)).toHaveText('24 Nov 2026, 11:00')
  await expect(page.getByText('Sent: Receipt MTC-2026-00002: Basic STCW')).toBeVisible()
  await expect(receipt.getByRole('heading')).toBeFocused()
  expect(calls).toEqual(['GET /api/admin/outbox', 'POST /api/admin/outbox/receipt:MTC-2026-00002/send-again'])
  // The other cards are unchanged; no list request again.
  await expect(card(page, 'New enquiry from Maria Santos').getByText('Queued', {exact: true})).toBeVisible()
  await expectAccessible(page)
})

test('Send again that stays queued, and one the server refuses (409: an alert on the card)', async ({page}) => {
  const failedTwice: OutboxMessage = {...mockMessages()[1]!, id: 'receipt:MTC-2026-00003', subject: 'Receipt MTC-2026-00003: ARPA'}
  await mockApi(page, {
    messages: [...mockMessages(), failedTwice],
    sendAgain: (message) =>
      message.id === failedTwice.id
        ? {status: 409, json: {error: 'Only a failed message can be sent again'}}
        : {status: 200, json: {...message, status: 'queued', attempts: 1, lastError: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587'}},
  })
  await seedToken(page)
  await page.goto('/admin/outbox')

  const queued = card(page, 'Receipt MTC-2026-00002')
  await queued.getByRole('button', {name: 'Send again'}).click()
  await expect(queued.getByText('Queued', {exact: true})).toBeVisible()
  await expect(queued.getByRole('button')).toHaveCount(0)
  await expect(queued).toContainText('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:587')
  await expect(page.getByText('Queued again: Receipt MTC-2026-00002: Basic STCW')).toBeVisible()

  const refused = card(page, 'Receipt MTC-2026-00003')
  await refused.getByRole('button', {name: 'Send again'}).click()
  await expect(refused.getByRole('alert')).toHaveText('Only a failed message can be sent again')
  await expect(refused.getByRole('button', {name: 'Send again'})).toBeVisible()
  await expect(refused.getByText('Failed', {exact: true})).toBeVisible()
  await expectAccessible(page)
})

test('Refresh fetches the list again; empty and error states', async ({page}) => {
  const api = await mockApi(page)
  await seedToken(page)
  await page.goto('/admin/outbox')
  await expect(messageList(page).getByRole('listitem')).toHaveCount(3)
  api.setMessages([])
  await page.getByRole('button', {name: 'Refresh'}).click()
  await expect(page.getByText('The outbox is empty.')).toBeVisible()
  expect(api.calls).toEqual(['GET /api/admin/outbox', 'GET /api/admin/outbox'])
  await expectAccessible(page)

  api.setMessages(mockMessages().slice(2))
  await page.getByRole('button', {name: 'Refresh'}).click()
  await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()

  await page.unrouteAll()
  await mockApi(page, {listStatus: 500})
  await page.reload()
  await expect(page.getByRole('heading', {name: 'Error loading the outbox'})).toBeVisible()
  await expect(page.getByText('Failed to load the outbox', {exact: true})).toBeVisible()
  await expectAccessible(page)
})

test('a token the server refuses is removed and the login form returns with the expiry note', async ({page}) => {
  await mockApi(page)
  await seedToken(page, 'expired-token')
  await page.goto('/admin/outbox')
  await expect(page.getByRole('button', {name: 'Sign In'})).toBeVisible()
  await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull()
})

test('the admin navigation leads between the enrolment list and the outbox; the banner is on both', async ({page}) => {
  await mockApi(page)
  await seedToken(page)
  await page.goto('/admin/outbox')
  const nav = page.getByRole('navigation', {name: 'Administration'})
  await nav.getByRole('link', {name: 'Enrolments'}).click()
  await expect(page).toHaveURL(/\/adminEnrollments$/)
  await expect(page.getByRole('heading', {name: 'Enrolment Records'})).toBeVisible()
  await expect(nav.getByRole('link', {name: 'Enrolments'})).toHaveAttribute('aria-current', 'page')
  await expect(nav.getByRole('link', {name: 'Outbox'})).not.toHaveAttribute('aria-current', /.+/)
  await expect(page.getByText(BANNER)).toBeVisible()
  await expectAccessible(page)
  await nav.getByRole('link', {name: 'Outbox'}).click()
  await expect(page).toHaveURL(/\/admin\/outbox$/)
  await expect(page.getByText('Showing 1 to 3 of 3 results')).toBeVisible()
  await expect(page.getByText(BANNER)).toBeVisible()
})

test('at 390 px the outbox never scrolls sideways', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844})
  await mockApi(page)
  await seedToken(page)
  await page.goto('/admin/outbox')
  await expect(page.getByText('Showing 1 to 3 of 3 results')).toBeVisible()
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(await overflow()).toBeLessThanOrEqual(0)
  for (const item of await messageList(page).getByRole('listitem').all()) {
    const box = (await item.boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(390)
  }
  await page.screenshot({path: test.info().outputPath('outbox-390.png'), fullPage: true})
  await expectAccessible(page)
})

test('/admin/outbox sends Cache-Control no-store and noindex', async ({request}) => {
  const response = await request.get('/admin/outbox')
  expect(response.status()).toBe(200)
  expect(response.headers()['cache-control']).toContain('no-store')
  expect(response.headers()['x-robots-tag']).toContain('noindex')
  expect(await response.text()).toMatch(/<meta name="robots" content="noindex/)
})
