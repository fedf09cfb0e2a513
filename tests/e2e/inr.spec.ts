/**
 * INR where the content has an INR price (docs/requirements.md#req-inr): the course
 * card shows the INR price next to the USD price in the same style; /payment offers "Pay in USD" /
 * "Pay in INR" for such a course only; an INR payment in the sandbox ends on a confirmation, a
 * receipt PDF and a receipt e-mail in INR (₹45,000.00); axe; the form at 390 px.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {Page} from '@playwright/test'
import {TERMS_LABEL} from '#schemas/rules/terms'
import {siteStore} from './blobs'
import {expect, expectAccessible, test} from './fixtures'

const BOSIET_FORM = '/payment?training=offshore-survival&course=BOSIET'

/** A course with batches needs a date: the last one offered (far off, so seats are free). */
async function chooseDateIfAny(page: Page) {
  const select = page.getByLabel('Date and location')
  if ((await select.count()) === 0) return
  await expect(select.locator('option').nth(1)).toBeAttached()
  await select.selectOption({index: (await select.locator('option').count()) - 1})
}

test('the course card shows the INR price next to the USD price, in the same style', async ({page}) => {
  await page.goto('/courses/offshore-survival')
  const bosiet = page.getByTestId('course-card').filter({has: page.getByRole('heading', {name: 'BOSIET', exact: true})})
  await expect(bosiet.getByTestId('course-price')).toHaveText('$450 or ₹45,000.00')
  const style = async (locator: ReturnType<Page['locator']>) =>
    locator.evaluate((element) => {
      const css = getComputedStyle(element)
      return {fontSize: css.fontSize, fontWeight: css.fontWeight, color: css.color}
    })
  const usd = bosiet.getByTestId('course-price').locator('span').first()
  expect(await style(bosiet.getByTestId('course-price-inr'))).toEqual(await style(usd))
  // A course without an INR price in its content shows USD only.
  const h2s = page.getByTestId('course-card').filter({has: page.getByRole('heading', {name: 'H2S', exact: true})})
  await expect(h2s.getByTestId('course-price')).toHaveText('$300')
  await expect(h2s.getByTestId('course-price-inr')).toHaveCount(0)
  await expectAccessible(page)
})

test('the form offers INR only for a course with an INR price, and prices it from the content', async ({page}) => {
  await page.goto(BOSIET_FORM)
  const usd = page.getByRole('radio', {name: /Pay in USD/})
  const inr = page.getByRole('radio', {name: /Pay in INR/})
  await expect(usd).toBeChecked()
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('450')
  await expect(page.getByTestId('amount-due')).toHaveText('$450 USD')
  await inr.check()
  await expect(page.getByLabel('Amount (INR)')).toHaveValue('45000')
  await expect(page.getByTestId('amount-due')).toHaveText('₹45,000.00 INR')
  await expect(page.getByRole('button', {name: 'Pay ₹45,000.00 INR'})).toBeVisible()
  await expectAccessible(page)

  // H2S has no INR price: no choice, USD.
  await page.getByLabel('Course').selectOption('H2S')
  await expect(page.getByRole('radio', {name: /Pay in INR/})).toHaveCount(0)
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('300')
  await expect(page.getByTestId('amount-due')).toHaveText('$300 USD')
})

test('INR payment in the sandbox: confirmation, receipt PDF and receipt e-mail in INR', async ({page}) => {
  await page.goto(BOSIET_FORM)
  await page.getByLabel('Full name').fill('Priya Nair')
  await page.getByLabel('Email').fill('priya.nair@example.com')
  await page.getByLabel('Mobile').fill('+91 98470 12345')
  await chooseDateIfAny(page)
  await page.getByRole('radio', {name: /Pay in INR/}).check()
  await page.getByRole('checkbox', {name: TERMS_LABEL}).check()
  await page.getByRole('button', {name: 'Pay ₹45,000.00 INR'}).click()
  const dialog = page.getByRole('dialog', {name: /Sandbox/})
  await expect(dialog.getByTestId('sandbox-amount')).toHaveText('₹45,000.00 INR')
  const orderId = (await dialog.getByTestId('sandbox-order').textContent())?.trim() ?? ''
  expect(orderId).toMatch(/^order_sandbox_/)
  await dialog.getByRole('button', {name: 'Pay', exact: true}).click()

  await expect(page.getByRole('heading', {level: 1, name: 'Enrolment confirmed'})).toBeVisible()
  await expect(page.getByTestId('confirmation-amount-paid')).toHaveText('₹45,000.00')
  const stored = (await siteStore('enrolments').get(orderId, {type: 'json'})) as Record<string, unknown>
  expect(stored).toMatchObject({status: 'paid', course: 'BOSIET', currency: 'INR', amount: 45000, amountMinor: 4_500_000})
  const receiptNumber = String(stored.receiptNumber)
  await expect(page.getByTestId('confirmation-receipt-number')).toHaveText(receiptNumber)
  await expectAccessible(page)

  // The receipt PDF prints the INR amount.
  const href = await page.getByRole('link', {name: 'Download receipt (PDF)'}).getAttribute('href')
  const pdf = await page.request.get(href!)
  expect(pdf.status()).toBe(200)
  const file = join(mkdtempSync(join(tmpdir(), 'inr-receipt-')), 'receipt.pdf')
  writeFileSync(file, await pdf.body())
  expect(execFileSync('pdftotext', ['-layout', file, '-'], {encoding: 'utf8'})).toContain('₹45,000.00')

  // The receipt e-mail (in the outbox) too.
  const message = (await siteStore('outbox').get(`message/receipt/${receiptNumber}`, {type: 'json'})) as {text: string; html: string}
  expect(message.text).toContain('Amount paid: ₹45,000.00')
  expect(message.html).toContain('₹45,000.00')
})

test.describe('the currency choice on a 390px phone', () => {
  test.use({viewport: {width: 390, height: 844}, reducedMotion: 'reduce'})
  test('fits the screen and passes axe', async ({page}) => {
    await page.goto(BOSIET_FORM)
    await page.getByRole('radio', {name: /Pay in INR/}).check()
    await expect(page.getByTestId('amount-due')).toHaveText('₹45,000.00 INR')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectAccessible(page)
  })
})
