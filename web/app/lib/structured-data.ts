/**
 * Structured data (schema.org JSON-LD) of the site's pages, built in one place:
 *
 * - `organization`: the provider, on every page (root.tsx), from the site settings;
 * - `courseList`: an ItemList of Course, each with an Offer, for the fixed-price courses of a
 *   category page; the price is `payableUsd` of schemas/rules/price.ts, the very function
 *   that decides the card's price label and its Enroll link, and a second Offer in INR where
 *   `payableInr` gives one;
 * - `breadcrumbList`: the trail of a nested page (category, competency, cadetship, service,
 *   officer-licensing, legal and exam pages).
 *
 * Routes hand their page's items to the document through their `handle` (`structuredData`,
 * see `StructuredDataHandle`); root.tsx renders each item as `<script type="application/ld+json">`
 * with the CSP nonce, serialised by `serializeJsonLd` (which escapes `<`, so no text from the
 * content can close the script element).
 *
 * Every URL is absolute, built from the root loader's `origin` (SITE_URL or the request's
 * origin), never from a hard-coded host.
 */
import {payableInr, payableUsd, type CoursePrice} from '#schemas/rules/price'
import {absoluteUrl, categoryPath, courseAnchor} from '#schemas/rules/paths'

/** One JSON-LD item (a schema.org node with its @context). */
export type JsonLd = {'@context': 'https://schema.org'; '@type': string; [key: string]: unknown}

const CONTEXT = 'https://schema.org' as const

/** The site settings fields the Organization is built from (SITE_SETTINGS_QUERY). */
export type OrganizationSettings = {
  companyName?: string | null
  foundedYear?: number | null
  seoDescription?: string | null
  contact?: {email?: string | null; phone?: string | null; phoneHref?: string | null} | null
  socialLinks?: ReadonlyArray<{url?: string | null} | null> | null
}

/** What every page's structured data is built with: the public origin and the site settings. */
export type StructuredDataSite = {origin: string; settings: OrganizationSettings}

/** The Organization's node id, so other items can refer to it: {origin}/#organization. */
export function organizationId(origin: string): string {
  return `${absoluteUrl(origin, '/')}#organization`
}

/**
 * Profile links for `sameAs`: https URLs with a path. A platform's bare home page
 * ("https://www.facebook.com/") is a placeholder, not the organisation's profile, and would
 * tell search engines the organisation is that platform: it is left out.
 */
export function profileLinks(links: OrganizationSettings['socialLinks']): string[] {
  const out: string[] = []
  for (const link of links ?? []) {
    if (!link?.url) continue
    let url: URL
    try {
      url = new URL(link.url)
    } catch {
      continue
    }
    if (url.protocol !== 'https:' || url.pathname.replace(/\/+$/, '') === '') continue
    if (!out.includes(link.url)) out.push(link.url)
  }
  return out
}

/**
 * The provider as a schema.org Organization: name, url, logo (only when given), email,
 * telephone (the dialling form, e.g. +97160000000), foundingDate and sameAs (profile links)
 * from the site settings. Fields the settings lack are left out, never invented.
 */
export function organization(site: StructuredDataSite, options: {logo?: string | null} = {}): JsonLd {
  const {origin, settings} = site
  const node: JsonLd = {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: settings.companyName ?? '',
    url: absoluteUrl(origin, '/'),
  }
  if (options.logo) node.logo = absoluteUrl(origin, options.logo)
  if (settings.seoDescription) node.description = settings.seoDescription
  if (settings.contact?.email) node.email = settings.contact.email
  const telephone = settings.contact?.phoneHref || settings.contact?.phone
  if (telephone) node.telephone = telephone
  if (settings.foundedYear) node.foundingDate = String(settings.foundedYear)
  const sameAs = profileLinks(settings.socialLinks)
  if (sameAs.length) node.sameAs = sameAs
  return node
}

/** A reference to the Organization from another item (a course's provider). */
export function organizationRef(site: StructuredDataSite): Record<string, unknown> {
  return {'@type': 'Organization', '@id': organizationId(site.origin), name: site.settings.companyName ?? '', url: absoluteUrl(site.origin, '/')}
}

/** A course as its category page shows it (CATEGORY_PAGE_QUERY). */
export type CourseForStructuredData = CoursePrice & {
  _id: string
  name: string | null
  fullName?: string | null
  description?: string | null
  level?: string | null
}

/** A paid, available Offer of `price` (major units) in `currency` at `url`. */
const offer = (price: number, currency: 'USD' | 'INR', url: string): Record<string, unknown> => ({
  '@type': 'Offer',
  category: 'Paid',
  price,
  priceCurrency: currency,
  availability: 'https://schema.org/InStock',
  url,
})

/**
 * One Course with its Offer (two, USD and INR, when the course can be paid in INR), or null when the course has no fixed price ("Contact for
 * pricing" courses are sold by quote: no Offer to state). `url` points at the course's card.
 */
export function course(site: StructuredDataSite, categoryId: string, item: CourseForStructuredData): JsonLd | null {
  const price = payableUsd(item)
  if (price === null || !item.name) return null
  const inr = payableInr(item)
  const url = absoluteUrl(site.origin, `${categoryPath(categoryId)}#${courseAnchor(item._id)}`)
  const node: JsonLd = {
    '@context': CONTEXT,
    '@type': 'Course',
    name: item.fullName || item.name,
    description: item.description ?? '',
    url,
    provider: organizationRef(site),
    // One Offer per currency the course can be paid in: USD, and INR where the content has an INR price.
    offers: inr === null ? offer(price, 'USD', url) : [offer(price, 'USD', url), offer(inr, 'INR', url)],
  }
  if (item.fullName && item.fullName !== item.name) node.alternateName = item.name
  if (item.level) node.educationalLevel = item.level
  return node
}

/**
 * The fixed-price courses of a category page as an ItemList of Course (Google's form for a
 * page listing several courses), in page order; null when none has a fixed price.
 */
export function courseList(
  site: StructuredDataSite,
  category: {id: string | null; title: string | null},
  courses: ReadonlyArray<CourseForStructuredData>,
): JsonLd | null {
  if (!category.id) return null
  const categoryId = category.id
  const items = courses.flatMap((item) => {
    const node = course(site, categoryId, item)
    if (!node) return []
    const {'@context': _context, ...rest} = node
    return [rest]
  })
  if (!items.length) return null
  return {
    '@context': CONTEXT,
    '@type': 'ItemList',
    name: category.title ?? categoryId,
    url: absoluteUrl(site.origin, categoryPath(categoryId)),
    numberOfItems: items.length,
    itemListElement: items.map((item, index) => ({'@type': 'ListItem', position: index + 1, item})),
  }
}

/** One step of a breadcrumb trail: its visible name and its root-relative path. */
export type BreadcrumbStep = {name: string; path: string}

/** The Home step every trail starts with. */
export const HOME_STEP: BreadcrumbStep = {name: 'Home', path: '/'}

/** A BreadcrumbList of `steps` (Home first, the page itself last), with absolute item URLs. */
export function breadcrumbList(site: StructuredDataSite, steps: ReadonlyArray<BreadcrumbStep>): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: steps.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: absoluteUrl(site.origin, step.path),
    })),
  }
}

/**
 * JSON for the inside of a `<script type="application/ld+json">`: `<` and `>` (so "</script>"
 * or "<!--" in content cannot end the element), `&` and the line separators U+2028/U+2029 are
 * written as \u escapes. The text still parses to the same value.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * A route's `handle` contribution: the JSON-LD items of its page, from its loader data
 * (undefined when the loader failed: return none) and the site context.
 */
export type StructuredDataHandle = {
  structuredData: (data: unknown, site: StructuredDataSite) => Array<JsonLd | null>
}

/**
 * Declares a route's structured data with its loader's data type:
 * `export const handle = structuredDataHandle<typeof loader>((data, site) => [...])`.
 * The builder is not called when the loader has no data (an error page).
 */
export function structuredDataHandle<Loader extends (...args: never[]) => unknown>(
  build: (data: LoaderData<Loader>, site: StructuredDataSite) => Array<JsonLd | null>,
): StructuredDataHandle {
  return {structuredData: (data, site) => (data ? build(data as LoaderData<Loader>, site) : [])}
}

/** The data a loader hands to the page (`data()` results unwrapped). */
type LoaderData<Loader extends (...args: never[]) => unknown> =
  Awaited<ReturnType<Loader>> extends infer R ? (R extends {data: infer D; init: unknown} ? D : R) : never

/** Whether a route handle declares structured data. */
export function hasStructuredData(handle: unknown): handle is StructuredDataHandle {
  return typeof (handle as StructuredDataHandle | undefined)?.structuredData === 'function'
}
