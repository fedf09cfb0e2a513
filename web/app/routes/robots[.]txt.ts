/**
 * GET /robots.txt (lib/robots.ts explains each rule). It depends on the site's origin only, so
 * it carries just the generic 'content' cache tag (lib/cache.server.ts).
 */
import type {LoaderFunctionArgs} from '@remix-run/node'
import {contentCacheHeaders} from '#netlify/platform/cache'
import {siteOrigin} from '#netlify/platform/env'
import {robotsTxt} from '~/lib/robots'
import {applySecurityHeaders} from '#netlify/platform/security'

export function loader({request}: LoaderFunctionArgs) {
  const headers = applySecurityHeaders(contentCacheHeaders([]))
  headers.set('Content-Type', 'text/plain; charset=utf-8')
  return new Response(robotsTxt(siteOrigin(request)), {headers})
}
