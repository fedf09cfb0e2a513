/**
 * Category overview (/courses, docs/requirements.md#req-courses): six category cards linking to
 * /courses/{categoryId}, an 'Explore Certifications' anchor to #courses and a
 * 'Training Excellence' section of four benefits; a link to the course calendar.
 */
import {data} from '@remix-run/node'
import type {MetaFunction, LoaderFunctionArgs} from '@remix-run/node'
import {Link, useLoaderData} from '@remix-run/react'
import {CategoryList, FeatureGrid} from '~/components/Cards'
import {PageHero, PageSection} from '~/components/PageHero'
import {contentRouteHeaders, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {COURSES_PAGE_QUERY} from '#netlify/platform/content/queries'
import {pageMeta} from '~/lib/meta'
import {CALENDAR_PATH} from '#schemas/rules/paths'
import {withPreparedImage} from '~/lib/image.server'
import {IMAGE_LAYOUTS} from '~/lib/image-layouts'

export async function loader({request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const {page, categories} = await fetchContent(COURSES_PAGE_QUERY, {}, {preview})
  if (!page) throw new Error('The coursesPage document is missing from the dataset')
  return data(
    // Card pictures leave the server prepared (image.server.ts).
    {page, categories: categories.map((category) => withPreparedImage(category, 'image', IMAGE_LAYOUTS.categoryCard))},
    {headers: pageCacheHeaders(['doc:coursesPage', 'type:coursesPage', 'type:courseCategory', 'type:course', 'type:cadetshipProgramme'], {preview})},
  )
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  pageMeta(matches, data ? {title: 'Certifications & Courses', description: data.page.subheading, path: '/courses'} : null)

export default function Courses() {
  const {page, categories} = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero tone="dark" eyebrow="Certifications" title={page.heading ?? ''} lead={page.subheading}>
        <div className="mt-8 flex flex-wrap gap-3">
          <a href="#courses" className="btn-primary">
            Explore Certifications
          </a>
          <Link to={CALENDAR_PATH} className="btn-ghost-light">
            Course Calendar
          </Link>
        </div>
      </PageHero>

      <PageSection id="categories-heading" hiddenTitle="Training categories" anchor="courses" className="scroll-mt-20 py-20">
        <CategoryList categories={categories} className="balanced-grid [--gap:2rem] md:[--cols:2] lg:[--cols:3]" />
      </PageSection>

      <PageSection id="excellence-heading" title={page.benefitsHeading} className="bg-slate-50 py-20">
        <div className="mt-12">
          <FeatureGrid features={page.benefits} columns={4} />
        </div>
      </PageSection>
    </>
  )
}
