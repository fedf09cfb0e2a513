/**
 * The loader half of the two service page routes (/services/{slug} and
 * /services/officer-licensing/{slug}): the servicePage document with `slug` in one of `sections`,
 * with its cache headers. No such page answers 404.
 */
import {data} from '@remix-run/node'
import {pageCacheHeaders, servicePageTags} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {SERVICE_PAGE_QUERY} from '#netlify/platform/content/queries'
import {previewOptions} from './preview.server'

export async function loadServicePage(request: Request, slug: string, sections: string[]) {
  const preview = await previewOptions(request)
  const page = await fetchContent(SERVICE_PAGE_QUERY, {slug, sections}, {preview})
  if (!page) throw new Response('Not Found', {status: 404})
  return data({page}, {headers: pageCacheHeaders(servicePageTags(page), {preview})})
}
