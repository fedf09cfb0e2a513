/**
 * The main card of the take page (docs/requirements.md#req-exam-take): the question, its points
 * and the answer input by type — single-choice radios and multiple-choice checkboxes in a
 * fieldset whose legend is the question, a text input ('Enter your answer...') or a 6-row
 * textarea ('Enter your detailed answer...') labelled by the question. A 'Flag for review'
 * toggle (aria-pressed) and Previous/Next (disabled on the first and last question).
 *
 * `headingRef` is the card's heading (tabIndex -1): the page moves focus there whenever the
 * question changes.
 */
import type {Ref} from 'react'
import {ArrowLeftIcon, ArrowRightIcon, CheckIcon} from '~/components/Icons'
import {isAnswered} from '#schemas/rules/exam-scoring'
import {FlagIcon} from './ExamIcons'
import type {AnswerValue, TakeQuestion} from './types'

const TYPE_HINTS: Record<TakeQuestion['type'], string> = {
  'single-choice': 'Choose one answer.',
  'multiple-choice': 'Choose all answers that apply.',
  text: 'Type a short answer.',
  textarea: 'Write a detailed answer.',
}

export function QuestionCard({
  question,
  index,
  total,
  answer,
  flagged,
  headingRef,
  onAnswer,
  onToggleFlag,
  onGo,
}: {
  question: TakeQuestion
  index: number
  total: number
  answer: AnswerValue | undefined
  flagged: boolean
  headingRef: Ref<HTMLHeadingElement>
  onAnswer: (value: AnswerValue) => void
  onToggleFlag: () => void
  onGo: (index: number) => void
}) {
  const answered = isAnswered(answer)
  const inputId = `answer-${question.id}`
  const hintId = `hint-${question.id}`
  const first = index === 0
  const last = index === total - 1
  return (
    <section aria-labelledby="question-heading" className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 bg-slate-50 px-5 py-4 sm:px-8">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h2 id="question-heading" ref={headingRef} tabIndex={-1} className="scroll-mt-40 text-xl font-bold text-navy-900">
            Question {index + 1}
          </h2>
          <span className="rounded-full bg-ocean-100 px-2.5 py-0.5 text-xs font-semibold text-navy-800" data-testid="question-points">
            {question.points} points
          </span>
          <span className={`flex items-center gap-1 text-xs font-medium ${answered ? 'text-green-800' : 'text-slate-600'}`}>
            {answered ? <CheckIcon width={14} height={14} /> : null}
            {answered ? 'Answered' : 'Not yet answered'}
          </span>
        </div>
        <button
          type="button"
          aria-pressed={flagged}
          onClick={onToggleFlag}
          className={`inline-flex min-h-11 items-center gap-2 rounded-lg border px-3 text-sm font-semibold transition-colors ${
            flagged ? 'border-brass-500 bg-brass-300 text-navy-950 hover:bg-brass-400' : 'border-slate-300 bg-white text-navy-800 hover:bg-ocean-50'
          }`}
        >
          <FlagIcon filled={flagged} width={16} height={16} /> Flag for review
        </button>
      </div>

      <div className="px-5 py-6 sm:px-8 sm:py-8">
        {question.type === 'single-choice' || question.type === 'multiple-choice' ? (
          <fieldset aria-describedby={hintId}>
            <legend className="text-lg leading-relaxed font-medium text-slate-900">{question.question}</legend>
            <p id={hintId} className="mt-2 text-sm text-slate-600">
              {TYPE_HINTS[question.type]}
            </p>
            <div className="mt-5 space-y-3">
              {(question.options ?? []).map((option, optionIndex) => {
                const id = `${inputId}-${optionIndex}`
                const multiple = question.type === 'multiple-choice'
                const chosen = Array.isArray(answer) ? answer : []
                const checked = multiple ? chosen.includes(option) : answer === option
                return (
                  <label
                    key={option}
                    htmlFor={id}
                    className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-300 p-4 transition-colors hover:border-navy-800 hover:bg-ocean-50 has-checked:border-navy-800 has-checked:bg-ocean-50 has-checked:ring-1 has-checked:ring-navy-800"
                  >
                    <input
                      id={id}
                      type={multiple ? 'checkbox' : 'radio'}
                      name={`question-${question.id}`}
                      value={option}
                      checked={checked}
                      onChange={(event) => {
                        if (!multiple) onAnswer(option)
                        else {
                          const next = event.target.checked ? [...chosen, option] : chosen.filter((value) => value !== option)
                          // Keep the options' order, whatever the clicking order.
                          onAnswer((question.options ?? []).filter((value) => next.includes(value)))
                        }
                      }}
                      className="mt-0.5 h-5 w-5 shrink-0 accent-navy-800"
                    />
                    <span className="text-slate-800">{option}</span>
                  </label>
                )
              })}
            </div>
          </fieldset>
        ) : (
          <div>
            <label htmlFor={inputId} className="block text-lg leading-relaxed font-medium text-slate-900">
              {question.question}
            </label>
            <p id={hintId} className="mt-2 text-sm text-slate-600">
              {TYPE_HINTS[question.type]} Your answer is saved as you type.
            </p>
            {question.type === 'text' ? (
              <input
                id={inputId}
                type="text"
                value={typeof answer === 'string' ? answer : ''}
                onChange={(event) => onAnswer(event.target.value)}
                placeholder="Enter your answer..."
                aria-describedby={hintId}
                autoComplete="off"
                className="mt-5 block w-full rounded-xl border border-slate-400 px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-navy-800"
              />
            ) : (
              <textarea
                id={inputId}
                rows={6}
                value={typeof answer === 'string' ? answer : ''}
                onChange={(event) => onAnswer(event.target.value)}
                placeholder="Enter your detailed answer..."
                aria-describedby={hintId}
                className="mt-5 block w-full resize-y rounded-xl border border-slate-400 px-4 py-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-navy-800"
              />
            )}
          </div>
        )}
      </div>

      <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-4 sm:px-8">
        <button
          type="button"
          onClick={() => onGo(index - 1)}
          disabled={first}
          className="btn-outline disabled:cursor-not-allowed disabled:border-slate-300 disabled:text-slate-500 disabled:hover:bg-transparent"
        >
          <ArrowLeftIcon width={16} height={16} /> Previous
        </button>
        {last ? <p className="hidden text-center text-sm text-slate-600 sm:block">Last question: submit when you are ready.</p> : null}
        <button
          type="button"
          onClick={() => onGo(index + 1)}
          disabled={last}
          className="btn-secondary disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
        >
          Next <ArrowRightIcon width={16} height={16} />
        </button>
      </div>
    </section>
  )
}
