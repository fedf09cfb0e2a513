/**
 * The enquiries inbox /admin/enquiries (docs/requirements.md#req-enquiries).
 *
 * Through the real site: an enquiry sent with the real /contact form (stored by the e2e server)
 * and a message stored by earlier versions (no status, written into the
 * server's Blobs) appear as New; the administrator signs in at /login (one login attempt: the
 * API counts every attempt, 5 per 15 minutes per client), follows the admin navigation's
 * "Enquiries" link with its count, searches, opens the enquiry, checks "Reply by e-mail", marks it
 * handled (PATCH with the token), filters by status, reopens it; the API agrees. One contact
 * message per run (the contact limit is 5 per 10 minutes per client; contact.spec.ts sends 2).
 *
 * Against a mocked API (page.route, answering the paged call as the server does: ./list-mock.ts):
 * search, the status filter, sorting by a heading and paging (each a request to the server),
 * keyboard use, the busy state and a refused change, the empty, error and session states, and at
 * 390 px no sideways page scroll (cards instead of the table). axe on each state.
 */
import {randomUUID} from 'node:crypto'
import type {Page, Route} from '@playwright/test'
import {EnquiryListQuerySchema, type Enquiry} from '#schemas/contracts/enquiries'
import {matchingEnquiries} from '#schemas/rules/admin-lists'
import {listAnswer, listPath} from './list-mock'
import {siteStore} from './blobs'
import {ADMIN, MOCK_TOKEN, seedToken} from './admin-session'
import {expect, expectAccessible, test} from './fixtures'
import {fulfillEnrolmentList, isEnrolmentListCall} from './admin-list-mock'

// Times are shown in the browser's time zone (#schemas/rules/format formatDateTime): fix it.
test.use({timezoneId: 'UTC'})

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'))
const nav = (page: Page) => page.getByRole('navigation', {name: 'Administration'})
/** The table's region, named by its caption: 'Enquiries, newest first', or the order it is sorted in. */
const table = (page: Page) => page.getByRole('region', {name: /^Enquiries, /})
const rowOf = (page: Page, text: string) => table(page).getByRole('row').filter({hasText: text})
const showing = (page: Page) => page.getByText(/^Showing \d+ to \d+ of \d+ results$/)
/** The page's first call: page 1 of the new enquiries, newest first. */
const FIRST_CALL = 'GET /api/admin/enquiries?page=1&pageSize=25&sort=createdAt&dir=desc&status=new'

test.describe('real API', () => {
  test('an enquiry sent from /contact appears as New, is found, read, answered, marked handled and reopened', async ({page, request}) => {
    test.setTimeout(60_000)
    const tag = `Quill${randomUUID().slice(0, 8)}`
    const email = `e2e.enquiry.${tag.toLowerCase()}@example.com`
    const message = `Is there a BOSIET course starting next month?\nReference ${tag}, line two.`

    // A message of earlier versions, as it was stored: no status.
    const oldId = randomUUID()
    const oldAt = new Date(Date.now() - 60 * 60_000)
    const oldKey = `${oldAt.toISOString().replace(/:/g, '-')}_${oldId}`
    await siteStore('contact-messages').setJSON(oldKey, {
      id: oldId,
      name: `Old ${tag}`,
      email: 'old.sender@example.com',
      phone: null,
      subject: 'General Inquiry',
      message: `Sent before the inbox existed (${tag}).`,
      receivedAt: oldAt.toISOString(),
      ipHash: 'f'.repeat(64),
    })

    // The real contact form.
    await page.goto('/contact')
    await page.waitForFunction(() => {
      const form = document.querySelector('form#contact-form')
      return !!form && Object.keys(form).some((key) => key.startsWith('__reactProps'))
    })
    await page.getByRole('textbox', {name: 'Full name', exact: true}).fill(`Captain ${tag}`)
    await page.getByRole('textbox', {name: 'Email address', exact: true}).fill(email)
    await page.getByRole('combobox', {name: 'Subject', exact: true}).selectOption('Course Information')
    await page.getByRole('textbox', {name: 'Message', exact: true}).fill(message)
    await page.getByRole('button', {name: 'Send Message'}).click()
    await expect(page.getByRole('status')).toHaveText('Thank you for your message! We will get back to you soon.')

    // Sign in: the enrolment list, with the admin navigation and its count of new enquiries.
    await page.goto('/login')
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', {name: 'Sign In'}).click()
    await expect(page.getByRole('heading', {name: 'Enrolment Records'})).toBeVisible()
    const enquiriesLink = nav(page).getByRole('link', {name: /^Enquiries, \d+ new$/})
    await expect(enquiriesLink).toBeVisible()
    await enquiriesLink.click()

    await expect(page).toHaveURL(/\/admin\/enquiries$/)
    await expect(page.getByRole('heading', {name: 'Enquiries', level: 1})).toBeVisible()
    await expect(nav(page).getByRole('link', {name: /^Enquiries/})).toHaveAttribute('aria-current', 'page')
    await expect(page.getByLabel('Status')).toHaveValue('new')
    await expect(rowOf(page, `Captain ${tag}`)).toBeVisible()
    // The count is the page's own list (other specs may send messages meanwhile).
    const newBefore = Number(/(\d+) new/.exec((await enquiriesLink.getAttribute('aria-label')) ?? '')?.[1])
    expect(newBefore).toBeGreaterThanOrEqual(2)
    await expect(rowOf(page, `Old ${tag}`).getByText('New', {exact: true})).toBeVisible()
    await expectAccessible(page)

    // Search (the message's own words) finds this run's enquiry only.
    await page.getByLabel('Search enquiries').fill(`reference ${tag.toLowerCase()}`)
    await expect(showing(page)).toHaveText('Showing 1 to 1 of 1 results')
    const row = rowOf(page, `Captain ${tag}`)
    await expect(row.getByRole('cell').nth(2)).toHaveText('Course Information')
    await expect(row.getByText('New', {exact: true})).toBeVisible()
    await expect(row).toContainText(email)

    // The detail view: the whole message, the reply link, Mark as handled.
    await row.getByRole('button', {name: `View the enquiry from Captain ${tag}`}).click()
    const dialog = page.getByRole('dialog', {name: 'Course Information'})
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText(`Reference ${tag}, line two.`)).toBeVisible()
    // The whole message, its line break kept (a form sends it as CR LF).
    expect((await dialog.locator('p.whitespace-pre-wrap').textContent())?.replace(/\r\n/g, '\n')).toBe(message)
    await expect(dialog.getByRole('link', {name: 'Reply by e-mail'})).toHaveAttribute('href', `mailto:${email}?subject=Re%3A%20Course%20Information`)
    await expect(dialog.getByRole('button', {name: 'Close enquiry'})).toBeFocused()
    await expectAccessible(page)
    await dialog.getByRole('button', {name: 'Mark as handled'}).click()
    await expect(dialog.getByRole('button', {name: 'Reopen'})).toBeFocused()
    await expect(dialog.getByText('Handled', {exact: true})).toBeVisible()
    await expect(dialog.getByRole('status')).toHaveText(`Marked as handled: Course Information from Captain ${tag}`)
    await expect(nav(page).getByRole('link', {name: /^Enquiries/})).toHaveAccessibleName(newBefore - 1 > 0 ? `Enquiries, ${newBefore - 1} new` : 'Enquiries')

    // The API agrees (with the token the login stored).
    const token = await storedToken(page)
    const listed = async () => {
      const response = await request.get('/api/admin/enquiries', {headers: {authorization: `Bearer ${token}`}})
      expect(response.status()).toBe(200)
      expect(response.headers()['cache-control']).toBe('no-store')
      return ((await response.json()) as Enquiry[]).filter((enquiry) => enquiry.name.endsWith(tag))
    }
    const [mine, old] = await listed()
    expect(mine).toMatchObject({name: `Captain ${tag}`, email, phone: null, subject: 'Course Information', status: 'handled'})
    expect(mine!.message.replace(/\r\n/g, '\n')).toBe(message)
    expect(Date.parse(mine!.handledAt!)).toBeGreaterThan(Date.now() - 60_000)
    expect(Object.keys(mine!)).not.toContain('ipHash')
    expect(old).toMatchObject({id: oldKey, name: `Old ${tag}`, status: 'new'})
    expect(old!.handledAt).toBeUndefined()

    // Closed: the row has left the "New" list; focus goes to the table's region... which is gone
    // too (nothing else matches): then the heading.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.getByText('No enquiries found')).toBeVisible()
    await expect(page.getByRole('heading', {name: 'Enquiries', level: 1})).toBeFocused()

    // Filter "Handled": there it is; reopen it.
    await page.getByLabel('Status').selectOption('handled')
    await expect(rowOf(page, `Captain ${tag}`).getByText('Handled', {exact: true})).toBeVisible()
    await rowOf(page, `Captain ${tag}`).getByRole('button', {name: /^View/}).click()
    await dialog.getByRole('button', {name: 'Reopen'}).click()
    await expect(dialog.getByRole('button', {name: 'Mark as handled'})).toBeVisible()
    await expect(dialog.getByText('New', {exact: true})).toBeVisible()
    await dialog.getByRole('button', {name: 'Close enquiry'}).click()
    await page.getByLabel('Status').selectOption('new')
    await expect(rowOf(page, `Captain ${tag}`)).toBeVisible()
    const [reopened] = await listed()
    expect(reopened).toMatchObject({status: 'new'})
    expect(reopened!.handledAt).toBeUndefined()
    await expectAccessible(page)
  })

  test('the API answers 401 without a token, before looking at the id', async ({request}) => {
    expect((await request.get('/api/admin/enquiries')).status()).toBe(401)
    const patch = await request.patch('/api/admin/enquiries/not-an-id', {data: {status: 'handled'}})
    expect(patch.status()).toBe(401)
  })

  test('/admin/enquiries sends Cache-Control no-store and noindex', async ({request}) => {
    const response = await request.get('/admin/enquiries')
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toContain('no-store')
    expect(response.headers()['x-robots-tag']).toContain('noindex')
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex/)
  })
})

/** Five enquiries, newest first: three new, two handled. */
function mockEnquiries(): Enquiry[] {
  const base = (n: number, fields: Partial<Enquiry>): Enquiry => ({
    id: `2026-11-2${n}T10-00-00.000Z_${n}f8fad5b-d9cb-469f-a165-70867728950e`,
    name: 'Someone',
    email: 'someone@example.com',
    phone: null,
    subject: 'General Inquiry',
    message: 'Hello.',
    status: 'new',
    createdAt: `2026-11-2${n}T10:00:00.000Z`,
    ...fields,
  })
  return [
    base(5, {
      name: 'Maria Santos',
      email: 'maria.santos@example.com',
      phone: '+63 917 555 0101',
      subject: 'Course Information',
      message: 'Do you run ECDIS in December?',
    }),
    base(4, {
      name: 'Juan dela Cruz',
      email: 'juan.dela.cruz.with.a.rather.long.mailbox.name@a-very-long-domain-name-for-testing.example.com',
      subject: 'Vessel Registration',
      message: 'We would like to register a 24 m motor yacht.',
    }),
    base(3, {
      name: 'Li Wei',
      email: 'li.wei@example.com',
      subject: 'Certification Services',
      message: 'My CoC expires soon: revalidation?',
      status: 'handled',
      handledAt: '2026-11-23T12:30:00.000Z',
    }),
    base(2, {name: 'Ahmed Al Mansoori', email: 'ahmed@example.com', subject: 'Partnership Opportunities', message: 'A partnership with our shipping company.'}),
    base(1, {
      name: 'Olga Petrova',
      email: 'olga@example.com',
      subject: 'Technical Support',
      message: 'The exam page froze.',
      status: 'handled',
      handledAt: '2026-11-21T15:00:00.000Z',
    }),
  ]
}

type MockOptions = {enquiries?: Enquiry[]; listStatus?: number; patchStatus?: number; hold?: Promise<void>}

/** The mocked admin API: enquiries (list and PATCH), an empty enrolment list. Records the enquiries calls. */
async function mockApi(page: Page, options: MockOptions = {}) {
  const calls: string[] = []
  let enquiries = options.enquiries ?? mockEnquiries()
  await page.route('**/api/admin/**', async (route: Route) => {
    const request = route.request()
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/admin/enquiries'))
      calls.push(`${request.method()} ${url.pathname}${url.search}${request.postData() ? ` ${request.postData()}` : ''}`)
    if (request.headers()['authorization'] !== `Bearer ${MOCK_TOKEN}`) return route.fulfill({status: 401, json: {error: 'Invalid or expired token'}})
    if (url.pathname === '/api/admin/enquiries') {
      if (options.listStatus && options.listStatus !== 200) return route.fulfill({status: options.listStatus, json: {error: 'Nope'}})
      return route.fulfill(
        listAnswer(
          url,
          EnquiryListQuerySchema,
          (query) => matchingEnquiries(enquiries, query),
          () => ({
            newCount: enquiries.filter((e) => e.status === 'new').length,
            allCount: enquiries.length,
          }),
        ),
      )
    }
    const one = /^\/api\/admin\/enquiries\/([^/]+)$/.exec(url.pathname)
    if (one && request.method() === 'PATCH') {
      await options.hold
      if (options.patchStatus && options.patchStatus !== 200)
        return route.fulfill({status: options.patchStatus, json: {error: 'The enquiry could not be saved'}})
      const enquiry = enquiries.find((e) => e.id === decodeURIComponent(one[1]!))
      if (!enquiry) return route.fulfill({status: 404, json: {error: 'Unknown enquiry'}})
      const {status} = request.postDataJSON() as {status: Enquiry['status']}
      const {handledAt: _handledAt, ...rest} = enquiry
      const updated: Enquiry = status === 'handled' ? {...rest, status, handledAt: '2026-11-26T09:00:00.000Z'} : {...rest, status}
      enquiries = enquiries.map((e) => (e.id === updated.id ? updated : e))
      return route.fulfill({json: updated})
    }
    if (isEnrolmentListCall(url)) return fulfillEnrolmentList(route, [])
    return route.fulfill({status: 404, json: {error: 'Not found'}})
  })
  return {calls, setEnquiries: (next: Enquiry[]) => (enquiries = next)}
}

test.describe('mocked API', () => {
  test('the table starts on New, newest first; search, the status filter and sorting ask the server', async ({page}) => {
    const {calls} = await mockApi(page)
    await seedToken(page)
    await page.goto('/admin/enquiries')
    await expect(showing(page)).toHaveText('Showing 1 to 3 of 3 results')
    expect(calls).toEqual([FIRST_CALL])
    await expect(nav(page).getByRole('link', {name: 'Enquiries, 3 new'})).toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('status').filter({hasText: 'E-mail is not configured: messages stay in the outbox'})).toBeVisible()

    await expect(table(page).getByRole('columnheader')).toHaveText([/^Date/, /^Name/, /^Subject/, /^Status/, 'Details'])
    await expect(table(page).getByRole('columnheader', {name: 'Date'})).toHaveAttribute('aria-sort', 'descending')
    const rows = table(page).locator('tbody tr')
    await expect(rows.locator('td:nth-child(2) > span:first-child')).toHaveText(['Maria Santos', 'Juan dela Cruz', 'Ahmed Al Mansoori'])
    await expect(rows.first().locator('td').first()).toHaveText('25 Nov 2026, 10:00')
    await expect(rows.first().locator('td').nth(2)).toHaveText('Course Information')
    await expectAccessible(page)

    // Search covers name, e-mail, subject and message (and spaces around it do not count).
    const search = page.getByLabel('Search enquiries')
    for (const [query, names] of [
      ['  maria ', ['Maria Santos']],
      ['LI.WEI@', []],
      ['vessel registration', ['Juan dela Cruz']],
      ['shipping company', ['Ahmed Al Mansoori']],
    ] as const) {
      await search.fill(query)
      await expect(rows.locator('td:nth-child(2) > span:first-child')).toHaveText([...names])
    }
    // li.wei is handled: found under "Handled" and "All".
    await search.fill('li.wei@')
    await page.getByLabel('Status').selectOption('handled')
    await expect(rows.locator('td:nth-child(2) > span:first-child')).toHaveText(['Li Wei'])
    await expect(showing(page)).toHaveText('Showing 1 to 1 of 1 results')
    await search.fill('')
    await expect(rows.locator('td:nth-child(2) > span:first-child')).toHaveText(['Li Wei', 'Olga Petrova'])
    await page.getByLabel('Status').selectOption('all')
    await expect(rows).toHaveCount(5)
    // A heading sorts by its column (ascending first), a second click turns the order round.
    await table(page).getByRole('button', {name: 'Name'}).click()
    await expect(rows.locator('td:nth-child(2) > span:first-child')).toHaveText([
      'Ahmed Al Mansoori',
      'Juan dela Cruz',
      'Li Wei',
      'Maria Santos',
      'Olga Petrova',
    ])
    await expect(table(page).getByRole('columnheader', {name: 'Name'})).toHaveAttribute('aria-sort', 'ascending')
    await expect(table(page)).toHaveAccessibleName('Enquiries, by name ascending')
    await table(page).getByRole('button', {name: 'Name'}).click()
    await expect(rows.locator('td:nth-child(2) > span:first-child')).toHaveText([
      'Olga Petrova',
      'Maria Santos',
      'Li Wei',
      'Juan dela Cruz',
      'Ahmed Al Mansoori',
    ])
    await expect(table(page).getByRole('columnheader', {name: 'Name'})).toHaveAttribute('aria-sort', 'descending')
    await expectAccessible(page)
    await search.fill('nobody-matches-this')
    await expect(page.getByRole('heading', {name: 'No enquiries found'})).toBeVisible()
    await expect(page.getByText('Try another search or status.')).toBeVisible()
    await expectAccessible(page)
    // Each change was one request with the whole query; the typing of a search only once it paused.
    expect(calls.at(-1)).toBe('GET /api/admin/enquiries?page=1&pageSize=25&q=nobody-matches-this&sort=name&dir=desc')
    expect(calls.filter((call) => call.includes('q=nobody'))).toHaveLength(1)
  })

  test('pages of 25: Next, a page number, Previous; a search goes back to page 1', async ({page}) => {
    const many = Array.from({length: 30}, (_, index): Enquiry => {
      const n = String(index + 1).padStart(2, '0')
      return {
        id: `2026-11-${n}T10-00-00.000Z_${n}8fad5b-d9cb-469f-a165-70867728950e`,
        name: `Sender ${n}`,
        email: `sender${n}@example.com`,
        phone: null,
        subject: 'General Inquiry',
        message: 'Hello.',
        status: 'new',
        createdAt: `2026-11-${n}T10:00:00.000Z`,
      }
    })
    const {calls} = await mockApi(page, {enquiries: many})
    await seedToken(page)
    await page.goto('/admin/enquiries')
    await expect(showing(page)).toHaveText('Showing 1 to 25 of 30 results')
    const pages = page.getByRole('navigation', {name: 'Enquiry pages'})
    await expect(pages.getByRole('button', {name: 'Page 1'})).toHaveAttribute('aria-current', 'page')
    await pages.getByRole('button', {name: 'Next'}).click()
    await expect(showing(page)).toHaveText('Showing 26 to 30 of 30 results')
    await expect(table(page).locator('tbody tr')).toHaveCount(5)
    await expect(pages.getByRole('button', {name: 'Page 2'})).toHaveAttribute('aria-current', 'page')
    await expect(pages.getByRole('button', {name: 'Next'})).toBeDisabled()
    await expectAccessible(page)
    await pages.getByRole('button', {name: 'Previous'}).click()
    await expect(showing(page)).toHaveText('Showing 1 to 25 of 30 results')
    await pages.getByRole('button', {name: 'Page 2'}).click()
    await expect(showing(page)).toHaveText('Showing 26 to 30 of 30 results')
    await page.getByLabel('Search enquiries').fill('sender 0')
    await expect(showing(page)).toHaveText('Showing 1 to 9 of 9 results')
    expect(calls.at(-1)).toBe('GET /api/admin/enquiries?page=1&pageSize=25&q=sender+0&sort=createdAt&dir=desc&status=new')
  })

  test('by keyboard: the table region, View, the dialog, Mark as handled (busy, then done), Escape', async ({page}) => {
    let release!: () => void
    const hold = new Promise<void>((resolve) => (release = resolve))
    const {calls} = await mockApi(page, {hold})
    await seedToken(page)
    await page.goto('/admin/enquiries')
    await expect(showing(page)).toHaveText('Showing 1 to 3 of 3 results')

    // Search, status, then the scrollable table region, its sorting headings, then the first row's View.
    await page.getByLabel('Search enquiries').focus()
    await page.keyboard.press('Tab')
    await expect(page.getByLabel('Status')).toBeFocused()
    await page.keyboard.press('Tab')
    await expect(table(page)).toBeFocused()
    for (const heading of ['Date', 'Name', 'Subject', 'Status']) {
      await page.keyboard.press('Tab')
      await expect(table(page).getByRole('button', {name: heading})).toBeFocused()
    }
    await page.keyboard.press('Tab')
    const view = page.getByRole('button', {name: 'View the enquiry from Maria Santos'})
    await expect(view).toBeFocused()
    await page.keyboard.press('Enter')

    const dialog = page.getByRole('dialog', {name: 'Course Information'})
    await expect(dialog).toBeVisible()
    await expect(dialog).toHaveAccessibleDescription(/From Maria Santos/)
    await expect(dialog.getByRole('definition')).toHaveText(['Maria Santos', 'maria.santos@example.com', '+63 917 555 0101', '25 Nov 2026, 10:00', 'Not yet'])
    await expect(dialog.getByRole('link', {name: 'Reply by e-mail'})).toHaveAttribute(
      'href',
      'mailto:maria.santos@example.com?subject=Re%3A%20Course%20Information',
    )
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect(dialog.getByRole('button', {name: 'Mark as handled'})).toBeFocused()
    await page.keyboard.press('Enter')
    const busy = dialog.getByRole('button', {name: 'Saving…'})
    await expect(busy).toHaveAttribute('aria-disabled', 'true')
    await expect(busy).toBeFocused()
    await expectAccessible(page)
    release()
    await expect(dialog.getByRole('button', {name: 'Reopen'})).toBeFocused()
    await expect(dialog.getByRole('definition').last()).toHaveText('26 Nov 2026, 09:00')
    await expect(nav(page).getByRole('link', {name: 'Enquiries, 2 new'})).toBeVisible()
    expect(calls).toEqual([FIRST_CALL, 'PATCH /api/admin/enquiries/2026-11-25T10-00-00.000Z_5f8fad5b-d9cb-469f-a165-70867728950e {"status":"handled"}'])

    // Escape: the dialog closes; Maria's row has left "New", so focus goes to the table; the page is asked for again.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(table(page)).toBeFocused()
    await expect(showing(page)).toHaveText('Showing 1 to 2 of 2 results')
    await expect.poll(() => calls.length).toBe(3)
    expect(calls[2]).toBe(FIRST_CALL)
    await expect(table(page)).toBeFocused()
    await expect(page.getByText('Marked as handled: Course Information from Maria Santos')).toBeVisible()

    // A row still listed gets its focus back.
    await page.getByRole('button', {name: 'View the enquiry from Juan dela Cruz'}).click()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('button', {name: 'View the enquiry from Juan dela Cruz'})).toBeFocused()
  })

  test('a change the server refuses is shown in an alert in the dialog; the enquiry stays as it was', async ({page}) => {
    await mockApi(page, {patchStatus: 500})
    await seedToken(page)
    await page.goto('/admin/enquiries')
    await page.getByRole('button', {name: 'View the enquiry from Ahmed Al Mansoori'}).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', {name: 'Mark as handled'}).click()
    await expect(dialog.getByRole('alert')).toHaveText('The enquiry could not be updated. Please try again.')
    await expect(dialog.getByRole('button', {name: 'Mark as handled'})).toBeVisible()
    await expect(dialog.getByText('New', {exact: true})).toBeVisible()
    await expectAccessible(page)
  })

  test('loading, empty and error states; Refresh', async ({page}) => {
    let release!: () => void
    const hold = new Promise<void>((resolve) => (release = resolve))
    const api = await mockApi(page, {enquiries: []})
    // Registered last, so it runs first: holds the first list until the loading state was seen.
    await page.route(listPath('/api/admin/enquiries'), async (route) => {
      await hold
      await route.fallback()
    })
    await seedToken(page)
    await page.goto('/admin/enquiries')
    await expect(page.getByRole('status').filter({hasText: 'Loading enquiries...'})).toBeVisible()
    release()
    await expect(page.getByRole('heading', {name: 'No enquiries yet'})).toBeVisible()
    await expect(page.getByText('Messages sent from the contact page appear here.')).toBeVisible()
    await expect(nav(page).getByRole('link', {name: 'Enquiries', exact: true})).toBeVisible()
    await expectAccessible(page)

    api.setEnquiries(mockEnquiries())
    await page.getByRole('button', {name: 'Refresh'}).click()
    await expect(showing(page)).toHaveText('Showing 1 to 3 of 3 results')
    await expect(nav(page).getByRole('link', {name: 'Enquiries, 3 new'})).toBeVisible()

    await page.unrouteAll()
    await mockApi(page, {listStatus: 500})
    await page.reload()
    await expect(page.getByRole('heading', {name: 'Error loading enquiries'})).toBeVisible()
    await expect(page.getByText('Failed to load enquiries', {exact: true})).toBeVisible()
    await expectAccessible(page)
  })

  test('session: no token, a refused token, Logout in the navigation', async ({page}) => {
    const {calls} = await mockApi(page)
    await page.goto('/admin/enquiries')
    await expect(page.getByRole('heading', {name: 'Enquiries', level: 1})).toBeVisible()
    await expect(page.getByRole('heading', {name: 'Error loading enquiries'})).toBeVisible()
    await expect(page.getByText('No authentication token found', {exact: true})).toBeVisible()
    await expect(nav(page)).toHaveCount(0)
    expect(calls).toEqual([])
    await expectAccessible(page)

    await seedToken(page, 'expired-token')
    await page.reload()
    await expect(page.getByRole('button', {name: 'Sign In'})).toBeVisible()
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()
    expect(await storedToken(page)).toBeNull()
  })

  test('Logout in the navigation removes the token and reloads; the navigation leads to the other pages', async ({page}) => {
    await mockApi(page)
    await seedToken(page)
    await page.goto('/admin/enquiries')
    await expect(showing(page)).toBeVisible()
    await nav(page).getByRole('link', {name: 'Outbox'}).click()
    await expect(page).toHaveURL(/\/admin\/outbox$/)
    await expect(nav(page).getByRole('link', {name: 'Enquiries, 3 new'})).toBeVisible()
    await nav(page)
      .getByRole('link', {name: /^Enquiries/})
      .click()
    await expect(page).toHaveURL(/\/admin\/enquiries$/)
    await expect(showing(page)).toBeVisible()
    await nav(page).getByRole('button', {name: 'Logout'}).click()
    await expect(page.getByText('No authentication token found')).toBeVisible()
    expect(await storedToken(page)).toBeNull()
  })

  test('at 390 px the page never scrolls sideways: cards instead of the table, every View in reach, the dialog fits', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844})
    const {calls} = await mockApi(page)
    await seedToken(page)
    await page.goto('/admin/enquiries')
    await expect(showing(page)).toHaveText('Showing 1 to 3 of 3 results')
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(await overflow()).toBeLessThanOrEqual(0)
    await expect(table(page)).toBeHidden()
    const cards = page.getByRole('list', {name: 'Enquiries, newest first'}).getByRole('listitem')
    await expect(cards).toHaveCount(3)
    await expect(cards.first()).toContainText('Maria Santos')
    await expect(cards.first()).toContainText('Course Information')
    await expect(cards.first()).toContainText('25 Nov 2026, 10:00')
    await expect(cards.first().getByText('New', {exact: true})).toBeVisible()
    for (const element of [
      nav(page),
      page.getByLabel('Search enquiries'),
      page.getByLabel('Status'),
      ...(await cards.all()),
      ...(await cards.getByRole('button').all()),
    ]) {
      const bounds = (await element.boundingBox())!
      expect(bounds.x).toBeGreaterThanOrEqual(0)
      expect(bounds.x + bounds.width).toBeLessThanOrEqual(390)
    }
    await page.screenshot({path: test.info().outputPath('enquiries-390.png'), fullPage: true})
    await expectAccessible(page)

    // The longest address fits in the dialog; handled there, the card leaves "New" and focus goes to the cards.
    await page.getByRole('button', {name: 'View the enquiry from Juan dela Cruz'}).click()
    const dialog = page.getByRole('dialog', {name: 'Vessel Registration'})
    await expect(dialog).toBeVisible()
    const bounds = (await dialog.boundingBox())!
    expect(bounds.x).toBeGreaterThanOrEqual(0)
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(390)
    expect(await overflow()).toBeLessThanOrEqual(0)
    await page.screenshot({path: test.info().outputPath('enquiry-dialog-390.png')})
    await expectAccessible(page)
    await dialog.getByRole('button', {name: 'Mark as handled'}).click()
    await expect(dialog.getByRole('button', {name: 'Reopen'})).toBeVisible()
    await dialog.getByRole('button', {name: 'Close enquiry'}).click()
    await expect(cards).toHaveCount(2)
    await expect(page.getByRole('list', {name: 'Enquiries, newest first'})).toBeFocused()
    // The list, the change, the list again once the dialog closed.
    await expect.poll(() => calls.map((call) => call.split(' ')[0])).toEqual(['GET', 'PATCH', 'GET'])
  })
})
