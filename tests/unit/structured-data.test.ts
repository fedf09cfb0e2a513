import {describe, expect, it} from 'vitest'
import {
  breadcrumbList,
  courseList,
  HOME_STEP,
  organization,
  organizationId,
  profileLinks,
  serializeJsonLd,
  structuredDataHandle,
  type StructuredDataSite,
} from '~/lib/structured-data'

const site: StructuredDataSite = {
  origin: 'https://www.example.com',
  settings: {
    companyName: 'Acme Maritime',
    foundedYear: 2006,
    seoDescription: 'Training since 2006.',
    contact: {email: 'admissions@example.com', phone: '+971 6 000 0000', phoneHref: '+97160000000'},
    socialLinks: [{url: 'https://www.facebook.com/acme-maritime'}, {url: 'https://www.instagram.com/'}, {url: 'http://x.com/acme'}, null],
  },
}

describe('serializeJsonLd', () => {
  it('escapes < (and >, &, U+2028/2029) so content cannot close the script element, and still parses to the same value', () => {
    const value = {name: '</script><script>alert(1)</script>', note: 'a & b > c <!-- d', line: 'x\u2028y\u2029z'}
    const text = serializeJsonLd(value)
    expect(text).not.toMatch(/[<>&\u2028\u2029]/)
    expect(text).toContain('\\u003c/script\\u003e')
    expect(JSON.parse(text)).toEqual(value)
  })
})

describe('organization', () => {
  it('carries name, url, email, telephone, founding year and profile links from the settings', () => {
    expect(organization(site)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'https://www.example.com/#organization',
      name: 'Acme Maritime',
      url: 'https://www.example.com/',
      description: 'Training since 2006.',
      email: 'admissions@example.com',
      telephone: '+97160000000',
      foundingDate: '2006',
      sameAs: ['https://www.facebook.com/acme-maritime'],
    })
  })

  it('adds a logo only when one is given, and leaves out what the settings lack', () => {
    expect(organization(site, {logo: '/logo.png'}).logo).toBe('https://www.example.com/logo.png')
    const bare = organization({origin: 'http://localhost:8901', settings: {companyName: 'Acme'}})
    expect(bare).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': 'http://localhost:8901/#organization',
      name: 'Acme',
      url: 'http://localhost:8901/',
    })
  })

  it('sameAs keeps https profile URLs only: a bare platform home page is not a profile', () => {
    expect(profileLinks([{url: 'https://www.linkedin.com/'}, {url: 'https://www.linkedin.com/company/acme'}, {url: 'not a url'}])).toEqual([
      'https://www.linkedin.com/company/acme',
    ])
  })
})

describe('courseList', () => {
  const courses = [
    {_id: 'course-a', name: 'PSF', fullName: 'Personal Survival Techniques', description: 'Sea survival.', level: 'Beginner', pricing: 'fixed', priceUsd: 50},
    {_id: 'course-b', name: 'COE', fullName: 'Certificate of Endorsement', description: 'By quote.', level: 'Advanced', pricing: 'contact', priceUsd: null},
    {_id: 'course-c', name: 'AFFA', fullName: null, description: 'Fire fighting.', level: null, pricing: 'fixed', priceUsd: 1234.5},
  ]

  it('lists the fixed-price courses, each a Course with an Offer in USD and the Organization as provider', () => {
    const list = courseList(site, {id: 'stcw-courses', title: 'STCW Courses'}, courses)!
    expect(list['@type']).toBe('ItemList')
    expect(list.url).toBe('https://www.example.com/courses/stcw-courses')
    const items = (list.itemListElement as Array<{position: number; item: Record<string, any>}>).map((element) => element.item)
    expect(items.map((item) => item.alternateName ?? item.name)).toEqual(['PSF', 'AFFA'])
    expect(items[0]).toMatchObject({
      '@type': 'Course',
      name: 'Personal Survival Techniques',
      description: 'Sea survival.',
      educationalLevel: 'Beginner',
      url: 'https://www.example.com/courses/stcw-courses#course-a',
      provider: {'@type': 'Organization', '@id': organizationId(site.origin), name: 'Acme Maritime'},
      offers: {'@type': 'Offer', price: 50, priceCurrency: 'USD', availability: 'https://schema.org/InStock'},
    })
    expect(items[1]!.offers.price).toBe(1234.5)
    expect(items[0]!['@context']).toBeUndefined()
  })

  it('adds an Offer in INR where the content has an INR price, never for a course sold by quote', () => {
    const list = courseList(site, {id: 'stcw-courses', title: 'STCW Courses'}, [
      {...courses[0]!, priceInr: '₹4,000'},
      {...courses[1]!, priceInr: '₹9,000'},
      {...courses[2]!, priceInr: 'about 1 lakh'},
    ])!
    const items = (list.itemListElement as Array<{item: Record<string, any>}>).map((element) => element.item)
    expect(items[0]!.offers).toEqual([
      expect.objectContaining({'@type': 'Offer', price: 50, priceCurrency: 'USD'}),
      expect.objectContaining({'@type': 'Offer', price: 4000, priceCurrency: 'INR', availability: 'https://schema.org/InStock'}),
    ])
    expect(items).toHaveLength(2)
    expect(items[1]!.offers).toMatchObject({price: 1234.5, priceCurrency: 'USD'})
  })

  it('is null when no course has a fixed price', () => {
    expect(courseList(site, {id: 'competency-training', title: 'Competency'}, [courses[1]!])).toBeNull()
  })
})

describe('breadcrumbList', () => {
  it('numbers the steps from 1 with absolute item URLs', () => {
    expect(breadcrumbList(site, [HOME_STEP, {name: 'Services', path: '/services'}, {name: 'Captain', path: '/services/officer-licensing/captain'}])).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        {'@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/'},
        {'@type': 'ListItem', position: 2, name: 'Services', item: 'https://www.example.com/services'},
        {'@type': 'ListItem', position: 3, name: 'Captain', item: 'https://www.example.com/services/officer-licensing/captain'},
      ],
    })
  })
})

describe('structuredDataHandle', () => {
  it('calls the builder with the loader data, and gives nothing on an error page (no data)', () => {
    const handle = structuredDataHandle<() => {title: string}>((data, s) => [breadcrumbList(s, [HOME_STEP, {name: data.title, path: '/x'}])])
    expect(handle.structuredData({title: 'X'}, site)).toHaveLength(1)
    expect(handle.structuredData(undefined, site)).toEqual([])
  })
})
