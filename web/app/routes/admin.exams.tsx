/**
 * /admin/exams — staff's item statistics of the practice exams (issue 18;
 * docs/requirements.md#req-item-statistics): each exam's question variants with attempts, facility,
 * discrimination and flags, CSV per exam. Like /admin/outbox it is not guarded by routing: it
 * depends on the token stored by the login (no token → 'No authentication token found'; a refused
 * token → the login form). The loader gives the exams' ids and titles (public content) and whether
 * e-mail is configured (the admin pages' banner); the statistics come from
 * GET /api/admin/exam-statistics with the token. Never indexed, never cached.
 */
import {data, type HeadersFunction, type MetaFunction} from '@remix-run/node'
import {useLoaderData} from '@remix-run/react'
import {AdminArea} from '~/components/admin/AdminArea'
import {noStoreHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {pageMeta} from '~/lib/meta'
import {EXAMS_QUERY} from '#netlify/platform/content/queries'
import {emailConfigured} from '#netlify/services/admin/outbox'

const NOINDEX = {'X-Robots-Tag': 'noindex, nofollow'}

/** `{emailConfigured, exams: [{examId, title}]}` (no exams when the content cannot be read). */
export async function loader() {
  const exams = await fetchContent(EXAMS_QUERY, {}).catch((error: unknown) => {
    console.error('[admin exams] the exams could not be loaded', error)
    return []
  })
  const listed = (exams ?? []).flatMap((exam) => (exam.examId ? [{examId: exam.examId, title: exam.title ?? exam.examId}] : []))
  return data({emailConfigured: emailConfigured(), exams: listed}, {headers: noStoreHeaders(NOINDEX)})
}

export const meta: MetaFunction = ({matches}) =>
  pageMeta(matches, {title: 'Exam statistics', description: 'Administrator item statistics of the practice exams.', robots: 'noindex, nofollow'})

export const headers: HeadersFunction = () => noStoreHeaders(NOINDEX)

export default function AdminExams() {
  const {emailConfigured, exams} = useLoaderData<typeof loader>()
  return <AdminArea variant="exams" belowNav emailConfigured={emailConfigured} exams={exams} />
}
