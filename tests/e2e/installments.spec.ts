/**
 * Cadetship installments (docs/requirements.md#req-installments), in the sandbox: the
 * payment form's "1st installment of 3" with the schedule and total; staff request installment 2
 * from the enrolment detail, the candidate opens the link's local page (390 px), pays, and the
 * admin detail and the confirmation page show it paid with its receipt number; axe on each page.
 */
import type {Route} from '@playwright/test'
import type {EnrolmentDetail, EnrolmentSummary} from '#schemas/contracts/admin'
import type {InstallmentViewBody} from '#schemas/contracts/installments'
import {expect, expectAccessible, test} from './fixtures'
import {loginThroughApi, MOCK_TOKEN, paidCadet, seedToken, uniqueTag} from './admin-session'
import {fulfillEnrolmentList, isEnrolmentListCall} from './admin-list-mock'

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

test.describe('the installments in the admin detail (mocked API)', () => {
  test.use({timezoneId: 'UTC'})

  const orderId = 'order_sandbox_Installment0001'
  const schedule = (over: Record<number, Partial<InstallmentViewBody>>): InstallmentViewBody[] =>
    [3500, 2500, 2500].map((fee, i) => ({
      number: i + 1,
      label: ['1st', '2nd', '3rd'][i]! + ' Installment',
      duration: '3 months',
      feeUsd: fee,
      amountMinor: fee * 100,
      state: 'due' as const,
      ...over[i + 1],
    }))
  const detail = (installments: InstallmentViewBody[]): EnrolmentDetail & {installments: InstallmentViewBody[]} => ({
    orderId,
    receipt: 'rcpt_1',
    status: 'paid',
    name: 'Lea Cadet',
    email: 'lea@example.com',
    mobile: '+63 917 000 0001',
    trainingProgram: 'cadetship-training',
    trainingProgramName: 'Cadetship Training',
    course: 'deck-cadet',
    courseName: 'Deck Cadet Program',
    country: '',
    countryName: '',
    amount: 3500,
    amountMinor: 350000,
    currency: 'USD',
    attachments: [],
    paymentId: 'pay_sandbox_1',
    paidAt: '2026-10-01T09:05:00.000Z',
    createdAt: '2026-10-01T09:00:00.000Z',
    updatedAt: '2026-10-01T09:05:00.000Z',
    mode: 'sandbox',
    receiptNumber: 'MTC-2026-00001',
    history: [],
    refunds: [],
    installments,
  })
  const row = (d: EnrolmentDetail): EnrolmentSummary => ({
    _id: d.orderId,
    orderId: d.orderId,
    name: d.name,
    email: d.email,
    mobile: d.mobile,
    amount: d.amount,
    currency: d.currency,
    trainingProgramName: d.trainingProgramName,
    courseName: d.courseName,
    country: '',
    status: d.status,
    createdAt: d.createdAt,
    paidAt: d.paidAt ?? null,
    paymentId: d.paymentId ?? null,
    attachmentCount: 0,
    receiptNumber: d.receiptNumber ?? null,
    updatedAt: d.updatedAt,
  })

  test('an expired link offers "Send a new link"; a flagged payment is shown; a refusal shows the reason', async ({page}) => {
    let current = detail(
      schedule({
        1: {state: 'paid', receiptNumber: 'MTC-2026-00001'},
        2: {state: 'expired', expireBy: '2026-10-31T09:00:00.000Z', linkId: 'plink_old'},
        3: {
          state: 'requested',
          expireBy: '2026-12-20T09:00:00.000Z',
          linkUrl: 'https://rzp.io/i/abc',
          flag: 'Paid USD 1,000.00 but the link asked USD 2,500.00: check with the gateway (pay_x).',
        },
      }),
    )
    const posts: string[] = []
    await page.route('**/api/admin/**', async (route: Route) => {
      const url = new URL(route.request().url())
      if (route.request().headers()['authorization'] !== `Bearer ${MOCK_TOKEN}`) return route.fulfill({status: 401, json: {error: 'Invalid or expired token'}})
      if (isEnrolmentListCall(url)) return fulfillEnrolmentList(route, [row(current)])
      if (url.pathname === `/api/admin/enrollments/${orderId}`) return route.fulfill({json: current})
      const link = /\/installments\/(\d+)\/link$/.exec(url.pathname)
      if (link && route.request().method() === 'POST') {
        posts.push(link[1]!)
        if (posts.length === 1)
          return route.fulfill({status: 502, json: {error: 'The payment gateway refused the payment link: The customer contact is invalid. No link was sent.'}})
        current = detail(
          schedule({
            1: current.installments[0]!,
            2: {state: 'requested', expireBy: '2026-12-30T09:00:00.000Z', linkUrl: 'https://rzp.io/i/new'},
            3: current.installments[2]!,
          }),
        )
        return route.fulfill({status: 201, json: {installment: current.installments[1], enrolment: current}})
      }
      return route.fulfill({json: []})
    })
    await seedToken(page)
    await page.goto('/adminEnrollments')
    await page.getByRole('button', {name: 'View Lea Cadet'}).click()
    const section = page.getByRole('dialog').getByTestId('installments')
    await expect(section.getByTestId('installment-2')).toContainText('Expired · the link expired')
    await expect(section.getByTestId('installment-3')).toContainText('Check: Paid USD 1,000.00 but the link asked USD 2,500.00')
    await expect(section.getByRole('button')).toHaveCount(1)
    await expectAccessible(page)

    const again = section.getByRole('button', {name: 'Send a new link for installment 2'})
    await again.click()
    await expect(section.getByRole('alert')).toHaveText('The payment gateway refused the payment link: The customer contact is invalid. No link was sent.')
    await again.click()
    await expect(section.getByRole('status')).toHaveText('The payment link of installment 2 was e-mailed to lea@example.com.')
    await expect(section.getByTestId('installment-2')).toContainText('Requested · link open until')
    await expect(section.getByTestId('installment-2').getByRole('link', {name: 'https://rzp.io/i/new'})).toBeVisible()
    await expect(section.getByRole('button')).toHaveCount(0)
    expect(posts).toEqual(['2', '2'])
  })
})
