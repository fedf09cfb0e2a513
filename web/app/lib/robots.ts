/**
 * /robots.txt. Every crawler may read the whole public site, except:
 *
 * - /admin and /adminEnrollments: the staff area (/admin/login, /admin/enquiries, /admin/outbox and the
 *   enrolment list). It holds no content and must not appear in search results. ("Disallow: /admin" alone
 *   would cover /adminEnrollments too, since rules are path prefixes; it is named for clarity.)
 * - /login: the same staff sign-in at its other address.
 * - /api/: the site's JSON endpoints (contact, enrolment, payment, uploads, admin): POST-only
 *   machinery, never pages.
 *
 * /payment stays crawlable (Lighthouse SEO = 100 on it, and "Enroll" is what people
 * search for): every "Enroll Now" link gives it a different query (training, course, price, …),
 * and its canonical link names plain /payment, so those copies collapse into one page. The exam
 * take page is crawlable too and names its exam's start page as canonical.
 *
 * Pages that are crawled but must not be indexed (exam results) say so with
 * `<meta name="robots" content="noindex">` instead: a disallowed page's noindex could never be
 * read. Robots rules are advice to well-behaved crawlers, not access control; the
 * admin API checks its token whatever robots.txt says.
 */
import {absoluteUrl} from '#schemas/rules/paths'

/** The disallowed path prefixes, in the order written. */
export const DISALLOWED_PATHS = ['/admin', '/adminEnrollments', '/login', '/api/'] as const

/** The robots.txt text, with the sitemap's absolute URL on `origin`. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`, ''].join(
    '\n',
  )
}
