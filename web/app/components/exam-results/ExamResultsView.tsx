/**
 * The exam results screen's pieces (docs/requirements.md#req-exam-results): the summary card (grade,
 * percent, correct count over total, points, time spent 'Xm Ys', the overall performance bar
 * and the three actions), the per-question breakdown, and the loading and error states.
 *
 * Colour is never the only signal: the bar carries its value as text and as an accessible
 * meter, the badges say 'Correct' or 'Incorrect', and the colour band is exposed as
 * `data-colour` (the bands and their limits are PERFORMANCE_BANDS of schemas/rules/exam-scoring.ts).
 */
import {PortableText} from '@portabletext/react'
import {Link} from '@remix-run/react'
import {isPassed, PASS_LABELS} from '#schemas/rules/exam-pass'
import {ArrowLeftIcon, CheckIcon, CloseIcon, Icon, type IconProps} from '~/components/Icons'
import {formatTimeSpent, PERFORMANCE_BANDS, performanceColour, type ExamScore, type PerformanceColour, type QuestionResult} from '#schemas/rules/exam-scoring'
import {pointsText} from '~/lib/exam-results-file'
import {Panel} from '~/components/ui/Panel'

/** Tailwind classes of each performance band (text colours keep 4.5:1 on white). */
const BAND: Record<PerformanceColour, {bar: string; ring: string; text: string; soft: string; message: string}> = {
  green: {
    bar: 'bg-emerald-600',
    ring: 'border-emerald-500',
    text: 'text-emerald-700',
    soft: 'bg-emerald-50',
    message: 'Excellent work. You have a solid grasp of this subject.',
  },
  yellow: {
    bar: 'bg-yellow-400',
    ring: 'border-yellow-400',
    text: 'text-yellow-800',
    soft: 'bg-yellow-50',
    message: 'A fair result. Review the questions you missed below, then try again.',
  },
  red: {
    bar: 'bg-red-600',
    ring: 'border-red-500',
    text: 'text-red-700',
    soft: 'bg-red-50',
    message: 'Keep studying. Go through the breakdown below and retake the exam when you are ready.',
  },
}

/** The lower limits of the bands above 0 %, ascending: the marks on the bar's scale (50 %, 70 %). */
const BAND_LIMITS = PERFORMANCE_BANDS.map((band) => band.min)
  .filter((min) => min > 0)
  .sort((a, b) => a - b)

export const NO_ANSWER = 'No answer provided'

/** An answer as shown: lists joined with ", ". */
export function answerText(answer: string | string[] | null): string | null {
  if (answer === null) return null
  return Array.isArray(answer) ? answer.join(', ') : answer
}

export const DownloadIcon = (props: IconProps) => (
  <Icon width={18} height={18} {...props}>
    <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />
  </Icon>
)

const RetakeIcon = (props: IconProps) => (
  <Icon width={18} height={18} {...props}>
    <path d="M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4" />
  </Icon>
)

/** The overall performance bar: width = percent, colour by band, an accessible meter. */
export function PerformanceBar({percentage}: {percentage: number}) {
  const colour = performanceColour(percentage)
  const width = Math.min(100, Math.max(0, percentage))
  return (
    <div>
      <div className="flex items-baseline justify-between gap-4 text-sm">
        <span id="performance-label" className="font-semibold text-navy-900">
          Overall performance
        </span>
        <span className="font-semibold text-slate-700" aria-hidden="true">
          {percentage}%
        </span>
      </div>
      <div
        role="meter"
        aria-labelledby="performance-label"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={width}
        aria-valuetext={`${percentage}%`}
        data-testid="performance-bar"
        data-colour={colour}
        className="mt-2 h-3 w-full overflow-hidden rounded-full bg-slate-200 ring-1 ring-slate-300 ring-inset"
      >
        <div
          data-testid="performance-fill"
          className={`h-full rounded-full transition-[width] duration-700 ${BAND[colour].bar}`}
          style={{width: `${width}%`}}
        />
      </div>
      {/* The band limits above 0 % (PERFORMANCE_BANDS) at their places on the scale. */}
      <div className="relative mt-1.5 h-4 text-xs text-slate-600" aria-hidden="true">
        <span className="absolute left-0">0%</span>
        {BAND_LIMITS.map((limit) => (
          <span key={limit} className="absolute -translate-x-1/2" style={{left: `${limit}%`}}>
            {limit}%
          </span>
        ))}
        <span className="absolute right-0">100%</span>
      </div>
    </div>
  )
}

/** An explanation's Portable Text blocks; rendered with the library's defaults. */
export type ExplanationBlocks = Parameters<typeof PortableText>[0]['value']

/** `pdfAction`: the "Download PDF" control, placed after "Download Results". The actions are left out of print (`data-print-hide`). */
export function ResultsSummary({
  score,
  passMark,
  timeSpent,
  retakeHref,
  onDownload,
  pdfAction,
}: {
  score: ExamScore
  /** Percent; the default pass mark when absent. */
  passMark?: number | null
  timeSpent: number
  retakeHref: string
  onDownload: () => void
  pdfAction?: React.ReactNode
}) {
  const passed = isPassed(score.percentage, passMark)
  const colour = performanceColour(score.percentage)
  const band = BAND[colour]
  return (
    <section
      aria-labelledby="summary-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8 lg:p-6"
      data-testid="results-summary"
    >
      <h2 id="summary-heading" className="text-2xl font-bold text-navy-900">
        Your result
      </h2>
      <div className="mt-6 grid items-center gap-8 md:grid-cols-[auto_1fr] lg:grid-cols-1 lg:gap-6">
        <div className="flex items-center gap-5 md:flex-col md:gap-3 md:text-center lg:flex-row lg:gap-5 lg:text-left">
          <div className={`grid size-28 shrink-0 place-items-center rounded-full border-8 sm:size-32 ${band.ring} ${band.soft}`}>
            <p className="flex flex-col items-center leading-none">
              <span className="text-xs font-semibold tracking-widest text-slate-600 uppercase">Grade</span>
              <span className={`mt-1 text-6xl font-extrabold sm:text-7xl ${band.text}`} data-testid="result-grade">
                {score.grade}
              </span>
            </p>
          </div>
          <div className="md:max-w-56 lg:max-w-none">
            <p
              data-testid="result-pass"
              data-passed={passed ? 'true' : 'false'}
              className={`inline-flex items-center gap-1 rounded-full px-3 py-1 text-sm font-bold ${passed ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'}`}
            >
              {passed ? <CheckIcon width={14} height={14} /> : <CloseIcon width={14} height={14} />}
              {passed ? PASS_LABELS.passed : PASS_LABELS.notPassed}
            </p>
            <p className="mt-2 text-sm text-slate-600">{band.message}</p>
          </div>
        </div>

        <div className="min-w-0">
          <dl className="grid grid-cols-2 gap-3">
            <Stat label="Score">
              <span data-testid="result-percentage">{score.percentage}%</span>
            </Stat>
            <Stat label="Correct answers">
              <span data-testid="result-correct">
                {score.correctCount}/{score.questionCount}
                <span className="text-base font-semibold text-slate-700"> correct</span>
              </span>
            </Stat>
            <Stat label="Points">
              <span data-testid="result-points">{pointsText(score.earned, score.totalPoints)}</span>
            </Stat>
            <Stat label="Time spent">
              <span data-testid="result-time">{formatTimeSpent(timeSpent)}</span>
            </Stat>
          </dl>
          <div className="mt-6">
            <PerformanceBar percentage={score.percentage} />
          </div>
        </div>
      </div>

      <div data-print-hide className="mt-8 flex flex-col gap-3 border-t border-slate-200 pt-6 sm:flex-row sm:flex-wrap lg:flex-col">
        <button type="button" className="btn-primary w-full sm:w-auto lg:w-full" onClick={onDownload}>
          <DownloadIcon /> Download Results
        </button>
        {pdfAction}
        <Link to={retakeHref} viewTransition className="btn-secondary w-full sm:w-auto lg:w-full">
          <RetakeIcon /> Retake Exam
        </Link>
        <Link to="/exams" viewTransition className="btn-outline w-full sm:w-auto lg:w-full">
          <ArrowLeftIcon width={18} height={18} /> Back to Exams
        </Link>
      </div>
    </section>
  )
}

function Stat({label, children}: {label: string; children: React.ReactNode}) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-ocean-50 px-4 py-3">
      <dt className="text-xs font-medium text-slate-600 sm:text-sm">{label}</dt>
      <dd className="text-lg font-bold text-navy-900 sm:text-xl">{children}</dd>
    </div>
  )
}

/**
 * The per-question breakdown. `showCorrectAnswers` off (the exam's review policy) hides
 * the correct answers and explanations but keeps correct/incorrect; `explanations` by question id.
 */
export function QuestionBreakdown({
  questions,
  showCorrectAnswers = true,
  explanations = {},
}: {
  questions: QuestionResult[]
  showCorrectAnswers?: boolean
  explanations?: Record<string, ExplanationBlocks>
}) {
  return (
    <Panel id="breakdown-heading" title="Question breakdown" className="min-w-0">
      <p className="mt-1 text-slate-600">
        {showCorrectAnswers ? 'Each question with your answer and the correct answer.' : 'Each question with your answer and whether it was correct.'}
      </p>
      <ol className="mt-6 space-y-4">
        {questions.map((question, index) => (
          <li key={question.id}>
            <QuestionCard
              question={question}
              number={index + 1}
              showCorrectAnswer={showCorrectAnswers}
              explanation={showCorrectAnswers ? explanations[question.id] : undefined}
            />
          </li>
        ))}
      </ol>
    </Panel>
  )
}

function QuestionCard({
  question,
  number,
  showCorrectAnswer,
  explanation,
}: {
  question: QuestionResult
  number: number
  showCorrectAnswer: boolean
  explanation: ExplanationBlocks | undefined
}) {
  const headingId = `question-${number}-heading`
  const given = answerText(question.userAnswer)
  const correct = answerText(question.correctAnswer)
  return (
    <article
      aria-labelledby={headingId}
      data-testid="question-result"
      data-correct={question.isCorrect ? 'true' : 'false'}
      className={`rounded-xl border border-l-4 border-slate-200 bg-white p-5 shadow-sm sm:p-6 ${question.isCorrect ? 'border-l-emerald-500' : 'border-l-red-500'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="text-sm font-semibold tracking-wide text-ocean-600 uppercase">Question {number}</p>
        <div className="flex items-center gap-3">
          {question.isCorrect ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-1 text-xs font-semibold text-emerald-800">
              <CheckIcon width={14} height={14} /> Correct
            </span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-1 text-xs font-semibold text-red-800">
              <CloseIcon width={14} height={14} /> Incorrect
            </span>
          )}
          <span className="text-sm font-semibold text-slate-700" data-testid="question-points">
            {pointsText(question.pointsEarned, question.points)} points
          </span>
        </div>
      </div>
      <h3 id={headingId} className="mt-3 text-base font-semibold text-navy-900 sm:text-lg">
        {question.question}
      </h3>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <div className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Your answer</dt>
          <dd className="mt-1 break-words whitespace-pre-line text-slate-900" data-testid="user-answer">
            {given === null ? <span className="text-slate-600 italic">{NO_ANSWER}</span> : given}
          </dd>
        </div>
        {showCorrectAnswer ? (
          <div className="rounded-lg bg-emerald-50 p-3">
            <dt className="text-xs font-semibold tracking-wide text-emerald-800 uppercase">Correct answer</dt>
            <dd className="mt-1 break-words whitespace-pre-line text-slate-900" data-testid="correct-answer">
              {correct ?? <span className="text-slate-600 italic">Not available</span>}
            </dd>
          </div>
        ) : null}
      </dl>
      {explanation && Array.isArray(explanation) && explanation.length ? (
        <div className="mt-4 rounded-lg border border-ocean-100 bg-ocean-50 p-3 text-sm text-slate-800" data-testid="question-explanation">
          <p className="text-xs font-semibold tracking-wide text-navy-800 uppercase">Explanation</p>
          <div className="prose-content mt-1 [&>:first-child]:mt-0">
            <PortableText value={explanation} onMissingComponent={false} />
          </div>
        </div>
      ) : null}
    </article>
  )
}

/** Shown while the server scores the answers. */
export function ResultsLoading() {
  return (
    <div
      className="flex max-w-3xl flex-col items-center gap-4 rounded-2xl border border-slate-200 bg-white px-6 py-16 text-center shadow-sm"
      data-testid="results-loading"
    >
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-ocean-100 border-t-ocean-600" />
      <p className="text-lg font-semibold text-navy-900">Calculating your results...</p>
      <noscript>
        <p className="max-w-md text-slate-600">Your answers are kept in this browser: please enable JavaScript to see your results.</p>
      </noscript>
    </div>
  )
}

/** A failed scoring request, with a retry. */
/**
 * The error state: the reason, 'Try again' and 'Back to Exams'; with `resumeHref` (the server
 * refused the answers and the attempt is open again) first a way back into the attempt.
 */
export function ResultsError({message, onRetry, resumeHref}: {message: string; onRetry: () => void; resumeHref?: string}) {
  return (
    <div role="alert" className="max-w-3xl rounded-2xl border border-red-300 bg-red-50 p-6 text-red-900 sm:p-8" data-testid="results-error">
      <p className="text-lg font-semibold">We could not calculate your results</p>
      <p className="mt-1">{message}</p>
      {resumeHref ? <p className="mt-1">Your attempt is still open: you can return to it and submit your answers again before its time runs out.</p> : null}
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        {resumeHref ? (
          <Link to={resumeHref} className="btn-primary w-full sm:w-auto">
            Return to the exam
          </Link>
        ) : null}
        <button type="button" className="btn-secondary w-full sm:w-auto" onClick={onRetry}>
          Try again
        </button>
        <Link to="/exams" className="btn-outline w-full bg-white sm:w-auto">
          Back to Exams
        </Link>
      </div>
    </div>
  )
}
