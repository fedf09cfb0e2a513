/**
 * The administrator area (docs/requirements.md#req-admin-login, #req-admin-list, #req-states-admin-session,
 * #req-validation-admin-login, #req-validation-admin-search, #req-roles, #req-errors, #req-constants-admin,
 * #req-enrolment-status): /login, /admin/login and /adminEnrollments.
 *
 * "real API": against the built site and its API. Each test makes its own enrolments (create-order,
 * sandbox pay, save; a document through the enrolment upload API), signs in for real (the form, or
 * POST /api/admin: only failed logins count towards the throttle) and finds its records by a unique
 * name, since other specs add enrolments to the same server meanwhile. Checked: login, cards, search,
 * sort, paging, pending enrolments, CSV with neutralised formula cells, the detail view and a document
 * downloaded with the bearer token, the follow-up moves (paid → contacted → confirmed with a note; the
 * cancel confirm step, the busy state while a PATCH is held on its way to the API, a move refused by
 * the server because another member of staff moved the record first), idle logout with the clock API,
 * Logout, and a token the server refuses; what the page shows is compared with what the API stored.
 *
 * The list is paged on the server: each user action (load, page, sort, filter, a search once typing
 * pauses) asks for one page; the CSV is the server's (`format=csv`).
 *
 * "fixed-data API": what the real server cannot be made to answer on cue is served by page.route
 * over a fixed set of rows, paged, searched, sorted and summed with the shared rules
 * (./admin-list-mock.ts): the cards over an exact set of 22 paid and 1 pending records, the list
 * calls each action makes, each follow-up status's badge and card counts, a failing and an empty
 * list, a held 429 login, and the 390 px layout of a full page of rows.
 */
import type {APIRequestContext, Page, Route} from '@playwright/test'
import {readFile} from 'node:fs/promises'
import type {EnrolmentHistoryEntry, EnrolmentSummary} from '#schemas/contracts/admin'
import {ADMIN, ADMIN_ACCOUNT, createPsfOrder, loginThroughApi, MOCK_TOKEN, seedToken, uniqueTag} from './admin-session'
import {fulfillEnrolmentList, isEnrolmentListCall} from './admin-list-mock'
import {expect, expectAccessible, test} from './fixtures'

/** Mocked rows follow the API's contract. */
type Row = EnrolmentSummary

const PROGRAMS = [
  ['STCW Courses', 'Basic STCW', 150],
  ['Offshore Survival', 'BOSIET', 450],
  ['Competency Training', 'Master/Chief officer', 2200],
] as const

/** 23 records: 'Cadet 01'…'Cadet 22' (paid) and one pending formula-named record. */
function mockRows(): Row[] {
  const rows: Row[] = Array.from({length: 22}, (_, index) => {
    const [program, course, amount] = PROGRAMS[index % 3]!
    const n = String(index + 1).padStart(2, '0')
    return {
      _id: `id-${n}`,
      name: `Cadet ${n}`,
      email: `cadet${n}@example.com`,
      mobile: `+63 917 000 00${n}`,
      amount: amount + index,
      currency: 'USD',
      trainingProgramName: program,
      courseName: course,
      country: program === 'Competency Training' ? 'Guyana' : '',
      status: 'paid',
      createdAt: `2025-02-${n}T09:00:00.000Z`,
      paidAt: `2025-02-${n}T09:05:00.000Z`,
      orderId: `order_sandbox_mock${n}`,
      paymentId: `pay_sandbox_mock${n}`,
      receiptNumber: `MTC-2025-000${n}`,
      attachmentCount: 0,
      updatedAt: `2025-02-${n}T09:05:00.000Z`,
    }
  })
  rows.push({
    _id: 'id-formula',
    name: '=HYPERLINK("http://evil.example")',
    email: 'formula@example.com',
    mobile: '98470 11111',
    amount: 3500,
    currency: 'USD',
    trainingProgramName: 'Cadetship Training',
    courseName: 'Deck Cadet',
    country: '',
    status: 'pending',
    createdAt: '2025-03-01T09:00:00.000Z',
    paidAt: null,
    orderId: 'order_sandbox_formula',
    paymentId: null,
    receiptNumber: null,
    attachmentCount: 1,
    updatedAt: '2025-03-01T09:00:00.000Z',
  })
  return rows
}

type MockOptions = {rows?: Row[]; listStatus?: number; calls?: string[]}

/**
 * The list calls among `calls` (mockApi's record), each as "{status} p{page} {sort} {dir}", or
 * "{status} csv {sort} {dir}" for the CSV, with " q={search}" when there is one.
 */
function listCalls(calls: readonly string[]): string[] {
  return calls
    .filter((call) => call.startsWith('GET /api/admin/enrollments?'))
    .map((call) => {
      const query = new URLSearchParams(call.slice(call.indexOf('?') + 1))
      const what = query.get('format') === 'csv' ? 'csv' : `p${query.get('page')}`
      return [query.get('status'), what, query.get('sort'), query.get('dir'), ...(query.has('q') ? [`q=${query.get('q')}`] : [])].join(' ')
    })
}

/**
 * A fixed-data admin API (read-only) for what the real server cannot be made to answer on cue:
 * an exact set of rows (other specs add enrolments to the real list meanwhile) and a failing
 * list. The list is answered from `rows` with the shared rules (./admin-list-mock.ts); a detail
 * is the row as stored JSON; nothing can be changed (the follow-up moves are tested against the
 * real API). Records every call in `calls`.
 */
async function mockApi(page: Page, {rows = mockRows(), listStatus = 200, calls = []}: MockOptions = {}) {
  await page.route('**/api/admin**', async (route: Route) => {
    const url = new URL(route.request().url())
    const auth = route.request().headers()['authorization']
    calls.push(`${route.request().method()} ${url.pathname}${url.search}`)
    if (url.pathname === '/api/admin') return route.fulfill({json: {authToken: MOCK_TOKEN, expiresAt: new Date(Date.now() + 7200_000).toISOString()}})
    if (auth !== `Bearer ${MOCK_TOKEN}`) return route.fulfill({status: 401, json: {error: 'Invalid or expired token'}})
    if (route.request().method() !== 'GET') return route.fulfill({status: 405, json: {error: 'Method not allowed'}})
    if (isEnrolmentListCall(url)) {
      if (listStatus !== 200) return route.fulfill({status: listStatus, json: {error: 'Nope'}})
      return fulfillEnrolmentList(route, rows)
    }
    const detail = url.pathname.match(/^\/api\/admin\/enrollments\/([^/]+)$/)
    const row = rows.find((r) => r.orderId === decodeURIComponent(detail?.[1] ?? ''))
    if (row) {
      // The detail as the API answers it (EnrolmentDetailSchema): the page parses it.
      const {paidAt, paymentId, receiptNumber, ...rest} = row
      return route.fulfill({
        json: {
          ...rest,
          ...(paidAt ? {paidAt} : {}),
          ...(paymentId ? {paymentId} : {}),
          ...(receiptNumber ? {receiptNumber} : {}),
          receipt: `rcpt_${row.orderId}`,
          trainingProgram: row.trainingProgramName.toLowerCase().replaceAll(' ', '-'),
          course: row.courseName,
          countryName: row.country,
          amountMinor: Math.round(row.amount * 100),
          mode: 'sandbox',
          refunds: [],
          attachments: [],
          history: [],
        },
      })
    }
    return route.fulfill({status: 404, json: {error: 'Not found'}})
  })
  return calls
}

/** The enrolment table's scroll region, named by its caption ("Enrolments, sorted by …"): not the Revenue by month table. */
const enrolmentList = (page: Page) => page.getByRole('region', {name: /^Enrolments/})

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('authToken'))

async function createEnrolment(request: APIRequestContext, form: Record<string, unknown>, pay: boolean) {
  const order = await request.post('/api/enroll/create-order', {data: {termsAccepted: true, ...form}})
  expect(order.status(), await order.text()).toBe(200)
  const {id} = (await order.json()) as {id: string}
  if (!pay) return id
  const paid = await request.post('/api/sandbox/pay', {data: {orderId: id}})
  expect(paid.status(), await paid.text()).toBe(200)
  const saved = await request.post('/api/enroll/save', {data: await paid.json()})
  expect(saved.status(), await saved.text()).toBe(200)
  return id
}

test.describe('real API', () => {
  test('a wrong login shows Invalid credentials in the red box (and the form is accessible)', async ({page}) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', {name: 'Administrator Sign In'})).toBeVisible()
    await expect(page.getByRole('navigation', {name: 'Main'})).toHaveCount(0)
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email')
    await expect(page.getByLabel('Email')).toHaveAttribute('required', '')
    await expect(page.getByLabel('Password')).toHaveAttribute('required', '')
    await expectAccessible(page)
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill('not-the-password')
    await page.getByRole('button', {name: 'Sign In'}).click()
    await expect(page.getByRole('alert')).toHaveText('Invalid credentials')
    expect(await storedToken(page)).toBeNull()
    await expectAccessible(page)
  })

  test('login, then cards, search, sort, paging, CSV and Logout over real enrolments', async ({page, request}) => {
    test.setTimeout(90_000)
    const tag = `Zephyr${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`
    for (let index = 0; index < 11; index++) {
      const [program, course, amount] = [
        ['pre-sea-training', 'PSF', 50],
        ['offshore-survival', 'BOSIET', 450],
        ['stcw-courses', 'ARPA', 300],
      ][index % 3]!
      await createEnrolment(
        request,
        {
          name: `${tag} Cadet ${String(index + 1).padStart(2, '0')}`,
          email: `cadet${index}@example.com`,
          mobile: `+91 98470 100${String(index).padStart(2, '0')}`,
          trainingProgram: program,
          course,
          amount,
          currency: 'USD',
        },
        true,
      )
    }
    await createEnrolment(
      request,
      {
        name: `=HYPERLINK("x") ${tag}`,
        email: 'pending@example.com',
        mobile: '98470 22222',
        trainingProgram: 'pre-sea-training',
        course: 'PSF',
        amount: 50,
        currency: 'USD',
      },
      false,
    )

    // The list calls the page makes ("{status} p{page} {sort} {dir}[ q={search}]", the CSV's "csv" for
    // the page), each with its bearer token.
    const calls: string[] = []
    const tokens = new Set<string>()
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.pathname !== '/api/admin/enrollments') return
      calls.push(`GET ${url.pathname}${url.search}`)
      tokens.add(r.headers()['authorization'] ?? '')
    })
    await page.goto('/login')
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', {name: 'Sign In'}).click()
    await expect(page.getByRole('heading', {name: 'Enrolment Records'})).toBeVisible()
    expect(await storedToken(page)).toBeTruthy()

    // Cards and paging over the paid enrolments (other tests may add enrolments too: N is read, then checked).
    const showing = page.getByText(/^Showing \d+ to \d+ of \d+ results$/)
    await expect(showing).toHaveText(/^Showing 1 to 10 of \d+ results$/)
    const total = Number((await showing.textContent())!.match(/of (\d+) results/)![1])
    expect(total).toBeGreaterThanOrEqual(11)
    // Another card can show the same number: one of them is the total.
    await expect(
      page
        .getByRole('definition')
        .filter({hasText: new RegExp(`^${total}$`)})
        .first(),
    ).toBeVisible()
    await expect(page.getByText('Total Enrollments')).toBeVisible()
    await expect(page.getByText('Total Revenue')).toBeVisible()
    await expect(page.getByText('Programs Active')).toBeVisible()
    await expect(page.getByLabel('Show pending enrolments')).not.toBeChecked()
    expect(listCalls(calls)).toEqual(['received p1 name asc'])
    expect([...tokens]).toEqual([`Bearer ${await storedToken(page)}`])
    await expectAccessible(page)

    await page.getByRole('button', {name: 'Next'}).click()
    // Other specs may add enrolments between the two pages: the total is read again.
    await expect(showing).toHaveText(/^Showing 11 to \d+ of \d+ results$/)
    const later = Number((await showing.textContent())!.match(/of (\d+) results/)![1])
    expect(later).toBeGreaterThanOrEqual(total)
    await expect(showing).toHaveText(`Showing 11 to ${Math.min(20, later)} of ${later} results`)
    await expect(page.getByRole('button', {name: 'Page 2', exact: true})).toHaveAttribute('aria-current', 'page')

    // Search: resets to page 1; this test's 11 paid records, not its pending one; the cards follow.
    // (Its answer is waited for: the unsearched list could hold these 11 only.)
    await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === tag.toLowerCase()),
      page.getByLabel('Search enrolments').fill(tag.toLowerCase()),
    ])
    await expect(showing).toHaveText('Showing 1 to 10 of 11 results')
    await expect(enrolmentList(page).locator('tbody')).not.toContainText('=HYPERLINK')
    const card = (label: string) => page.locator('dl > div').filter({hasText: label}).locator('dd').first()
    await expect(card('Total Enrollments')).toHaveText('11')
    // 4 × $50 + 4 × $450 + 3 × $300.
    await expect(card('Total Revenue')).toHaveText('USD 2,900.00')
    await expect(card('Programs Active')).toHaveText('3')
    await expect(card('Awaiting contact')).toHaveText('11')
    expect(listCalls(calls)).toEqual(['received p1 name asc', 'received p2 name asc', `received p1 name asc q=${tag.toLowerCase()}`])

    // Pending ones on request: page 1 again with status=all; the search stays.
    await page.getByLabel('Show pending enrolments').check()
    await expect(showing).toHaveText('Showing 1 to 10 of 12 results')
    expect(listCalls(calls).at(-1)).toBe(`all p1 name asc q=${tag.toLowerCase()}`)
    expect(listCalls(calls)).toHaveLength(4)
    await expect(page.getByLabel('Search enrolments')).toHaveValue(tag.toLowerCase())
    await expect(page.getByRole('button', {name: 'Page 1', exact: true})).toHaveAttribute('aria-current', 'page')
    // The unpaid enrolment is listed and marked ('=' sorts before letters).
    await expect(enrolmentList(page).locator('tbody tr').first()).toContainText('=HYPERLINK')
    await expect(enrolmentList(page).locator('tbody tr').first().getByText('Pending', {exact: true})).toBeVisible()
    await expect(enrolmentList(page).locator('tbody tr').nth(1).getByText('Paid', {exact: true})).toBeVisible()
    await page.getByRole('button', {name: 'Next'}).click()
    await expect(showing).toHaveText('Showing 11 to 12 of 12 results')

    // Sort: a new column ascending (page 1 again), then descending; amounts as numbers.
    const amountHeader = page.getByRole('columnheader', {name: 'Amount'})
    await amountHeader.getByRole('button').click()
    await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(showing).toHaveText('Showing 1 to 10 of 12 results')
    await expect(enrolmentList(page).locator('tbody tr').first().locator('td').nth(5)).toHaveText('$50 USD')
    await amountHeader.getByRole('button').click()
    await expect(amountHeader).toHaveAttribute('aria-sort', 'descending')
    await expect(enrolmentList(page).locator('tbody tr').first().locator('td').nth(5)).toHaveText('$450 USD')
    await expect(page.getByRole('columnheader', {name: 'Name'})).not.toHaveAttribute('aria-sort', /.+/)

    // CSV of the filtered list, written by the server in the list's order: name, neutralised
    // formula cells, all 12 rows.
    const downloadPromise = page.waitForEvent('download')
    await page.getByRole('button', {name: 'Download CSV'}).click()
    const download = await downloadPromise
    expect(download.suggestedFilename()).toMatch(/^enrolments-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '')
    const lines = csv.trimEnd().split('\r\n')
    expect(lines).toHaveLength(13)
    expect(csv).toContain(`"'=HYPERLINK(""x"") ${tag}"`)
    expect(csv).toContain("'+91 98470 10000")
    expect(lines[1]).toContain(',450,USD,')
    expect(listCalls(calls).at(-1)).toBe(`all csv amount desc q=${tag.toLowerCase()}`)
    expect([...tokens]).toEqual([`Bearer ${await storedToken(page)}`])

    // The detail view of a real record (GET /api/admin/enrollments/:orderId).
    await enrolmentList(page).locator('tbody tr').first().getByRole('button', {name: /^View/}).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText(/^order_sandbox_/)).toBeVisible()
    await expect(dialog.getByText(/^pay_sandbox_/)).toBeVisible()
    await expect(dialog.getByText('Paid', {exact: true})).toBeVisible()
    await expect(dialog.getByText('No documents were uploaded with this enrolment.')).toBeVisible()
    await page.screenshot({path: test.info().outputPath('list-1280.png'), fullPage: true})
    await dialog.getByRole('button', {name: 'Close details'}).click()
    await expect(dialog).toHaveCount(0)

    // Logout: the token is removed and the page reloads to the form.
    await page.getByRole('button', {name: 'Logout'}).click()
    await expect(page.getByRole('button', {name: 'Sign In'})).toBeVisible()
    expect(await storedToken(page)).toBeNull()
  })

  test('follow-up: a paid enrolment marked contacted, then confirmed with a note, seen in its history (axe, 390 px)', async ({page, request}) => {
    test.setTimeout(90_000)
    const tag = `Follow${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`
    const orderId = await createEnrolment(
      request,
      {
        name: `${tag} Candidate`,
        email: 'follow-up@example.com',
        mobile: '+91 98470 33333',
        trainingProgram: 'pre-sea-training',
        course: 'PSF',
        amount: 50,
        currency: 'USD',
      },
      true,
    )
    // One real login, through the API (every attempt counts: 5 per 15 minutes per client).
    const login = await request.post('/api/admin', {data: ADMIN})
    expect(login.status(), await login.text()).toBe(200)
    const {authToken} = (await login.json()) as {authToken: string}
    await seedToken(page, authToken)
    await page.setViewportSize({width: 390, height: 844})
    await page.goto('/adminEnrollments')
    const showing = page.getByText(/^Showing \d+ to \d+ of \d+ results$/)
    await expect(showing).toHaveText(/^Showing 1 to \d+ of \d+ results$/)
    // The cards count the searched set, and follow changes made here.
    const card = (label: string) => page.locator('dl > div').filter({hasText: label}).locator('dd').first()
    await expect(card('Awaiting contact')).toHaveText(/^\d+$/)
    await expect(card('Total Enrollments')).toBeVisible()

    await page.getByLabel('Search enrolments').fill(tag)
    await expect(showing).toHaveText('Showing 1 to 1 of 1 results')
    await expect(card('Total Enrollments')).toHaveText('1')
    await expect(card('Awaiting contact')).toHaveText('1')
    const row = enrolmentList(page).locator('tbody tr').first()
    await expect(row.getByText('Paid', {exact: true})).toBeVisible()
    await row.getByRole('button', {name: /^View/}).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('Current status: Paid')).toBeVisible()
    await expect(dialog.getByText('No status changes or notes yet.')).toBeVisible()
    // When the terms were accepted, and which versions (the seed's legal pages' "Last updated").
    const terms = dialog
      .locator('dl > div')
      .filter({has: page.locator('dt', {hasText: /^Terms accepted$/})})
      .locator('dd')
    await expect(terms).toContainText('Terms & Conditions of 1 November 2026 · Cancellation & Refund Policy of 1 November 2026')
    await expect(dialog.getByRole('button', {name: 'Mark as confirmed'})).toHaveCount(0)

    await dialog.getByRole('button', {name: 'Mark as contacted'}).click()
    await expect(dialog.getByRole('status').filter({hasText: 'Marked as contacted.'})).toBeVisible()
    // Focus moves on to the next step; the badge and the history follow.
    await expect(dialog.getByRole('button', {name: 'Mark as confirmed'})).toBeFocused()
    const history = dialog.getByRole('list', {name: 'History'}).getByRole('listitem')
    await expect(history).toHaveCount(1)
    await expect(history.first()).toContainText(ADMIN.email)
    await expect(history.first()).toContainText(/Paid\s*→\s*to\s*Contacted/)

    const note = 'Called the candidate: joining on 2 March.\nAsked for the passport copy.'
    await dialog.getByLabel('Note').fill(note)
    await dialog.getByRole('button', {name: 'Add note'}).click()
    await expect(dialog.getByRole('status').filter({hasText: 'Note added.'})).toBeVisible()
    await expect(dialog.getByLabel('Note')).toHaveValue('')
    await expect(history).toHaveCount(2)
    await expect(history.first()).toContainText('Asked for the passport copy.')

    // From the keyboard.
    await dialog.getByRole('button', {name: 'Mark as confirmed'}).focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('status').filter({hasText: 'Marked as confirmed.'})).toBeVisible()
    await expect(history).toHaveCount(3)
    await expect(history.first()).toContainText(/Contacted\s*→\s*to\s*Confirmed/)
    await expect(dialog.getByRole('button', {name: 'Mark as completed'})).toBeVisible()
    await expect(dialog.getByText('Current status: Confirmed')).toBeVisible()
    await expect(dialog.getByText('Confirmed', {exact: true})).toBeVisible()
    await expectAccessible(page)
    const pageOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(await pageOverflow()).toBeLessThanOrEqual(0)
    expect((await dialog.boundingBox())!.width).toBeLessThanOrEqual(390)
    await page.screenshot({path: test.info().outputPath('follow-up-390.png')})

    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(row.getByText('Confirmed', {exact: true})).toBeVisible()
    await expect(card('Awaiting contact')).toHaveText('0')
    await expect(card('Total Enrollments')).toHaveText('1')
    // The status filter with the search.
    const status = page.getByLabel('Status', {exact: true})
    await status.selectOption({label: 'Confirmed'})
    await expect(showing).toHaveText('Showing 1 to 1 of 1 results')
    await status.selectOption({label: 'Paid'})
    await expect(page.getByText('No enrollments found')).toBeVisible()
    await expect(page.getByText('Try adjusting your search terms.')).toBeVisible()
    await expectAccessible(page)

    // The record itself, through the API: three entries by the staff account, oldest first.
    const stored = await request.get(`/api/admin/enrollments/${orderId}`, {headers: {Authorization: `Bearer ${authToken}`}})
    const body = (await stored.json()) as {status: string; history: EnrolmentHistoryEntry[]}
    expect(body.status).toBe('confirmed')
    expect(body.history.map(({from, to, note, by}) => ({from, to, note, by}))).toEqual([
      {from: 'paid', to: 'contacted', note: undefined, by: ADMIN_ACCOUNT},
      {from: undefined, to: undefined, note, by: ADMIN_ACCOUNT},
      {from: 'contacted', to: 'confirmed', note: undefined, by: ADMIN_ACCOUNT},
    ])
  })

  test('without a stored token the list shows No authentication token found, and asks nothing', async ({page}) => {
    const calls: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/admin')) calls.push(r.url())
    })
    await page.goto('/adminEnrollments')
    await expect(page.getByRole('heading', {name: 'Error loading enrollments'})).toBeVisible()
    await expect(page.getByText('No authentication token found', {exact: true})).toBeVisible()
    await expect(page.getByRole('link', {name: /administrator login/})).toHaveAttribute('href', '/login')
    expect(calls).toEqual([])
    await expectAccessible(page)
  })

  test('follow-up in the detail view: cancel with a confirm step, busy state, a refused move, the note rule', async ({page, request}) => {
    // Several follow-up moves in one dialog, each with its busy state and refusal.
    test.slow()
    const tag = uniqueTag('Cancel')
    const contacted = `${tag} Contacted`
    const confirmed = `${tag} Confirmed`
    const {orderId: contactedId} = await createPsfOrder(request, contacted, 'follow-up@example.com', 'paid')
    const {orderId: confirmedId} = await createPsfOrder(request, confirmed, 'follow-up@example.com', 'paid')
    const token = await loginThroughApi(request)
    const headers = {Authorization: `Bearer ${token}`}
    /** A move by another member of staff, through the API. */
    const move = async (orderId: string, status: string) => {
      const moved = await request.patch(`/api/admin/enrollments/${orderId}`, {headers, data: {status}})
      expect(moved.status(), await moved.text()).toBe(200)
    }
    const stored = async (orderId: string) =>
      (await (await request.get(`/api/admin/enrollments/${orderId}`, {headers})).json()) as {status: string; history: EnrolmentHistoryEntry[]}
    await move(contactedId, 'contacted')
    await move(confirmedId, 'contacted')
    await move(confirmedId, 'confirmed')
    await seedToken(page, token)

    // The page's PATCHes are observed; one can be held (then sent on, unchanged, to the real API).
    const patches: string[] = []
    page.on('request', (r) => {
      if (r.method() === 'PATCH') patches.push(new URL(r.url()).pathname)
    })
    let release: (() => void) | null = null
    let holding = false
    await page.route('**/api/admin/enrollments/*', async (route) => {
      if (holding && route.request().method() === 'PATCH') await new Promise<void>((resolve) => (release = resolve))
      return route.fallback()
    })

    await page.goto('/adminEnrollments')
    await page.getByLabel('Search enrolments').fill(confirmed)
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()
    await page.getByRole('button', {name: `View ${confirmed}`}).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('button', {name: 'Mark as completed'})).toBeVisible()
    await expect(dialog.getByRole('button', {name: 'Mark as contacted'})).toHaveCount(0)

    // The note rule, before anything is sent.
    await dialog.getByRole('button', {name: 'Add note'}).click()
    await expect(dialog.getByRole('alert')).toHaveText('The note is empty: write something first.')
    await expect(dialog.getByLabel('Note')).toBeFocused()
    await expect(dialog.getByLabel('Note')).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog.getByLabel('Note')).toHaveAttribute('maxlength', '2000')
    expect(patches).toEqual([])

    // Cancel: a confirm step that says no refund is made; Keep goes back.
    await dialog.getByRole('button', {name: 'Cancel enrolment'}).click()
    const confirm = dialog.getByRole('group', {name: 'Cancel this enrolment? This cannot be undone.'})
    await expect(confirm).toContainText('Cancelling does not refund the payment: a refund is made separately.')
    await expect(confirm.getByRole('button', {name: 'Yes, cancel enrolment'})).toBeFocused()
    await expectAccessible(page)
    await confirm.getByRole('button', {name: 'Keep enrolment'}).click()
    await expect(confirm).toHaveCount(0)
    await expect(dialog.getByRole('button', {name: 'Cancel enrolment'})).toBeFocused()
    expect(patches).toEqual([])

    await dialog.getByRole('button', {name: 'Cancel enrolment'}).click()
    holding = true
    await confirm.getByRole('button', {name: 'Yes, cancel enrolment'}).click()
    await expect(dialog.getByRole('button', {name: 'Saving...'})).toBeDisabled()
    await expect(dialog.getByRole('button', {name: 'Mark as completed'})).toBeDisabled()
    await expect(dialog.getByRole('button', {name: 'Add note'})).toBeDisabled()
    await expect.poll(() => release !== null).toBe(true)
    holding = false
    release!()
    await expect(dialog.getByRole('status').filter({hasText: 'Enrolment cancelled.'})).toBeVisible()
    await expect(dialog.getByText('Current status: Cancelled')).toBeVisible()
    await expect(dialog.getByText('The status of this enrolment cannot change any more; notes can still be added.')).toBeVisible()
    await expect(dialog.getByRole('button', {name: 'Mark as completed'})).toHaveCount(0)
    await expect(dialog.getByRole('list', {name: 'History'}).getByRole('listitem').first()).toContainText(/Confirmed\s*→\s*to\s*Cancelled/)
    expect(patches).toEqual([`/api/admin/enrollments/${confirmedId}`])
    await dialog.getByRole('button', {name: 'Close details'}).click()
    await expect(enrolmentList(page).locator('tbody tr').first().getByText('Cancelled', {exact: true})).toBeVisible()
    expect(await stored(confirmedId)).toMatchObject({status: 'cancelled'})
    expect((await stored(confirmedId)).history.at(-1)).toMatchObject({from: 'confirmed', to: 'cancelled', by: ADMIN_ACCOUNT})

    // Someone else moves the contacted one on meanwhile: the server's reason is shown, nothing changes.
    await page.getByLabel('Search enrolments').fill(contacted)
    await page.getByRole('button', {name: `View ${contacted}`}).click()
    await expect(dialog.getByRole('button', {name: 'Mark as confirmed'})).toBeVisible()
    await move(contactedId, 'confirmed')
    await dialog.getByRole('button', {name: 'Mark as confirmed'}).click()
    await expect(dialog.getByRole('alert')).toHaveText('The enrolment is already Confirmed.')
    await expect(dialog.getByRole('button', {name: 'Mark as confirmed'})).toBeFocused()
    await expectAccessible(page)
    const refused = await stored(contactedId)
    expect(refused.status).toBe('confirmed')
    expect(refused.history.map(({from, to}) => `${from}→${to}`)).toEqual(['paid→contacted', 'contacted→confirmed'])
  })

  test('15 minutes without activity log out; activity restarts the timer', async ({page, request}) => {
    await page.clock.install()
    const token = await loginThroughApi(request)
    await seedToken(page, token)
    await page.goto('/adminEnrollments')
    const showing = page.getByText(/^Showing 1 to \d+ of \d+ results$/)
    await expect(showing).toBeVisible()
    await page.clock.fastForward('14:00')
    await page.mouse.move(200, 300)
    await page.mouse.move(220, 320)
    await page.clock.fastForward('14:00')
    await expect(showing).toBeVisible()
    expect(await storedToken(page)).toBe(token)
    await page.clock.fastForward('15:01')
    await expect(page.getByText('No authentication token found')).toBeVisible()
    expect(await storedToken(page)).toBeNull()
  })

  test('Logout removes the token and reloads', async ({page, request}) => {
    await seedToken(page, await loginThroughApi(request))
    await page.goto('/adminEnrollments')
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible()
    await page.getByRole('button', {name: 'Logout'}).click()
    await expect(page.getByText('No authentication token found')).toBeVisible()
    expect(await storedToken(page)).toBeNull()
  })

  test('a token the server refuses is removed and the login form returns', async ({page}) => {
    await seedToken(page, 'expired-token')
    await page.goto('/adminEnrollments')
    await expect(page.getByRole('button', {name: 'Sign In'})).toBeVisible()
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible()
    expect(await storedToken(page)).toBeNull()
    // Signing in again, for real, shows the list.
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill(ADMIN.password)
    await page.getByRole('button', {name: 'Sign In'}).click()
    await expect(page.getByText(/^Showing 1 to \d+ of \d+ results$/)).toBeVisible()
    const token = await storedToken(page)
    expect(token).toBeTruthy()
    expect(token).not.toBe('expired-token')
  })

  test('the detail view shows the record and downloads a document with the bearer token', async ({page, request}) => {
    // A pending cadetship enrolment with a passport uploaded through the enrolment form's API.
    const tag = uniqueTag('Docs')
    const passport = Buffer.from('%PDF-1.4\n% e2e passport\n%%EOF\n')
    const start = await request.post('/api/enroll/upload', {data: {fileName: 'passport.pdf', size: passport.length, contentType: 'application/pdf'}})
    expect(start.status(), await start.text()).toBe(201)
    const {uploadId} = (await start.json()) as {uploadId: string}
    const chunk = await request.put(`/api/enroll/upload/${uploadId}/0`, {data: passport, headers: {'Content-Type': 'application/octet-stream'}})
    expect(chunk.status(), await chunk.text()).toBe(200)
    const complete = await request.post(`/api/enroll/upload/${uploadId}/complete`)
    expect(complete.status(), await complete.text()).toBe(200)
    const order = await request.post('/api/enroll/create-order', {
      data: {
        name: `${tag} Cadet`,
        email: 'docs-e2e@example.com',
        mobile: '+63 917 555 0102',
        trainingProgram: 'cadetship-training',
        course: 'deck-cadet',
        amount: 3500,
        currency: 'USD',
        termsAccepted: true,
        attachments: [uploadId],
      },
    })
    expect(order.status(), await order.text()).toBe(200)
    const {id: orderId} = (await order.json()) as {id: string}

    const calls: string[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.pathname.startsWith('/api/admin/')) calls.push(`${r.method()} ${url.pathname} ${r.headers()['authorization'] ?? ''}`)
    })
    const token = await loginThroughApi(request)
    await seedToken(page, token)
    await page.goto('/adminEnrollments')
    await page.getByLabel('Show pending enrolments').check()
    await page.getByLabel('Search enrolments').fill(tag)
    await expect(page.getByText('Showing 1 to 1 of 1 results')).toBeVisible()
    await page.getByRole('button', {name: `View ${tag} Cadet`}).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(orderId)
    await expect(dialog).toContainText('Not paid yet')
    await expect(dialog.getByText('Pending', {exact: true})).toBeVisible()
    await expect(dialog.getByRole('listitem').getByText('passport.pdf').first()).toBeVisible()
    await expectAccessible(page)
    const downloadPromise = page.waitForEvent('download')
    await dialog.getByRole('button', {name: 'Download passport.pdf'}).click()
    const download = await downloadPromise
    expect(download.suggestedFilename()).toBe('passport.pdf')
    // The stored bytes, fetched with the bearer token.
    expect(await readFile((await download.path())!)).toEqual(passport)
    expect(calls).toContain(`GET /api/admin/enrollments/${orderId}/documents/${uploadId} Bearer ${token}`)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
  })

  test('CSV export neutralises formula cells', async ({page, request}) => {
    const tag = uniqueTag('Csv')
    await createPsfOrder(request, `${tag} Cadet`, 'csv-e2e@example.com', 'paid')
    const pending = await request.post('/api/enroll/create-order', {
      data: {
        name: `=HYPERLINK("http://evil.example") ${tag}`,
        email: 'formula@example.com',
        mobile: '+63 917 000 0001',
        trainingProgram: 'pre-sea-training',
        course: 'PSF',
        amount: 50,
        currency: 'USD',
        termsAccepted: true,
      },
    })
    expect(pending.status(), await pending.text()).toBe(200)
    await seedToken(page, await loginThroughApi(request))
    await page.goto('/adminEnrollments')
    await page.getByLabel('Show pending enrolments').check()
    await page.getByLabel('Search enrolments').fill(tag)
    await expect(page.getByText('Showing 1 to 2 of 2 results')).toBeVisible()
    const downloadPromise = page.waitForEvent('download')
    await page.getByRole('button', {name: 'Download CSV'}).click()
    const download = await downloadPromise
    expect(download.suggestedFilename()).toMatch(/^enrolments-\d{4}-\d{2}-\d{2}\.csv$/)
    const csv = await readFile((await download.path())!, 'utf8')
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.example"") ${tag}"`)
    expect(csv).toContain("'+63 917 000 0001")
    expect(csv).toContain(`${tag} Cadet`)
    expect(csv.trimEnd().split('\r\n')).toHaveLength(3)
  })
})

test.describe('fixed-data API', () => {
  test('cards, search rules, numeric sort, numbered pages, empty search, one list request per action', async ({page}) => {
    const calls = await mockApi(page)
    await seedToken(page)
    await page.goto('/adminEnrollments')
    const showing = page.getByText(/^Showing \d+ to \d+ of \d+ results$/)
    // By default the paid enrolments only: the cards count what is listed.
    await expect(showing).toHaveText('Showing 1 to 10 of 22 results')
    expect(listCalls(calls)).toEqual(['received p1 name asc'])
    const card = (label: string) => page.locator('dl > div').filter({hasText: label}).locator('dd').first()
    const cardDetail = (label: string) => page.locator('dl > div').filter({hasText: label}).locator('dd').nth(1)
    await expect(card('Total Enrollments')).toHaveText('22')
    await expect(cardDetail('Total Enrollments')).toHaveText('Paid enrolments')
    await expect(card('Programs Active')).toHaveText('3')
    await expect(page.getByText('Only paid enrolments are shown.')).toBeVisible()

    // The checkbox, from the keyboard: the first page again, with the pending ones.
    const pendingBox = page.getByRole('checkbox', {name: 'Show pending enrolments'})
    await expect(pendingBox).not.toBeChecked()
    await pendingBox.focus()
    await page.keyboard.press('Space')
    await expect(pendingBox).toBeChecked()
    await expect(showing).toHaveText('Showing 1 to 10 of 23 results')
    expect(listCalls(calls)).toEqual(['received p1 name asc', 'all p1 name asc'])
    await expect(card('Total Enrollments')).toHaveText('23')
    await expect(cardDetail('Total Enrollments')).toHaveText('1 pending payment')
    await expect(page.getByText('Paid and pending enrolments are shown.')).toBeVisible()
    // Paid only: the pending 3500 is not counted.
    const paid = mockRows()
      .filter((r) => r.status === 'paid')
      .reduce((sum, r) => sum + r.amount, 0)
    // Per currency: "USD 12,450.00".
    await expect(card('Total Revenue')).toHaveText(`USD ${paid.toLocaleString('en-US', {minimumFractionDigits: 2, maximumFractionDigits: 2})}`)
    await expect(card('Programs Active')).toHaveText('4')
    await expect(page.getByRole('columnheader', {name: 'Name'})).toHaveAttribute('aria-sort', 'ascending')
    await expect(enrolmentList(page).locator('caption')).toHaveText(/Enrolments, sorted by Name ascending, page 1 of 3/)
    await expectAccessible(page)

    await page.getByRole('button', {name: 'Page 3', exact: true}).click()
    await expect(showing).toHaveText('Showing 21 to 23 of 23 results')
    await expect(enrolmentList(page).locator('tbody tr')).toHaveCount(3)
    await expect(page.getByRole('button', {name: 'Next'})).toBeDisabled()
    await page.getByRole('button', {name: 'Previous'}).click()
    await expect(showing).toHaveText('Showing 11 to 20 of 23 results')
    await expect(enrolmentList(page).locator('tbody tr').first()).toContainText('Cadet 10')
    expect(listCalls(calls).slice(2)).toEqual(['all p3 name asc', 'all p2 name asc'])

    // Each search is one request, from page 1.
    const search = page.getByLabel('Search enrolments')
    await search.fill('GUYANA')
    await expect(showing).toHaveText('Showing 1 to 7 of 7 results')
    await search.fill('000 0005')
    await expect(showing).toHaveText('Showing 1 to 1 of 1 results')
    await expect(enrolmentList(page).locator('tbody tr')).toHaveCount(1)
    await search.fill('cadet05@example.com')
    await expect(page.getByText('No enrollments found')).toBeVisible()
    await expect(page.getByText('Try adjusting your search terms.')).toBeVisible()
    await search.fill('')
    await expect(showing).toHaveText('Showing 1 to 10 of 23 results')
    expect(listCalls(calls).slice(4)).toEqual([
      'all p1 name asc q=GUYANA',
      'all p1 name asc q=000 0005',
      'all p1 name asc q=cadet05@example.com',
      'all p1 name asc',
    ])

    // Amount sorts as a number: 150 < 1000-something < 2200…
    const amountHeader = page.getByRole('columnheader', {name: 'Amount'})
    await amountHeader.getByRole('button').click()
    await expect(amountHeader).toHaveAttribute('aria-sort', 'ascending')
    await expect(enrolmentList(page).locator('tbody tr').first().locator('td').nth(5)).toHaveText('$150 USD')
    await amountHeader.getByRole('button').click()
    await expect(amountHeader).toHaveAttribute('aria-sort', 'descending')
    await expect(enrolmentList(page).locator('tbody tr').first().locator('td').nth(5)).toHaveText('$3,500 USD')
    await expect(enrolmentList(page).locator('tbody tr').first()).toContainText('Pending')
    expect(listCalls(calls).slice(8)).toEqual(['all p1 amount asc', 'all p1 amount desc'])

    // Unchecked again: back to the paid ones, page 1, the sort kept.
    await pendingBox.press('Space')
    await expect(showing).toHaveText('Showing 1 to 10 of 22 results')
    await expect(enrolmentList(page).locator('tbody')).not.toContainText('Pending')
    await expect(enrolmentList(page).locator('tbody tr').first().locator('td').nth(5)).toHaveText('$2,220 USD')
    expect(listCalls(calls).slice(10)).toEqual(['received p1 amount desc'])
  })

  test('a search is asked for once typing pauses (250 ms), from page 1', async ({page}) => {
    const calls = await mockApi(page)
    await page.clock.install()
    await seedToken(page)
    await page.goto('/adminEnrollments')
    const showing = page.getByText(/^Showing \d+ to \d+ of \d+ results$/)
    await expect(showing).toHaveText('Showing 1 to 10 of 22 results')
    await page.getByRole('button', {name: 'Page 2', exact: true}).click()
    await expect(showing).toHaveText('Showing 11 to 20 of 22 results')
    // Time stands still while the word is typed key by key: no pause, so nothing is asked yet.
    await page.clock.pauseAt(Date.now() + 60_000)
    await page.getByLabel('Search enrolments').pressSequentially('guyana')
    await expect(page.getByLabel('Search enrolments')).toHaveValue('guyana')
    expect(listCalls(calls)).toEqual(['received p1 name asc', 'received p2 name asc'])
    await page.clock.runFor(250)
    await expect(showing).toHaveText('Showing 1 to 7 of 7 results')
    await expect(page.getByRole('button', {name: 'Page 1', exact: true})).toHaveAttribute('aria-current', 'page')
    expect(listCalls(calls)).toEqual(['received p1 name asc', 'received p2 name asc', 'received p1 name asc q=guyana'])
    await page.clock.resume()
  })

  test('follow-up statuses: badges, the Awaiting contact card, the status filter with the search, Pending only when shown', async ({page}) => {
    const rows = mockRows()
    const statuses: Row['status'][] = ['contacted', 'confirmed', 'completed', 'cancelled', 'refunded']
    statuses.forEach((status, index) => (rows[index]!.status = status))
    await mockApi(page, {rows})
    await seedToken(page)
    await page.goto('/adminEnrollments')
    const showing = page.getByText(/^Showing \d+ to \d+ of \d+ results$/)
    // Paid in any status since is listed by default; the spec's three cards keep their words.
    await expect(showing).toHaveText('Showing 1 to 10 of 22 results')
    const card = (label: string) => page.locator('dl > div').filter({hasText: label}).locator('dd').first()
    await expect(card('Total Enrollments')).toHaveText('22')
    await expect(card('Programs Active')).toHaveText('3')
    await expect(card('Awaiting contact')).toHaveText('17')
    await expect(page.locator('dl > div').filter({hasText: 'Awaiting contact'}).locator('dd').nth(1)).toHaveText('Paid, not contacted yet')
    for (const [index, label] of ['Contacted', 'Confirmed', 'Completed', 'Cancelled', 'Refunded'].entries()) {
      await expect(enrolmentList(page).locator('tbody tr').nth(index).getByText(label, {exact: true})).toBeVisible()
    }

    const status = page.getByLabel('Status', {exact: true})
    await expect(status.locator('option')).toHaveText([
      'All statuses',
      'Paid',
      'Contacted',
      'Confirmed',
      'Completed',
      'Cancelled',
      'Refunded',
      'Partially refunded',
    ])
    await page.getByRole('button', {name: 'Page 2', exact: true}).click()
    await status.selectOption('paid')
    await expect(showing).toHaveText('Showing 1 to 10 of 17 results')
    await expect(page.getByRole('button', {name: 'Page 1', exact: true})).toHaveAttribute('aria-current', 'page')
    await status.selectOption({label: 'Completed'})
    await expect(showing).toHaveText('Showing 1 to 1 of 1 results')
    await page.getByLabel('Search enrolments').fill('guyana')
    await expect(showing).toHaveText('Showing 1 to 1 of 1 results')
    await expect(enrolmentList(page).locator('tbody tr')).toContainText('Cadet 03')
    await page.getByLabel('Search enrolments').fill('offshore')
    await expect(page.getByText('No enrollments found')).toBeVisible()
    await expect(page.getByText('Try adjusting your search terms.')).toBeVisible()
    await page.getByLabel('Search enrolments').fill('')
    await status.selectOption('')
    await expect(showing).toHaveText('Showing 1 to 10 of 22 results')

    // The status column sorts in the order of an enrolment's life.
    const statusHeader = page.getByRole('columnheader', {name: 'Status'})
    await statusHeader.getByRole('button').click()
    await expect(enrolmentList(page).locator('tbody tr').first()).toContainText('Paid')
    await statusHeader.getByRole('button').click()
    await expect(enrolmentList(page).locator('tbody tr').first()).toContainText('Refunded')

    // Pending is a choice only while pending enrolments are shown.
    await page.getByLabel('Show pending enrolments').check()
    await expect(showing).toHaveText('Showing 1 to 10 of 23 results')
    await status.selectOption({label: 'Pending'})
    await expect(showing).toHaveText('Showing 1 to 1 of 1 results')
    await expectAccessible(page)
    await page.getByLabel('Show pending enrolments').uncheck()
    await expect(showing).toHaveText('Showing 1 to 10 of 22 results')
    await expect(status).toHaveValue('')
  })

  test('server errors: list failure, empty list, throttled login with Signing in...', async ({page}) => {
    await mockApi(page, {listStatus: 500})
    await seedToken(page)
    await page.goto('/adminEnrollments')
    await expect(page.getByRole('heading', {name: 'Error loading enrollments'})).toBeVisible()
    await expect(page.getByText('Failed to fetch enrollments', {exact: true})).toBeVisible()

    await page.unrouteAll()
    await mockApi(page, {rows: []})
    await page.reload()
    await expect(page.getByText('No enrollments found')).toBeVisible()
    await expect(page.getByText('No enrollment records available.')).toBeVisible()

    await page.unrouteAll()
    await page.evaluate(() => localStorage.removeItem('authToken'))
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/admin', async (route) => {
      await held
      await route.fulfill({status: 429, json: {error: 'Too many login attempts. Please try again later.'}})
    })
    await page.goto('/admin/login')
    await page.getByLabel('Email').fill(ADMIN.email)
    await page.getByLabel('Password').fill('x')
    await page.getByRole('button', {name: 'Sign In'}).click()
    await expect(page.getByRole('button', {name: 'Signing in...'})).toBeDisabled()
    release()
    await expect(page.getByRole('alert')).toHaveText('Too many login attempts. Please try again later.')
    await expectAccessible(page)
  })

  test('/login with a stored token shows the list; small screens scroll the table in a focusable region', async ({page}) => {
    await page.setViewportSize({width: 390, height: 844})
    await mockApi(page)
    await seedToken(page)
    await page.goto('/login')
    await expect(page.getByText('Showing 1 to 10 of 22 results')).toBeVisible()
    const region = page.getByRole('region', {name: /Enrolments/})
    await expect(region).toHaveAttribute('tabindex', '0')
    const scroll = await region.evaluate((el) => ({scrollWidth: el.scrollWidth, clientWidth: el.clientWidth}))
    expect(scroll.scrollWidth).toBeGreaterThan(scroll.clientWidth)
    const pageOverflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(await pageOverflow()).toBeLessThanOrEqual(0)
    await page.screenshot({path: test.info().outputPath('list-390.png'), fullPage: true})
    await expectAccessible(page)

    // With pending enrolments shown: the control fits and is a 44 px target.
    const pendingBox = page.getByRole('checkbox', {name: 'Show pending enrolments'})
    const label = page.locator('label').filter({hasText: 'Show pending enrolments'})
    expect((await label.boundingBox())!.height).toBeGreaterThanOrEqual(44)
    await label.click()
    await expect(pendingBox).toBeChecked()
    await expect(page.getByText('Showing 1 to 10 of 23 results')).toBeVisible()
    expect(await pageOverflow()).toBeLessThanOrEqual(0)
    await page.screenshot({path: test.info().outputPath('list-390-pending.png'), fullPage: true})
    await expectAccessible(page)
  })
})

test('both login routes send Cache-Control no-store and noindex', async ({request}) => {
  for (const path of ['/login', '/admin/login', '/adminEnrollments']) {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toContain('no-store')
    expect(await response.text()).toMatch(/<meta name="robots" content="noindex/)
  }
})
