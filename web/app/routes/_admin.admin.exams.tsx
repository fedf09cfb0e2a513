/**
 * /admin/exams — staff's item statistics of the practice exams
 * (docs/requirements.md#req-item-statistics): each exam's question variants with attempts,
 * facility, discrimination and flags, CSV per exam. The loader gives the exams' ids and titles
 * (public content); the statistics come from GET /api/admin/exam-statistics with the token. The
 * session, the navigation and the headers (never cached, never indexed) are the admin layout's
 * (./_admin.tsx).
 */
import type {MetaFunction} from '@remix-run/node'
import {useLoaderData} from '@remix-run/react'
import {useAdminSession} from '~/components/admin/AdminArea'
import {ExamsDashboard} from '~/components/admin/ExamsDashboard'
import {fetchContent} from '#netlify/platform/content/client'
import {pageMeta} from '~/lib/meta'
import {EXAMS_QUERY} from '#netlify/platform/content/queries'

/** `{exams: [{examId, title}]}` (no exams when the content cannot be read). */
export async function loader() {
  const exams = await fetchContent(EXAMS_QUERY, {}).catch((error: unknown) => {
    console.error('[admin exams] the exams could not be loaded', error)
    return []
  })
  return {exams: (exams ?? []).flatMap((exam) => (exam.examId ? [{examId: exam.examId, title: exam.title ?? exam.examId}] : []))}
}

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Exam statistics', description: 'Administrator item statistics of the practice exams.', robots: 'noindex, nofollow'})

export default function AdminExams() {
  const {exams} = useLoaderData<typeof loader>()
  const {token, onUnauthorized} = useAdminSession()
  return <ExamsDashboard token={token} onUnauthorized={onUnauthorized} exams={exams} />
}
