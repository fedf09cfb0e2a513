/**
 * Course certificates end to end (docs/requirements.md#req-issue-20-verify,
 * #req-issue-20-admin-certificates), against the real backend — nothing mocked: one real login,
 * a real sandbox payment (the pre-sea PSF course: its certificate does not expire).
 *
 * In order (one worker, shared certificate):
 * 1. Staff open the paid enrolment, see that a certificate needs a completed enrolment, mark it
 *    contacted → confirmed → completed, and issue the certificate (name prefilled, date of birth,
 *    INDoS number, course dates); they download its PDF: its text holds the holder's name, date
 *    of birth, course, number and days, and its QR code decodes to `{origin}/verify/{number}`.
 * 2. /verify: Valid with the full name, course and days; a wrong date of birth and an unknown
 *    number get the same "No certificate matches these details"; form errors in the summary;
 *    no-store and noindex; axe; 390 px without sideways scrolling.
 * 3. /verify/{number} (where the QR code leads): the masked name, then the full name after the
 *    date of birth; an unknown or malformed number answers 404 with the same message; axe; 390 px.
 * 4. Without JavaScript /verify still answers (plain form POST).
 * 5. /admin/certificates: the register, search, "Expiring in 90 days", CSV, "Revoke" with a
 *    required reason; /verify then says Revoked with the day. A second certificate is issued from
 *    the enrolment; when it is revoked elsewhere first, the inline Revoke shows the server's 409.
 * 6. A batch enrolment (BOSIET, 5 years): the issue form starts with the batch's days; the
 *    certificate expires 5 years after its issue day.
 *
 * Look-ups count towards the per-client verify limit (20 per 10 minutes): this spec makes about 12.
 */
import {spawnSync} from 'node:child_process'
import {readFile} from 'node:fs/promises'
import type {APIRequestContext, Page} from '@playwright/test'
import type {AdminCertificatesResponse, Certificate} from '#schemas/contracts/certificates'
import {batchDateRange, batchDayLabel} from '#schemas/rules/batches'
import {CERTIFICATE_NUMBER_PATTERN, certificateExpiry, maskName, NO_MATCH_MESSAGE} from '#schemas/rules/certificates'
import {decodePdfQrCodes} from '../helpers/pdf-qr'
import {createPsfOrder, loginThroughApi, seedToken, uniqueTag} from './admin-session'
import {expect, expectAccessible, test} from './fixtures'

test.describe.configure({mode: 'serial'})

const DOB = '1990-04-12'
const COURSE = {start: '2026-11-02', end: '2026-11-06'}
const INDOS = '12AB3456'

/** What the tests share: the staff token, the enrolment and its certificate. */
const state: {token: string; orderId: string; holder: string; certificate: Certificate | null} = {token: '', orderId: '', holder: '', certificate: null}

async function certificatesOf(request: APIRequestContext, orderId: string): Promise<Certificate[]> {
  const response = await request.get(`/api/admin/certificates?orderId=${encodeURIComponent(orderId)}`, {headers: {Authorization: `Bearer ${state.token}`}})
  expect(response.status(), await response.text()).toBe(200)
  return ((await response.json()) as AdminCertificatesResponse).certificates
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0)
}

async function openEnrolment(page: Page) {
  await page.goto('/adminEnrollments')
  await page.getByLabel('Search enrolments').fill(state.holder)
  await page.getByRole('button', {name: `View ${state.holder}`}).click()
  return page.getByRole('dialog')
}

/** Clicks `button` and waits for the form's POST to answer; resolves to its status. */
async function submit(page: Page, button: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/verify')),
    page.getByRole('button', {name: button}).click(),
  ])
  return response.status()
}

/** pdftotext's text of a PDF file, spaces collapsed. */
function pdfText(path: string): string {
  const text = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], {encoding: 'utf8'})
  expect(text.status, text.stderr).toBe(0)
  return text.stdout.replace(/\s+/g, ' ')
}

test('staff complete an enrolment and issue a certificate; its PDF holds the fields and its QR code opens the verify page', async ({page, request}) => {
  test.setTimeout(120_000)
  state.holder = `Rahul ${uniqueTag('Cert')}`
  const {orderId} = await createPsfOrder(request, state.holder, 'cert-e2e@example.com', 'paid')
  state.orderId = orderId
  state.token = await loginThroughApi(request)
  await seedToken(page, state.token)

  const dialog = await openEnrolment(page)
  const section = dialog.getByTestId('enrolment-certificate')
  await expect(section).toContainText('A certificate can be issued once the enrolment is completed.')
  await expect(section.getByRole('button', {name: 'Issue certificate'})).toHaveCount(0)
  for (const move of ['Mark as contacted', 'Mark as confirmed', 'Mark as completed']) {
    await dialog.getByRole('button', {name: move}).click()
    await expect(dialog.getByRole('status').filter({hasText: `${move.replace('Mark', 'Marked')}.`})).toBeVisible()
  }
  await expect(section).toContainText('No certificate has been issued for this enrolment yet.')
  await section.getByRole('button', {name: 'Issue certificate'}).click()
  const form = section.getByTestId('issue-certificate-form')
  await expect(form.getByLabel('Full name as printed')).toHaveValue(state.holder)
  await expect(form.getByLabel('Full name as printed')).toBeFocused()
  // The form's own check names the field by its label.
  await form.getByRole('button', {name: 'Issue certificate'}).click()
  await expect(form.getByText('Date of birth must be a real date written YYYY-MM-DD')).toBeVisible()
  await expect(form.getByLabel('Date of birth')).toHaveAttribute('aria-invalid', 'true')
  await expectAccessible(page)

  await form.getByLabel('Date of birth').fill(DOB)
  await form.getByLabel('INDoS or passport number').fill(INDOS)
  await form.getByLabel('Course start').fill(COURSE.start)
  await form.getByLabel('Course end').fill(COURSE.end)
  await form.getByRole('button', {name: 'Issue certificate'}).click()
  await expect(section.getByRole('status')).toHaveText(/^Certificate .+ was issued\.$/)
  const [certificate] = await certificatesOf(request, orderId)
  expect(certificate).toBeDefined()
  state.certificate = certificate!
  expect(certificate!.number).toMatch(CERTIFICATE_NUMBER_PATTERN)
  expect(certificate!.number).toMatch(/-PSF-\d{4}-\d{5,}$/)
  expect(certificate).toMatchObject({
    holderName: state.holder,
    dateOfBirth: DOB,
    idNumber: INDOS,
    courseStart: COURSE.start,
    courseEnd: COURSE.end,
    status: 'valid',
    expiresOn: null,
  })
  const item = section.getByTestId('enrolment-certificate-item')
  await expect(item.getByTestId('certificate-number')).toHaveText(certificate!.number)
  await expect(item.getByTestId('certificate-status')).toHaveText('Valid')
  await expect(item).toContainText(`issued ${batchDayLabel(certificate!.issuedOn)} · does not expire`)
  await page.screenshot({path: test.info().outputPath('enrolment-certificate.png'), fullPage: true})
  // One valid certificate per enrolment: no second "Issue certificate".
  await expect(section.getByRole('button', {name: 'Issue certificate'})).toHaveCount(0)
  await expectAccessible(page)

  const [download] = await Promise.all([page.waitForEvent('download'), item.getByRole('button', {name: /^Download PDF/}).click()])
  expect(download.suggestedFilename()).toBe(`certificate-${certificate!.number}.pdf`)
  const path = (await download.path())!
  const bytes = await readFile(path)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  const text = pdfText(path)
  expect(text).toContain(state.holder)
  expect(text).toContain(certificate!.courseName)
  expect(text).toContain(certificate!.number)
  expect(text).toContain(batchDayLabel(DOB))
  expect(text).toContain(INDOS)
  expect(text).toContain(batchDateRange({startDate: COURSE.start, endDate: COURSE.end}))
  expect(text).toContain(batchDayLabel(certificate!.issuedOn))
  expect(text).toContain('Does not expire')

  const origin = new URL(page.url()).origin
  const codes = await decodePdfQrCodes(new Uint8Array(bytes))
  expect(codes).toEqual([`${origin}/verify/${certificate!.number}`])
})

test.describe('public verification', () => {
  test.use({viewport: {width: 390, height: 844}})

  test('/verify shows Valid with the full name; a wrong date of birth and an unknown number answer the same; no-store and noindex', async ({page}) => {
    const certificate = state.certificate!
    const response = await page.goto('/verify')
    expect(response!.headers()['cache-control']).toBe('no-store')
    expect(response!.headers()['x-robots-tag']).toContain('noindex')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await expect(page.getByRole('heading', {level: 1, name: 'Verify a certificate'})).toBeVisible()
    await expectAccessible(page)
    await expectNoSidewaysScroll(page)

    // Errors are listed in the summary (nothing is looked up).
    await page.getByRole('button', {name: 'Verify certificate'}).click()
    const summary = page.getByTestId('error-summary')
    await expect(summary).toContainText('Please correct these 2 fields:')
    await expect(summary.getByRole('link', {name: 'Certificate number: Please enter the certificate number.'})).toBeVisible()
    await page.getByLabel('Certificate number').fill('not-a-number')
    await page.getByRole('button', {name: 'Verify certificate'}).click()
    await expect(summary.getByRole('link', {name: /^Certificate number: Please enter the number as printed/})).toBeVisible()
    await expectAccessible(page)

    // Lower case and spaces are forgiven.
    await page.getByLabel('Certificate number').fill(` ${certificate.number.toLowerCase()} `)
    await page.getByLabel('Date of birth').fill(DOB)
    expect(await submit(page, 'Verify certificate')).toBe(200)
    const answer = page.getByTestId('certificate-answer')
    await expect(answer.getByTestId('certificate-status')).toHaveText('Valid')
    await expect(page.getByRole('heading', {name: 'Certificate found'})).toBeFocused()
    await expect(answer.getByTestId('certificate-holder')).toHaveText(state.holder)
    await expect(answer.getByTestId('certificate-course')).toHaveText(certificate.courseName)
    await expect(answer.getByTestId('certificate-number')).toHaveText(certificate.number)
    await expect(answer.getByTestId('certificate-issued')).toHaveText(batchDayLabel(certificate.issuedOn))
    await expect(answer.getByTestId('certificate-expires')).toHaveText('Does not expire')
    await page.screenshot({path: test.info().outputPath('verify-valid-390.png'), fullPage: true})
    await expect(answer.getByTestId('certificate-course-dates')).toHaveText(batchDateRange({startDate: COURSE.start, endDate: COURSE.end}))
    await expectAccessible(page)
    await expectNoSidewaysScroll(page)

    // A wrong date of birth and an unknown number: the same answer.
    await page.getByLabel('Date of birth').fill('1990-04-13')
    expect(await submit(page, 'Verify certificate')).toBe(404)
    await expect(page.getByTestId('verify-no-match')).toContainText(NO_MATCH_MESSAGE)
    await expect(answer).toHaveCount(0)
    const wrongBirth = (await page.getByTestId('verify-no-match').textContent())!
    await page.getByLabel('Certificate number').fill(certificate.number.replace(/\d+$/, '99999'))
    await page.getByLabel('Date of birth').fill(DOB)
    expect(await submit(page, 'Verify certificate')).toBe(404)
    await expect(page.getByTestId('verify-no-match')).toHaveText(wrongBirth)
    await expectAccessible(page)
  })

  test('/verify/{number} shows the masked name, then the full name after the date of birth; unknown and malformed numbers answer 404', async ({page}) => {
    const certificate = state.certificate!
    const response = await page.goto(`/verify/${certificate.number}`)
    expect(response!.status()).toBe(200)
    expect(response!.headers()['cache-control']).toBe('no-store')
    expect(response!.headers()['x-robots-tag']).toContain('noindex')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    const answer = page.getByTestId('certificate-answer')
    await expect(answer.getByTestId('certificate-status')).toHaveText('Valid')
    await expect(answer.getByTestId('certificate-holder')).toHaveText(maskName(state.holder))
    await expect(answer.getByTestId('certificate-holder')).toHaveText(/^R\*{4} C\*+$/)
    await expect(answer.getByTestId('certificate-course')).toHaveText(certificate.courseName)
    await expect(page.getByText(state.holder)).toHaveCount(0)
    await page.screenshot({path: test.info().outputPath('verify-masked-390.png'), fullPage: true})
    await expectAccessible(page)
    await expectNoSidewaysScroll(page)

    await page.getByLabel('Date of birth').fill('1991-01-01')
    expect(await submit(page, 'Show full name')).toBe(404)
    await expect(page.getByTestId('verify-no-match')).toContainText(NO_MATCH_MESSAGE)
    await expect(answer.getByTestId('certificate-holder')).toHaveText(maskName(state.holder))

    await page.getByLabel('Date of birth').fill(DOB)
    expect(await submit(page, 'Show full name')).toBe(200)
    await expect(page.getByTestId('certificate-holder')).toHaveText(state.holder)
    await expect(page.getByTestId('certificate-answer')).toHaveCount(1)
    await expect(page.getByTestId('verify-no-match')).toHaveCount(0)
    await expectAccessible(page)
    await expectNoSidewaysScroll(page)

    for (const number of [certificate.number.replace(/\d+$/, '99999'), 'not-a-certificate', '%E2%9C%93']) {
      const miss = await page.goto(`/verify/${number}`)
      expect(miss!.status(), number).toBe(404)
      expect(miss!.headers()['cache-control']).toBe('no-store')
      await expect(page.getByTestId('verify-no-match')).toContainText(NO_MATCH_MESSAGE)
    }
    await expectAccessible(page)
  })

  test('without JavaScript /verify answers through a plain form post', async ({browser}) => {
    const context = await browser.newContext({javaScriptEnabled: false})
    const page = await context.newPage()
    await page.goto('/verify')
    await page.getByLabel('Certificate number').fill(state.certificate!.number)
    await page.getByLabel('Date of birth').fill(DOB)
    await page.getByRole('button', {name: 'Verify certificate'}).click()
    await expect(page.getByTestId('certificate-holder')).toHaveText(state.holder)
    await expect(page.getByTestId('certificate-status')).toHaveText('Valid')
    await context.close()
  })
})

test('/admin/certificates: search, CSV, revoke with a reason; /verify then says Revoked; a revoke refused with 409 is shown', async ({page, request}) => {
  test.setTimeout(120_000)
  const certificate = state.certificate!
  await seedToken(page, state.token)
  const response = await page.goto('/admin/certificates')
  expect(response!.headers()['cache-control']).toBe('no-store')
  expect(response!.headers()['x-robots-tag']).toContain('noindex')
  await expect(page.getByRole('navigation', {name: 'Administration'}).getByRole('link', {name: 'Certificates'})).toHaveAttribute('aria-current', 'page')
  await expect(page.getByRole('heading', {level: 2, name: 'Expiring in 90 days'})).toBeVisible()
  await page.getByLabel('Search certificates').fill(state.holder.toLowerCase())
  const row = page.locator(`tr[data-certificate-number="${certificate.number}"]`)
  await expect(row).toBeVisible()
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expect(row).toContainText(certificate.courseName)
  await expect(row.getByTestId('certificate-status')).toHaveText('Valid')
  await page.getByLabel('Search certificates').fill(certificate.number)
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await expectAccessible(page)

  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', {name: 'Download CSV'}).click()])
  expect(csv.suggestedFilename()).toMatch(/^certificates-\d{4}-\d{2}-\d{2}\.csv$/)
  const csvText = await readFile((await csv.path())!, 'utf8')
  expect(csvText).toContain('Certificate number,Holder,Date of birth')
  expect(csvText).toContain(`${certificate.number},${state.holder},${DOB}`)

  const [pdf] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', {name: /^Download PDF/}).click()])
  expect(pdf.suggestedFilename()).toBe(`certificate-${certificate.number}.pdf`)

  await row.getByRole('button', {name: /^Revoke/}).click()
  const dialog = page.getByRole('dialog', {name: `Revoke ${certificate.number}`})
  await expect(dialog.getByLabel('Reason for revoking')).toBeFocused()
  await dialog.getByRole('button', {name: 'Revoke certificate'}).click()
  await expect(dialog.getByRole('alert')).toHaveText('Please give the reason for revoking this certificate.')
  await expectAccessible(page)
  await dialog.getByLabel('Reason for revoking').fill('Issued with a misspelt name; reissued.')
  await dialog.getByRole('button', {name: 'Revoke certificate'}).click()
  await expect(dialog).toHaveCount(0)
  await expect(row.getByTestId('certificate-status')).toHaveText('Revoked')
  await expect(row.getByRole('button', {name: /^Revoke/})).toHaveCount(0)
  const [revoked] = await certificatesOf(request, state.orderId)
  expect(revoked).toMatchObject({number: certificate.number, status: 'revoked', revocationReason: 'Issued with a misspelt name; reissued.'})
  await expectAccessible(page)

  // Revoking twice is refused (409).
  const twice = await request.post(`/api/admin/certificates/${certificate.number}/revoke`, {
    headers: {Authorization: `Bearer ${state.token}`},
    data: {reason: 'again'},
  })
  expect(twice.status()).toBe(409)

  // Anyone now sees Revoked, with the day.
  await page.goto('/verify')
  await page.getByLabel('Certificate number').fill(certificate.number)
  await page.getByLabel('Date of birth').fill(DOB)
  await page.getByRole('button', {name: 'Verify certificate'}).click()
  const answer = page.getByTestId('certificate-answer')
  await expect(answer.getByTestId('certificate-status')).toHaveText('Revoked')
  await expect(answer).toContainText(`Revoked on ${batchDayLabel(revoked!.revokedOn!)}.`)
  await expect(answer.getByTestId('certificate-revoked')).toHaveText(batchDayLabel(revoked!.revokedOn!))
  await page.screenshot({path: test.info().outputPath('verify-revoked.png'), fullPage: true})

  // A new certificate can be issued once none is valid; a revoke that lost a race shows the server's 409.
  const enrolment = await openEnrolment(page)
  const section = enrolment.getByTestId('enrolment-certificate')
  await expect(section.getByTestId('certificate-status')).toHaveText('Revoked')
  await section.getByRole('button', {name: 'Issue certificate'}).click()
  const form = section.getByTestId('issue-certificate-form')
  await form.getByLabel('Date of birth').fill(DOB)
  await form.getByLabel('Course start').fill(COURSE.start)
  await form.getByLabel('Course end').fill(COURSE.end)
  await form.getByRole('button', {name: 'Issue certificate'}).click()
  await expect(section.getByRole('status')).toHaveText(/^Certificate .+ was issued\.$/)
  const second = (await certificatesOf(request, state.orderId)).find((c) => c.status === 'valid')!
  expect(second.number).not.toBe(certificate.number)
  const secondItem = section.getByTestId('enrolment-certificate-item').filter({hasText: second.number})
  await secondItem.getByRole('button', {name: /^Revoke/}).click()
  const elsewhere = await request.post(`/api/admin/certificates/${second.number}/revoke`, {
    headers: {Authorization: `Bearer ${state.token}`},
    data: {reason: 'Test'},
  })
  expect(elsewhere.status()).toBe(200)
  await secondItem.getByLabel('Reason for revoking').fill('Duplicate')
  await secondItem.getByRole('button', {name: 'Revoke certificate'}).click()
  const refusal = secondItem.getByTestId('revoke-form').getByRole('alert')
  await expect(refusal).toBeVisible()
  expect((await refusal.innerText()).trim().length).toBeGreaterThan(10)
  await expect(secondItem.getByLabel('Reason for revoking')).toHaveValue('Duplicate')
  await expectAccessible(page)
})

test('/admin/certificates at 390 px: no sideways page scroll, the table scrolls in its own region', async ({page}) => {
  await page.setViewportSize({width: 390, height: 844})
  await seedToken(page, state.token)
  await page.goto('/admin/certificates')
  await expect(page.locator(`tr[data-certificate-number="${state.certificate!.number}"]`)).toBeVisible()
  await page.screenshot({path: test.info().outputPath('admin-certificates-390.png'), fullPage: true})
  await expectNoSidewaysScroll(page)
  await expectAccessible(page)
})

test('a batch enrolment: the issue form starts with the batch days; a 5-year course’s certificate shows its expiry', async ({page, request}) => {
  test.setTimeout(90_000)
  // Its own seed batch (no other spec books it); a seat is booked by the payment.
  const batchId = 'batch-bosiet-2027-06-21-cebu'
  const holder = `Anne-Marie ${uniqueTag('Batch')}`
  const order = await request.post('/api/enroll/create-order', {
    data: {
      name: holder,
      email: 'cert-batch-e2e@example.com',
      mobile: '+63 917 555 0101',
      trainingProgram: 'offshore-survival',
      course: 'BOSIET',
      amount: 450,
      currency: 'USD',
      termsAccepted: true,
      batchId,
    },
  })
  expect(order.status(), await order.text()).toBe(200)
  const {id: orderId} = (await order.json()) as {id: string}
  const paid = await request.post('/api/sandbox/pay', {data: {orderId}})
  expect(paid.status()).toBe(200)
  expect((await request.post('/api/enroll/save', {data: await paid.json()})).status()).toBe(200)
  const auth = {Authorization: `Bearer ${state.token}`}
  for (const status of ['contacted', 'confirmed', 'completed']) {
    const moved = await request.patch(`/api/admin/enrollments/${orderId}`, {headers: auth, data: {status}})
    expect(moved.status(), await moved.text()).toBe(200)
  }

  await seedToken(page, state.token)
  await page.goto('/adminEnrollments')
  await page.getByLabel('Search enrolments').fill(holder)
  await page.getByRole('button', {name: `View ${holder}`}).click()
  const section = page.getByRole('dialog').getByTestId('enrolment-certificate')
  await section.getByRole('button', {name: 'Issue certificate'}).click()
  const form = section.getByTestId('issue-certificate-form')
  await expect(form.getByLabel('Full name as printed')).toHaveValue(holder)
  await expect(form.getByLabel('Course start')).toHaveValue('2027-06-21')
  await expect(form.getByLabel('Course end')).toHaveValue('2027-06-24')
  await form.getByLabel('Date of birth').fill('1988-02-29')
  await form.getByRole('button', {name: 'Issue certificate'}).click()
  await expect(section.getByRole('status')).toHaveText(/^Certificate .+ was issued\.$/)
  const [certificate] = await certificatesOf(request, orderId)
  expect(certificate!.number).toMatch(/-BOSIET-\d{4}-\d{5,}$/)
  expect(certificate).toMatchObject({courseStart: '2027-06-21', courseEnd: '2027-06-24', expiresOn: certificateExpiry(certificate!.issuedOn, 5)})
  await expect(section.getByTestId('enrolment-certificate-item')).toContainText(`expires ${batchDayLabel(certificate!.expiresOn!)}`)
  await expectAccessible(page)
})
