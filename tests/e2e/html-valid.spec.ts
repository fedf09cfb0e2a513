/**
 * Valid HTML (docs/requirements.md#req-project-valid-html): every page of the built site passes the
 * W3C Nu Html Checker (`vnu-jar`, on Java) with no error, the streamed route data included.
 *
 * One test gathers the pages, then runs the checker once over all of them (one Java process):
 * - the HTML the server sends, as a browser gets it (streamed: React's Suspense content and the
 *   route data's scripts after the shell) — every page of the route table, the course calendar,
 *   payment with a batch and with a competency country, the exam pages, verify (found, and the
 *   plain form POST's answer), a confirmation page, a payment-link page, the group booking form and
 *   a group booking's page (paid by card, and by invoice), the contact form's answer
 *   to an invalid POST, the staff pages, My training's sign-in (and a used link's 410), the 404 pages;
 * - a few of them as a crawler gets them (the whole page at once, isbot);
 * - what the browser shows after scripts ran, where the page is drawn in the browser: the exam
 *   being taken, its results, My training signed in, and every staff page after a real login (the
 *   enrolment detail dialog open).
 *
 * Needs Java: `.ci/run` installs Debian's default-jre-headless. With `CI` set the test fails
 * without `java`; elsewhere it is skipped (as the PDF tests do without pdftotext).
 */
import {spawnSync} from 'node:child_process'
import {mkdirSync, writeFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {join} from 'node:path'
import type {APIRequestContext, Page} from '@playwright/test'
import {SPEC_CONTENT_PAGES} from '../helpers/content-pages'
import {createPsfOrder, groupBookingThroughApi, loginThroughApi, paidCadet, seedToken, uniqueTag} from './admin-session'
import {firstVariants, firstVariantsDraw, seedExams} from './exam-seed'
import {signInLinkFor} from './account-session'
import {expect, test} from './fixtures'

const HAS_JAVA = spawnSync('java', ['-version']).error === undefined
const EXAM_ID = 'maritime-safety-basics'
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

/**
 * The staff pages, each with what it shows once its data has loaded (a generous wait: the batch
 * list reads every upcoming batch's seats, slow on a busy machine).
 */
const LOADED = {timeout: 20_000}
const STAFF_PAGES: Array<[string, (page: Page) => Promise<void>]> = [
  ['/admin/enquiries', (page) => expect(page.getByRole('table', {name: 'Enquiries, newest first'}).or(page.getByText('No enquiries yet'))).toBeVisible(LOADED)],
  ['/admin/payments', (page) => expect(page.getByRole('heading', {name: 'Needs attention'})).toBeVisible(LOADED)],
  ['/admin/batches', (page) => expect(page.getByText(/^\d+ upcoming batch(es)?$|^No upcoming batches\.$/)).toBeVisible(LOADED)],
  ['/admin/exams', (page) => expect(page.locator(`section[data-exam-id="${EXAM_ID}"]`)).toBeVisible(LOADED)],
  ['/admin/outbox', (page) => expect(page.getByText(/^Showing \d+ to \d+ of \d+ results$/).or(page.getByText('The outbox is empty.'))).toBeVisible(LOADED)],
]

/** A page to check: where it came from (for the report) and its HTML. */
type Checked = {label: string; html: string}

/** The server's HTML of `path` (GET, or POST of `form`), after checking its status. */
async function served(
  request: APIRequestContext,
  path: string,
  {status = 200, form, userAgent}: {status?: number; form?: Record<string, string>; userAgent?: string} = {},
): Promise<Checked> {
  const headers = userAgent ? {'User-Agent': userAgent} : undefined
  const response = form ? await request.post(path, {form, headers}) : await request.get(path, {headers})
  expect(response.status(), `${form ? 'POST' : 'GET'} ${path}`).toBe(status)
  expect(response.headers()['content-type'], path).toContain('text/html')
  return {label: `${form ? 'POST' : 'GET'} ${path}${userAgent ? ' (crawler)' : ''}`, html: await response.text()}
}

/** The document as the browser holds it now, after its scripts ran. */
async function rendered(page: Page, label: string): Promise<Checked> {
  return {label: `${label} (rendered)`, html: await page.content()}
}

/** The first link of `html` whose address matches `pattern`, as a path. */
function firstLink(html: string, pattern: RegExp): string {
  const href = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&')).find((candidate) => pattern.test(candidate))
  expect(href, `a link matching ${pattern}`).toBeTruthy()
  return href!
}

type VnuMessage = {
  type: string
  subType?: string
  url?: string
  lastLine?: number
  firstColumn?: number
  lastColumn?: number
  message: string
  extract?: string
}

/** Runs the Nu Html Checker once over every page; resolves to its errors, one line each. */
function vnuErrors(pages: Checked[], dir: string): string[] {
  mkdirSync(dir, {recursive: true})
  const labels = new Map<string, string>()
  const files = pages.map((page, index) => {
    const file = join(dir, `${String(index).padStart(3, '0')}.html`)
    writeFileSync(file, page.html)
    labels.set(file, page.label)
    return file
  })
  const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar')
  const run = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'json', ...files], {encoding: 'utf8', maxBuffer: 64 * 1024 * 1024})
  expect(run.error, 'java -jar vnu.jar').toBeUndefined()
  const {messages} = JSON.parse(run.stderr) as {messages: VnuMessage[]}
  return messages.map((message) => {
    const file = message.url ? decodeURIComponent(new URL(message.url).pathname) : ''
    const where = `${labels.get(file) ?? file} line ${message.lastLine ?? '?'}:${message.firstColumn ?? message.lastColumn ?? '?'}`
    return `${where}: ${message.type}${message.subType ? ` (${message.subType})` : ''}: ${message.message}${message.extract ? `\n    ${message.extract.replace(/\s+/g, ' ').slice(0, 160)}` : ''}`
  })
}

test('every page passes the Nu Html Checker with no error', async ({page, request, context}) => {
  test.skip(!HAS_JAVA && !process.env.CI, 'java is missing (apt-get install default-jre-headless)')
  expect(HAS_JAVA, 'java is required for the HTML check: .ci/run installs default-jre-headless').toBe(true)
  test.setTimeout(180_000)
  const pages: Checked[] = []

  // What the pages need: a staff login, a paid enrolment with a certificate, a cadetship
  // enrolment with an installment's payment link.
  const token = await loginThroughApi(request)
  const auth = {Authorization: `Bearer ${token}`}
  const holder = `Valid ${uniqueTag('Html')}`
  const {orderId, confirmationUrl} = await createPsfOrder(request, holder, 'valid-html@example.com', 'paid')
  for (const status of ['contacted', 'confirmed', 'completed']) {
    const moved = await request.patch(`/api/admin/enrollments/${orderId}`, {headers: auth, data: {status}})
    expect(moved.status(), await moved.text()).toBe(200)
  }
  const issued = await request.post('/api/admin/certificates', {
    headers: auth,
    data: {orderId, holderName: holder, dateOfBirth: '1990-04-12', courseStart: '2026-11-02', courseEnd: '2026-11-06'},
  })
  expect(issued.status(), await issued.text()).toBe(201)
  const {number} = ((await issued.json()) as {certificate: {number: string}}).certificate
  const {orderId: cadetOrder} = await paidCadet(request, `Cadet ${uniqueTag('Html')}`, 'valid-html@example.com')
  const link = await request.post(`/api/admin/enrollments/${cadetOrder}/installments/2/link`, {headers: auth, data: {}})
  expect(link.status(), await link.text()).toBe(201)
  const linkUrl = ((await link.json()) as {installment: {linkUrl?: string}}).installment.linkUrl
  expect(linkUrl).toMatch(/\/pay\/link\/plink_sandbox_[A-Za-z0-9]+$/)
  // A group booking paid by card (its delegate rows) and one paid by invoice (its pro-forma).
  const groupPaid = await groupBookingThroughApi(request, 'batch-h2s-2027-10-11-ajman', 'card')
  const groupInvoice = await groupBookingThroughApi(request, 'batch-h2s-2027-10-11-ajman', 'invoice')

  // The server's HTML, as a browser gets it.
  for (const path of SPEC_CONTENT_PAGES) pages.push(await served(request, path))
  const calendar = pages.find((checked) => checked.label === 'GET /courses/calendar')!.html
  const competency = pages.find((checked) => checked.label === 'GET /courses/competency-training')!.html
  for (const path of [
    '/payment',
    firstLink(calendar, /^\/payment\?.*batch=/),
    firstLink(calendar, /^\/book\/group\?batch=/),
    groupPaid,
    groupInvoice,
    firstLink(competency, /^\/payment\?.*country=/),
    '/payment?training=cadetship-training&course=deck-cadet&amount=3500',
    `/exam/${EXAM_ID}/take`,
    `/exam/${EXAM_ID}/results`,
    '/verify',
    `/verify/${number}`,
    confirmationUrl!,
    new URL(linkUrl!).pathname,
    '/login',
    '/admin/login',
    '/adminEnrollments',
    ...STAFF_PAGES.map(([path]) => path),
    '/admin/certificates',
    '/account',
    '/account?email=valid-html%40example.com&expired=1',
  ]) {
    pages.push(await served(request, path))
  }
  pages.push(await served(request, `/account/sign-in/${'x'.repeat(43)}`, {status: 410}))
  for (const path of [
    '/no/such/page',
    '/courses/deep-sea-fishing',
    '/services/not-a-service',
    '/services/officer-licensing/not-a-rank',
    '/verify/MTC-XX-2026-00001',
  ]) {
    pages.push(await served(request, path, {status: 404}))
  }
  // Forms posted without JavaScript: a found certificate, a form with errors, a contact message with errors.
  pages.push(await served(request, '/verify', {form: {number, dateOfBirth: '1990-04-12'}}))
  pages.push(await served(request, '/verify', {status: 400, form: {number: '', dateOfBirth: ''}}))
  pages.push(await served(request, '/contact', {status: 400, form: {name: 'Priya', email: 'not-an-address', subject: '', message: ''}}))

  // As a crawler gets them: the whole page at once.
  for (const path of ['/', '/about', '/courses/stcw-courses', '/exams']) pages.push(await served(request, path, {userAgent: CRAWLER}))
  pages.push(await served(request, '/no/such/page', {status: 404, userAgent: CRAWLER}))

  // Drawn in the browser: an exam being taken and its results.
  await page.goto(`/exam/${EXAM_ID}/start`)
  await page.getByLabel(/I have read the instructions/).check()
  await page.getByRole('button', {name: 'Start Exam'}).click()
  await expect(page.getByRole('heading', {level: 2, name: 'Question 1'})).toBeVisible()
  pages.push(await rendered(page, `/exam/${EXAM_ID}/take`))
  const exam = seedExams().find((doc) => doc.examId.current === EXAM_ID)!
  const answers = firstVariants(exam).map((q) => ({
    questionId: q.questionId,
    answer: q.type === 'multiple-choice' ? (q.correctAnswers ?? []) : (q.correctAnswer ?? ''),
  }))
  await context.addInitScript(
    (value) => window.localStorage.setItem('examResults', value),
    JSON.stringify({[EXAM_ID]: {examId: EXAM_ID, answers, timeSpent: 754, submittedAt: '2026-03-04T09:05:06.000Z', draw: firstVariantsDraw(EXAM_ID)}}),
  )
  await page.goto(`/exam/${EXAM_ID}/results`)
  await expect(page.getByTestId('results-summary')).toBeVisible()
  pages.push(await rendered(page, `/exam/${EXAM_ID}/results`))

  // My training, signed in as the cadet who paid above.
  await page.goto(await signInLinkFor(page, 'valid-html@example.com'))
  await expect(page.getByRole('heading', {level: 2, name: 'Enrolments'})).toBeVisible(LOADED)
  pages.push(await rendered(page, '/account, signed in'))

  // The staff pages after a real login, once their data is shown.
  await seedToken(page, token)
  await page.goto('/adminEnrollments')
  await page.getByLabel('Search enrolments').fill(holder)
  await page.getByRole('button', {name: `View ${holder}`}).click()
  await expect(page.getByRole('dialog').getByTestId('certificate-number')).toHaveText(number, LOADED)
  pages.push(await rendered(page, '/adminEnrollments, detail dialog open'))
  await page.goto('/admin/certificates')
  await expect(page.getByRole('table', {name: 'Certificate register, newest first'}).getByRole('rowheader', {name: number})).toBeVisible(LOADED)
  pages.push(await rendered(page, '/admin/certificates'))
  for (const [path, loaded] of STAFF_PAGES) {
    await page.goto(path)
    await loaded(page)
    pages.push(await rendered(page, path))
  }

  const errors = vnuErrors(pages, test.info().outputPath('pages'))
  expect(errors, `${errors.length} errors in ${pages.length} pages:\n${errors.join('\n')}`).toEqual([])
})
