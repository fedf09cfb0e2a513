/**
 * The course calendar (/courses/calendar, docs/requirements.md#req-batches-content):
 * every upcoming batch — open or closed, not cancelled — with its dates, course, location and
 * seats, filtered by category, location (city) and month through a GET form (query parameters
 * `category`, `location`, `month`), so the filters work without JavaScript. A table from 640 px,
 * cards below. Each open batch's "Enroll" goes to the course's enrolment link plus
 * `batch={batchId}`, and one with seats left "Book for a group" (the group booking form; not for
 * cadetship intakes or courses priced on request). The page is CDN-cached until the provider's
 * next midnight (a batch leaves it the day it starts); the seats left are filled in after load
 * (lib/batch-availability.ts).
 */
import {data} from '@remix-run/node'
import type {LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {Form, Link, useLoaderData, useNavigation} from '@remix-run/react'
import type {ReactNode} from 'react'
import {BackToCourses} from '~/components/Admissions'
import {BatchSeats, batchEnrolHref, groupBookableCourse, GroupBookingLink, offersGroupBooking} from '~/components/Batches'
import {PageHero} from '~/components/PageHero'
import {Table, columnsOf, type TableColumn} from '~/components/ui/Table'
import {batchDateRange, batchMonths, calendarFilters, filterBatches, monthLabel, providerToday, secondsUntilNextProviderDay} from '#schemas/rules/batches'
import {useBatchAvailability} from '~/lib/batch-availability'
import {contentRouteHeaders, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {pageMeta} from '~/lib/meta'
import {CALENDAR_PATH} from '#schemas/rules/paths'
import {previewOptions} from '~/lib/preview.server'
import {CALENDAR_QUERY} from '#netlify/platform/content/queries'
import {breadcrumbList, HOME_STEP, structuredDataHandle} from '~/lib/structured-data'

const TITLE = 'Course Calendar'
const DESCRIPTION =
  'Upcoming course dates at our training centres: STCW, offshore survival, pre-sea and value-added courses, and the cadetship intakes, with seats left.'

export async function loader({request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const now = new Date()
  const content = await fetchContent(CALENDAR_QUERY, {today: providerToday(now)}, {preview})
  const filters = calendarFilters(new URL(request.url).searchParams)
  const all = content.batches.flatMap((batch) => (batch.course ? [{...batch, course: batch.course, categoryId: batch.course.categoryId}] : []))
  const batches = filterBatches(all, filters)
  // The filters offer only what has batches: categories and cities in the content's order, months in time order.
  const categories = content.categories.filter((category) => all.some((batch) => batch.categoryId === category.id))
  const locations = content.locations
    .map((location) => ({...location, cities: (location.cities ?? []).filter((city) => all.some((batch) => batch.city === city))}))
    .filter((location) => location.cities.length > 0)
  const tags = ['type:courseBatch', 'type:course', 'type:courseCategory', 'type:location', 'type:cadetshipProgramme']
  return data(
    {filters, batches, total: all.length, categories, locations, months: batchMonths(all)},
    {headers: pageCacheHeaders(tags, {preview, cdnMaxAgeSeconds: secondsUntilNextProviderDay(now)})},
  )
}

export const headers = contentRouteHeaders

/** Filtered copies of the page name the unfiltered calendar as canonical. */
export const meta: MetaFunction<typeof loader> = ({matches}) => pageMeta(matches, {title: TITLE, description: DESCRIPTION, path: CALENDAR_PATH})

/** JSON-LD: Home › Certifications › Course Calendar. */
export const handle = structuredDataHandle<typeof loader>((_data, site) => [
  breadcrumbList(site, [HOME_STEP, {name: 'Certifications', path: '/courses'}, {name: TITLE, path: CALENDAR_PATH}]),
])

const selectClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-navy-900 focus:border-ocean-600 focus:ring-2 focus:ring-ocean-600/30'

export default function CourseCalendar() {
  const {filters, batches, total, categories, locations, months} = useLoaderData<typeof loader>()
  const availability = useBatchAvailability(batches.map((batch) => batch._id))
  const busy = useNavigation().state === 'loading'
  const filtered = Boolean(filters.category || filters.location || filters.month)
  const countText = `${batches.length} ${batches.length === 1 ? 'batch' : 'batches'}${filtered ? ` of ${total}` : ''}`

  return (
    <>
      <PageHero
        tone="dark"
        eyebrow="Certifications"
        title={TITLE}
        lead="Dates of our upcoming batches in every training centre. Choose a batch and enrol online; seats are limited."
      >
        <BackToCourses light />
      </PageHero>

      <section aria-labelledby="calendar-filters-heading" className="border-b border-slate-200 bg-slate-50 py-8">
        <div className="container-page">
          <h2 id="calendar-filters-heading" className="text-lg font-semibold text-navy-900">
            Filter batches
          </h2>
          <Form method="get" preventScrollReset className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
            <FilterSelect
              label="Category"
              name="category"
              value={filters.category}
              allLabel="All categories"
              options={categories.map((category) => ({value: category.id ?? '', label: category.title ?? ''}))}
            />
            <FilterSelect label="Location" name="location" value={filters.location} allLabel="All locations">
              {locations.map((location) => (
                <optgroup key={location._id} label={location.country}>
                  {location.cities.map((city) => (
                    <option key={city}>{city}</option>
                  ))}
                </optgroup>
              ))}
            </FilterSelect>
            <FilterSelect
              label="Month"
              name="month"
              value={filters.month}
              allLabel="All months"
              options={months.map((month) => ({value: month, label: monthLabel(month)}))}
            />
            <div className="flex flex-wrap items-center gap-3">
              <button type="submit" className="btn-primary">
                Show batches
              </button>
              {filtered ? (
                <Link to={CALENDAR_PATH} className="font-medium text-ocean-600 underline underline-offset-2 hover:text-navy-800">
                  Clear filters
                </Link>
              ) : null}
            </div>
          </Form>
        </div>
      </section>

      <section aria-labelledby="calendar-list-heading" className="py-12">
        <div className="container-page" aria-busy={busy}>
          <h2 id="calendar-list-heading" className="text-2xl font-bold text-navy-900">
            Upcoming batches
          </h2>
          <p className="mt-1 text-slate-600" role="status" data-testid="calendar-count">
            {countText}
          </p>

          {batches.length === 0 ? (
            <p className="mt-6 rounded-xl border border-slate-200 bg-white p-6 text-slate-700">
              No batches match these filters.{' '}
              <Link to={CALENDAR_PATH} className="font-medium text-ocean-600 underline underline-offset-2">
                Show all batches
              </Link>
            </p>
          ) : (
            <>
              <div className="mt-6 hidden overflow-x-auto rounded-xl border border-slate-200 sm:block">
                <Table
                  className="w-full text-left text-sm"
                  testId="calendar-table"
                  caption="Upcoming batches: dates, course, location and seats"
                  headClassName="bg-slate-100 text-slate-700"
                  headingClassName="px-4 py-3 font-semibold"
                  columns={CALENDAR_COLUMNS}
                >
                  <tbody className="divide-y divide-slate-200 bg-white">
                    {batches.map((batch) => (
                      <tr key={batch._id} data-testid="calendar-row" data-batch-id={batch._id}>
                        <td className="px-4 py-3 font-semibold whitespace-nowrap text-navy-900">{batchDateRange(batch)}</td>
                        <td className="px-4 py-3">
                          <BatchCourse batch={batch} />
                          {batch.note ? <span className="mt-1 block text-xs text-slate-600">{batch.note}</span> : null}
                        </td>
                        <td className="px-4 py-3">
                          <BatchPlace batch={batch} />
                        </td>
                        <td className="px-4 py-3 whitespace-nowrap">
                          <BatchSeats batch={batch} availability={availability} />
                        </td>
                        <td className="px-4 py-3 text-right">
                          <span className="inline-flex flex-col items-end gap-2">
                            <EnrolLink batch={batch} />
                            <GroupLink batch={batch} availability={availability} />
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>

              <ul className="mt-6 space-y-4 sm:hidden" aria-label="Upcoming batches">
                {batches.map((batch) => (
                  <li key={batch._id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="calendar-card" data-batch-id={batch._id}>
                    <p className="font-semibold text-navy-900">{batchDateRange(batch)}</p>
                    <p className="mt-1">
                      <BatchCourse batch={batch} small />
                    </p>
                    <p className="mt-1 text-sm text-slate-700">
                      <BatchPlace batch={batch} />
                    </p>
                    {batch.note ? <p className="mt-1 text-xs text-slate-600">{batch.note}</p> : null}
                    <div className="mt-3 flex items-center justify-between gap-3 text-sm">
                      <BatchSeats batch={batch} availability={availability} />
                      <EnrolLink batch={batch} />
                    </div>
                    <GroupLink batch={batch} availability={availability} block />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </section>
    </>
  )
}

type CalendarBatch = ReturnType<typeof useLoaderData<typeof loader>>['batches'][number]

const CALENDAR_COLUMNS: TableColumn[] = [
  ...columnsOf(['Dates', 'Course', 'Location', 'Seats']),
  {key: 'enrol', label: <span className="sr-only">Enrolment</span>},
]

/** One of the filters: a labelled select whose first option ("All …") clears it, then `options` or the grouped `children`. */
function FilterSelect({
  label,
  name,
  value,
  allLabel,
  options = [],
  children,
}: {
  label: string
  name: string
  value: string
  allLabel: string
  options?: ReadonlyArray<{value: string; label: string}>
  children?: ReactNode
}) {
  return (
    <label className="block text-sm font-medium text-slate-700">
      {label}
      <select name={name} defaultValue={value} className={selectClass}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </label>
  )
}

/** The batch's course: its short name, then its full name (smaller on a card). */
function BatchCourse({batch, small = false}: {batch: CalendarBatch; small?: boolean}) {
  return (
    <>
      <span className="font-semibold text-navy-900">{batch.course.name}</span>
      {batch.course.fullName ? <span className={`block text-slate-600${small ? ' text-sm' : ''}`}>{batch.course.fullName}</span> : null}
    </>
  )
}

/** Where the batch is held: city, country, and the venue under them. */
function BatchPlace({batch}: {batch: CalendarBatch}) {
  return (
    <>
      {batch.city}, {batch.location?.country}
      {batch.venue ? <span className="block text-xs text-slate-600">{batch.venue}</span> : null}
    </>
  )
}

/** "Book for a group" under the batch's Enroll (groupBookableCourse, offersGroupBooking); `block` on a phone's card, right-aligned. */
function GroupLink({batch, availability, block = false}: {batch: CalendarBatch; availability: ReturnType<typeof useBatchAvailability>; block?: boolean}) {
  if (!groupBookableCourse(batch.course) || !offersGroupBooking(batch, availability)) return null
  const link = (
    <GroupBookingLink
      batch={batch}
      courseName={batch.course.name ?? ''}
      availability={availability}
      className="text-sm font-medium whitespace-nowrap text-ocean-600 underline underline-offset-2 hover:text-navy-800"
    />
  )
  return block ? <p className="mt-2 text-right">{link}</p> : link
}

/** "Enroll" for an open batch (labelled with the course, dates and city); nothing for a closed one. */
function EnrolLink({batch}: {batch: CalendarBatch}) {
  if (batch.status !== 'open') return null
  return (
    <Link
      to={batchEnrolHref(batch.course, batch._id)}
      className="btn-primary whitespace-nowrap"
      aria-label={`Enroll: ${batch.course.name}, ${batchDateRange(batch)}, ${batch.city}`}
    >
      Enroll
    </Link>
  )
}
