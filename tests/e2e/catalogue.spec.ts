/**
 * The catalogue shows the spec's exact prices (docs/requirements.md#req-constants-prices) with Enroll links carrying
 * training, course and price (docs/requirements.md#req-category); the competency table has the 42 fees; the
 * cadetship Enroll link carries deck-cadet and 3500.
 */
import {expect, test} from './fixtures'

/** docs/requirements.md#req-constants-prices, "Course prices (USD)". */
const PRICES: Record<string, Record<string, number>> = {
  'pre-sea-training': {BTLGTCO: 100, BTOCTCO: 100, PSF: 50, STSDSD: 50, 'Basic STCW package': 150},
  'stcw-courses': {'Basic STCW': 150, AFFA: 900, ATCT: 300, ATLG: 300, ATO: 300, ARPA: 300, ECDIS: 450, GMDSS: 450},
  'offshore-survival': {
    BOSIET: 450,
    H2S: 300,
    HLO: 300,
    HUET: 300,
    OERTM: 300,
    OLC: 400,
    'Basic Survival': 150,
    CSER: 200,
    FOET: 250,
    HDA: 100,
  },
  'value-added-courses': {
    'Maritime Law': 200,
    'Port Management': 350,
    'Ship Management': 300,
    'Maritime English': 200,
    'Cargo Handling': 300,
    'Maritime Security': 200,
    'Environmental Compliance': 100,
    'Leadership Skills': 200,
  },
}

for (const [category, prices] of Object.entries(PRICES)) {
  test(`${category} lists every course at its exact price with an Enroll link`, async ({page}) => {
    await page.goto(`/courses/${category}`)
    const cards = page.getByTestId('course-card')
    await expect(cards).toHaveCount(Object.keys(prices).length)
    for (const [name, usd] of Object.entries(prices)) {
      const card = cards.filter({has: page.getByRole('heading', {name, exact: true})})
      await expect(card).toHaveCount(1)
      const label = `$${usd.toLocaleString('en-US')}`
      await expect(card.getByTestId('course-price')).toContainText(label)
      await expect(card.getByText('Investment')).toBeVisible()
      const href = await card.getByRole('link', {name: `Enroll Now: ${name}`}).getAttribute('href')
      const url = new URL(href ?? '', 'http://x')
      expect(url.pathname).toBe('/payment')
      expect(url.searchParams.get('training')).toBe(category)
      expect(url.searchParams.get('course')).toBe(name)
      expect(url.searchParams.get('price')).toBe(label)
    }
  })
}

test('the course overview links the six categories with their course counts', async ({page}) => {
  await page.goto('/courses')
  const expected: Record<string, string> = {
    'pre-sea-training': '5 courses',
    'stcw-courses': '8 courses',
    'offshore-survival': '10 courses',
    'value-added-courses': '8 courses',
    'competency-training': '7 courses',
    'cadetship-training': '3 installments',
  }
  for (const [id, count] of Object.entries(expected)) {
    const link = page.locator(`a[href="/courses/${id}"]`)
    await expect(link).toHaveCount(1)
    await expect(page.locator('article', {has: link})).toContainText(count)
  }
  await expect(page.getByRole('link', {name: 'Explore Certifications'})).toHaveAttribute('href', '#courses')
})

/** docs/requirements.md#req-constants-competency, "Competency fees (USD)": first figure for the first four jurisdictions. */
const FEES: Array<[string, number, number]> = [
  ['Master/Chief officer', 2200, 4400],
  ['2/3 Officer', 1800, 3800],
  ['Chief/2 Engineer', 1800, 3800],
  ['3/4 Engineer', 1500, 3400],
  ['Tanker Endorsement', 30, 50],
  ['COE', 180, 200],
  ['CDC', 80, 125],
]
const JURISDICTIONS = ['St. Maarten', 'Guyana', 'Aruba', 'Nicaragua', 'Vietnam', 'Thailand']

test('the competency table shows the 42 fees and an Enroll link per rank', async ({page}) => {
  await page.goto('/courses/competency-training')
  const table = page.getByTestId('fee-table')
  await expect(table.locator('thead th')).toHaveText(['RANK', ...JURISDICTIONS, 'ACTION'])
  await expect(table.getByTestId('fee')).toHaveCount(42)
  for (const [rank, low, high] of FEES) {
    const row = table.locator('tbody tr', {has: page.getByRole('rowheader', {name: rank, exact: true})})
    const money = (usd: number) => `$${usd.toLocaleString('en-US')} USD`
    await expect(row.getByTestId('fee')).toHaveText([money(low), money(low), money(low), money(low), money(high), money(high)])
    const href = await row.getByRole('link', {name: `Enroll: ${rank}`}).getAttribute('href')
    const url = new URL(href ?? '', 'http://x')
    expect(url.pathname).toBe('/payment')
    expect(url.searchParams.get('training')).toBe('competency-training')
    expect(url.searchParams.get('course')).toBe(rank)
  }
  await expect(page.getByRole('note')).toContainText(/may vary/i)
  await expect(page.getByRole('link', {name: 'Call Admissions'})).toHaveAttribute('href', /^tel:\+/)
  await expect(page.getByRole('link', {name: 'Email Inquiry'})).toHaveAttribute('href', /^mailto:/)
})

test('the cadetship page shows its figures and enrols deck-cadet for 3500', async ({page}) => {
  await page.goto('/courses/cadetship-training')
  const facts = page.getByTestId('cadetship-facts')
  await expect(facts).toContainText('9 months')
  await expect(facts).toContainText('College and On-Ship Training')
  await expect(facts).toContainText('$8,500 USD')
  await expect(facts).toContainText('$300 - $1,200 USD')
  const installments = page.getByTestId('installments')
  await expect(installments.locator('tbody tr')).toHaveCount(3)
  await expect(installments.locator('tbody tr').nth(0)).toContainText('$3,500')
  await expect(installments.locator('tbody tr').nth(1)).toContainText('$2,500')
  await expect(installments.locator('tbody tr').nth(2)).toContainText('$2,500')
  await expect(installments.locator('tfoot')).toContainText('$8,500 USD')
  const href = await page.getByRole('link', {name: 'Enroll', exact: true}).getAttribute('href')
  const url = new URL(href ?? '', 'http://x')
  expect(url.pathname).toBe('/payment')
  expect(Object.fromEntries(url.searchParams)).toEqual({training: 'cadetship-training', course: 'deck-cadet', amount: '3500'})
})

test('the home page shows three featured programs, flags served by the site and testimonials', async ({page}) => {
  await page.goto('/')
  await expect(page.getByRole('link', {name: 'Explore Certifications'}).first()).toHaveAttribute('href', '/courses')
  await expect(page.getByRole('link', {name: 'Enroll Now'}).first()).toHaveAttribute('href', '/payment')
  for (const claim of ['15+', '5000+', '50+', '100%', '516']) {
    await expect(page.getByRole('region', {name: 'Our record'})).toContainText(claim)
  }
  const featured = page.getByRole('region', {name: /program/i}).locator('article')
  await expect(featured).toHaveCount(3)
  await expect(featured.nth(0)).toContainText('2-4 weeks')
  await expect(featured.nth(1)).toContainText('6-18 months')
  await expect(featured.nth(2)).toContainText('3-8 weeks')
  const flags = page.locator('img[src$=".svg"][width="48"]')
  expect(await flags.count()).toBeGreaterThanOrEqual(1)
  for (const src of await flags.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src))) {
    expect(new URL(src).origin).toBe(new URL(page.url()).origin)
  }
  await expect(page.getByRole('img', {name: 'Rated 5 out of 5'})).toHaveCount(3)
})
