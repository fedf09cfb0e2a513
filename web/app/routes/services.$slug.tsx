/**
 * /services/{slug}: the seven service pages of docs/requirements.md#req-routes (vessel-registration,
 * yacht-registration, maritime-labor, officer-licensing — the hub linking to its
 * sub-pages —, seaman-book, filing-agents, ship-officer-crew). Content: the servicePage
 * document with that slug in the "services" section; any other slug answers 404.
 */
import type {LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {useLoaderData} from '@remix-run/react'
import {servicePageSeo, ServicePageView} from '~/components/ServicePageView'
import {contentRouteHeaders} from '#netlify/platform/cache'
import {loadServicePage} from '~/lib/service-page.server'
import {servicePath} from '#schemas/rules/paths'
import {pageMeta} from '~/lib/meta'
import {breadcrumbList, HOME_STEP, structuredDataHandle} from '~/lib/structured-data'

export const loader = ({params, request}: LoaderFunctionArgs) => loadServicePage(request, params.slug ?? '', ['services'])

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) => pageMeta(matches, servicePageSeo(data?.page))

/** JSON-LD: Home › Services › this page (the trail ServicePageView shows). */
export const handle = structuredDataHandle<typeof loader>(({page}, site) => [
  breadcrumbList(site, [HOME_STEP, {name: 'Services', path: '/services'}, {name: page.title, path: servicePath(page.section, page.slug)}]),
])

export default function ServiceRoute() {
  const {page} = useLoaderData<typeof loader>()
  return <ServicePageView page={page} />
}
