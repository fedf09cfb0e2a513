/**
 * Competency training (docs/requirements.md#req-competency; fees: #req-constants-competency):
 * the fee table with columns RANK, one per jurisdiction, ACTION; each cell "$2,200 USD";
 * each row an Enroll link to /payment?training=competency-training&course={rank}.
 */
import {data} from '@remix-run/node'
import type {MetaFunction, LoaderFunctionArgs} from '@remix-run/node'
import {Link, useLoaderData} from '@remix-run/react'
import {AdmissionsLinks, BackToCourses} from '~/components/Admissions'
import {PageHero} from '~/components/PageHero'
import {COMPETENCY_TRAINING} from '~/domain/programs'
import {formatUsd} from '~/domain/format'
import {contentRouteHeaders, pageCacheHeaders} from '~/lib/cache.server'
import {fetchContent} from '~/lib/content.server'
import {previewOptions} from '~/lib/preview.server'
import {categoryPath, enrolPath} from '~/lib/paths'
import {COMPETENCY_PAGE_QUERY} from '~/lib/queries'
import {pageMeta} from '~/lib/meta'
import {breadcrumbList, HOME_STEP, structuredDataHandle} from '~/lib/structured-data'

const PATH = categoryPath(COMPETENCY_TRAINING)

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
          <div className="mt-6 overflow-x-auto rounded-2xl border border-slate-200 shadow-sm" role="region" aria-labelledby="fees-heading" tabIndex={0}>
            <table className="w-full min-w-[56rem] border-collapse text-left text-sm" data-testid="fee-table">
              <thead className="bg-navy-900 text-white">
                <tr>
                  <th scope="col" className="px-4 py-3 font-semibold tracking-wide">
                    RANK
                  </th>
                  {jurisdictions.map((jurisdiction) => (
                    <th key={jurisdiction._key} scope="col" className="px-4 py-3 font-semibold tracking-wide">
                      {jurisdiction.name}
                    </th>
                  ))}
                  <th scope="col" className="px-4 py-3 font-semibold tracking-wide">
                    ACTION
                  </th>
                </tr>
              </thead>
              <tbody>
                {table.rows?.map((row) => (
                  <tr key={row._key} className="border-t border-slate-200 odd:bg-white even:bg-slate-50">
                    <th scope="row" className="px-4 py-3 font-semibold text-navy-900">
                      {row.rank}
                    </th>
                    {jurisdictions.map((jurisdiction) => {
                      const fee = row.fees?.find((f) => f.jurisdiction === jurisdiction.key)
                      return (
                        <td key={jurisdiction._key} className="px-4 py-3 whitespace-nowrap text-slate-800" data-testid="fee">
                          {typeof fee?.amountUsd === 'number' ? `${formatUsd(fee.amountUsd)} USD` : '—'}
                        </td>
                      )
                    })}
                    <td className="px-4 py-3">
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
