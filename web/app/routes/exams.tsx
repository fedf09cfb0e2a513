/**
 * /exams — the practice exam catalogue (docs/requirements.md#req-exams): one card per exam with its
 * title, description, category, duration in minutes, total points and number of
 * questions, and a "Start Exam" link to /exam/{examId}/start.
 */
import {data} from '@remix-run/node'
import type {MetaFunction, LoaderFunctionArgs} from '@remix-run/node'
import {Link, useLoaderData} from '@remix-run/react'
import {ArrowRightIcon, ClockIcon} from '~/components/Icons'
import {PageHero} from '~/components/PageHero'
import {contentRouteHeaders, docTag, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {examStartPath} from '#schemas/rules/paths'
import {EXAMS_QUERY} from '#netlify/platform/content/queries'
import {pageMeta} from '~/lib/meta'

const TITLE = 'Practice Exams'
const DESCRIPTION = 'Timed practice exams on maritime safety and navigation: check your knowledge, see your score and grade, and download your results.'

export async function loader({request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const exams = await fetchContent(EXAMS_QUERY, {}, {preview})
  return data({exams}, {headers: pageCacheHeaders(['type:exam', ...exams.map((exam) => docTag(exam._id))], {preview})})
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({matches}) => pageMeta(matches, {title: TITLE, description: DESCRIPTION, path: '/exams'})

export default function ExamCatalogue() {
  const {exams} = useLoaderData<typeof loader>()
  return (
    <>
      <PageHero tone="light" eyebrow="Assess your knowledge" title={TITLE} lead={DESCRIPTION} />
      <section aria-label="Available exams" className="py-12 sm:py-16">
        <div className="container-page">
          {exams.length === 0 ? (
            <p className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-slate-600">
              No practice exams are available right now. Please check back soon.
            </p>
          ) : (
            <ul className="grid gap-6 md:grid-cols-2">
              {exams.map((exam) => (
                <li key={exam._id}>
                  <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-lg sm:p-8">
                    <p className="inline-flex w-fit rounded-full bg-ocean-100 px-3 py-1 text-xs font-semibold tracking-wide text-navy-800 uppercase">
                      <span className="sr-only">Category: </span>
                      {exam.category}
                    </p>
                    <h2 className="mt-4 text-2xl font-bold text-navy-900">{exam.title}</h2>
                    <p className="mt-3 flex-1 text-slate-600">{exam.description}</p>
                    <dl className="mt-6 grid grid-cols-3 gap-3 rounded-xl bg-ocean-50 p-4 text-center">
                      <div className="flex flex-col-reverse">
                        <dt className="text-xs text-slate-600 sm:text-sm">Duration</dt>
                        <dd className="flex items-center justify-center gap-1 text-lg font-bold text-navy-900">
                          <ClockIcon width={16} height={16} className="hidden sm:block" /> {exam.durationMinutes}
                          <span aria-hidden="true">min</span>
                          <span className="sr-only"> minutes</span>
                        </dd>
                      </div>
                      <div className="flex flex-col-reverse">
                        <dt className="text-xs text-slate-600 sm:text-sm">Total points</dt>
                        <dd className="text-lg font-bold text-navy-900">{exam.totalPoints}</dd>
                      </div>
                      <div className="flex flex-col-reverse">
                        <dt className="text-xs text-slate-600 sm:text-sm">Questions</dt>
                        <dd className="text-lg font-bold text-navy-900">{exam.questionCount}</dd>
                      </div>
                    </dl>
                    <div className="mt-6">
                      <Link to={examStartPath(exam.examId)} viewTransition className="btn-secondary w-full sm:w-auto">
                        Start Exam<span className="sr-only">: {exam.title}</span> <ArrowRightIcon width={16} height={16} />
                      </Link>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  )
}
