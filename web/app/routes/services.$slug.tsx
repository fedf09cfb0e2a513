/**
 * /services/{slug}: the seven service pages of docs/requirements.md#req-routes (vessel-registration,
 * yacht-registration, maritime-labor, officer-licensing — the hub linking to its
 * sub-pages —, seaman-book, filing-agents, ship-officer-crew). Content: the servicePage
 * document with that slug in the "services" section; any other slug answers 404.
 */
import {data} from '@remix-run/node'
import type {LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {useLoaderData} from '@remix-run/react'
import {ServicePageView} from '~/components/ServicePageView'
import {contentRouteHeaders, pageCacheHeaders, servicePageTags} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {servicePath} from '#schemas/rules/paths'
import {SERVICE_PAGE_QUERY} from '#netlify/platform/content/queries'
import {pageMeta} from '~/lib/meta'
import {breadcrumbList, HOME_STEP, structuredDataHandle} from '~/lib/structured-data'

export async function loader({params, request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const page = await fetchContent(SERVICE_PAGE_QUERY, {slug: params.slug ?? '', sections: ['services']}, {preview})
  if (!page) throw new Response('Not Found', {status: 404})
  return data({page}, {headers: pageCacheHeaders(servicePageTags(page), {preview})})
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  pageMeta(
    matches,
    data ? {title: data.page.title, description: data.page.summary ?? data.page.intro, path: servicePath(data.page.section, data.page.slug)} : null,
  )

/** JSON-LD: Home › Services › this page (the trail ServicePageView shows). */
export const handle = structuredDataHandle<typeof loader>(({page}, site) => [
  breadcrumbList(site, [HOME_STEP, {name: 'Services', path: '/services'}, {name: page.title, path: servicePath(page.section, page.slug)}]),
])

export default function ServiceRoute() {
  const {page} = useLoaderData<typeof loader>()
  return <ServicePageView page={page} />
}
