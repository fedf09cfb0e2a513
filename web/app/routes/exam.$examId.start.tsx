/**
 * /exam/{examId}/start — the exam instructions (docs/requirements.md#req-exam-start).
 *
 * Shows the exam's title, description, category, duration, total points and number of
 * questions, and how taking it works. The Start button is enabled only after the agreement
 * checkbox is ticked. Beyond the spec: an untimed practice mode (WCAG 2.2.1, timing
 * adjustable) and, when this browser holds an unfinished attempt, 'Resume attempt' (starting
 * again replaces it). Start asks the server for the attempt's signed draw
 * (POST /api/exams/{examId}/attempts, docs/requirements.md#req-exam-variants; the button is busy
 * meanwhile and a failure is shown under it), creates the attempt (its deadline is fixed now) in
 * local storage and opens /exam/{examId}/take. Without JavaScript nothing can be stored, so a
 * note says the exams need it. Unknown exams redirect to /exams.
 */
import type {LoaderFunctionArgs, MetaFunction} from '@remix-run/node'
import {data, redirect} from '@remix-run/node'
import {Link, useLoaderData, useNavigate} from '@remix-run/react'
import {useEffect, useId, useState, type FormEvent} from 'react'
import {ChevronDownIcon, FlagIcon, GridIcon, InfoIcon, SendIcon} from '~/components/exam/ExamIcons'
import {ArrowLeftIcon, ArrowRightIcon, CheckIcon, ClockIcon, ShieldIcon} from '~/components/Icons'
import {PageHero} from '~/components/PageHero'
import {isAnswered} from '#schemas/rules/exam-scoring'
import {formatVisitorDateTime} from '#schemas/rules/format'
import {contentRouteHeaders, docTag, pageCacheHeaders} from '#netlify/platform/cache'
import {fetchContent} from '#netlify/platform/content/client'
import {previewOptions} from '~/lib/preview.server'
import {
  isExpired,
  isOpen,
  loadAttempt,
  loadSeen,
  newAttempt,
  recordSeen,
  remainingSeconds,
  saveAttempt,
  type AttemptMode,
  type ExamAttempt,
} from '~/lib/exam-attempt'
import {requestDraw, START_MESSAGES} from '~/lib/exam-draw-client'
import {pageMeta} from '~/lib/meta'
import {examStartPath, examTakePath} from '#schemas/rules/paths'
import {EXAM_QUERY} from '#netlify/platform/content/queries'
import {breadcrumbList, HOME_STEP, structuredDataHandle} from '~/lib/structured-data'

export async function loader({params, request}: LoaderFunctionArgs) {
  const preview = await previewOptions(request)
  const exam = await fetchContent(EXAM_QUERY, {examId: params.examId ?? ''}, {preview})
  if (!exam) throw redirect('/exams')
  return data({exam}, {headers: pageCacheHeaders(['type:exam', docTag(exam._id)], {preview})})
}

export const headers = contentRouteHeaders

export const meta: MetaFunction<typeof loader> = ({data, matches}) =>
  pageMeta(matches, data ? {title: `${data.exam.title}: Instructions`, description: data.exam.description, path: examStartPath(data.exam.examId)} : null)

/** JSON-LD: Home › Practice Exams › this exam. */
export const handle = structuredDataHandle<typeof loader>(({exam}, site) => [
  breadcrumbList(site, [HOME_STEP, {name: 'Practice Exams', path: '/exams'}, {name: exam.title, path: examStartPath(exam.examId)}]),
])

export default function ExamInstructions() {
  const {exam} = useLoaderData<typeof loader>()
  const navigate = useNavigate()
  const [mode, setMode] = useState<AttemptMode>('timed')
  const [agreed, setAgreed] = useState(false)
  const [unfinished, setUnfinished] = useState<ExamAttempt | null>(null)
  const [storageError, setStorageError] = useState(false)
  const [starting, setStarting] = useState(false)
  const [startError, setStartError] = useState<string | null>(null)
  const ids = useId()

  // The attempt lives in this browser only, so it is read after hydration.
  useEffect(() => {
    try {
      const found = loadAttempt(window.localStorage, exam.examId)
      setUnfinished(found && isOpen(found) ? found : null)
    } catch {
      setUnfinished(null)
    }
  }, [exam.examId])

  async function start(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!agreed || starting) return
    setStarting(true)
    setStartError(null)
    setStorageError(false)
    let seen: Set<string>
    try {
      seen = loadSeen(window.localStorage, exam.examId)
    } catch {
      seen = new Set()
    }
    try {
      const draw = await requestDraw(exam.examId, mode, seen)
      try {
        saveAttempt(window.localStorage, newAttempt(draw, exam.durationMinutes, Date.now()))
      } catch {
        setStorageError(true)
        return
      }
      recordSeen(window.localStorage, exam.examId, draw.variants)
      navigate(examTakePath(exam.examId))
    } catch (error) {
      setStartError(error instanceof Error ? error.message : START_MESSAGES.failed)
    } finally {
      setStarting(false)
    }
  }

  const minutes = exam.durationMinutes
  return (
    <>
      <PageHero tone="light" eyebrow="Practice exam · Instructions" title={exam.title} lead={exam.description}>
        <Link to="/exams" viewTransition className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-ocean-600 hover:underline">
          <ArrowLeftIcon width={16} height={16} /> Back to Exams
        </Link>
        <dl className="mt-8 grid max-w-3xl grid-cols-2 gap-3 sm:grid-cols-4">
          <Fact label="Category" value={exam.category} />
          <Fact label="Duration" value={`${minutes} minutes`} />
          <Fact label="Total points" value={String(exam.totalPoints)} />
          <Fact label="Questions" value={String(exam.questionCount)} />
        </dl>
      </PageHero>

      <section aria-labelledby="instructions-heading" className="py-12 sm:py-16">
        {/* An unfinished attempt comes first on small screens; on large ones it heads the side column. */}
        <div className="container-page grid gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start lg:gap-8">
          {unfinished ? (
            <div className="lg:col-start-2 lg:row-start-1">
              <ResumePanel attempt={unfinished} examId={exam.examId} />
            </div>
          ) : null}
          <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-start-1 lg:row-span-3 lg:row-start-1">
            <h2 id="instructions-heading" className="text-2xl font-bold text-navy-900">
              Before you begin
            </h2>
            <ul className="mt-6 space-y-5">
              <Instruction icon={<GridIcon />} title="One question at a time">
                The exam has {exam.questionCount} questions worth {exam.totalPoints} points in total. Move between them with Previous and Next, or jump to any
                question from the question navigator. Choice questions have one or several correct options; written questions take a short or a detailed answer.
              </Instruction>
              <Instruction icon={<CheckIcon />} title="Answers are saved automatically">
                Every answer is saved on this device as you go. If the page reloads or the browser closes, open the exam again in the same browser to resume
                where you left off, with your answers and the same time remaining.
              </Instruction>
              <Instruction icon={<ClockIcon />} title={`A ${minutes}-minute timer`}>
                In a timed attempt the clock starts when you press Start and keeps running even if you leave the page. It turns red when 5 minutes remain,
                screen readers announce 10, 5 and 1 minute remaining, and the exam is submitted automatically when time runs out. Prefer no time pressure?
                Choose practice without a time limit.
              </Instruction>
              <Instruction icon={<FlagIcon />} title="Flag questions to review">
                Flag any question you want to come back to. Before you submit you will see which questions are still unanswered or flagged.
              </Instruction>
              <Instruction icon={<SendIcon />} title="Submit when you are ready">
                Once submitted you cannot change your answers. Your score, grade and a question-by-question breakdown follow straight away, and you can download
                your results.
              </Instruction>
              <Instruction icon={<InfoIcon />} title="Keyboard friendly">
                Everything works with the keyboard: Tab moves between controls, the arrow keys move between questions in the navigator and between options, and
                Space or Enter selects.
              </Instruction>
            </ul>
          </div>

          <div className={`space-y-6 lg:col-start-2 ${unfinished ? 'lg:row-start-2' : 'lg:row-start-1'}`}>
            <form
              onSubmit={(event) => void start(event)}
              aria-labelledby={`${ids}-start`}
              className="rounded-2xl border border-slate-200 bg-ocean-50 p-6 shadow-sm"
            >
              <h2 id={`${ids}-start`} className="text-xl font-bold text-navy-900">
                {unfinished ? 'Or start again' : 'Start the exam'}
              </h2>
              <fieldset className="mt-5">
                <legend className="text-sm font-semibold text-navy-900">Timing</legend>
                <div className="mt-3 space-y-3">
                  <ModeOption
                    id={`${ids}-timed`}
                    checked={mode === 'timed'}
                    onSelect={() => setMode('timed')}
                    label={`Timed (${minutes} minutes)`}
                    hint="Like the real assessment: submitted automatically when time runs out."
                  />
                  <ModeOption
                    id={`${ids}-practice`}
                    checked={mode === 'practice'}
                    onSelect={() => setMode('practice')}
                    label="Practice without a time limit"
                    hint="No countdown. Take as long as you need; you are scored the same way."
                  />
                </div>
              </fieldset>

              <div className="mt-5 flex items-start gap-3 rounded-xl border border-slate-300 bg-white p-4">
                <input
                  id={`${ids}-agree`}
                  type="checkbox"
                  checked={agreed}
                  onChange={(event) => setAgreed(event.target.checked)}
                  className="mt-0.5 h-5 w-5 shrink-0 accent-navy-800"
                />
                <label htmlFor={`${ids}-agree`} className="text-sm text-slate-700">
                  I have read the instructions and agree to complete this exam on my own, without outside help.
                </label>
              </div>

              {unfinished ? <p className="mt-4 text-sm text-slate-700">Starting again discards the answers of your unfinished attempt.</p> : null}
              {storageError ? (
                <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
                  This browser does not allow saving your answers (local storage is blocked or full). Allow site data for this site and try again.
                </p>
              ) : null}

              {startError ? (
                <p role="alert" className="mt-4 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="start-error">
                  {startError}
                </p>
              ) : null}

              <button
                type="submit"
                disabled={!agreed}
                aria-disabled={starting || undefined}
                aria-describedby={starting ? `${ids}-starting` : undefined}
                className="btn-primary mt-5 w-full disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700 aria-disabled:cursor-wait aria-disabled:opacity-80"
              >
                Start Exam <ArrowRightIcon width={16} height={16} />
              </button>
              <div role="status">
                {starting ? (
                  <p id={`${ids}-starting`} className="mt-2 text-center text-xs text-slate-600">
                    {START_MESSAGES.busy}
                  </p>
                ) : null}
              </div>
              {!agreed ? <p className="mt-2 text-center text-xs text-slate-600">Tick the agreement to enable Start.</p> : null}
              <noscript>
                <p className="mt-4 rounded-lg border border-slate-300 bg-white p-3 text-sm text-slate-700">
                  Practice exams need JavaScript: your answers and the clock are kept in this browser. Turn JavaScript on to start.
                </p>
              </noscript>
            </form>

            <div className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
              <ShieldIcon className="shrink-0 text-ocean-600" />
              <p>Practice exams are free and private: your answers stay in this browser.</p>
            </div>
          </div>
        </div>
      </section>
    </>
  )
}

function Fact({label, value}: {label: string; value: string}) {
  return (
    <div className="flex flex-col-reverse rounded-xl border border-ocean-100 bg-white px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="text-lg font-bold text-navy-900">{value}</dd>
    </div>
  )
}

function Instruction({icon, title, children}: {icon: React.ReactNode; title: string; children: React.ReactNode}) {
  return (
    <li className="flex gap-4">
      <span className="grid h-10 w-10 shrink-0 place-items-center rounded-full bg-ocean-100 text-navy-800">{icon}</span>
      <div>
        <h3 className="font-semibold text-navy-900">{title}</h3>
        <p className="mt-1 leading-relaxed text-slate-700">{children}</p>
      </div>
    </li>
  )
}

function ModeOption({id, checked, onSelect, label, hint}: {id: string; checked: boolean; onSelect: () => void; label: string; hint: string}) {
  return (
    <div className={`flex items-start gap-3 rounded-xl border bg-white p-4 ${checked ? 'border-navy-800 ring-1 ring-navy-800' : 'border-slate-300'}`}>
      <input
        id={id}
        type="radio"
        name="mode"
        checked={checked}
        onChange={onSelect}
        aria-describedby={`${id}-hint`}
        className="mt-0.5 h-5 w-5 shrink-0 accent-navy-800"
      />
      <div>
        <label htmlFor={id} className="text-sm font-semibold text-navy-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  )
}

/** The unfinished attempt of this browser, with a link back into it. */
function ResumePanel({attempt, examId}: {attempt: ExamAttempt; examId: string}) {
  const [now] = useState(() => Date.now())
  const answered = Object.values(attempt.answers).filter((answer) => isAnswered(answer)).length
  const left = remainingSeconds(attempt, now)
  const expired = isExpired(attempt, now)
  let status: string
  if (attempt.mode === 'practice') status = 'Practice attempt without a time limit.'
  else if (expired) status = 'Its time has run out: opening it submits the answers you gave.'
  else status = `About ${Math.max(1, Math.ceil((left ?? 0) / 60))} minutes left on the clock, which kept running.`
  return (
    <section aria-labelledby="resume-heading" className="rounded-2xl border-2 border-brass-400 bg-white p-6 shadow-sm">
      <h2 id="resume-heading" className="text-xl font-bold text-navy-900">
        You have an unfinished attempt
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {answered} {answered === 1 ? 'question' : 'questions'} answered, started {formatVisitorDateTime(attempt.startedAt)}. {status}
      </p>
      <Link to={examTakePath(examId)} className="btn-secondary mt-4 w-full">
        Resume attempt <ChevronDownIcon width={16} height={16} className="-rotate-90" />
      </Link>
    </section>
  )
}
