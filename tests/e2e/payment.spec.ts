/**
 * /payment (docs/requirements.md#req-payment, #req-states-enrolment, #req-validation-enrolment, #req-errors): prefill, the program → course → country
 * rules, the catalogue amount, the sandbox checkout end to end, failures, and axe.
 */
import type {Page} from '@playwright/test'
import {siteStore} from './blobs'
import {TERMS_LABEL} from '#schemas/rules/terms'
import {expect, expectAccessible, test} from './fixtures'

/** A course with batches needs a date; the last one offered (far off, so seats are free). */
async function chooseDate(page: Page) {
  const select = page.getByLabel('Date and location')
  await expect(select.locator('option').nth(1)).toBeAttached()
  await select.selectOption({index: (await select.locator('option').count()) - 1})
}

async function fillDetails(page: Page, name = 'Asha Pillai') {
  await page.getByLabel('Full name').fill(name)
  await page.getByLabel('Email').fill('asha.pillai@example.com')
  await page.getByLabel('Mobile').fill('+91 98470 12345')
  // The terms are accepted before paying.
  await page.getByRole('checkbox', {name: TERMS_LABEL}).check()
}

test('prefills program, course and the catalogue amount from the query, ignoring a tampered price', async ({page}) => {
  await page.goto('/payment?training=stcw-courses&course=AFFA&price=%2410')
  await expect(page.getByLabel('Training program')).toHaveValue('stcw-courses')
  await expect(page.getByLabel('Course')).toHaveValue('AFFA')
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('900')
  await expect(page.getByLabel('Country')).toBeDisabled()
  await expect(page.getByTestId('amount-due')).toHaveText('$900 USD')
  await expectAccessible(page)
})

test('changing the program resets course, country and amount', async ({page}) => {
  await page.goto('/payment?training=competency-training&course=COE&country=vietnam')
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('200')
  await page.getByLabel('Training program').selectOption('offshore-survival')
  await expect(page.getByLabel('Course')).toHaveValue('')
  await expect(page.getByLabel('Country')).toHaveValue('')
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('')
  await page.getByLabel('Course').selectOption('BOSIET')
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('450')
})

test('for competency training the country is chosen after the rank and drives the amount', async ({page}) => {
  await page.goto('/payment')
  await page.getByLabel('Training program').selectOption('competency-training')
  await expect(page.getByLabel('Country')).toBeDisabled()
  await page.getByLabel('Course').selectOption('Master/Chief officer')
  await expect(page.getByLabel('Country')).toBeEnabled()
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('')
  await page.getByLabel('Country').selectOption({label: 'Guyana'})
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('2200')
  await page.getByLabel('Country').selectOption({label: 'Thailand'})
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('4400')
  // Submitting without a country shows the spec's message.
  await page.getByLabel('Country').selectOption('')
  await fillDetails(page)
  await page.getByRole('button', {name: /Proceed to payment/}).click()
  await expect(page.getByRole('alert').filter({hasText: 'Please select a country for competency training.'})).toBeVisible()
})

test('an empty submit shows field errors and the course message', async ({page}) => {
  await page.goto('/payment')
  await page.getByRole('button', {name: /Proceed to payment/}).click()
  // Next to the field and in the form's alert (its summary lists every field error).
  await expect(page.getByText('Please enter your full name.')).toHaveCount(2)
  await expect(page.getByRole('alert').filter({hasText: 'Please enter your full name.'})).toBeVisible()
  await expect(page.getByLabel('Full name')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText('Please select a valid course to proceed.', {exact: true})).toBeVisible()
  await expect(page.getByRole('alert').getByRole('link', {name: 'Course: Please select a valid course to proceed.'})).toBeVisible()
  await expectAccessible(page)
})

test('the form’s check and the checkout calls load when the form is used, not with the page', async ({page}) => {
  // docs/performance.md: zod, the schemas and conform's parser stay out of the page's first load.
  const scripts: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
  })
  const onDemand = () => scripts.filter((path) => /\/assets\/(enrolment-check|forms|checkout)-[\w-]+\.js$/.test(path))
  await page.goto('/payment')
  await page.waitForFunction(() => Object.keys(document.querySelector('form#enrolment') ?? {}).some((key) => key.startsWith('__reactProps')))
  await page.waitForLoadState('networkidle')
  expect(scripts.length).toBeGreaterThan(0)
  expect(onDemand()).toEqual([])
  await page.getByLabel('Full name').focus()
  await expect
    .poll(() =>
      onDemand()
        .map((path) => path.replace(/-[\w-]{8}\.js$/, ''))
        .sort(),
    )
    .toEqual(['/assets/checkout', '/assets/enrolment-check', '/assets/forms'])
})

test('the document upload area appears only for cadetship programs', async ({page}) => {
  await page.goto('/payment?training=stcw-courses&course=ARPA')
  await expect(page.getByRole('group', {name: /Documents/})).toHaveCount(0)
  await page.getByLabel('Training program').selectOption('cadetship-training')
  await expect(page.getByRole('group', {name: /Documents/})).toBeVisible()
  await page.getByLabel('Course').selectOption('deck-cadet')
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('3500')
})

test('a full sandbox payment saves a paid enrolment and ends on its confirmation page', async ({page}) => {
  await page.goto('/payment?training=offshore-survival&course=H2S&price=%24300')
  await fillDetails(page, 'Ravi Menon')
  await chooseDate(page)
  await page.getByRole('button', {name: 'Pay $300 USD'}).click()
  const dialog = page.getByRole('dialog', {name: /Sandbox/})
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('sandbox-amount')).toHaveText('$300 USD')
  await expect(page.getByRole('button', {name: 'Processing...'})).toBeDisabled()
  // The accepted form is not checked again while the payment runs (its disabled terms box would read as unticked).
  await expect(page.getByTestId('error-summary')).toHaveCount(0)
  await expectAccessible(page)
  const orderId = (await dialog.getByTestId('sandbox-order').textContent())?.trim() ?? ''
  expect(orderId).toMatch(/^order_sandbox_/)
  await dialog.getByRole('button', {name: 'Pay', exact: true}).click()
  // The browser goes to the enrolment's own confirmation page, at the top.
  await expect(page).toHaveURL(new RegExp(`/enrolment/confirmation/${orderId}/[A-Za-z0-9_-]{22}$`))
  await expect(page.getByRole('heading', {level: 1, name: 'Enrolment confirmed'})).toBeVisible()
  await expect(page.getByRole('status')).toContainText('Enrollment successful! We will contact you within 24 hours.')
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  const stored = (await siteStore('enrolments').get(orderId, {type: 'json'})) as Record<string, unknown>
  expect(stored).toMatchObject({status: 'paid', name: 'Ravi Menon', amount: 300, currency: 'USD', course: 'H2S'})
  const receiptNumber = String(stored.receiptNumber)
  expect(receiptNumber).toMatch(/^MTC-\d{4}-\d{5}$/)
  await expect(page.getByTestId('confirmation-receipt-number')).toHaveText(receiptNumber)
  await expect(page.getByTestId('confirmation-payment-id')).toHaveText(String(stored.paymentId))
  await expect(page.getByTestId('confirmation-amount-paid')).toHaveText('USD 300.00')
  await expect(page.getByTestId('confirmation-course')).toHaveText(String(stored.courseName))
  await expect(page.getByTestId('confirmation-name')).toHaveText('Ravi Menon')
  await expect(page.getByTestId('confirmation-email')).toHaveText('asha.pillai@example.com')
  await expect(page.getByRole('heading', {name: 'What happens next'})).toBeVisible()
  await expectAccessible(page)

  // The receipt PDF downloads under its number; the outbox holds the receipt and the staff notice.
  const download = page.waitForEvent('download')
  await page.getByRole('link', {name: 'Download receipt (PDF)'}).click()
  expect((await download).suggestedFilename()).toBe(`receipt-${receiptNumber}.pdf`)
  const outbox = siteStore('outbox')
  for (const id of [`receipt/${receiptNumber}`, `enrolment-notice/${receiptNumber}`]) {
    expect(await outbox.get(`message/${id}`, {type: 'json'}), id).toMatchObject({status: 'queued'})
  }
})

test('a made-up confirmation URL is 404, and so is its receipt', async ({page}) => {
  const response = await page.goto('/enrolment/confirmation/order_sandbox_abcdefghijklmn/AAAAAAAAAAAAAAAAAAAAAA')
  expect(response?.status()).toBe(404)
  expect(response?.headers()['cache-control']).toBe('no-store')
  const pdf = await page.request.get('/enrolment/confirmation/order_sandbox_abcdefghijklmn/AAAAAAAAAAAAAAAAAAAAAA/receipt.pdf')
  expect(pdf.status()).toBe(404)
})

test('Fail payment shows the failure and leaves the enrolment unpaid', async ({page}) => {
  await page.goto('/payment?training=value-added-courses&course=Maritime%20Law')
  await fillDetails(page, 'Lena Okafor')
  await chooseDate(page)
  await page.getByRole('button', {name: 'Pay $200 USD'}).click()
  const dialog = page.getByRole('dialog', {name: /Sandbox/})
  const orderId = (await dialog.getByTestId('sandbox-order').textContent())?.trim() ?? ''
  await dialog.getByRole('button', {name: 'Fail payment'}).click()
  await expect(page.getByRole('alert').filter({hasText: /Payment failed/})).toBeVisible()
  await expect(page.getByRole('button', {name: 'Pay $200 USD'})).toBeEnabled()
  const stored = (await siteStore('enrolments').get(orderId, {type: 'json'})) as Record<string, unknown>
  expect(stored).toMatchObject({status: 'pending'})
})

test('closing the sandbox checkout cancels without paying', async ({page}) => {
  await page.goto('/payment?training=pre-sea-training&course=PSF')
  await fillDetails(page)
  await chooseDate(page)
  await page.getByRole('button', {name: 'Pay $50 USD'}).click()
  const dialog = page.getByRole('dialog', {name: /Sandbox/})
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('alert').filter({hasText: 'Payment was cancelled.'})).toBeVisible()
})

test('cadetship documents upload with progress; wrong types and oversized files are skipped', async ({page}) => {
  await page.goto('/payment?training=cadetship-training&course=deck-cadet&amount=3500')
  const documents = page.getByRole('group', {name: /Documents/})
  const input = documents.locator('input[type="file"]')
  const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
  await input.setInputFiles([
    {name: 'passport.pdf', mimeType: 'application/pdf', buffer: pdf},
    {name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('plain text')},
    {name: 'scan.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 1)},
  ])
  await expect(documents.getByRole('alert')).toContainText('Some files were skipped (allowed: PDF, DOC/DOCX, JPG, PNG; max 10MB each).')
  await expect(documents.getByRole('progressbar', {name: /passport\.pdf/})).toHaveAttribute('aria-valuenow', '100')
  await expect(documents.getByText('notes.txt')).toBeVisible()
  await expectAccessible(page)
  // Removing the file takes it off the list.
  await documents.getByRole('button', {name: /Remove passport\.pdf/}).click()
  await expect(documents.getByRole('progressbar', {name: /passport\.pdf/})).toHaveCount(0)
})

test('a paid cadetship enrolment keeps its uploaded document', async ({page}) => {
  await page.goto('/payment?training=cadetship-training&course=deck-cadet&amount=3500')
  await fillDetails(page, 'Tomas Reyes')
  const documents = page.getByRole('group', {name: /Documents/})
  await documents.locator('input[type="file"]').setInputFiles({name: 'stcw-basic.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.7\n%%EOF\n')})
  await expect(documents.getByRole('progressbar', {name: /stcw-basic\.pdf/})).toHaveAttribute('aria-valuenow', '100')
  await chooseDate(page)
  await page.getByRole('button', {name: 'Pay $3,500 USD'}).click()
  const dialog = page.getByRole('dialog', {name: /Sandbox/})
  const orderId = (await dialog.getByTestId('sandbox-order').textContent())?.trim() ?? ''
  await dialog.getByRole('button', {name: 'Pay', exact: true}).click()
  await expect(page.getByRole('status')).toContainText('Enrollment successful!')
  // What happens next for a cadet: the installment schedule and the documents to bring (Sanity).
  await expect(page.getByRole('heading', {name: 'Installment schedule'})).toBeVisible()
  await expect(page.getByRole('rowheader', {name: '1st Installment'})).toBeVisible()
  await expect(page.getByRole('heading', {name: 'Documents to bring'})).toBeVisible()
  const stored = (await siteStore('enrolments').get(orderId, {type: 'json'})) as {status: string; attachments: Array<{fileName: string}>}
  expect(stored.status).toBe('paid')
  expect(stored.attachments.map((a) => a.fileName)).toEqual(['stcw-basic.pdf'])
})

test.describe('the confirmation page on a 390px phone', () => {
  // Reduced motion: the header's colour transition (scrolled form → top of the new page) is instant, so axe sees its final colours.
  test.use({viewport: {width: 390, height: 844}, reducedMotion: 'reduce'})
  test('fits the screen and passes axe', async ({page}) => {
    await page.goto('/payment?training=competency-training&course=COE&country=vietnam')
    await fillDetails(page, 'Mai Tran')
    await page.getByRole('button', {name: /^Pay /}).click()
    await page
      .getByRole('dialog', {name: /Sandbox/})
      .getByRole('button', {name: 'Pay', exact: true})
      .click()
    await expect(page.getByRole('heading', {level: 1, name: 'Enrolment confirmed'})).toBeVisible()
    await expect(page.getByRole('heading', {name: 'Documents needed'})).toBeVisible()
    await expect(page.locator('header[data-solid="false"]')).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectAccessible(page)
  })
})
