/**
 * Every public route of the spec's route table (docs/requirements.md#req-routes) answers 200 with its heading,
 * has exactly one h1, and passes axe-core with no serious or critical violation.
 */
import {expect, expectAccessible, test} from './fixtures'

/** [path, expected h1 (exact text or pattern)] */
const ROUTES: Array<[string, string | RegExp]> = [
  ['/', /\S/],
  ['/about', /\S/],
  ['/courses', /\S/],
  ['/courses/pre-sea-training', 'Pre-Sea Training'],
  ['/courses/stcw-courses', 'STCW Courses'],
  ['/courses/offshore-survival', 'Offshore & Survival'],
  ['/courses/value-added-courses', 'Value Added Courses'],
  ['/courses/competency-training', /\S/],
  ['/courses/cadetship-training', /\S/],
  ['/services', /\S/],
  ['/services/vessel-registration', 'Vessel Registration'],
  ['/services/yacht-registration', 'Yacht Registration'],
  ['/services/maritime-labor', 'Maritime Labor Services'],
  ['/services/officer-licensing', 'Officer Licensing'],
  ['/services/seaman-book', 'Seaman Book Services'],
  ['/services/filing-agents', 'Filing Agents Services'],
  ['/services/ship-officer-crew', 'Ship Officer & Crew Services'],
  ['/services/officer-licensing/deck-officers', 'Deck Officers Certification'],
  ['/services/officer-licensing/engineering-officers', 'Engineering Officers Certification'],
  ['/services/officer-licensing/seaman-book', 'Seaman Book Services'],
  ['/services/officer-licensing/hospitality', 'Maritime Hospitality Services'],
  ['/services/officer-licensing/cadet', 'Apply for Cadet Training'],
  ['/services/officer-licensing/ab', 'Apply for AB (Able Seaman)'],
  ['/services/officer-licensing/ii-officer', 'Second Officer Certification'],
  ['/services/officer-licensing/chief-officer', 'Chief Officer / Chief Mate'],
  ['/services/officer-licensing/captain', 'Master Mariner / Captain'],
  ['/services/officer-licensing/electrotechnical-certifications', 'Electrotechnical Certifications'],
  ['/services/officer-licensing/rating-certifications', 'Ratings & Able Seafarers Certification'],
  ['/terms', 'Terms & Conditions'],
  ['/privacy', 'Privacy Policy'],
  ['/refund', 'Cancellation & Refund Policy'],
  ['/shipping', 'Shipping Policy'],
  ['/exams', /\S/],
  ['/contact', /\S/],
  ['/payment', /\S/],
]

for (const [path, heading] of ROUTES) {
  test(`${path} renders its page`, async ({page}) => {
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    const h1 = page.locator('h1')
    await expect(h1).toHaveCount(1)
    if (typeof heading === 'string') await expect(h1).toHaveText(heading)
    else await expect(h1).toHaveText(heading)
    await expect(page).toHaveTitle(/\S/)
    await expectAccessible(page)
  })
}

test('an unknown category answers 404 with the spec text', async ({page}) => {
  const response = await page.goto('/courses/deep-sea-fishing')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Category Not Found')
  await expect(page.getByText('The requested training category could not be found.')).toBeVisible()
  await expect(page.getByRole('link', {name: 'Back to Courses'})).toHaveAttribute('href', '/courses')
  await expectAccessible(page)
})

test('an unknown path answers 404 with a designed page', async ({page}) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Page not found')
  await expect(page.getByRole('navigation', {name: 'Main'})).toBeVisible()
  await expectAccessible(page)
})

test('unknown service and officer-licensing pages answer 404', async ({page}) => {
  expect((await page.goto('/services/not-a-service'))?.status()).toBe(404)
  expect((await page.goto('/services/officer-licensing/not-a-rank'))?.status()).toBe(404)
})

test('responses carry the security headers and a nonce-based CSP', async ({request}) => {
  for (const path of ['/', '/courses/stcw-courses', '/favicon.svg']) {
    const response = await request.get(path)
    const headers = response.headers()
    expect(headers['x-content-type-options'], path).toBe('nosniff')
    expect(headers['referrer-policy'], path).toBeTruthy()
    expect(headers['x-frame-options'], path).toBe('DENY')
    expect(headers['permissions-policy'], path).toContain('camera=()')
  }
  const csp = (await request.get('/')).headers()['content-security-policy']
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).not.toContain('unsafe-eval')
})
