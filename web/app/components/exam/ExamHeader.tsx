/**
 * The take page's fixed header (docs/requirements.md#req-exam-take): exam title, the countdown
 * (red under WARNING_SECONDS) and 'Question N of M'. Practice attempts show 'Untimed'.
 * It sticks below the site's fixed navigation (h-16). The clock is a role="timer" (not
 * announced every second); time warnings go to the page's own live region.
 */
import {ClockIcon} from '~/components/Icons'
import {formatClock, WARNING_SECONDS} from '~/lib/exam-attempt'

export function ExamHeader({
  title,
  position,
  total,
  secondsLeft,
  untimed,
}: {
  title: string
  /** 1-based; null while the attempt loads. */
  position: number | null
  total: number
  /** null while loading or when untimed. */
  secondsLeft: number | null
  untimed: boolean
}) {
  const warn = secondsLeft !== null && secondsLeft < WARNING_SECONDS
  return (
    <header className="sticky top-16 z-40 border-b border-navy-800 bg-navy-900 text-white shadow-md">
      <div className="container-page flex min-h-16 items-center justify-between gap-3 py-2">
        <div className="min-w-0">
          <h1 className="truncate text-base font-bold sm:text-xl">{title}</h1>
          <p className="text-xs text-slate-300 sm:text-sm" data-testid="question-position">
            {position === null ? `${total} questions` : `Question ${position} of ${total}`}
          </p>
        </div>
        {untimed ? (
          <p className="flex shrink-0 items-center gap-2 rounded-lg bg-white/10 px-3 py-2 text-sm font-semibold" data-testid="exam-clock">
            <ClockIcon width={18} height={18} /> Untimed
          </p>
        ) : (
          <p
            className={`flex shrink-0 items-center gap-2 rounded-lg px-3 py-1.5 transition-colors ${warn ? 'bg-red-700 text-white ring-2 ring-red-300' : 'bg-white/10'}`}
            data-warning={warn ? 'true' : 'false'}
          >
            <ClockIcon width={18} height={18} />
            <span className="hidden text-xs text-slate-200 sm:inline">{warn ? 'Time almost up' : 'Time left'}</span>
            <span className="sr-only sm:hidden">Time left</span>
            <span role="timer" data-testid="exam-clock" className="font-mono text-lg font-bold tabular-nums">
              {secondsLeft === null ? '--:--' : formatClock(secondsLeft)}
            </span>
          </p>
        )}
      </div>
    </header>
  )
}
