/**
 * Page metadata in one place: every route's `meta` calls `pageMeta`, so every page gets the
 * same set of tags, built the same way:
 *
 * - `<title>` ("<page> | <company>") and `<meta name="description">` (the site settings'
 *   default description when the page has none);
 * - `<link rel="canonical">`, absolute: the root loader's `origin` (SITE_URL when set, else
 *   the request's origin; see env.server.ts) followed by the page's canonical path;
 * - Open Graph (og:site_name, og:type, og:title, og:description, og:url; og:image: the page's
 *   image, else the site settings' default social-sharing image, both 1200 × 630 from the image
 *   pipeline, lib/image.server.ts ogImageUrl in the loaders) and a Twitter card (summary_large_image with an
 *   image, else summary);
 * - `robots` for pages kept out of search results (those get no canonical link: a canonical
 *   on a noindex page sends search engines two contradicting signals).
 *
 * JSON-LD is not a meta tag here: lib/structured-data.ts builds it and root.tsx renders it
 * with the CSP nonce.
 */
import type {MetaDescriptor} from '@remix-run/node'
import {OG_IMAGE} from './image-layouts'
import {absoluteUrl} from '#schemas/rules/paths'

/** What `meta` functions receive as `matches` (only what is read here). */
type RouteMatch = {id: string; data: unknown; pathname?: string}

/** The parts of the root loader's data that metadata needs. */
type RootData = {
  origin?: string | null
  settings?: {companyName?: string | null; seoDescription?: string | null} | null
  /** The root loader's prepared pictures: the default social-sharing image (ogImageUrl). */
  images?: {socialImage?: string | null} | null
}

const FALLBACK_COMPANY = 'Maritime Training & Certification'

function rootData(matches: ReadonlyArray<RouteMatch>): RootData | undefined {
  return matches.find((match) => match.id === 'root')?.data as RootData | undefined
}

/** The company name from the root loader's site settings. */
export function companyName(matches: ReadonlyArray<RouteMatch>): string {
  return rootData(matches)?.settings?.companyName || FALLBACK_COMPANY
}

/** The site's public origin from the root loader (no trailing slash), or null if unknown. */
export function siteOriginOf(matches: ReadonlyArray<RouteMatch>): string | null {
  return rootData(matches)?.origin || null
}

/**
 * "/courses/stcw-courses/" → "/courses/stcw-courses": query and fragment dropped, trailing
 * slashes removed (except the home page's "/").
 */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? ''
  const trimmed = bare.replace(/\/+$/, '')
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}

/** What a page says about itself; `pageMeta` turns it into tags. */
export type PageSeo = {
  /** The page's own title, without the company name; null/empty: the company name alone (home). */
  title: string | null | undefined
  /** The search-result description; null/empty: the site settings' default description. */
  description: string | null | undefined
  /**
   * Root-relative path of the page's canonical address (e.g. built from its content's slug).
   * Default: the matched path of the request. A page served at two paths names one of them.
   */
  path?: string
  /**
   * An image representing the page: its Open Graph URL from the image pipeline (the loader's
   * ogImageUrl: 1200 × 630 around the hotspot; root-relative on this site, or absolute).
   * Default: the site settings' social-sharing image.
   */
  image?: string | null
  /** og:type; 'website' unless the page says otherwise. */
  type?: 'website' | 'article'
  /** Keep the page out of search results ('noindex') and, optionally, its links unfollowed. */
  robots?: 'noindex' | 'noindex, nofollow'
}

/**
 * Every metadata tag of a page (see the module comment). `page` null (the loader threw, e.g.
 * 404) gives "Page not found" and nothing else: an error page has no canonical address.
 */
export function pageMeta(matches: ReadonlyArray<RouteMatch>, page: PageSeo | null): MetaDescriptor[] {
  const company = companyName(matches)
  if (!page) return [{title: `Page not found | ${company}`}]

  const root = rootData(matches)
  const title = page.title ? `${page.title} | ${company}` : company
  const socialTitle = page.title || company
  const description = page.description || root?.settings?.seoDescription || ''
  const origin = siteOriginOf(matches)
  const path = normalizePath(page.path ?? matches.at(-1)?.pathname ?? '/')
  const url = origin ? absoluteUrl(origin, path) : null
  const relativeImage = page.image || root?.images?.socialImage || null
  const image = relativeImage ? (origin ? absoluteUrl(origin, relativeImage) : relativeImage) : null

  const tags: MetaDescriptor[] = [{title}, {name: 'description', content: description}]
  if (page.robots) tags.push({name: 'robots', content: page.robots})
  else if (url) tags.push({tagName: 'link', rel: 'canonical', href: url})
  tags.push(
    {property: 'og:site_name', content: company},
    {property: 'og:type', content: page.type ?? 'website'},
    {property: 'og:title', content: socialTitle},
    {property: 'og:description', content: description},
  )
  if (url) tags.push({property: 'og:url', content: url})
  if (image) tags.push({property: 'og:image', content: image})
  if (image) tags.push({property: 'og:image:width', content: String(OG_IMAGE.width)}, {property: 'og:image:height', content: String(OG_IMAGE.height)})
  tags.push(
    {name: 'twitter:card', content: image ? 'summary_large_image' : 'summary'},
    {name: 'twitter:title', content: socialTitle},
    {name: 'twitter:description', content: description},
  )
  if (image) tags.push({name: 'twitter:image', content: image})
  return tags
}
