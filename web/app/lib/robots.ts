/**
 * /robots.txt. Every crawler may read the whole public site, except:
 *
 * - /admin and /adminEnrollments: the staff area (/admin/login and the enrolment list). It
 *   holds no content and must not appear in search results. ("Disallow: /admin" alone would
 *   cover /adminEnrollments too, since rules are path prefixes; it is named for clarity.)
 * - /login: the same staff sign-in at its other address.
 * - /api/: the site's JSON endpoints (contact, enrolment, payment, uploads, admin): POST-only
 *   machinery, never pages.
 * - /payment: the enrolment and payment form. It is personal and transactional, and every
 *   "Enroll Now" link gives it a different query (training, course, price, …), so crawling it
 *   would only spend the crawl budget on endless copies of one form.
 *
 * Pages that are crawled but must not be indexed (the exam take and results pages) say so
 * with `<meta name="robots" content="noindex">` instead: a disallowed page's noindex could
 * never be read. Robots rules are advice to well-behaved crawlers, not access control; the
 * admin API checks its token whatever robots.txt says.
 */
import {absoluteUrl} from './paths'

/** The disallowed path prefixes, in the order written. */
export const DISALLOWED_PATHS = ['/admin', '/adminEnrollments', '/login', '/api/', '/payment'] as const

/** The robots.txt text, with the sitemap's absolute URL on `origin`. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n')
}
