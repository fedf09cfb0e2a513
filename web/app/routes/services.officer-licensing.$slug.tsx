/**
 * /services/officer-licensing/{slug}: the officer licensing sub-pages of docs/requirements.md#req-routes
 * (deck-officers, engineering-officers, seaman-book, hospitality, cadet, ab, ii-officer,
 * chief-officer, captain, electrotechnical-certifications, rating-certifications).
 * Content: the servicePage with that slug in the "officer-licensing" section; the one
 * seaman-book document lives in "services" and serves both of its paths. Unknown → 404.
 */
import type {LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {useLoaderData} from '@remix-run/react'
import {servicePageSeo, ServicePageView, type Crumb} from '~/components/ServicePageView'
import {contentRouteHeaders} from '#netlify/platform/cache'
import {loadServicePage} from '~/lib/service-page.server'
import {servicePath} from '#schemas/rules/paths'
import {pageMeta} from '~/lib/meta'
import {breadcrumbList, HOME_STEP, structuredDataHandle} from '~/lib/structured-data'

/** Slugs whose document may sit in the "services" section as well (one page, two paths). */
const SHARED_WITH_SERVICES = new Set(['seaman-book'])

const PARENTS: Crumb[] = [{label: 'Officer Licensing', to: servicePath('services', 'officer-licensing')}]

export function loader({params, request}: LoaderFunctionArgs) {
  const slug = params.slug ?? ''
  return loadServicePage(request, slug, SHARED_WITH_SERVICES.has(slug) ? ['officer-licensing', 'services'] : ['officer-licensing'])
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  // The canonical address is the document's own: /services/officer-licensing/seaman-book names /services/seaman-book.
  pageMeta(matches, servicePageSeo(data?.page))

/** JSON-LD: Home › Services › Officer Licensing › this page (the trail ServicePageView shows). */
export const handle = structuredDataHandle<typeof loader>(({page}, site) => [
  breadcrumbList(site, [
    HOME_STEP,
    {name: 'Services', path: '/services'},
    ...PARENTS.map((crumb) => ({name: crumb.label, path: crumb.to})),
    {name: page.title, path: servicePath(page.section, page.slug)},
  ]),
])

export default function OfficerLicensingRoute() {
  const {page} = useLoaderData<typeof loader>()
  return <ServicePageView page={page} parents={PARENTS} />
}
