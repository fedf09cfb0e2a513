/**
 * Every query of netlify/platform/content/queries.ts against the seed dataset (the embedded default),
 * checked for what its page needs and for the spec's figures.
 */
import {describe, expect, it} from 'vitest'
import {fetchContent} from '#netlify/platform/content/client'
import {
  ABOUT_PAGE_QUERY,
  CADETSHIP_PAGE_QUERY,
  CATEGORY_PAGE_QUERY,
  COMPETENCY_PAGE_QUERY,
  COURSES_PAGE_QUERY,
  EXAMS_QUERY,
  HOME_PAGE_QUERY,
  LEGAL_PAGE_QUERY,
  SERVICE_PAGE_QUERY,
  SERVICES_PAGE_QUERY,
  SITE_SETTINGS_QUERY,
} from '#netlify/platform/content/queries'
import {OFFICER_LICENSING_SLUGS, SERVICE_SLUGS} from '#schemas/content'

describe('seed content through the site queries', () => {
  it('site settings carry the contact details, hours and four social links', async () => {
    const settings = await fetchContent(SITE_SETTINGS_QUERY)
    expect(settings?.foundedYear).toBe(2006)
    expect(settings?.officeCount).toBe('60+')
    expect(settings?.contact?.businessHours).toBe('Mon-Fri 9:00-17:00')
    expect(settings?.contact?.address).toMatch(/Ajman/)
    expect(settings?.socialLinks).toHaveLength(4)
  })

  it('home: the five claims, three featured programs with counts, six reasons, locations, three 5-star testimonials', async () => {
    const {page, locations, testimonials} = await fetchContent(HOME_PAGE_QUERY)
    expect(page?.stats?.map((s) => s.value)).toEqual(['15+', '5000+', '50+', '100%', '516'])
    expect(page?.featured?.map((c) => [c.id, c.durationRange, c.courseCount])).toEqual([
      ['pre-sea-training', '2-4 weeks', 5],
      ['cadetship-training', '6-18 months', 3],
      ['competency-training', '3-8 weeks', 7],
    ])
    expect(page?.whyChoose).toHaveLength(6)
    expect(locations.length).toBeGreaterThan(0)
    for (const location of locations) expect(location.countryCode).toMatch(/^[a-z]{2}$/)
    expect(testimonials).toHaveLength(3)
    expect(testimonials.every((t) => t.rating === 5 && t.isSample === true)).toBe(true)
  })

  it('about: the "Since 2006" block with 516 vessels and 60+ offices, five services', async () => {
    const page = await fetchContent(ABOUT_PAGE_QUERY)
    expect(page?.excellence?.heading).toBe('Maritime Excellence Since 2006')
    expect(page?.excellence?.stats?.map((s) => s.value)).toEqual(expect.arrayContaining(['516', '60+']))
    expect(page?.services).toHaveLength(5)
    expect(page?.cta?.label).toBe('Get Started')
    expect(page?.cta?.href).toBe('/contact')
  })

  it('courses: six categories with the spec counts and durations, four benefits', async () => {
    const {page, categories} = await fetchContent(COURSES_PAGE_QUERY)
    expect(page?.benefits).toHaveLength(4)
    expect(Object.fromEntries(categories.map((c) => [c.id, [c.courseCount, c.durationRange]]))).toEqual({
      'pre-sea-training': [5, '2-4 weeks'],
      'cadetship-training': [3, '6-18 months'],
      'competency-training': [7, '3-8 weeks'],
      'value-added-courses': [8, '1-4 weeks'],
      'stcw-courses': [8, '1-7 days'],
      'offshore-survival': [10, '1-4 days'],
    })
  })

  it('category pages carry every course with its exact price, duration and level', async () => {
    const {category} = await fetchContent(CATEGORY_PAGE_QUERY, {category: 'offshore-survival'})
    const byName = Object.fromEntries(category?.courses.map((c) => [c.name, c]) ?? [])
    expect(byName.BOSIET).toMatchObject({pricing: 'fixed', priceUsd: 450, duration: '4 days', priceInr: '₹45,000'})
    expect(byName.H2S).toMatchObject({priceUsd: 300, duration: '1 day'})
    const preSea = await fetchContent(CATEGORY_PAGE_QUERY, {category: 'pre-sea-training'})
    expect(preSea.category?.courses.map((c) => [c.name, c.priceUsd, c.duration])).toEqual([
      ['BTLGTCO', 100, '5 days'],
      ['BTOCTCO', 100, '5 days'],
      ['PSF', 50, '2 days'],
      ['STSDSD', 50, '2 days'],
      ['Basic STCW package', 150, '1 week'],
    ])
    for (const course of preSea.category?.courses ?? []) {
      expect(['Beginner', 'Intermediate', 'Advanced', 'All Levels', 'Entry Level']).toContain(course.level)
    }
    const competency = await fetchContent(CATEGORY_PAGE_QUERY, {category: 'competency-training'})
    expect(competency.category?.courses.every((c) => c.pricing === 'contact' && c.priceUsd === null)).toBe(true)
  })

  it('an unknown category yields null, not an error', async () => {
    const {category, why} = await fetchContent(CATEGORY_PAGE_QUERY, {category: 'no-such-category'})
    expect(category).toBeNull()
    expect(why?.categoryWhyHeading).toBe('Why Choose Our Training?')
  })

  it('the competency fee table has 7 ranks x 6 jurisdictions', async () => {
    const {table} = await fetchContent(COMPETENCY_PAGE_QUERY)
    expect(table?.jurisdictions?.map((j) => j.name)).toEqual(['St. Maarten', 'Guyana', 'Aruba', 'Nicaragua', 'Vietnam', 'Thailand'])
    const fees = Object.fromEntries(table?.rows?.map((row) => [row.rank, row.fees?.map((f) => f.amountUsd)]) ?? [])
    expect(fees).toEqual({
      'Master/Chief officer': [2200, 2200, 2200, 2200, 4400, 4400],
      '2/3 Officer': [1800, 1800, 1800, 1800, 3800, 3800],
      'Chief/2 Engineer': [1800, 1800, 1800, 1800, 3800, 3800],
      '3/4 Engineer': [1500, 1500, 1500, 1500, 3400, 3400],
      'Tanker Endorsement': [30, 30, 30, 30, 50, 50],
      COE: [180, 180, 180, 180, 200, 200],
      CDC: [80, 80, 80, 80, 125, 125],
    })
  })

  it('the cadetship programme has the spec figures', async () => {
    const {programme} = await fetchContent(CADETSHIP_PAGE_QUERY)
    expect(programme).toMatchObject({
      duration: '9 months',
      trainingType: 'College and On-Ship Training',
      totalFeeUsd: 8500,
      stipendRange: {minUsd: 300, maxUsd: 1200},
      enrolCourse: 'deck-cadet',
      enrolAmountUsd: 3500,
    })
    expect(programme?.installments?.map((i) => [i.label, i.duration, i.feeUsd])).toEqual([
      ['1st Installment', '3 months', 3500],
      ['2nd Installment', '3 months', 2500],
      ['3rd Installment', '3 months', 2500],
    ])
  })

  it('the services overview links five service pages', async () => {
    const page = await fetchContent(SERVICES_PAGE_QUERY)
    expect(page?.services?.map((service) => service?.slug)).toEqual([
      'vessel-registration',
      'yacht-registration',
      'officer-licensing',
      'maritime-labor',
      'ship-officer-crew',
    ])
  })

  it('every service and officer-licensing path has a page', async () => {
    for (const slug of SERVICE_SLUGS) {
      const page = await fetchContent(SERVICE_PAGE_QUERY, {slug, sections: ['services']})
      expect(page?.title, slug).toBeTruthy()
      expect(page?.body?.length, slug).toBeGreaterThan(0)
    }
    for (const slug of OFFICER_LICENSING_SLUGS) {
      const sections = slug === 'seaman-book' ? ['officer-licensing', 'services'] : ['officer-licensing']
      const page = await fetchContent(SERVICE_PAGE_QUERY, {slug, sections})
      expect(page?.title, slug).toBeTruthy()
    }
  })

  it('the officer-licensing hub links its six sub-pages and shows the two training providers', async () => {
    const hub = await fetchContent(SERVICE_PAGE_QUERY, {slug: 'officer-licensing', sections: ['services']})
    expect(hub?.childPages?.map((p) => p.slug)).toEqual([
      'deck-officers',
      'engineering-officers',
      'captain',
      'chief-officer',
      'rating-certifications',
      'electrotechnical-certifications',
    ])
    expect(hub?.cta?.label).toBe('Start Your Certification Process')
    expect(hub?.trainingProviders.map((p) => [p.country, p.validTill])).toEqual([
      ['Argentina', '2025-01-20'],
      ['Brazil', '2024-04-20'],
    ])
  })

  it('the vessel registration page names the form codes and the 90-day / 5-year rules', async () => {
    const page = await fetchContent(SERVICE_PAGE_QUERY, {slug: 'vessel-registration', sections: ['services']})
    const text = JSON.stringify(page?.body)
    for (const fact of ['IMRR01', 'DC01', 'KYCF01', 'RAA01', '90 days', '5 years', '1000 GT', '2000 tons']) expect(text).toContain(fact)
  })

  it('the four legal pages state non-refundable payments, courts of India and 24-48 hours', async () => {
    const texts: string[] = []
    for (const slug of ['terms', 'privacy', 'refund', 'shipping']) {
      const page = await fetchContent(LEGAL_PAGE_QUERY, {slug})
      expect(page?.title, slug).toBeTruthy()
      texts.push(JSON.stringify(page?.body))
    }
    const all = texts.join(' ')
    expect(all).toMatch(/non-refundable/i)
    expect(all).toMatch(/courts of India/i)
    expect(all).toMatch(/24-48 hours/)
  })

  it('exams are listed without their answers', async () => {
    const exams = await fetchContent(EXAMS_QUERY)
    expect(exams.map((e) => [e.examId, e.durationMinutes, e.totalPoints, e.category, e.questionCount])).toEqual([
      ['maritime-safety-basics', 45, 100, 'Safety', 8],
      ['navigation-fundamentals', 60, 120, 'Navigation', 8],
    ])
    expect(JSON.stringify(exams)).not.toMatch(/correctAnswer/)
  })
})
