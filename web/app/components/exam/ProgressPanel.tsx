/**
 * The take page's sidebar (docs/requirements.md#req-exam-take): 'X of M
 * answered', a progress bar (width = answered / total), one button per question (current
 * highlighted with aria-current="step", answered green, flagged with a flag icon) and
 * 'Submit Exam'.
 *
 * The question buttons form a toolbar with a roving tabindex: Tab enters it once, the arrow
 * keys (and Home/End) move between questions, Enter or Space opens one. On small screens
 * the buttons fold away behind a 'Questions' disclosure; progress and Submit stay visible.
 */
import {useEffect, useId, useRef, useState, type KeyboardEvent} from 'react'
import {ChevronDownIcon, FlagIcon, GridIcon, SendIcon} from './ExamIcons'

export type NavigatorItem = {id: string; answered: boolean; flagged: boolean}

/**
 * "Q3, answered, flagged": the name starts with the button's visible text, so "click Q3" works
 * for voice-control users (WCAG 2.5.3, label in name).
 */
export function questionLabel(position: number, item: Pick<NavigatorItem, 'answered' | 'flagged'>): string {
  return `Q${position}, ${item.answered ? 'answered' : 'not answered'}${item.flagged ? ', flagged' : ''}`
}

export function ProgressPanel({
  items,
  current,
  onOpen,
  onSubmit,
}: {
  items: NavigatorItem[]
  current: number
  onOpen: (index: number) => void
  onSubmit: () => void
}) {
  const ids = useId()
  const total = items.length
  const answered = items.filter((item) => item.answered).length
  const percent = total > 0 ? (answered / total) * 100 : 0
  const [open, setOpen] = useState(false)
  const [focusIndex, setFocusIndex] = useState(current)
  const buttons = useRef<Array<HTMLButtonElement | null>>([])

  // The tab stop follows the open question.
  useEffect(() => setFocusIndex(current), [current])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: focusIndex + 1,
      ArrowDown: focusIndex + 1,
      ArrowLeft: focusIndex - 1,
      ArrowUp: focusIndex - 1,
      Home: 0,
      End: total - 1,
    }
    const target = moves[event.key]
    if (target === undefined || total === 0) return
    event.preventDefault()
    const next = (target + total) % total
    setFocusIndex(next)
    buttons.current[next]?.focus()
  }

  const submitButton = (className: string) => (
    <button type="button" onClick={onSubmit} className={`btn-primary ${className}`}>
      <SendIcon width={16} height={16} /> Submit Exam
    </button>
  )

  return (
    <section aria-labelledby={`${ids}-heading`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:sticky lg:top-40">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id={`${ids}-heading`} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Progress
        </h2>
        <p className="text-sm font-semibold text-navy-900" data-testid="progress-text">
          {answered} of {total} answered
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Questions answered"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={answered}
        aria-valuetext={`${answered} of ${total} answered`}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div data-testid="progress-fill" className="h-full rounded-full bg-green-600 transition-[width] duration-300" style={{width: `${percent}%`}} />
      </div>

      <div className="mt-4 flex gap-2 lg:hidden">
        <button type="button" aria-expanded={open} aria-controls={`${ids}-grid`} onClick={() => setOpen((value) => !value)} className="btn-outline flex-1 px-3">
          <GridIcon width={16} height={16} /> Questions
          <ChevronDownIcon width={16} height={16} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
        {submitButton('flex-1 px-3')}
      </div>

      <div id={`${ids}-grid`} className={`${open ? 'block' : 'hidden'} mt-4 lg:block`}>
        <div role="toolbar" aria-label="Question navigator" onKeyDown={onKeyDown} className="grid grid-cols-6 gap-2 sm:grid-cols-8 lg:grid-cols-4">
          {items.map((item, index) => {
            const isCurrent = index === current
            const tone = item.answered
              ? 'border-green-700 bg-green-700 text-white hover:bg-green-800'
              : 'border-slate-300 bg-white text-navy-900 hover:border-navy-800 hover:bg-ocean-50'
            return (
              <button
                key={item.id}
                ref={(element) => {
                  buttons.current[index] = element
                }}
                type="button"
                tabIndex={index === focusIndex ? 0 : -1}
                aria-current={isCurrent ? 'step' : undefined}
                aria-label={questionLabel(index + 1, item)}
                onClick={() => onOpen(index)}
                onFocus={() => setFocusIndex(index)}
                className={`relative flex h-11 items-center justify-center rounded-lg border text-sm font-semibold transition-colors ${tone} ${
                  isCurrent ? 'ring-2 ring-brass-400 ring-offset-2' : ''
                }`}
              >
                Q{index + 1}
                {item.flagged ? (
                  <span className="absolute -top-1.5 -right-1.5 grid h-5 w-5 place-items-center rounded-full border border-white bg-brass-400 text-navy-950">
                    <FlagIcon filled width={12} height={12} />
                  </span>
                ) : null}
              </button>
            )
          })}
        </div>
        <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Key">
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-3 w-3 rounded-sm bg-green-700" /> Answered
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-3 w-3 rounded-sm border border-slate-400 bg-white" /> Not answered
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-3 w-3 rounded-sm ring-2 ring-brass-400" /> Current
          </li>
          <li className="flex items-center gap-1.5">
            <FlagIcon filled width={12} height={12} className="text-brass-500" /> Flagged
          </li>
        </ul>
        <p className="mt-3 hidden text-xs text-slate-600 lg:block">Tip: use the arrow keys to move between questions.</p>
      </div>

      <div className="mt-5 hidden lg:block">{submitButton('w-full')}</div>
    </section>
  )
}
