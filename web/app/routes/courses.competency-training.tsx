/**
 * Competency training (docs/requirements.md#req-competency; fees: #req-constants-competency):
 * the fee table with columns RANK, one per jurisdiction, ACTION; each cell "$2,200 USD";
 * each row an Enroll link to /payment?training=competency-training&course={rank}.
 *
 * docs/requirements.md#req-carried-choices, #req-checkout-errors: each fee is also an
 * enrol link for its column's flag, `…&country={key}`, so the form opens priced for that country;
 * RANK and ACTION are sticky while the flags scroll, with a visible hint below 1024 px.
 */
import {data} from '@remix-run/node'
import type {MetaFunction, LoaderFunctionArgs} from '@remix-run/node'
import {Link, useLoaderData} from '@remix-run/react'
import {AdmissionsLinks, BackToCourses} from '~/components/Admissions'
import {PageHero} from '~/components/PageHero'
import {COMPETENCY_TRAINING} from '#schemas/rules/programs'
import {formatUsd} from '#schemas/rules/format'
import {contentRouteHeaders, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {categoryPath, enrolPath} from '#schemas/rules/paths'
import {COMPETENCY_PAGE_QUERY} from '#netlify/platform/content/queries'
import {pageMeta} from '~/lib/meta'
import {breadcrumbList, HOME_STEP, structuredDataHandle} from '~/lib/structured-data'

const PATH = categoryPath(COMPETENCY_TRAINING)

/**
 * The fixed columns of the fee table: RANK at the start and ACTION (Enroll) at the end
 * stay in place while the flag columns scroll between them, so on a phone the rank is always
 * readable and Enroll always reachable without scrolling sideways. Each needs its own opaque
 * background (the row's, or the header's) and a line on its inner edge.
 */
const STICKY_START = 'sticky left-0 z-10 shadow-[inset_-1px_0_0_var(--color-slate-300)]'
const STICKY_END = 'sticky right-0 z-10 shadow-[inset_1px_0_0_var(--color-slate-300)]'

export async function loader({request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const {category, table} = await fetchContent(COMPETENCY_PAGE_QUERY, {}, {preview})
  if (!table) throw new Error('The competencyFeeTable document is missing from the dataset')
  return data(
    {category, table},
    {headers: pageCacheHeaders(['doc:competencyFeeTable', 'type:competencyFeeTable', 'type:courseCategory', 'category:competency-training'], {preview})},
  )
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  pageMeta(matches, data ? {title: data.table.heading, description: data.category?.description ?? data.table.intro, path: PATH} : null)

/** JSON-LD: Home › Certifications › Competency Training (no Course offers: fees depend on the flag). */
export const handle = structuredDataHandle<typeof loader>(({category, table}, site) => [
  breadcrumbList(site, [HOME_STEP, {name: 'Certifications', path: '/courses'}, {name: category?.title ?? table.heading ?? 'Competency Training', path: PATH}]),
])

export default function CompetencyTraining() {
  const {category, table} = useLoaderData<typeof loader>()
  const jurisdictions = table.jurisdictions ?? []
  return (
    <>
      <PageHero tone="dark" eyebrow={category?.title ?? 'Competency Training'} title={table.heading ?? ''} lead={table.intro}>
        <BackToCourses light />
      </PageHero>

      <section aria-labelledby="fees-heading" className="py-16">
        <div className="container-page">
          <h2 id="fees-heading" className="text-2xl font-bold text-navy-900">
            Fees by flag administration
          </h2>
          <p className="mt-2 max-w-3xl text-slate-700" id="fees-help">
            Choose a fee to enrol for that rank and flag administration, or <strong>Enroll</strong> to choose the flag on the form.
          </p>
          <p className="mt-3 flex items-center gap-2 text-sm font-medium text-ocean-600 lg:hidden" data-testid="fee-scroll-hint">
            <span aria-hidden="true">↔</span> Scroll the table sideways to see all {jurisdictions.length} flag administrations; the rank and Enroll stay in
            place.
          </p>
          <div
            className="mt-4 overflow-x-auto rounded-2xl border border-slate-200 shadow-sm"
            role="region"
            aria-labelledby="fees-heading"
            aria-describedby="fees-help"
            tabIndex={0}
            data-testid="fee-table-scroll"
          >
            <table className="w-full min-w-[44rem] border-collapse text-left text-sm sm:min-w-[56rem]" data-testid="fee-table">
              <thead className="bg-navy-900 text-white">
                <tr>
                  <th scope="col" className={`${STICKY_START} bg-navy-900 px-3 py-3 font-semibold tracking-wide sm:px-4`}>
                    RANK
                  </th>
                  {jurisdictions.map((jurisdiction) => (
                    <th key={jurisdiction._key} scope="col" className="px-3 py-3 font-semibold tracking-wide sm:px-4">
                      {jurisdiction.name}
                    </th>
                  ))}
                  <th scope="col" className={`${STICKY_END} bg-navy-900 px-3 py-3 font-semibold tracking-wide sm:px-4`}>
                    ACTION
                  </th>
                </tr>
              </thead>
              <tbody>
                {table.rows?.map((row) => (
                  <tr key={row._key} className="border-t border-slate-200 odd:bg-white even:bg-slate-50">
                    <th scope="row" className={`${STICKY_START} w-32 bg-inherit px-3 py-3 font-semibold text-navy-900 sm:w-auto sm:px-4`}>
                      {row.rank}
                    </th>
                    {jurisdictions.map((jurisdiction) => {
                      const fee = row.fees?.find((f) => f.jurisdiction === jurisdiction.key)
                      const amount = typeof fee?.amountUsd === 'number' ? `${formatUsd(fee.amountUsd)} USD` : null
                      return (
                        <td key={jurisdiction._key} className="px-3 py-3 whitespace-nowrap text-slate-800 sm:px-4" data-testid="fee">
                          {amount && jurisdiction.key ? (
                            // The column's country travels with the link: the form opens priced for it.
                            <Link
                              to={enrolPath({training: COMPETENCY_TRAINING, course: row.rank ?? '', country: jurisdiction.key})}
                              className="rounded font-medium text-ocean-600 underline decoration-ocean-500 underline-offset-4 hover:text-navy-800 hover:decoration-navy-800"
                              aria-label={`${amount}, enroll for ${row.rank} with ${jurisdiction.name}`}
                            >
                              {amount}
                            </Link>
                          ) : (
                            (amount ?? '—')
                          )}
                        </td>
                      )
                    })}
                    <td className={`${STICKY_END} bg-inherit px-3 py-3 sm:px-4`}>
                      <Link
                        to={enrolPath({training: COMPETENCY_TRAINING, course: row.rank ?? ''})}
                        className="btn-primary min-h-9 px-4 py-1.5"
                        aria-label={`Enroll: ${row.rank}`}
                      >
                        Enroll
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="mt-4 text-sm text-slate-600" role="note">
            {table.note}
          </p>
        </div>
      </section>

      <AdmissionsLinks />
    </>
  )
}
