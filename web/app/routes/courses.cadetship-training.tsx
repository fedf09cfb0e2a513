/**
 * Cadetship (docs/requirements.md#req-cadetship; figures: #req-constants-cadetship): duration, training type,
 * total fee, stipend range, the installments and their total, and the Enroll button to
 * /payment?training=cadetship-training&course=deck-cadet&amount=3500.
 */
import {data} from '@remix-run/node'
import type {MetaFunction, LoaderFunctionArgs} from '@remix-run/node'
import {Link, useLoaderData} from '@remix-run/react'
import {AdmissionsLinks, BackToCourses} from '~/components/Admissions'
import {CheckIcon} from '~/components/Icons'
import {InstallmentTable} from '~/components/InstallmentTable'
import {PageHero} from '~/components/PageHero'
import {CADETSHIP_TRAINING} from '#schemas/rules/programs'
import {formatUsd} from '#schemas/rules/format'
import {contentRouteHeaders, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {categoryPath, enrolPath} from '#schemas/rules/paths'
import {CADETSHIP_PAGE_QUERY} from '#netlify/platform/content/queries'
import {pageMeta} from '~/lib/meta'
import {breadcrumbList, HOME_STEP, structuredDataHandle} from '~/lib/structured-data'

const PATH = categoryPath(CADETSHIP_TRAINING)

export async function loader({request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const {category, programme} = await fetchContent(CADETSHIP_PAGE_QUERY, {}, {preview})
  if (!programme) throw new Error('The cadetshipProgramme document is missing from the dataset')
  return data(
    {category, programme},
    {headers: pageCacheHeaders(['doc:cadetshipProgramme', 'type:cadetshipProgramme', 'type:courseCategory', 'category:cadetship-training'], {preview})},
  )
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  pageMeta(matches, data ? {title: data.programme.heading, description: data.category?.description ?? data.programme.intro, path: PATH} : null)

/** JSON-LD: Home › Certifications › Cadetship Training. */
export const handle = structuredDataHandle<typeof loader>(({category, programme}, site) => [
  breadcrumbList(site, [
    HOME_STEP,
    {name: 'Certifications', path: '/courses'},
    {name: category?.title ?? programme.heading ?? 'Cadetship Training', path: PATH},
  ]),
])

export default function CadetshipTraining() {
  const {category, programme} = useLoaderData<typeof loader>()
  const installments = programme.installments ?? []
  // One total for the facts and the table: the programme's total fee, which the Studio checks
  // equals the sum of the installments (schemas/content/catalogue.ts).
  const totalFee = programme.totalFeeUsd != null ? `${formatUsd(programme.totalFeeUsd)} USD` : ''
  const enrolHref = enrolPath({
    training: CADETSHIP_TRAINING,
    course: programme.enrolCourse ?? '',
    amount: programme.enrolAmountUsd ?? undefined,
  })
  const facts = [
    {label: 'Duration', value: programme.duration},
    {label: 'Training type', value: programme.trainingType},
    {label: 'Total fee', value: totalFee},
    {
      label: 'Stipend range',
      value: programme.stipendRange ? `${formatUsd(programme.stipendRange.minUsd ?? 0)} - ${formatUsd(programme.stipendRange.maxUsd ?? 0)} USD` : '',
    },
  ]

  return (
    <>
      <PageHero tone="dark" eyebrow={category?.title ?? 'Cadetship Training'} title={programme.heading ?? ''} lead={programme.intro}>
        <BackToCourses light />
      </PageHero>

      <section aria-labelledby="programme-heading" className="py-16">
        <div className="container-page grid gap-10 lg:grid-cols-[1fr_24rem]">
          <div>
            <h2 id="programme-heading" className="text-2xl font-bold text-navy-900">
              Programme at a glance
            </h2>
            <dl className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="cadetship-facts">
              {facts.map((fact) => (
                <div key={fact.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                  <dt className="text-sm text-slate-600">{fact.label}</dt>
                  <dd className="mt-1 text-lg font-bold text-navy-900">{fact.value}</dd>
                </div>
              ))}
            </dl>
            {programme.highlights?.length ? (
              <ul className="mt-8 space-y-2">
                {programme.highlights.map((highlight) => (
                  <li key={highlight} className="flex gap-2 text-slate-700">
                    <CheckIcon className="mt-0.5 shrink-0 text-ocean-600" /> {highlight}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>

          <aside aria-labelledby="installments-heading" className="rounded-2xl bg-navy-900 p-6 text-white shadow-lg">
            <h2 id="installments-heading" className="text-xl font-bold">
              Installments
            </h2>
            <InstallmentTable installments={installments} caption="Cadetship fee installments" tone="dark" total={totalFee} testId="installments" />
            <Link to={enrolHref} className="btn-primary mt-6 w-full">
              Enroll
            </Link>
            <p className="mt-3 text-center text-xs text-slate-300">
              Pay the first installment of {formatUsd(programme.enrolAmountUsd ?? 0)} to secure your place.
            </p>
          </aside>
        </div>
      </section>

      <AdmissionsLinks />
    </>
  )
}
