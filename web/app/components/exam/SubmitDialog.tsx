/**
 * The submit confirmation (docs/requirements.md#req-exam-take: 'Submit Exam?', 'You have answered X out of Y
 * questions. Once submitted, you cannot make any changes.', 'Continue Exam' and 'Submit').
 * Beyond the spec (Moodle's summary): the unanswered and the flagged questions, each a
 * button that closes the dialog and opens that question.
 *
 * A native <dialog> opened with showModal(): the rest of the page is inert, Escape closes it
 * (as 'Continue Exam' does), focus starts on 'Continue Exam' and returns to the opener.
 */
import {useEffect, useId, useRef} from 'react'
import {FlagIcon} from './ExamIcons'

export function SubmitDialog({
  open,
  answered,
  total,
  unanswered,
  flagged,
  onClose,
  onSubmit,
  onOpenQuestion,
}: {
  open: boolean
  answered: number
  total: number
  /** 0-based question indexes. */
  unanswered: number[]
  flagged: number[]
  onClose: () => void
  onSubmit: () => void
  onOpenQuestion: (index: number) => void
}) {
  const ids = useId()
  const dialog = useRef<HTMLDialogElement>(null)
  const continueButton = useRef<HTMLButtonElement>(null)
  const opener = useRef<HTMLElement | null>(null)

  useEffect(() => {
    const element = dialog.current
    if (!element) return
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
      element.showModal()
      continueButton.current?.focus()
    } else if (!open && element.open) {
      element.close()
    }
  }, [open])

  /** Opening a question moves focus to it, not back to the opener. */
  function openQuestion(index: number) {
    opener.current = null
    onOpenQuestion(index)
  }

  function closeAndRestore() {
    onClose()
    const target = opener.current
    opener.current = null
    if (target && target.isConnected) target.focus()
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-text`}
      onClose={closeAndRestore}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl border border-slate-200 bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-navy-950/70"
    >
      <div className="p-6 sm:p-8">
        <h2 id={`${ids}-title`} className="text-2xl font-bold text-navy-900">
          Submit Exam?
        </h2>
        <p id={`${ids}-text`} className="mt-3 leading-relaxed text-slate-700">
          You have answered {answered} out of {total} questions. Once submitted, you cannot make any changes.
        </p>

        {unanswered.length > 0 ? (
          <QuestionList title={`Unanswered (${unanswered.length})`} indexes={unanswered} onOpen={openQuestion} tone="amber" />
        ) : (
          <p className="mt-5 rounded-lg bg-green-50 px-4 py-3 text-sm font-medium text-green-800">Every question has an answer.</p>
        )}
        {flagged.length > 0 ? <QuestionList title={`Flagged for review (${flagged.length})`} indexes={flagged} onOpen={openQuestion} tone="brass" /> : null}

        <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:justify-end">
          <button ref={continueButton} type="button" onClick={() => dialog.current?.close()} className="btn-outline">
            Continue Exam
          </button>
          <button type="button" onClick={onSubmit} className="btn-primary">
            Submit
          </button>
        </div>
      </div>
    </dialog>
  )
}

function QuestionList({title, indexes, onOpen, tone}: {title: string; indexes: number[]; onOpen: (index: number) => void; tone: 'amber' | 'brass'}) {
  const ids = useId()
  return (
    <div className="mt-5">
      <h3 id={ids} className="flex items-center gap-2 text-sm font-semibold text-navy-900">
        {tone === 'brass' ? <FlagIcon filled width={14} height={14} className="text-brass-500" /> : null}
        {title}
      </h3>
      <ul aria-labelledby={ids} className="mt-2 flex flex-wrap gap-2">
        {indexes.map((index) => (
          <li key={index}>
            <button
              type="button"
              onClick={() => onOpen(index)}
              className={`min-h-9 rounded-lg border px-3 py-1.5 text-sm font-medium hover:underline ${
                tone === 'amber' ? 'border-amber-300 bg-amber-50 text-amber-900' : 'border-brass-400 bg-white text-navy-900'
              }`}
            >
              Question {index + 1}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}
