/**
 * The page view shared by /services/{slug} and /services/officer-licensing/{slug}
 * (docs/requirements.md#req-service-pages, #req-info-pages: service pages, officer licensing sub-pages, informational pages).
 *
 * Layout: light PageHero (the title is the page's only h1, the intro its lead), a
 * breadcrumb trail, the rich-text body, cards for linked sub-pages (the officer licensing
 * hub), the recognised training providers when the page shows them, and the page's call
 * to action — a sticky sidebar card on wide screens, after the content on small ones.
 */
import {Link, useRouteLoaderData} from '@remix-run/react'
import {servicePath} from '#schemas/rules/paths'
import type {SERVICE_PAGE_QUERYResult} from '#schemas/content/sanity.types'
import type {loader as rootLoader} from '~/root'
import {ArrowRightIcon, MailIcon, PhoneIcon} from './Icons'
import {PageHero} from './PageHero'
import {ServiceCard} from './ServiceCard'
import {ContentLink, RichText} from './RichText'
import {Panel} from '~/components/ui/Panel'

export type ServicePageData = NonNullable<SERVICE_PAGE_QUERYResult>

/**
 * What a service page's metadata says (pageMeta): its title, its summary or else its intro, and its
 * own address, also where the page is reached under another path. No page (a 404) gives null.
 */
export const servicePageSeo = (page: ServicePageData | undefined) =>
  page ? {title: page.title, description: page.summary ?? page.intro, path: servicePath(page.section, page.slug)} : null

/** One ancestor in the breadcrumb trail between "Services" and the current page. */
export type Crumb = {label: string; to: string}

/** "2025-01-20" → "20.01.2025", the way the spec writes dates; other input is returned as is. */
export function formatDottedDate(isoDate: string | null | undefined): string {
  if (!isoDate) return ''
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate)
  return match ? `${match[3]}.${match[2]}.${match[1]}` : isoDate
}

export function Breadcrumbs({trail, current}: {trail: Crumb[]; current: string}) {
  return (
    <nav aria-label="Breadcrumb" className="border-b border-slate-200 bg-white">
      <ol className="container-page flex flex-wrap items-center gap-x-2 gap-y-1 py-3 text-sm text-slate-600">
        {trail.map((crumb) => (
          <li key={crumb.to} className="flex items-center gap-2">
            <Link to={crumb.to} viewTransition className="rounded font-medium text-ocean-600 underline-offset-2 hover:text-navy-800 hover:underline">
              {crumb.label}
            </Link>
            <span aria-hidden="true" className="text-slate-400">
              /
            </span>
          </li>
        ))}
        <li>
          <span aria-current="page" className="font-medium text-navy-900">
            {current}
          </span>
        </li>
      </ol>
    </nav>
  )
}

function ChildPageCards({pages}: {pages: NonNullable<ServicePageData['childPages']>}) {
  return (
    <Panel id="child-pages-heading" title="Certification pathways" className="mt-14">
      <ul className="mt-6 balanced-grid [--gap:1.25rem] sm:[--cols:2]">
        {pages.map((child) => (
          <ServiceCard key={child._id} page={child} />
        ))}
      </ul>
    </Panel>
  )
}

function TrainingProviders({providers}: {providers: ServicePageData['trainingProviders']}) {
  return (
    <section aria-labelledby="providers-heading" className="mt-14">
      <h2 id="providers-heading" className="text-2xl font-bold text-navy-900">
        Recognised training providers
      </h2>
      <ul className="mt-6 balanced-grid [--gap:1.25rem] sm:[--cols:2]">
        {providers.map((provider) => (
          <li key={provider._id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h3 className="text-lg font-semibold text-navy-900">{provider.name}</h3>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-slate-600">Address</dt>
              <dd className="text-slate-800">{provider.address}</dd>
              <dt className="text-slate-600">City</dt>
              <dd className="text-slate-800">{provider.city}</dd>
              <dt className="text-slate-600">Postal code</dt>
              <dd className="text-slate-800">{provider.postalCode}</dd>
              <dt className="text-slate-600">Country</dt>
              <dd className="text-slate-800">{provider.country}</dd>
              {provider.fax ? (
                <>
                  <dt className="text-slate-600">Fax</dt>
                  <dd className="text-slate-800">{provider.fax}</dd>
                </>
              ) : null}
              <dt className="text-slate-600">Valid till</dt>
              <dd className="font-semibold text-navy-900">
                <time dateTime={provider.validTill}>{formatDottedDate(provider.validTill)}</time>
              </dd>
            </dl>
            {provider.note ? <p className="mt-4 rounded-lg bg-ocean-50 px-3 py-2 text-sm text-slate-700">{provider.note}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  )
}

function CallToActionCard({cta}: {cta: ServicePageData['cta']}) {
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const contact = root?.settings.contact
  return (
    <aside aria-labelledby="cta-heading" className="rounded-2xl bg-navy-900 p-6 text-white shadow-lg sm:p-8 lg:sticky lg:top-24">
      <h2 id="cta-heading" className="text-xl font-bold sm:text-2xl">
        {cta.heading}
      </h2>
      {cta.body ? <p className="mt-3 leading-relaxed text-slate-200">{cta.body}</p> : null}
      {cta.href && cta.label ? (
        <ContentLink href={cta.href} className="btn-primary mt-6 w-full">
          {cta.label} <ArrowRightIcon width={16} height={16} />
        </ContentLink>
      ) : null}
      {contact?.email || contact?.phone ? (
        <ul className="mt-6 space-y-2 border-t border-white/15 pt-5 text-sm">
          {contact.email ? (
            <li>
              <a href={`mailto:${contact.email}`} className="inline-flex items-center gap-2 rounded text-slate-100 hover:text-brass-300">
                <MailIcon width={18} height={18} /> {contact.email}
              </a>
            </li>
          ) : null}
          {contact.phone ? (
            <li>
              <a href={`tel:${contact.phoneHref ?? contact.phone}`} className="inline-flex items-center gap-2 rounded text-slate-100 hover:text-brass-300">
                <PhoneIcon width={18} height={18} /> {contact.phone}
              </a>
            </li>
          ) : null}
        </ul>
      ) : null}
    </aside>
  )
}

export function ServicePageView({page, parents = []}: {page: ServicePageData; parents?: Crumb[]}) {
  const trail: Crumb[] = [{label: 'Home', to: '/'}, {label: 'Services', to: '/services'}, ...parents]
  const eyebrow = parents.at(-1)?.label ?? 'Maritime Services'
  const childPages = page.childPages?.filter((child) => child?.slug) ?? []
  return (
    <>
      <PageHero tone="light" eyebrow={eyebrow} title={page.title} lead={page.intro} />
      <Breadcrumbs trail={trail} current={page.title} />
      <div className="container-page grid gap-12 py-12 sm:py-16 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 max-w-3xl">
          <RichText value={page.body} className="text-base sm:text-lg" />
          {childPages.length ? <ChildPageCards pages={childPages} /> : null}
          {page.trainingProviders?.length ? <TrainingProviders providers={page.trainingProviders} /> : null}
        </div>
        {page.cta ? (
          <div>
            <CallToActionCard cta={page.cta} />
          </div>
        ) : null}
      </div>
    </>
  )
}
