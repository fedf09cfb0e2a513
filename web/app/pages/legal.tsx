/**
 * The legal pages (docs/requirements.md#req-legal): /terms, /privacy, /refund and /shipping. One module,
 * registered four times in web/vite.config.ts (route ids routes/legal-{slug}); it lives
 * outside app/routes so flat routes do not also mount it at /legal. The slug is the
 * request's path; the legalPage document with that slug supplies title, "Last updated"
 * date and body. No such document → 404.
 */
import {data} from '@remix-run/node'
import type {LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {useLoaderData} from '@remix-run/react'
import {PageHero} from '~/components/PageHero'
import {RichText} from '~/components/RichText'
import {formatLongDate} from '#schemas/rules/format'
import {contentRouteHeaders, docTag, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {legalPath} from '#schemas/rules/paths'
import {LEGAL_PAGE_QUERY} from '#netlify/platform/content/queries'
import {pageMeta} from '~/lib/meta'
import {breadcrumbList, HOME_STEP, structuredDataHandle} from '~/lib/structured-data'

export async function loader({request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const slug = new URL(request.url).pathname.slice(1).replace(/\/+$/, '')
  const page = await fetchContent(LEGAL_PAGE_QUERY, {slug}, {preview})
  if (!page) throw new Response('Not Found', {status: 404})
  return data({page}, {headers: pageCacheHeaders(['type:legalPage', docTag(page._id)], {preview})})
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  pageMeta(matches, data ? {title: data.page.title, description: data.page.summary, path: legalPath(data.page.slug ?? '')} : null)

/** JSON-LD: Home › this legal page. */
export const handle = structuredDataHandle<typeof loader>(({page}, site) => [
  breadcrumbList(site, [HOME_STEP, {name: page.title ?? '', path: legalPath(page.slug ?? '')}]),
])

export default function LegalPage() {
  const {page} = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero tone="light" eyebrow="Legal" title={page.title} lead={page.summary}>
        {page.lastUpdated ? (
          <p className="mt-6 text-sm text-slate-600">
            Last updated: <time dateTime={page.lastUpdated}>{formatLongDate(page.lastUpdated)}</time>
          </p>
        ) : null}
      </PageHero>
      <div className="container-page py-12 sm:py-16">
        <RichText value={page.body} className="max-w-3xl" />
      </div>
    </>
  )
}
