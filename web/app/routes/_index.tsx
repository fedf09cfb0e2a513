/**
 * Home (docs/requirements.md#req-home): hero, stats, company intro, three featured programs,
 * six reasons to choose the provider, training locations with flags, testimonials and a
 * call to action with contact details — all from the homePage document and its references.
 */
import {data} from '@remix-run/node'
import type {MetaFunction, LoaderFunctionArgs} from '@remix-run/node'
import {Link, useLoaderData, useRouteLoaderData} from '@remix-run/react'
import {CategoryList, FeatureGrid, StatsRow} from '~/components/Cards'
import {AccreditationStrip} from '~/components/AccreditationStrip'
import {HomeHero, type HomeHeroContent} from '~/components/HomeHero'
import {ArrowRightIcon, MailIcon, PhoneIcon, StarIcon} from '~/components/Icons'
import {PageSection} from '~/components/PageHero'
import {SanityImage} from '~/components/SanityImage'
import {pageMeta} from '~/lib/meta'
import {contentRouteHeaders, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {flagUrl} from '~/lib/flags.server'
import {HOME_PAGE_QUERY} from '#netlify/platform/content/queries'
import type {loader as rootLoader} from '~/root'
import {prepareImage, withPreparedImage} from '~/lib/image.server'
import {IMAGE_LAYOUTS} from '~/lib/image-layouts'
import type {HOME_PAGE_QUERYResult} from '#schemas/content/sanity.types'

/** The hero's photo and the video's poster prepared for the full-width hero (the page's LCP image). */
function prepareHero(hero: NonNullable<HOME_PAGE_QUERYResult['page']>['hero']): HomeHeroContent {
  if (!hero) return null
  const video = hero.video ? {mp4: hero.video.mp4, webm: hero.video.webm, poster: prepareImage(hero.video.poster, IMAGE_LAYOUTS.hero)} : null
  return {eyebrow: hero.eyebrow, heading: hero.heading, subheading: hero.subheading, image: prepareImage(hero.image, IMAGE_LAYOUTS.hero), video}
}

export async function loader({request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const {page, locations, testimonials, accreditations} = await fetchContent(HOME_PAGE_QUERY, {}, {preview})
  if (!page) throw new Error('The homePage document is missing from the dataset')
  // Pictures leave the server prepared for their layout (image.server.ts; the URL builder stays here).
  return data(
    {
      page: {
        ...page,
        hero: prepareHero(page.hero),
        featured: page.featured?.map((category) => withPreparedImage(category, 'image', IMAGE_LAYOUTS.categoryCard)) ?? null,
      },
      testimonials: testimonials.map((testimonial) => withPreparedImage(testimonial, 'image', IMAGE_LAYOUTS.avatar)),
      accreditations: accreditations.map((item) => withPreparedImage(item, 'logo', IMAGE_LAYOUTS.accreditation)),
      locations: locations.map((location) => ({...withPreparedImage(location, 'image', IMAGE_LAYOUTS.location), flag: flagUrl(location.countryCode)})),
    },
    {
      headers: pageCacheHeaders(
        [
          'doc:homePage',
          'type:homePage',
          'type:courseCategory',
          'type:course',
          'type:cadetshipProgramme',
          'type:location',
          'type:testimonial',
          'type:accreditation',
        ],
        {preview},
      ),
    },
  )
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  pageMeta(matches, data ? {title: data.page.hero?.heading, description: data.page.hero?.subheading, path: '/'} : null)

export default function Home() {
  const {page, locations, testimonials, accreditations} = useLoaderData<typeof loader>()
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const contact = root?.settings.contact
  const anySample = testimonials.some((t) => t.isSample)

  return (
    <>
      <HomeHero hero={page.hero} />

      <section aria-label="Our record" className="border-b border-slate-200 bg-white py-12">
        <div className="container-page">
          <StatsRow stats={page.stats} />
        </div>
      </section>

      <section aria-labelledby="intro-heading" className="bg-ocean-50 py-20">
        <div className="container-page max-w-4xl text-center">
          <h2 id="intro-heading" className="text-3xl font-bold tracking-tight text-navy-900 sm:text-4xl">
            {page.intro?.heading}
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-slate-700">{page.intro?.body}</p>
          <Link to="/about" viewTransition className="btn-outline mt-8">
            {page.intro?.linkLabel} <ArrowRightIcon width={16} height={16} />
          </Link>
        </div>
      </section>

      <PageSection id="featured-heading" title={page.featuredHeading} lead={page.featuredSubheading}>
        <CategoryList categories={page.featured ?? []} className="mt-12 grid gap-8 md:grid-cols-3" />
      </PageSection>

      <PageSection id="why-heading" title={page.whyChooseHeading} className="bg-slate-50 py-20">
        <div className="mt-12">
          <FeatureGrid features={page.whyChoose} />
        </div>
      </PageSection>

      <PageSection id="locations-heading" title={page.locationsHeading} lead={page.locationsSubheading}>
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {locations.map((location) => (
            <li key={location._id} className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
              {/* The centre's photo above the flag and names; without one the card is the flag row alone. */}
              <SanityImage image={location.image} className="aspect-[3/2] w-full bg-slate-200 object-cover" />
              <div className="flex items-center gap-4 p-5">
                {location.flag ? (
                  <img
                    src={location.flag}
                    alt=""
                    width={48}
                    height={36}
                    loading="lazy"
                    decoding="async"
                    className="h-9 w-12 shrink-0 rounded-sm object-cover shadow ring-1 ring-slate-200"
                  />
                ) : null}
                <div>
                  <h3 className="font-semibold text-navy-900">{location.country}</h3>
                  <p className="text-sm text-slate-600">{location.cities?.join(', ')}</p>
                </div>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="testimonials-heading" className="bg-navy-900 py-20 text-white">
        <div className="container-page">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="testimonials-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {page.testimonialsHeading}
            </h2>
            {anySample ? <p className="mt-3 text-sm text-slate-300">Sample testimonials, shown for illustration.</p> : null}
          </div>
          <ul className="mt-12 grid gap-6 md:grid-cols-3">
            {testimonials.map((testimonial) => (
              <li key={testimonial._id}>
                <figure className="flex h-full flex-col rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
                  <p className="flex gap-0.5 text-brass-300" role="img" aria-label={`Rated ${testimonial.rating} out of 5`}>
                    {Array.from({length: testimonial.rating ?? 0}, (_, i) => (
                      <StarIcon key={i} width={18} height={18} />
                    ))}
                  </p>
                  <blockquote className="mt-4 flex-1 leading-relaxed text-slate-100">“{testimonial.quote}”</blockquote>
                  <figcaption className="mt-6 flex items-center gap-3">
                    {/* The graduate's photo; their initials when there is none. */}
                    <SanityImage
                      image={testimonial.image}
                      className="h-11 w-11 shrink-0 rounded-full bg-brass-400 object-cover"
                      fallback={
                        <span aria-hidden="true" className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-brass-400 font-bold text-navy-950">
                          {initials(testimonial.name)}
                        </span>
                      }
                    />
                    <span>
                      <span className="block font-semibold">{testimonial.name}</span>
                      <span className="block text-sm text-slate-300">
                        {testimonial.position}, {testimonial.company}
                      </span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <AccreditationStrip items={accreditations} />

      <section aria-labelledby="cta-heading" className="py-20">
        <div className="container-page">
          <div className="rounded-3xl bg-gradient-to-br from-ocean-600 to-navy-800 px-6 py-14 text-center text-white sm:px-12">
            <h2 id="cta-heading" className="text-3xl font-bold tracking-tight sm:text-4xl">
              {page.cta?.heading}
            </h2>
            <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-100">{page.cta?.body}</p>
            <div className="mt-8 flex flex-wrap justify-center gap-4">
              <Link to="/contact" className="btn-ghost-light">
                Contact Us
              </Link>
              <Link to="/payment" className="btn-primary">
                Enroll Now
              </Link>
            </div>
            {contact ? (
              <p className="mt-8 flex flex-wrap justify-center gap-x-8 gap-y-2 text-sm text-slate-100">
                <a href={`tel:${contact.phoneHref}`} className="inline-flex items-center gap-2 hover:underline">
                  <PhoneIcon width={16} height={16} /> {contact.phone}
                </a>
                <a href={`mailto:${contact.email}`} className="inline-flex items-center gap-2 hover:underline">
                  <MailIcon width={16} height={16} /> {contact.email}
                </a>
              </p>
            ) : null}
          </div>
        </div>
      </section>
    </>
  )
}

function initials(name: string | null): string {
  return (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('')
}
