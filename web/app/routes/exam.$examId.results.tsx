/**
 * /exam/{examId}/results (docs/requirements.md#req-exam-results, #req-entities-stored-result, #req-validation-exam-scoring, #req-calls-exams, #req-errors).
 *
 * - loader: the exam's id, title and the course category it suggests only (never the answer key); an unknown exam redirects to
 *   /exams.
 * - action: scores the stored record's answers ON THE SERVER against the answer key
 *   (EXAM_KEY_QUERY) with the one scoring module (schemas/rules/exam-scoring.ts) and returns
 *   the breakdown, correct answers and explanations included when the exam shows them, and the
 *   pass mark. Only a draw the server issued is scored: the body's `draw` is the signed draw kept
 *   with the stored result, checked by reviewSignedSubmission (netlify/services/exams/attempts/draws.ts:
 *   signature, exam, slots, answers within the draw, within the attempt's time) — a missing,
 *   unsigned or changed draw, an answer outside it or of the wrong shape → 400 with the reason,
 *   nothing scored or counted. Body: JSON {answers: [...], draw, submittedAt?}, or the form fields
 *   `answers` and `draw` holding JSON. Bad input → 400 (too large → 413) with a message; unknown
 *   exam → 404; content unavailable, or draws not configured (production without
 *   EXAM_DRAW_SECRET) → 503. Never a 500 for input.
 *   An accepted attempt within its time is recorded for the item statistics
 *   (netlify/services/exams/statistics.ts, #req-item-statistics), once per attempt id: per question
 *   only correct or not, points and the total percentage; at most 2 s, and a failure is logged,
 *   never shown.
 * - page: reads the stored result from local storage (`examResults`); none → /exams (replace).
 *   Otherwise it posts the answers and the signed draw to the action (a fetcher, JSON) and shows
 *   'Calculating your results...' (aria-busy), then the results, or an error with 'Try again'.
 *   The attempt stays in local storage until the server accepts its answers: accepted, it is
 *   removed; refused (a 400) before its time is over, it is opened again and the error offers
 *   "Return to the exam", so the candidate can still submit; after its time it is removed.
 * - 'Download Results' saves exam-results-{examId}-{YYYY-MM-DD}.json, built in the browser by
 *   web/app/lib/exam-results-file.ts. 'Download PDF' (#req-exam-results-pdf) posts the
 *   stored result to /exam/{examId}/results.pdf, which scores it again and prints it.
 * - An accepted attempt is offered to My training (web/app/lib/exam-attempt-account.ts): signed
 *   in, it is kept with the account and the page says "Saved in My training."; signed out (401)
 *   nothing is said and the attempt stays in this browser only.
 * - Prints cleanly (web/app/tailwind.css, `data-print-page="exam-results"`): no site navigation,
 *   footer or buttons; one column. Every state links to the courses of the exam's category
 *   (web/app/lib/exam-courses.ts).
 */
import type {ActionFunctionArgs, LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {redirect} from '@remix-run/node'
import {data, useFetcher, useLoaderData, useNavigate, type ClientActionFunctionArgs, type ShouldRevalidateFunction} from '@remix-run/react'
import {useCallback, useEffect, useRef, useState} from 'react'
import {PageHero} from '~/components/PageHero'
import {QuestionBreakdown, ResultsError, ResultsLoading, ResultsSummary} from '~/components/exam-results/ExamResultsView'
import {ExamCoursesLink} from '~/components/exam-results/ExamCoursesLink'
import type {coursesForExam} from '~/lib/exam-courses'
import {ResultsPdfButton} from '~/components/exam-results/ResultsPdfButton'
import type {AnswerRecord, ExamScore} from '#schemas/rules/exam-scoring'
import {formatVisitorLongDateTime} from '#schemas/rules/format'
import {loadResult, settleAttempt, type StoredExamResult} from '~/lib/exam-attempt'
import {keepWithAccount} from '~/lib/exam-attempt-account'
import {ATTEMPT_SAVED} from '#schemas/contracts/account-sections'
import {ACCOUNT_PATH} from '#schemas/rules/paths'
import {buildResultsFile, downloadResultsFile, fileName} from '~/lib/exam-results-file'
import {serverActionOr503} from '~/lib/client-action'
import {fetchContent} from '#netlify/platform/content/client'
import {pageMeta} from '~/lib/meta'
import {examStartPath, examTakePath} from '#schemas/rules/paths'
import {EXAM_KEY_QUERY, EXAM_QUERY} from '#netlify/platform/content/queries'
import type {EXAM_KEY_QUERYResult} from '#schemas/content/sanity.types'
import {SCORE_LIMITS, ScoreRequestSchema} from '#schemas/contracts/forms/exam'
import {noStoreRouteHeaders} from '#netlify/platform/cache'
import {readFormBody} from '~/lib/form-body.server'
import {readJsonValue} from '#netlify/platform/http'
import {refusalOf, toResponse} from '~/lib/service-response.server'
import {recordAttemptSafely} from '#netlify/services/exams/statistics'
import {DRAW_MESSAGES, reviewSignedSubmission} from '#netlify/services/exams/attempts/draws'
import type {SignedDraw} from '#schemas/contracts/exam-attempts'

export const SCORE_MESSAGES = {
  notFound: 'This exam does not exist.',
  tooLarge: 'The answers sent are too large to score.',
  notJson: 'The answers could not be read: the request is not valid JSON.',
  noAnswers: 'The answers could not be read: send them as JSON or in the form field "answers".',
  unavailable: 'The exam could not be loaded to score your answers. Please try again in a moment.',
  network: 'We could not reach the server to score your answers. Please check your connection and try again.',
} as const

/** An explanation as stored (Portable Text blocks). */
export type Explanation = NonNullable<KeyedVariant['explanation']>

/** A variant question of the answer key as stored. */
type KeyedVariant = NonNullable<NonNullable<EXAM_KEY_QUERYResult>['slots'][number]['variants']>[number]

/**
 * The review policy of a scored result (docs/requirements.md#req-exam-variants): the pass
 * mark (percent), whether correct answers and explanations are shown, and the explanations by
 * question id (empty when they are not shown).
 */
export type ResultReview = {passMark: number; showCorrectAnswers: boolean; explanations: Record<string, Explanation>}

/** The course category an exam suggests (EXAM_QUERY `courses`). */
type CoursesLinkSource = Parameters<typeof coursesForExam>[0]

/** What the action answers: the scored result, or an error; `refused` marks a 400 or 413 (these answers, or their draw, are not accepted). */
export type ScoreActionData =
  {status: 'scored'; examId: string; title: string; score: ExamScore; review: ResultReview} | {status: 'error'; message: string; refused?: true}

const EXAM_ID = /^[a-z0-9][a-z0-9-]{0,63}$/i

export async function loader({params}: LoaderFunctionArgs) {
  const examId = params.examId ?? ''
  const exam = EXAM_ID.test(examId) ? await fetchContent(EXAM_QUERY, {examId}) : null
  if (!exam) throw redirect('/exams')
  return {exam: {examId: exam.examId, title: exam.title, courses: exam.courses}}
}

// A candidate's own results: nothing for search engines.
export const meta: MetaFunction<typeof loader> = ({data: loaderData, matches}) =>
  pageMeta(matches, {
    title: loaderData ? `${loaderData.exam.title}: Results` : 'Exam results',
    description: 'Your practice exam result: grade, score, time spent and a question-by-question breakdown.',
    robots: 'noindex',
  })

type Parsed = {ok: true; answers: AnswerRecord[]; draw: SignedDraw | undefined} | {ok: false; status: number; message: string}

function invalid(status: number, message: string): Parsed {
  return {ok: false, status, message}
}

/**
 * Reads and validates the answers of a scoring request: JSON (the functions' JSON reader,
 * readJsonValue) or the form field "answers" (the pages' form reader), at most
 * SCORE_LIMITS.bodyBytes either way, read no further (413), never a 500 for a body that cannot
 * be read. The readers' errors become this page's own messages.
 */
async function readAnswers(request: Request): Promise<Parsed> {
  const type = request.headers.get('content-type') ?? ''
  let raw: unknown
  if (/^application\/json\b/i.test(type)) {
    try {
      raw = await readJsonValue(request, SCORE_LIMITS.bodyBytes)
    } catch (error) {
      return refusalOf(error)?.status === 413 ? invalid(413, SCORE_MESSAGES.tooLarge) : invalid(400, SCORE_MESSAGES.notJson)
    }
  } else if (/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
    const body = await readFormBody(request, SCORE_LIMITS.bodyBytes)
    if (!body.ok) return body.status === 413 ? invalid(413, SCORE_MESSAGES.tooLarge) : invalid(400, SCORE_MESSAGES.noAnswers)
    const field = body.form.get('answers')
    const draw = body.form.get('draw')
    if (typeof field !== 'string') return invalid(400, SCORE_MESSAGES.noAnswers)
    try {
      raw = {answers: JSON.parse(field), ...(typeof draw === 'string' ? {draw: JSON.parse(draw)} : {})}
    } catch {
      return invalid(400, SCORE_MESSAGES.notJson)
    }
  } else {
    return invalid(400, SCORE_MESSAGES.noAnswers)
  }
  // The bare array of answer records is accepted too.
  const result = ScoreRequestSchema.safeParse(Array.isArray(raw) ? {answers: raw} : raw)
  if (!result.success) {
    const issue = result.error.issues[0]
    // A draw that is not a signed one (absent fields, an old list of ids) is refused as unsigned.
    if (issue?.path[0] === 'draw') return invalid(400, DRAW_MESSAGES.missing)
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
    return invalid(400, `The answers could not be read (${where}${issue?.message ?? 'invalid'}).`)
  }
  return {ok: true, answers: result.data.answers, draw: result.data.draw}
}

/** A body the server will not score as sent (400, 413): the attempt is opened again (see the page). */
const refusedIf = (status: number): {refused?: true} => (status === 400 || status === 413 ? {refused: true} : {})

export async function action({request, params}: ActionFunctionArgs) {
  const examId = params.examId ?? ''
  if (!EXAM_ID.test(examId)) return data<ScoreActionData>({status: 'error', message: SCORE_MESSAGES.notFound}, {status: 404})
  const parsed = await readAnswers(request)
  if (!parsed.ok) return data<ScoreActionData>({status: 'error', message: parsed.message, ...refusedIf(parsed.status)}, {status: parsed.status})
  const exam = await fetchContent(EXAM_KEY_QUERY, {examId}).catch((error: unknown) => {
    console.error('[exam results] the answer key could not be loaded', error)
    return undefined
  })
  if (exam === undefined) return data<ScoreActionData>({status: 'error', message: SCORE_MESSAGES.unavailable}, {status: 503})
  if (!exam) return data<ScoreActionData>({status: 'error', message: SCORE_MESSAGES.notFound}, {status: 404})
  // Check the signed draw, score and apply the review policy: one service, shared with the results PDF.
  let reviewed: Awaited<ReturnType<typeof reviewSignedSubmission<KeyedVariant, Explanation>>>
  try {
    reviewed = await reviewSignedSubmission<KeyedVariant, Explanation>(exam, parsed.answers, parsed.draw)
  } catch (error) {
    return toResponse(error, ({status, message}) => data<ScoreActionData>({status: 'error', message}, {status}))
  }
  if (!reviewed.ok) return data<ScoreActionData>({status: 'error', message: reviewed.message, refused: true}, {status: 400})
  const {score, scored, passMark, showCorrectAnswers, explanations} = reviewed
  // Item statistics for staff (#req-item-statistics), per drawn variant, once per attempt and only
  // within its time: never fails or long delays the result.
  if (reviewed.fresh) await recordAttemptSafely(exam.examId, scored, {attemptKey: {attemptId: reviewed.attemptId, answers: parsed.answers}})
  const review: ResultReview = {passMark, showCorrectAnswers, explanations}
  return data<ScoreActionData>({status: 'scored', examId: exam.examId, title: exam.title, score, review})
}

/** A lost connection becomes a visible error with a retry, not the error page (a 503: serverActionOr503). */
export function clientAction({serverAction}: ClientActionFunctionArgs): Promise<ScoreActionData | Response> {
  return serverActionOr503<ScoreActionData>(serverAction, {status: 'error', message: SCORE_MESSAGES.network}, '[exam results] scoring failed')
}

/** Scoring changes no data: the page's loader need not run again after it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({formMethod, defaultShouldRevalidate}) =>
  formMethod && formMethod.toUpperCase() === 'POST' ? false : defaultShouldRevalidate

export default function ExamResultsPage() {
  const {exam} = useLoaderData<typeof loader>()
  // A new exam id starts afresh (its own stored result and its own scoring request).
  return <ExamResults key={exam.examId} examId={exam.examId} title={exam.title} courses={exam.courses} />
}

function ExamResults({examId, title, courses}: {examId: string; title: string; courses: CoursesLinkSource}) {
  const navigate = useNavigate()
  const fetcher = useFetcher<typeof clientAction>()
  // undefined until read in the browser (local storage does not exist on the server).
  const [stored, setStored] = useState<StoredExamResult | undefined>(undefined)
  const started = useRef(false)

  // fetcher.submit is stable for the fetcher's lifetime.
  const {submit: submitAnswers} = fetcher
  const submit = useCallback(
    (result: StoredExamResult) => {
      submitAnswers(
        {answers: result.answers, submittedAt: result.submittedAt, ...(result.draw ? {draw: result.draw} : {})} as unknown as Parameters<
          typeof submitAnswers
        >[0],
        {
          method: 'post',
          encType: 'application/json',
        },
      )
    },
    [submitAnswers],
  )

  useEffect(() => {
    if (started.current) return
    started.current = true
    const result = loadResult(window.localStorage, examId)
    if (!result) {
      navigate('/exams', {replace: true})
      return
    }
    setStored(result)
    submit(result)
  }, [examId, navigate, submit])

  const outcome = fetcher.state === 'idle' ? (fetcher.data as ScoreActionData | undefined) : undefined
  const score = outcome?.status === 'scored' && outcome.examId === examId ? outcome.score : null
  const review = outcome?.status === 'scored' ? outcome.review : null
  const failure = outcome?.status === 'error' ? outcome.message : null
  const loading = !score && !failure

  // The server's word settles the attempt kept since submission: accepted, it goes; refused, it
  // opens again while its time lasts (web/app/lib/exam-attempt.ts).
  const settlement = outcome?.status === 'scored' ? 'accepted' : outcome?.status === 'error' && outcome.refused ? 'refused' : null
  const [resumable, setResumable] = useState(false)
  useEffect(() => {
    if (!settlement || !stored) return
    setResumable(settleAttempt(window.localStorage, stored, settlement, Date.now()))
  }, [settlement, stored])

  // Signed in, an accepted attempt is also kept with the account (a 401 means signed out: silent).
  const [savedToAccount, setSavedToAccount] = useState(false)
  const offered = useRef(false)
  useEffect(() => {
    if (settlement !== 'accepted' || !stored || offered.current) return
    offered.current = true
    void keepWithAccount(examId, stored).then(setSavedToAccount)
  }, [settlement, stored, examId])

  const timeSpent = stored && Number.isFinite(stored.timeSpent) ? stored.timeSpent : 0
  const submittedAt = stored ? new Date(stored.submittedAt) : null
  const submittedText = submittedAt && !Number.isNaN(submittedAt.getTime()) ? `Submitted ${formatVisitorLongDateTime(submittedAt)}` : null

  const onDownload = () => {
    if (!score || !stored) return
    downloadResultsFile(buildResultsFile(title, score, stored), fileName(examId, new Date()))
  }

  const announcement = score
    ? `Your results are ready: grade ${score.grade}, ${score.percentage}%.`
    : failure
      ? ''
      : stored
        ? 'Calculating your results...'
        : ''

  return (
    <>
      <PageHero tone="light" eyebrow={title} title="Exam Completed!" lead={submittedText ?? 'Here is how you did.'} />
      <div role="status" className="sr-only">
        {announcement}
      </div>
      <section aria-label="Exam results" aria-busy={loading} data-print-page="exam-results" className="py-10 sm:py-14 print:py-0">
        <div className="container-page">
          {score && stored ? (
            <div className="grid gap-10 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:items-start lg:gap-10 print:block">
              {/* Kept in view beside the breakdown, where the screen is tall enough for all of it. */}
              <div className="lg:[@media(min-height:50rem)]:sticky lg:[@media(min-height:50rem)]:top-24 print:static print:mb-8">
                <ResultsSummary
                  score={score}
                  passMark={review?.passMark}
                  timeSpent={timeSpent}
                  retakeHref={examStartPath(examId)}
                  onDownload={onDownload}
                  pdfAction={<ResultsPdfButton examId={examId} stored={stored} />}
                />
              </div>
              <QuestionBreakdown
                questions={score.questions}
                showCorrectAnswers={review?.showCorrectAnswers ?? true}
                explanations={review?.explanations ?? {}}
              />
            </div>
          ) : failure ? (
            <ResultsError message={failure} onRetry={() => stored && submit(stored)} resumeHref={resumable ? examTakePath(examId) : undefined} />
          ) : (
            <ResultsLoading />
          )}
          <p role="status" className="mt-6 text-sm font-semibold text-emerald-800 empty:hidden print:hidden">
            {savedToAccount ? (
              <>
                {ATTEMPT_SAVED}{' '}
                <a className="text-ocean-800 underline" href={ACCOUNT_PATH}>
                  View in My training
                </a>
              </>
            ) : null}
          </p>
          <ExamCoursesLink courses={courses} />
        </div>
      </section>
    </>
  )
}

/** Personal or transactional: never stored by browsers or the CDN (lib/cache.server.ts). */
export const headers = noStoreRouteHeaders
