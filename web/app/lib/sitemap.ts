/**
 * /sitemap.xml, built from the content (SITEMAP_QUERY) by `sitemapEntries` and written by
 * `sitemapXml`. It lists the canonical address of every public, indexable page and nothing
 * else:
 *
 * - the fixed pages of the spec's route table: /, /about, /courses, /services, /contact, /exams,
 *   and the course calendar /courses/calendar
 *   (and /courses/competency-training, /courses/cadetship-training, which are also categories);
 * - every course category (/courses/{id});
 * - every service and officer-licensing page at its document's own path
 *   (/services/{slug}, /services/officer-licensing/{slug}); the seaman-book page answers on
 *   both paths but its canonical one is /services/seaman-book, so only that is listed;
 * - the legal pages the site serves (LEGAL_SLUGS) that have a document;
 * - every exam's instructions page (/exam/{id}/start): public content from the exam document,
 *   cached like any content page.
 *
 * Left out: /payment (a personal, transactional form; disallowed in robots.txt), /login,
 * /admin/login, /adminEnrollments, /admin/enquiries, /admin/outbox, and the exam take and results pages (one visitor's attempt,
 * marked noindex), and the certificate pages /verify and /verify/{number} (personal answers,
 * marked noindex; docs/requirements.md#req-issue-20-verify).
 *
 * lastmod is the latest `_updatedAt` of the documents a page shows, when they have one.
 */
import {CADETSHIP_TRAINING, COMPETENCY_TRAINING} from '#schemas/rules/programs'
import type {SITEMAP_QUERYResult} from '#schemas/content/sanity.types'
import {absoluteUrl, CALENDAR_PATH, categoryPath, examStartPath, legalPath, servicePath} from '#schemas/rules/paths'

/** One page of the sitemap: its root-relative canonical path and last change (ISO 8601), if known. */
export type SitemapEntry = {path: string; lastmod: string | null}

/** The fixed public pages and the singleton documents whose changes date them. */
export const FIXED_PAGES: ReadonlyArray<{path: string; documents: readonly string[]}> = [
  {path: '/', documents: ['homePage']},
  {path: '/about', documents: ['aboutPage']},
  {path: '/courses', documents: ['coursesPage']},
  {path: CALENDAR_PATH, documents: []},
  {path: categoryPath(COMPETENCY_TRAINING), documents: ['competencyFeeTable']},
  {path: categoryPath(CADETSHIP_TRAINING), documents: ['cadetshipProgramme']},
  {path: '/services', documents: ['servicesPage']},
  {path: '/contact', documents: ['siteSettings']},
  {path: '/exams', documents: []},
]

/** The latest of `dates` that parses, as ISO 8601 (UTC); null when none does. */
export function latest(dates: Iterable<string | null | undefined>): string | null {
  let best: number | null = null
  for (const date of dates) {
    if (!date) continue
    const time = Date.parse(date)
    if (Number.isNaN(time)) continue
    if (best === null || time > best) best = time
  }
  return best === null ? null : new Date(best).toISOString()
}

/**
 * The sitemap's pages, in a stable order (fixed pages first, then categories, services,
 * legal pages and exams), each path once.
 */
export function sitemapEntries(content: SITEMAP_QUERYResult): SitemapEntry[] {
  const dates = new Map<string, Array<string | null | undefined>>()
  const add = (path: string, ...lastmods: Array<string | null | undefined>) => {
    const list = dates.get(path) ?? []
    list.push(...lastmods)
    dates.set(path, list)
  }
  const singleton = new Map(content.singletons.map((doc) => [doc._id, doc._updatedAt as string | null]))

  for (const page of FIXED_PAGES) add(page.path, ...page.documents.map((id) => singleton.get(id)))
  for (const category of content.categories) {
    add(categoryPath(category.id), category._updatedAt, ...(category.coursesUpdatedAt ?? []))
    add('/courses', category._updatedAt) // the overview shows every category's card
  }
  for (const page of content.services) add(servicePath(page.section, page.slug), page._updatedAt)
  for (const page of content.legal) add(legalPath(page.slug), page._updatedAt)
  for (const exam of content.exams) {
    add(examStartPath(exam.examId), exam._updatedAt)
    add('/exams', exam._updatedAt)
  }
  return [...dates].map(([path, lastmods]) => ({path, lastmod: latest(lastmods)}))
}

/** Text for an XML element's content. */
function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

/** The sitemap document (sitemaps.org 0.9) of `entries` with absolute URLs on `origin`. */
export function sitemapXml(origin: string, entries: ReadonlyArray<SitemapEntry>): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${escapeXml(entry.lastmod)}</lastmod>` : ''
    return `  <url><loc>${escapeXml(absoluteUrl(origin, entry.path))}</loc>${lastmod}</url>`
  })
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}

/** The cache tags of /sitemap.xml: every document type it is built from (lib/cache.server.ts). */
export const SITEMAP_TAGS = [
  'doc:siteSettings',
  'type:homePage',
  'type:aboutPage',
  'type:coursesPage',
  'type:servicesPage',
  'type:competencyFeeTable',
  'type:cadetshipProgramme',
  'type:courseCategory',
  'type:course',
  'type:servicePage',
  'type:legalPage',
  'type:exam',
] as const
