/**
 * /exam/{examId}/take — taking an exam (docs/requirements.md#req-exam-take, #req-states-exam).
 *
 * The loader reads EXAM_TAKE_QUERY: the slots' variant questions without their correct answers,
 * accepted answers or explanations, so neither this page's HTML nor its data ever contains the
 * answer key. The attempt's draw (one variant per slot, option order) is the server's, signed
 * (POST /api/exams/{examId}/attempts, docs/requirements.md#req-exam-variants). Unknown exams
 * redirect to /exams. The attempt lives in the browser (useExamAttempt): it resumes from local
 * storage with its signed draw, answers, flags, current question and fixed deadline; a direct
 * visit asks the server for a timed attempt's draw ('Loading your exam…', or an error with
 * "Try again" when it cannot be fetched); an expired one is submitted at once.
 *
 * Layout: a header sticking below the site navigation (title, countdown, 'Question N of M'),
 * the progress sidebar with the question navigator (stacked above the question on small
 * screens), the question card, and the submit confirmation dialog. Focus moves to the
 * question's heading whenever the question changes. Time warnings (10, 5, 1 minutes) are
 * announced through an assertive live region.
 */
import type {LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {redirect} from '@remix-run/node'
import {Link, useLoaderData, useLocation} from '@remix-run/react'
import {useCallback, useEffect, useMemo, useRef, useState} from 'react'
import {ExamHeader} from '~/components/exam/ExamHeader'
import {ProgressPanel, type NavigatorItem} from '~/components/exam/ProgressPanel'
import {QuestionCard} from '~/components/exam/QuestionCard'
import {SubmitDialog} from '~/components/exam/SubmitDialog'
import {useExamAttempt} from '~/components/exam/useExamAttempt'
import {isAnswered} from '#schemas/rules/exam-scoring'
import {fetchContent} from '#netlify/platform/content/client'
import {pageMeta} from '~/lib/meta'
import {examStartPath} from '#schemas/rules/paths'
import {EXAM_TAKE_QUERY} from '#netlify/platform/content/queries'
import {noStoreRouteHeaders} from '#netlify/platform/cache'

export async function loader({params}: LoaderFunctionArgs) {
  const exam = await fetchContent(EXAM_TAKE_QUERY, {examId: params.examId ?? ''})
  if (!exam) throw redirect('/exams')
  return {exam}
}

/**
 * The take page is the same for everyone until an attempt starts in the browser; search engines
 * are pointed at the exam's start page (its canonical address), where a candidate begins.
 */
export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  pageMeta(
    matches,
    data
      ? {title: `${data.exam.title}: Exam in progress`, description: `Practice exam in progress: ${data.exam.title}.`, path: examStartPath(data.exam.examId)}
      : null,
  )

export default function TakeExam() {
  const {exam} = useLoaderData<typeof loader>()
  const location = useLocation()
  const {attempt, questions, secondsLeft, warning, saveFailed, loadError, retryLoad, setAnswer, toggleFlag, goTo, finish} = useExamAttempt(exam)
  const [confirming, setConfirming] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const total = (exam.slots ?? []).length

  const items = useMemo<NavigatorItem[]>(
    () =>
      questions.map((question) => ({
        id: question.id,
        answered: isAnswered(attempt?.answers[question.id]),
        flagged: attempt?.flagged.includes(question.id) ?? false,
      })),
    [questions, attempt],
  )
  const answered = items.filter((item) => item.answered).length
  const current = attempt?.current ?? null
  const question = current === null ? undefined : questions[current]

  // Focus follows the question: to its heading on every change, and on arrival from
  // another page of the site (not on a fresh load, where the skip link comes first).
  const shownRef = useRef<number | null>(null)
  const arrivedInApp = useRef(location.key !== 'default')
  useEffect(() => {
    if (current === null) return
    const previous = shownRef.current
    shownRef.current = current
    if (previous === current || (previous === null && !arrivedInApp.current)) return
    const heading = headingRef.current
    if (!heading) return
    heading.focus({preventScroll: true})
    heading.scrollIntoView({block: 'nearest'})
  }, [current])

  const openQuestion = useCallback(
    (index: number) => {
      setConfirming(false)
      goTo(index)
    },
    [goTo],
  )

  return (
    <div className="min-h-screen bg-slate-50 pt-16">
      <ExamHeader
        title={exam.title}
        position={current === null ? null : current + 1}
        total={total}
        secondsLeft={secondsLeft}
        untimed={attempt?.mode === 'practice'}
      />
      {/* Announces only when 10, 5 or 1 minutes remain (never every second). */}
      <div aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="time-warning">
        {warning}
      </div>

      <div className="container-page grid gap-6 py-6 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-8 lg:py-10">
        {attempt && question && current !== null ? (
          <>
            <ProgressPanel items={items} current={current} onOpen={openQuestion} onSubmit={() => setConfirming(true)} />
            <div className="min-w-0 space-y-4">
              {saveFailed ? (
                <p role="alert" className="rounded-xl border border-red-300 bg-red-50 p-4 text-sm text-red-800">
                  Your answers could not be saved on this device (local storage is blocked or full). Keep this page open and submit before you leave.
                </p>
              ) : null}
              <QuestionCard
                key={question.id}
                question={question}
                index={current}
                total={total}
                answer={attempt.answers[question.id]}
                flagged={attempt.flagged.includes(question.id)}
                headingRef={headingRef}
                onAnswer={(value) => setAnswer(question.id, value)}
                onToggleFlag={() => toggleFlag(question.id)}
                onGo={goTo}
              />
              <p className="flex items-center gap-2 px-1 text-xs text-slate-600">
                <span aria-hidden="true" className="h-2 w-2 rounded-full bg-green-600" />
                {attempt.mode === 'practice'
                  ? 'Practice mode: no time limit. Answers are saved on this device as you go.'
                  : 'Answers are saved on this device as you go. The clock keeps running if you leave this page.'}
              </p>
            </div>
            <SubmitDialog
              open={confirming}
              answered={answered}
              total={total}
              unanswered={items.flatMap((item, index) => (item.answered ? [] : [index]))}
              flagged={items.flatMap((item, index) => (item.flagged ? [index] : []))}
              onClose={() => setConfirming(false)}
              onSubmit={() => finish('submitted')}
              onOpenQuestion={openQuestion}
            />
          </>
        ) : loadError ? (
          <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900 sm:p-8 lg:col-span-2" data-testid="exam-load-error">
            <p className="text-lg font-semibold">Your exam could not be started</p>
            <p className="mt-1">{loadError}</p>
            <div className="mt-5 flex flex-col gap-3 sm:flex-row">
              <button type="button" className="btn-secondary w-full sm:w-auto" onClick={retryLoad}>
                Try again
              </button>
              <Link to={examStartPath(exam.examId)} className="btn-outline w-full bg-white sm:w-auto">
                Back to the instructions
              </Link>
            </div>
          </div>
        ) : (
          <p role="status" className="rounded-2xl border border-slate-200 bg-white p-8 text-center text-slate-600 lg:col-span-2">
            Loading your exam…
          </p>
        )}
      </div>
    </div>
  )
}

/** Personal or transactional: never stored by browsers or the CDN (lib/cache.server.ts). */
export const headers = noStoreRouteHeaders
