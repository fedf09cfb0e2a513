import {describe, expect, it} from 'vitest'
import {siteOrigin} from '#netlify/platform/env'
import {absoluteUrl, courseAnchor} from '#schemas/rules/paths'
import {DISALLOWED_PATHS, robotsTxt} from '~/lib/robots'
import {latest, sitemapEntries, sitemapXml} from '~/lib/sitemap'
import type {SITEMAP_QUERYResult} from '#schemas/content/sanity.types'

const content = {
  singletons: [
    {_id: 'homePage', _updatedAt: '2025-01-02T10:00:00Z'},
    {_id: 'coursesPage', _updatedAt: '2025-01-01T00:00:00Z'},
    {_id: 'competencyFeeTable', _updatedAt: '2025-03-01T00:00:00Z'},
  ],
  categories: [
    {id: 'stcw-courses', _updatedAt: '2025-01-05T00:00:00Z', coursesUpdatedAt: ['2025-02-01T00:00:00Z', '2024-12-01T00:00:00Z']},
    {id: 'competency-training', _updatedAt: '2025-01-01T00:00:00Z', coursesUpdatedAt: []},
  ],
  services: [
    {section: 'services', slug: 'seaman-book', _updatedAt: null},
    {section: 'officer-licensing', slug: 'captain', _updatedAt: '2025-04-01T00:00:00.000Z'},
  ],
  legal: [{slug: 'terms', _updatedAt: null}],
  exams: [{examId: 'maritime-safety-basics', _updatedAt: '2025-05-01T00:00:00Z'}],
} as unknown as SITEMAP_QUERYResult

describe('sitemapEntries', () => {
  const entries = sitemapEntries(content)
  const byPath = Object.fromEntries(entries.map((entry) => [entry.path, entry.lastmod]))

  it('lists the fixed pages, then categories, services, legal pages and exam start pages, each once', () => {
    expect(entries.map((entry) => entry.path)).toEqual([
      '/',
      '/about',
      '/courses',
      '/courses/calendar',
      '/courses/competency-training',
      '/courses/cadetship-training',
      '/services',
      '/contact',
      '/exams',
      '/courses/stcw-courses',
      '/services/seaman-book',
      '/services/officer-licensing/captain',
      '/terms',
      '/exam/maritime-safety-basics/start',
    ])
  })

  it('dates each page by the latest change of the documents it shows, and leaves lastmod out when none has one', () => {
    expect(byPath['/']).toBe('2025-01-02T10:00:00.000Z')
    expect(byPath['/courses/stcw-courses']).toBe('2025-02-01T00:00:00.000Z')
    expect(byPath['/courses']).toBe('2025-01-05T00:00:00.000Z')
    expect(byPath['/courses/competency-training']).toBe('2025-03-01T00:00:00.000Z')
    expect(byPath['/exams']).toBe('2025-05-01T00:00:00.000Z')
    expect(byPath['/services/seaman-book']).toBeNull()
    expect(byPath['/about']).toBeNull()
  })

  it('latest ignores missing and unreadable dates', () => {
    expect(latest([null, 'nonsense', undefined])).toBeNull()
    expect(latest(['2024-01-01', '2025-01-01T00:00:00+04:00'])).toBe('2024-12-31T20:00:00.000Z')
  })
})

describe('sitemapXml', () => {
  it('writes absolute URLs on the origin, with lastmod only when known, escaping XML', () => {
    const xml = sitemapXml('https://www.example.com', [
      {path: '/', lastmod: '2025-01-02T10:00:00.000Z'},
      {path: '/a&b', lastmod: null},
    ])
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/)
    expect(xml).toContain('<url><loc>https://www.example.com/</loc><lastmod>2025-01-02T10:00:00.000Z</lastmod></url>')
    expect(xml).toContain('<url><loc>https://www.example.com/a&amp;b</loc></url>')
  })
})

describe('robotsTxt', () => {
  const text = robotsTxt('https://www.example.com')
  const lines = text.split('\n')

  it('allows everything for every crawler except the staff area and the API', () => {
    expect(lines[0]).toBe('User-agent: *')
    expect(lines).toContain('Allow: /')
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toEqual([
      'Disallow: /admin',
      'Disallow: /adminEnrollments',
      'Disallow: /login',
      'Disallow: /api/',
    ])
    expect(DISALLOWED_PATHS).not.toContain('/')
  })

  it('names the sitemap by its absolute URL', () => {
    expect(lines).toContain('Sitemap: https://www.example.com/sitemap.xml')
  })

  it('does not block any page the sitemap lists', () => {
    for (const entry of sitemapEntries(content)) {
      expect(
        DISALLOWED_PATHS.some((prefix) => entry.path.startsWith(prefix)),
        entry.path,
      ).toBe(false)
    }
  })
})

describe('siteOrigin and absolute URLs', () => {
  it('prefers SITE_URL, else the request origin; never a fixed host', () => {
    const request = new Request('http://localhost:8901/courses?x=1')
    expect(siteOrigin(request, {SITE_URL: 'https://www.example.com'})).toBe('https://www.example.com')
    expect(siteOrigin(request, {SITE_URL: undefined})).toBe('http://localhost:8901')
  })

  it('joins an origin and a path', () => {
    expect(absoluteUrl('https://a.example/', '/x')).toBe('https://a.example/x')
    expect(absoluteUrl('https://a.example', 'x')).toBe('https://a.example/x')
    expect(absoluteUrl('https://a.example', 'https://b.example/y')).toBe('https://b.example/y')
  })

  it('course anchors are valid ids', () => {
    expect(courseAnchor('course-stcw-courses-affa')).toBe('course-stcw-courses-affa')
    expect(courseAnchor('3f2a.b9')).toBe('course-3f2a-b9')
  })
})
