/**
 * About (docs/requirements.md#req-about): hero, stats, mission / vision / values (with photos),
 * the "Maritime Excellence Since 2006" block (with its photo), the team (when the
 * content has one), five service blurbs and 'Get Started' (/contact).
 */
import {data} from '@remix-run/node'
import type {MetaFunction, LoaderFunctionArgs} from '@remix-run/node'
import {Link, useLoaderData} from '@remix-run/react'
import {AccreditationStrip} from '~/components/AccreditationStrip'
import {FeatureGrid, StatsRow} from '~/components/Cards'
import {ArrowRightIcon} from '~/components/Icons'
import {PageHero, PageSection} from '~/components/PageHero'
import {SanityImage} from '~/components/SanityImage'
import {prepareImage, withPreparedImage} from '~/lib/image.server'
import {IMAGE_LAYOUTS, type PreparedImage} from '~/lib/image-layouts'
import {contentRouteHeaders, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {ABOUT_PAGE_QUERY, ACCREDITATIONS_QUERY} from '#netlify/platform/content/queries'
import {pageMeta} from '~/lib/meta'

export async function loader({request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const [page, accreditations] = await Promise.all([fetchContent(ABOUT_PAGE_QUERY, {}, {preview}), fetchContent(ACCREDITATIONS_QUERY, {}, {preview})])
  if (!page) throw new Error('The aboutPage document is missing from the dataset')
  // Pictures leave the server prepared for their layout (image.server.ts; the URL builder stays here).
  const pillar = (image: typeof page.missionImage) => prepareImage(image, IMAGE_LAYOUTS.pillar)
  const prepared = {
    ...page,
    missionImage: pillar(page.missionImage),
    visionImage: pillar(page.visionImage),
    valuesImage: pillar(page.valuesImage),
    excellence: page.excellence ? withPreparedImage(page.excellence, 'image', IMAGE_LAYOUTS.feature) : null,
    team: page.team?.map((member) => withPreparedImage(member, 'photo', IMAGE_LAYOUTS.portrait)) ?? null,
  }
  const logos = accreditations.map((item) => withPreparedImage(item, 'logo', IMAGE_LAYOUTS.accreditation))
  return data({page: prepared, accreditations: logos}, {headers: pageCacheHeaders(['doc:aboutPage', 'type:aboutPage', 'type:accreditation'], {preview})})
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  pageMeta(matches, data ? {title: 'About Us', description: data.page.subheading, path: '/about'} : null)

export default function About() {
  const {page, accreditations} = useLoaderData<typeof loader>()
  const pillars = [
    {pillar: page.mission, image: page.missionImage},
    {pillar: page.vision, image: page.visionImage},
    {pillar: page.values, image: page.valuesImage},
  ].flatMap(({pillar, image}) => (pillar ? [{...pillar, image}] : []))
  const team = page.team ?? []
  return (
    <>
      <PageHero eyebrow="About Us" title={page.heading ?? ''} lead={page.subheading} />

      <section aria-label="Our record" className="border-b border-slate-200 py-12">
        <div className="container-page">
          <StatsRow stats={page.stats} />
        </div>
      </section>

      <PageSection id="pillars-heading" hiddenTitle="Mission, vision and values">
        <ul className="grid gap-6 md:grid-cols-3">
          {pillars.map((pillar, index) => (
            <li key={pillar.title} className="flex flex-col overflow-hidden rounded-2xl border-t-4 border-brass-400 bg-white shadow-md">
              {/* The first pillar's photo is the page's largest picture in the first screen (its LCP image). */}
              <PillarImage image={pillar.image} priority={index === 0} />
              <div className="p-8">
                <h3 className="text-xl font-bold text-navy-900">{pillar.title}</h3>
                <p className="mt-3 leading-relaxed text-slate-600">{pillar.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="excellence-heading" className="bg-navy-900 py-20 text-white">
        <div className="container-page grid items-center gap-12 lg:grid-cols-2">
          <div>
            <h2 id="excellence-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {page.excellence?.heading}
            </h2>
            <p className="mt-5 text-lg leading-relaxed text-slate-200">{page.excellence?.body}</p>
            <SanityImage image={page.excellence?.image} className="mt-8 aspect-[3/2] w-full rounded-2xl bg-navy-800 object-cover ring-1 ring-white/10" />
          </div>
          <dl className="grid grid-cols-2 gap-6">
            {page.excellence?.stats?.map((stat) => (
              // A term before its value, as a <dl> requires; the figure is still shown on top.
              <div key={stat._key} className="flex flex-col rounded-2xl bg-white/5 p-6 text-center ring-1 ring-white/10">
                <dt className="order-2 mt-1 text-slate-300">{stat.label}</dt>
                <dd className="order-1 text-4xl font-bold text-brass-300">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      {team.length ? (
        <PageSection id="team-heading" title={page.teamHeading || 'Our Team'} className="bg-slate-50 py-20">
          <ul className="mt-12 grid grid-cols-2 gap-6 lg:grid-cols-4">
            {team.map((member) => (
              <li key={member._key} className="text-center">
                <SanityImage
                  image={member.photo}
                  className="mx-auto aspect-square w-full max-w-60 rounded-2xl bg-slate-200 object-cover shadow-sm"
                  fallback={
                    <span
                      aria-hidden="true"
                      className="mx-auto grid aspect-square w-full max-w-60 place-items-center rounded-2xl bg-navy-800 text-4xl font-bold text-brass-300"
                    >
                      {initials(member.name)}
                    </span>
                  }
                />
                <h3 className="mt-4 font-semibold text-navy-900">{member.name}</h3>
                <p className="text-sm text-slate-600">{member.role}</p>
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      <PageSection id="services-heading" title={page.servicesHeading}>
        <div className="mt-12">
          <FeatureGrid features={page.services} />
        </div>
      </PageSection>

      <AccreditationStrip items={accreditations} tone="muted" />

      <section aria-labelledby="about-cta-heading" className="bg-ocean-50 py-20">
        <div className="container-page max-w-3xl text-center">
          <h2 id="about-cta-heading" className="text-3xl font-bold text-navy-900">
            {page.cta?.heading}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{page.cta?.body}</p>
          <Link to={page.cta?.href ?? '/contact'} className="btn-secondary mt-8">
            {page.cta?.label} <ArrowRightIcon width={16} height={16} />
          </Link>
        </div>
      </section>
    </>
  )
}

/** A mission/vision/values card's photo (4:3), or a calm colour panel when the editor left it out. */
function PillarImage({image, priority = false}: {image: PreparedImage | null; priority?: boolean}) {
  return (
    <SanityImage
      image={image}
      priority={priority}
      className="aspect-[4/3] w-full bg-slate-200 object-cover"
      fallback={<div aria-hidden="true" className="aspect-[4/3] w-full bg-gradient-to-br from-ocean-600 to-navy-800" />}
    />
  )
}

/** "Capt. Arvind Rao" → "AR" (titles ending in a dot are skipped). */
function initials(name: string | null): string {
  return (name ?? '')
    .split(/\s+/)
    .filter((part) => part && !part.endsWith('.'))
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')
}
