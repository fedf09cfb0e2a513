/**
 * My training's certificates, waitlists, practice exams and privacy sections
 * (docs/requirements.md#req-account): a candidate with a completed enrolment gets a certificate
 * through the admin API, waits for a batch, signs in by the link from the outbox, sees the
 * certificate (its PDF downloads), leaves the waitlist, takes a practice exam signed in and finds
 * it listed with its PDF, and asks for erasure — which the owner then sees on /admin/privacy.
 * axe at 1280 and 390 px.
 */
import {expect, expectAccessible, test} from './fixtures'
import {createPsfOrder, loginThroughApi, seedToken, uniqueTag} from './admin-session'
import {signInToAccount} from './account-session'

/** A seed batch far enough ahead to take waitlist places. */
const BATCH = 'batch-bosiet-2027-12-27-ajman'

for (const viewport of [
  {width: 1280, height: 900},
  {width: 390, height: 844},
]) {
  test(`certificates, waitlists, practice exams and privacy in My training (${viewport.width} px)`, async ({page, request}) => {
    test.setTimeout(150_000)
    await page.setViewportSize(viewport)
    const name = `${uniqueTag('More')} Reyes`
    const email = `${uniqueTag('more')
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}@example.com`

    // A completed enrolment with a certificate, issued by staff through the admin API.
    const token = await loginThroughApi(request)
    const auth = {authorization: `Bearer ${token}`}
    const {orderId} = await createPsfOrder(request, name, email, 'paid')
    for (const status of ['contacted', 'confirmed', 'completed']) {
      const moved = await request.patch(`/api/admin/enrollments/${orderId}`, {headers: auth, data: {status}})
      expect(moved.status(), await moved.text()).toBe(200)
    }
    const issued = await request.post('/api/admin/certificates', {
      headers: auth,
      data: {orderId, holderName: name, dateOfBirth: '1991-07-04', courseStart: '2026-11-16', courseEnd: '2026-11-17'},
    })
    expect(issued.status(), await issued.text()).toBe(201)
    const {certificate} = (await issued.json()) as {certificate: {number: string}}

    // A waitlist place.
    const joined = await request.post('/api/waitlist', {data: {batchId: BATCH, name, email, mobile: '+63 917 555 0101'}})
    expect(joined.status(), await joined.text()).toBeLessThan(300)

    await signInToAccount(page, email)

    // Certificates.
    const certificateCard = page.getByTestId('portal-certificate')
    await expect(certificateCard).toContainText(certificate.number)
    await expect(certificateCard).toContainText('Valid')
    await expect(certificateCard.getByRole('link', {name: /^Public verification page/})).toHaveAttribute('href', `/verify/${certificate.number}`)
    const download = page.waitForEvent('download')
    await certificateCard.getByRole('link', {name: /^Download certificate \(PDF\)/}).click()
    expect((await download).suggestedFilename()).toBe(`certificate-${certificate.number}.pdf`)

    // Waitlists.
    const waitlists = page.getByRole('region', {name: 'Waitlists'})
    await expect(waitlists.getByTestId('portal-waitlist')).toContainText('Place in line:')
    await expectAccessible(page)
    await waitlists.getByRole('button', {name: /^Leave the waitlist/}).click()
    await expect(waitlists.getByRole('status')).toContainText('You have left the waitlist.')
    await expect(waitlists.getByTestId('portal-waitlist')).toHaveCount(0)

    // A practice exam taken while signed in is kept with the account.
    await page.goto('/exam/maritime-safety-basics/start')
    await page.getByRole('checkbox').check()
    await page.getByRole('button', {name: /^Start/}).click()
    await expect(page).toHaveURL(/\/exam\/maritime-safety-basics\/take$/)
    await page.getByRole('button', {name: 'Submit Exam'}).first().click()
    await page.getByRole('dialog', {name: 'Submit Exam?'}).getByRole('button', {name: 'Submit', exact: true}).click()
    await expect(page.getByRole('heading', {name: 'Exam Completed!'})).toBeVisible()
    await expect(page.getByText('Saved in My training.')).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', {name: 'View in My training'}).click()
    const attempts = page.getByRole('region', {name: 'Practice exams'})
    const attempt = attempts.getByTestId('portal-exam-attempt')
    await expect(attempt).toHaveCount(1)
    await expect(attempt).toContainText('Maritime Safety Basics')
    await expect(attempt).toContainText('Not passed')
    await expect(attempt).toContainText(/0 of 8 \(0%\)/)
    const pdf = page.waitForEvent('download')
    await attempt.getByRole('link', {name: /^Download results \(PDF\)/}).click()
    expect((await pdf).suggestedFilename()).toMatch(/^exam-results-maritime-safety-basics-\d{4}-\d{2}-\d{2}\.pdf$/)

    // Privacy: ask for erasure.
    const privacy = page.getByRole('region', {name: 'Your data'})
    await expect(privacy.getByRole('link', {name: 'Download my data'})).toHaveAttribute('href', '/account/my-data')
    await privacy.getByLabel('Why would you like your data erased? (optional)').fill('I have left the sea.')
    await privacy.getByRole('button', {name: 'Ask us to erase my data'}).click()
    await expect(privacy.getByRole('status')).toContainText('we have your request')
    await expect(privacy.getByTestId('erasure-pending')).toBeVisible()
    await expectAccessible(page)

    // The owner sees the request on the privacy page.
    await seedToken(page, token)
    await page.goto('/admin/privacy')
    const requests = page.getByRole('region', {name: 'Erasure requests from My training'})
    await expect(requests).toContainText(email)
    await expect(requests).toContainText('I have left the sea.')
    await expectAccessible(page)
  })
}
