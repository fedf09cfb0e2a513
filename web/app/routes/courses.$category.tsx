/**
 * Generic category page (/courses/{category}, docs/requirements.md#req-category): one card per course with
 * name, full name, description, duration and price ('Investment'), and an 'Enroll Now'
 * link to /payment?training={category}&course={name}&price={price}. Courses without a
 * fixed price link to the contact page instead. Unknown ids answer 404 with
 * 'Category Not Found'. Competency and cadetship have dedicated routes of the same path.
 */
import {data} from '@remix-run/node'
import type {LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {isRouteErrorResponse, Link, useLoaderData, useRouteError} from '@remix-run/react'
import {AdmissionsLinks, BackToCourses} from '~/components/Admissions'
import {CourseBatches} from '~/components/Batches'
import {FeatureGrid} from '~/components/Cards'
import {ogImageUrl, withPreparedImage} from '~/lib/image.server'
import {IMAGE_LAYOUTS} from '~/lib/image-layouts'
import {ArrowLeftIcon, ClockIcon} from '~/components/Icons'
import {PageHero, PageSection} from '~/components/PageHero'
import {SanityImage} from '~/components/SanityImage'
import {providerToday, secondsUntilNextProviderDay} from '#schemas/rules/batches'
import {formatInr} from '#schemas/rules/format'
import {coursePriceLabel, payableInr, payableUsd} from '#schemas/rules/price'
import {useBatchAvailability} from '~/lib/batch-availability'
import {contentRouteHeaders, docTag, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {categoryPath, courseAnchor, enrolPath} from '#schemas/rules/paths'
import {CATEGORY_PAGE_QUERY} from '#netlify/platform/content/queries'
import {companyName, pageMeta} from '~/lib/meta'
import {breadcrumbList, courseList, HOME_STEP, structuredDataHandle} from '~/lib/structured-data'

export async function loader({params, request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const now = new Date()
  const {category, why} = await fetchContent(CATEGORY_PAGE_QUERY, {category: params.category ?? '', today: providerToday(now)}, {preview})
  if (!category) throw new Response('Category Not Found', {status: 404})
  const tags = [
    'doc:coursesPage',
    'type:courseCategory',
    'type:course',
    'type:courseBatch',
    docTag(category._id),
    `category:${category.id}`,
    ...(category.courses ?? []).map((course) => docTag(course._id)),
  ]
  // The batches shown start after today: the CDN keeps the page until the provider's midnight.
  // Pictures leave the server prepared (image.server.ts): the course cards' strips and the page's Open Graph image.
  const {image, ...rest} = category
  const prepared = {...rest, courses: category.courses?.map((course) => withPreparedImage(course, 'image', IMAGE_LAYOUTS.courseCard)) ?? null}
  return data(
    {category: prepared, ogImage: ogImageUrl(image), why},
    {headers: pageCacheHeaders(tags, {preview, cdnMaxAgeSeconds: secondsUntilNextProviderDay(now)})},
  )
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  data
    ? pageMeta(matches, {
        title: data.category.title,
        description: data.category.description,
        path: categoryPath(data.category.id ?? ''),
        image: data.ogImage,
      })
    : [{title: `Category Not Found | ${companyName(matches)}`}]

/** JSON-LD: the fixed-price courses with their offers, and Home › Certifications › this category. */
export const handle = structuredDataHandle<typeof loader>(({category}, site) => [
  courseList(site, category, category.courses),
  breadcrumbList(site, [HOME_STEP, {name: 'Certifications', path: '/courses'}, {name: category.title ?? '', path: categoryPath(category.id ?? '')}]),
])

export default function CategoryPage() {
  const {category, why} = useLoaderData<typeof loader>()
  const availability = useBatchAvailability(category.courses.flatMap((course) => (payableUsd(course) !== null ? course.batches.map((batch) => batch._id) : [])))
  return (
    <>
      <PageHero tone="dark" eyebrow="Certifications" title={category.title ?? ''} lead={category.description}>
        <BackToCourses light />
        <dl className="mt-6 flex flex-wrap gap-x-8 gap-y-2 text-sm text-slate-200">
          <div className="flex gap-2">
            <dt>Duration:</dt>
            <dd className="font-semibold text-white">{category.durationRange}</dd>
          </div>
          <div className="flex gap-2">
            <dt>Level:</dt>
            <dd className="font-semibold text-white">{category.level}</dd>
          </div>
          <div className="flex gap-2">
            <dt>Courses:</dt>
            <dd className="font-semibold text-white">{category.courses.length}</dd>
          </div>
        </dl>
      </PageHero>

      <PageSection id="course-list-heading" hiddenTitle="Courses" className="py-16">
        <ul className="balanced-grid [--gap:1.5rem] md:[--cols:2] lg:[--cols:3]">
          {category.courses.map((course, index) => {
            const price = coursePriceLabel(course)
            const payable = payableUsd(course) !== null
            // docs/requirements.md#req-inr: the INR price, where the content has one, in the USD price's style.
            const inr = payableInr(course)
            return (
              <li key={course._id}>
                <article
                  id={courseAnchor(course._id)}
                  className="flex h-full scroll-mt-20 flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                  data-testid="course-card"
                >
                  {/* The course's card image, else its category's (the query falls back); the first card's is the page's LCP image. */}
                  <SanityImage
                    image={course.image}
                    priority={index === 0}
                    className="-mx-6 -mt-6 mb-5 aspect-[2/1] w-[calc(100%+3rem)] max-w-none bg-slate-200 object-cover"
                  />
                  <p className="text-sm font-semibold tracking-wide text-ocean-600">{course.level}</p>
                  <h3 className="mt-1 text-xl font-bold text-navy-900">{course.name}</h3>
                  <p className="text-sm font-medium text-slate-700">{course.fullName}</p>
                  <p className="mt-3 flex-1 text-slate-600">{course.description}</p>
                  <dl className="mt-5 grid grid-cols-2 gap-3 border-t border-slate-100 pt-4 text-sm">
                    <div>
                      <dt className="text-slate-500">Duration</dt>
                      <dd className="flex items-center gap-1 font-semibold text-navy-900">
                        <ClockIcon width={16} height={16} /> {course.duration}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-500">Investment</dt>
                      <dd className="flex flex-wrap items-baseline gap-x-1.5 text-lg font-bold text-navy-900" data-testid="course-price">
                        <span>{price}</span>
                        {inr !== null ? (
                          <>
                            {' '}
                            <span className="text-sm font-medium text-slate-600">or</span> <span data-testid="course-price-inr">{formatInr(inr)}</span>
                          </>
                        ) : null}
                      </dd>
                    </div>
                  </dl>
                  {payable ? (
                    <CourseBatches courseName={course.name ?? ''} categoryId={category.id ?? ''} batches={course.batches} availability={availability} />
                  ) : null}
                  {payable ? (
                    <Link
                      to={enrolPath({training: category.id ?? '', course: course.name ?? '', price})}
                      className="btn-primary mt-5"
                      aria-label={`Enroll Now: ${course.name}`}
                    >
                      Enroll Now
                    </Link>
                  ) : (
                    <Link to="/contact" className="btn-outline mt-5" aria-label={`Contact us for pricing: ${course.name}`}>
                      Contact for pricing
                    </Link>
                  )}
                </article>
              </li>
            )
          })}
        </ul>
      </PageSection>

      {why ? (
        <PageSection id="why-heading" title={why.categoryWhyHeading} className="bg-slate-50 py-16">
          <div className="mt-10">
            <FeatureGrid features={why.categoryWhy} />
          </div>
        </PageSection>
      ) : null}

      <AdmissionsLinks />
    </>
  )
}

/** 404 for an unknown category id (docs/requirements.md#req-errors). */
export function ErrorBoundary() {
  const error = useRouteError()
  if (!isRouteErrorResponse(error) || error.status !== 404) throw error
  return (
    <PageHero tone="dark" title="Category Not Found" lead="The requested training category could not be found.">
      <Link to="/courses" className="btn-primary mt-8">
        <ArrowLeftIcon width={16} height={16} /> Back to Courses
      </Link>
    </PageHero>
  )
}
