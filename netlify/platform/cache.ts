/**
 * Cache policy of the site's pages, in one place ("Caching and revalidation").
 *
 * Content pages: browsers always revalidate (`Cache-Control: public, max-age=0, must-revalidate`);
 * Netlify's CDN keeps the page until it is purged (`Netlify-CDN-Cache-Control: public, durable,
 * s-maxage=1 year, stale-while-revalidate=1 day`) and labels it with cache tags
 * (`Netlify-Cache-Tag`) naming the document types and ids the page shows. The Sanity webhook
 * (netlify/functions/sanity-webhook.ts) purges those tags when an editor publishes.
 *
 * Tags: 'content' (every content page; purging it empties the whole content cache),
 * 'doc:siteSettings' (every page: the root loader's settings are on all of them),
 * 'type:<_type>', 'doc:<_id>', 'category:<slug>'.
 *
 * Personal or transactional pages (payment, contact, admin, exam take/results, errors) answer
 * `Cache-Control: no-store`, and so does every API answer, edge refusal and preview switch:
 * whatever sets it takes NO_STORE or noStoreHeaders() from here.
 *
 * Pages listing dated course batches (category pages, /courses/calendar) keep the CDN
 * copy only until the provider's next midnight (`s-maxage` = seconds left in the day, see
 * domain/batches.ts secondsUntilNextProviderDay, `stale-while-revalidate=60`): a batch leaves them
 * the day it starts without anyone publishing. Their live seat counts come from
 * /api/batches/availability after load, never from the cached page.
 *
 * Static files: fingerprinted build assets (/assets/*) are cached for a year
 * (IMMUTABLE_CACHE_CONTROL, in netlify.toml and web/server.ts alike), other static files for an
 * hour locally (STATIC_CACHE_CONTROL).
 *
 * Previews (lib/preview.server.ts): a content page rendered for an editor's preview session
 * answers `private, no-store` and no CDN headers. Cached pages carry
 * `Netlify-Vary: cookie=__sanity_preview`, so the CDN never answers a preview request with the
 * published copy (nor a visitor with a preview).
 */
import type {HeadersFunction} from '@remix-run/node'

/** The generic tag on every cached content page. */
export const CONTENT_TAG = 'content'

/** Tags of the root loader's data, carried by every page. */
export const SITE_TAGS = ['doc:siteSettings', 'type:siteSettings'] as const

export const BROWSER_CACHE_CONTROL = 'public, max-age=0, must-revalidate'
export const CDN_CACHE_CONTROL = 'public, durable, s-maxage=31536000, stale-while-revalidate=86400'
/** The CDN header of a page whose content changes at a known time: kept `seconds` (at least 1), then revalidated. */
export function cdnCacheControlFor(seconds: number): string {
  return `public, durable, s-maxage=${Math.max(1, Math.floor(seconds))}, stale-while-revalidate=60`
}
/** Never stored, by browsers or the CDN. */
export const NO_STORE = 'no-store'
export const PREVIEW_CACHE_CONTROL = 'private, no-store'
/** Fingerprinted build assets (/assets/*): they never change. netlify.toml's /assets/* rule says the same (tests/unit/netlify-headers.test.ts). */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable'
/** Other static files served by web/server.ts (favicon, robots' siblings): an hour. */
export const STATIC_CACHE_CONTROL = 'public, max-age=3600'
/** Name of the preview cookie (set by lib/preview.server.ts). */
export const PREVIEW_COOKIE = '__sanity_preview'
/** The CDN's cache key includes the preview cookie. */
export const NETLIFY_VARY = `cookie=${PREVIEW_COOKIE}`

/** Netlify's limit on one cache tag's length is generous; ours stay short anyway. */
const MAX_TAG_LENGTH = 100

/**
 * One tag: only letters, digits and [:_-] (anything else becomes '-'); '' when nothing is left.
 * Case is kept, so tags read like the Sanity names they stand for ('type:courseCategory',
 * 'doc:homePage'); the pages and the webhook both build tags through here, so they match.
 */
export function sanitizeTag(tag: string): string {
  return tag
    .replace(/[^A-Za-z0-9:_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_TAG_LENGTH)
}

/** The sanitised, deduplicated tags, 'content' first and always present. */
export function cacheTags(tags: Iterable<string | null | undefined>): string[] {
  const out = new Set<string>([CONTENT_TAG])
  for (const tag of tags) {
    if (!tag) continue
    const clean = sanitizeTag(tag)
    if (clean) out.add(clean)
  }
  return [...out]
}

/** 'doc:<id>' of a document id, without the 'drafts.' prefix. */
export function docTag(id: string): string {
  return `doc:${id.replace(/^drafts\./, '')}`
}

/**
 * Whether a request is rendered for a preview session (anything truthy) or for visitors, and, for
 * a page whose content expires (dated batches), how many seconds the CDN may keep it.
 */
type PreviewState = {preview?: unknown; cdnMaxAgeSeconds?: number}

/**
 * Headers of a content page showing the documents named by `tags`; in preview, never stored.
 */
export function contentCacheHeaders(tags: Iterable<string | null | undefined>, {preview, cdnMaxAgeSeconds}: PreviewState = {}): Headers {
  if (preview) return new Headers({'Cache-Control': PREVIEW_CACHE_CONTROL})
  return new Headers({
    'Cache-Control': BROWSER_CACHE_CONTROL,
    'Netlify-CDN-Cache-Control': cdnMaxAgeSeconds === undefined ? CDN_CACHE_CONTROL : cdnCacheControlFor(cdnMaxAgeSeconds),
    'Netlify-Cache-Tag': cacheTags(tags).join(','),
    'Netlify-Vary': NETLIFY_VARY,
  })
}

/** Headers of a page route: its own tags plus the site settings every page shows. */
export function pageCacheHeaders(tags: Iterable<string | null | undefined>, state: PreviewState = {}): Headers {
  return contentCacheHeaders([...SITE_TAGS, ...tags], state)
}

/**
 * Headers of a personal, transactional or error page: `init` (e.g. X-Robots-Tag) with
 * `Cache-Control: no-store`, never stored anywhere.
 */
export function noStoreHeaders(init: HeadersInit = {}): Headers {
  const headers = new Headers(init)
  headers.set('Cache-Control', NO_STORE)
  return headers
}

/**
 * The `headers` export of a content route: the cache headers its loader set; an error page
 * (404 thrown by the loader, or a loader that set none) is never stored.
 */
export const contentRouteHeaders: HeadersFunction = ({loaderHeaders, errorHeaders}) => {
  if (loaderHeaders.get('Cache-Control') === PREVIEW_CACHE_CONTROL) return new Headers({'Cache-Control': PREVIEW_CACHE_CONTROL})
  return errorHeaders || !loaderHeaders.has('Netlify-Cache-Tag') ? noStoreHeaders() : loaderHeaders
}

/**
 * The `headers` export of a personal or transactional route (and of the root, for error pages):
 * whatever the loader or action set (e.g. Retry-After), with `Cache-Control: no-store`.
 */
export const noStoreRouteHeaders: HeadersFunction = ({loaderHeaders, actionHeaders}) => {
  const headers = new Headers(loaderHeaders)
  for (const [name, value] of actionHeaders) headers.set(name, value)
  headers.delete('Netlify-CDN-Cache-Control')
  headers.delete('Netlify-Cache-Tag')
  headers.set('Cache-Control', NO_STORE)
  return headers
}

/** Tags of a service / officer-licensing page: the page, its child pages and the providers it lists. */
export function servicePageTags(page: {
  _id: string
  childPages?: ReadonlyArray<{_id: string} | null> | null
  trainingProviders?: ReadonlyArray<unknown> | null
}): string[] {
  return [
    'type:servicePage',
    docTag(page._id),
    ...(page.childPages ?? []).flatMap((child) => (child ? [docTag(child._id)] : [])),
    ...(page.trainingProviders?.length ? ['type:trainingProvider'] : []),
  ]
}
