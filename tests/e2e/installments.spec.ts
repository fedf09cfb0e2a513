/**
 * Issue 17, cadetship installments (docs/requirements.md#req-installments), in the sandbox: the
 * payment form's "1st installment of 3" with the schedule and total; staff request installment 2
 * from the enrolment detail, the candidate opens the link's local page (390 px), pays, and the
 * admin detail and the confirmation page show it paid with its receipt number; axe on each page.
 */
import type {APIRequestContext} from '@playwright/test'
import {expect, expectAccessible, test} from './fixtures'
import {loginThroughApi, seedToken, uniqueTag} from './admin-session'

/** A paid sandbox cadetship enrolment by `name` (no batch: the API does not require one). */
async function paidCadet(request: APIRequestContext, name: string): Promise<{orderId: string; confirmationUrl: string}> {
  const order = await request.post('/api/enroll/create-order', {
    data: {
      name,
      email: 'cadet-e2e@example.com',
      mobile: '+63 917 555 0101',
      trainingProgram: 'cadetship-training',
      course: 'deck-cadet',
      amount: 3500,
      currency: 'USD',
      termsAccepted: true,
    },
  })
  expect(order.status(), await order.text()).toBe(200)
  const {id: orderId} = (await order.json()) as {id: string}
  const paid = await request.post('/api/sandbox/pay', {data: {orderId}})
  expect(paid.status(), await paid.text()).toBe(200)
  const saved = await request.post('/api/enroll/save', {data: await paid.json()})
  expect(saved.status(), await saved.text()).toBe(200)
  return {orderId, confirmationUrl: ((await saved.json()) as {confirmationUrl: string}).confirmationUrl}
}

test('the cadetship form says "1st installment of 3" and shows the schedule and the total', async ({page}) => {
  await page.goto('/payment?training=cadetship-training&course=deck-cadet&amount=3500')
  await expect(page.getByTestId('amount-due')).toHaveText('$3,500 USD')
  const schedule = page.getByTestId('installment-schedule')
  await expect(schedule.getByTestId('installment-of')).toHaveText('1st installment of 3')
  const table = schedule.getByRole('table', {name: 'Cadetship fee installments'})
  await expect(table.getByRole('row')).toHaveText([
    /Installment\s*Duration\s*Fee/,
    /1st Installment\s*Today\s*3 months\s*\$3,500/,
    /2nd Installment\s*3 months\s*\$2,500/,
    /3rd Installment\s*3 months\s*\$2,500/,
    /Total\s*\$8,500/,
  ])
  await expect(schedule).toContainText('Today you pay the 1st installment of 3.')
  await expectAccessible(page)
  // Not for another programme.
  await page.goto('/payment?training=pre-sea-training&course=PSF')
  await expect(page.getByTestId('amount-due')).toHaveText('$50 USD')
  await expect(page.getByTestId('installment-schedule')).toHaveCount(0)
})

test('staff request installment 2; the candidate pays it on the link page; the detail and the confirmation show it paid with its receipt', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const name = `${uniqueTag('Cadet')} Reyes`
  const {confirmationUrl} = await paidCadet(request, name)
  await seedToken(page, await loginThroughApi(request))

  await page.goto('/adminEnrollments')
  await page.getByLabel('Search enrolments').fill(name)
  await page.getByRole('button', {name: `View ${name}`}).click()
  const section = page.getByRole('dialog').getByTestId('installments')
  await expect(section.getByTestId('installment-1')).toContainText(/Paid · receipt MTC-\d{4}-\d{5}/)
  await expect(section.getByTestId('installment-2')).toContainText('Due')
  await expect(section.getByTestId('installment-3')).toContainText('Due')
  await expectAccessible(page)

  await section.getByRole('button', {name: 'Request installment 2'}).click()
  await expect(section.getByRole('status')).toHaveText('The payment link of installment 2 was e-mailed to cadet-e2e@example.com.')
  await expect(section.getByTestId('installment-2')).toContainText('Requested · link open until')
  await expect(section.getByRole('button', {name: 'Request installment 2'})).toHaveCount(0)
  const href = await section.getByTestId('installment-2').getByRole('link').getAttribute('href')
  expect(href).toMatch(/\/pay\/link\/plink_sandbox_[A-Za-z0-9]{14}$/)
  await expectAccessible(page)

  // The candidate's page, on a phone.
  await page.setViewportSize({width: 390, height: 844})
  await page.goto(new URL(href!).pathname)
  await expect(page.getByRole('heading', {level: 1, name: 'Pay your installment'})).toBeVisible()
  await expect(page.getByText('2nd Installment (2nd installment of 3)')).toBeVisible()
  await expect(page.getByTestId('link-amount')).toHaveText('USD 2,500.00')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectAccessible(page)
  await page.getByRole('button', {name: 'Fail payment'}).click()
  await expect(page.getByRole('alert')).toContainText('Payment failed (sandbox). Nothing was charged: you can try again.')
  await page.getByRole('button', {name: 'Pay', exact: true}).click()
  await expect(page.getByTestId('link-paid')).toHaveText(/Payment received\. Your receipt MTC-\d{4}-\d{5} is on its way by e-mail\./)
  const receipt = (await page.getByTestId('link-paid').textContent())!.match(/MTC-\d{4}-\d{5}/)![0]
  await expect(page.getByRole('button', {name: 'Pay', exact: true})).toHaveCount(0)
  await expectAccessible(page)

  // The confirmation page shows each installment's state.
  await page.setViewportSize({width: 1280, height: 800})
  await page.goto(confirmationUrl)
  await expect(page.getByTestId('installment-of')).toHaveText('1st installment of 3')
  await expect(page.getByTestId('schedule-state-2')).toHaveText(`Paid · receipt ${receipt}`)
  await expect(page.getByTestId('schedule-state-3')).toHaveText('Due')
  await expect(page.getByTestId('schedule-total')).toHaveText('$8,500')
  await expectAccessible(page)

  // Staff see it paid with that receipt number.
  await page.goto('/adminEnrollments')
  await page.getByLabel('Search enrolments').fill(name)
  await page.getByRole('button', {name: `View ${name}`}).click()
  await expect(page.getByRole('dialog').getByTestId('installment-2')).toContainText(`Paid · receipt ${receipt}`)
  await expect(page.getByRole('dialog').getByRole('button', {name: 'Request installment 3'})).toBeVisible()
})

test('an unknown payment link is 404', async ({request}) => {
  expect((await request.get('/pay/link/plink_sandbox_AAAAAAAAAAAAAA')).status()).toBe(404)
  expect((await request.get('/pay/link/nope')).status()).toBe(404)
})
