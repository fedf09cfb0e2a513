/**
 * /services — the services overview (docs/requirements.md#req-services): hero, five cards linking to the
 * service pages chosen on the servicesPage document (vessel registration, yacht
 * registration, officer licensing, maritime labour, ship officer and crew services),
 * and a closing call to action with "Contact Us" (/contact) and "View Courses" (/courses).
 */
import {data} from '@remix-run/node'
import type {MetaFunction, LoaderFunctionArgs} from '@remix-run/node'
import {Link, useLoaderData} from '@remix-run/react'
import type {ComponentType} from 'react'
import {AnchorIcon, CheckIcon, ShieldIcon, StarIcon} from '~/components/Icons'
import {PageHero, PageSection} from '~/components/PageHero'
import {ServiceCard} from '~/components/ServiceCard'
import {contentRouteHeaders, docTag, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {SERVICES_PAGE_QUERY} from '#netlify/platform/content/queries'
import {pageMeta} from '~/lib/meta'

export async function loader({request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const page = await fetchContent(SERVICES_PAGE_QUERY, {}, {preview})
  if (!page?.heading) throw new Response('Not Found', {status: 404})
  const services = (page.services ?? []).flatMap((service) => (service?.slug ? [service] : []))
  const tags = ['doc:servicesPage', 'type:servicesPage', 'type:servicePage', ...services.map((service) => docTag(service._id))]
  return data(
    {
      heading: page.heading,
      subheading: page.subheading,
      ctaHeading: page.ctaHeading,
      ctaBody: page.ctaBody,
      // A reference to a deleted page resolves to null: leave it out rather than show an empty card.
      services,
    },
    {headers: pageCacheHeaders(tags, {preview})},
  )
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  pageMeta(matches, data ? {title: data.heading, description: data.subheading, path: '/services'} : null)

type IconComponent = ComponentType<{width?: number; height?: number}>

/** A glyph per service card; anything unlisted gets the anchor. */
const SERVICE_ICONS: Record<string, IconComponent> = {
  'vessel-registration': AnchorIcon,
  'yacht-registration': StarIcon,
  'officer-licensing': ShieldIcon,
  'maritime-labor': CheckIcon,
  'ship-officer-crew': AnchorIcon,
}

export default function ServicesOverview() {
  const {heading, subheading, ctaHeading, ctaBody, services} = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero tone="light" eyebrow="Maritime Services" title={heading} lead={subheading} />

      <PageSection id="services-heading" hiddenTitle="Our services" className="py-14 sm:py-20">
        <ul className="balanced-grid [--gap:1.5rem] sm:[--cols:2] lg:[--cols:3]">
          {services.map((service) => (
            <ServiceCard key={service._id} page={service} icon={SERVICE_ICONS[service.slug] ?? AnchorIcon} />
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="services-cta-heading" className="bg-navy-900 py-14 text-white sm:py-20">
        <div className="container-page max-w-3xl text-center">
          <h2 id="services-cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
            {ctaHeading ?? 'Ready to get started?'}
          </h2>
          {ctaBody ? <p className="mt-4 text-lg text-slate-200">{ctaBody}</p> : null}
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/contact" viewTransition className="btn-primary">
              Contact Us
            </Link>
            <Link to="/courses" viewTransition className="btn-ghost-light">
              View Courses
            </Link>
          </div>
        </div>
      </section>
    </>
  )
}
