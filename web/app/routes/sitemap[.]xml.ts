/**
 * GET /sitemap.xml: every public content page's canonical URL, from the content
 * (lib/sitemap.ts). Cached on the CDN like a content page, tagged with every document type it
 * is built from, so a publish in Studio purges it (lib/cache.server.ts).
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {contentCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {siteOrigin} from '#netlify/platform/env'
import {LEGAL_SLUGS} from '#schemas/rules/paths'
import {SITEMAP_QUERY} from '#netlify/platform/content/queries'
import {applySecurityHeaders} from '#netlify/platform/security'
import {SITEMAP_TAGS, sitemapEntries, sitemapXml} from '~/lib/sitemap'

export async function loader({request}: LoaderFunctionArgs) {
  const content = await fetchContent(SITEMAP_QUERY, {legalSlugs: [...LEGAL_SLUGS]})
  const headers = applySecurityHeaders(contentCacheHeaders(SITEMAP_TAGS))
  headers.set('Content-Type', 'application/xml; charset=utf-8')
  return new Response(sitemapXml(siteOrigin(request), sitemapEntries(content)), {headers})
}
