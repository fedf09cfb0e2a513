/**
 * My training's Practice exams section (docs/requirements.md#req-account): the attempts submitted
 * while signed in, newest first: exam, when, score, passed or not, and the results PDF.
 */
import type {PortalExamAttempt} from '#schemas/contracts/account'
import {PASS_LABELS} from '#schemas/rules/exam-pass'
import {formatProviderDateTime} from '#schemas/rules/receipt-format'
import {Panel} from '~/components/ui/Panel'
import {Detail} from './Detail'

export function ExamAttemptsSection({examAttempts}: {examAttempts: PortalExamAttempt[]}) {
  if (examAttempts.length === 0) return null
  return (
    <Panel id="account-examAttempts" title="Practice exams" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
      <ul className="grid gap-3">
        {examAttempts.map((attempt) => (
          <li key={attempt.attemptId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="portal-exam-attempt">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <p className="font-semibold text-navy-900">{attempt.exam}</p>
              <span
                className={`rounded-full px-3 py-1 text-sm font-semibold ${attempt.passed ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-950'}`}
              >
                {attempt.passed ? PASS_LABELS.passed : PASS_LABELS.notPassed}
              </span>
            </div>
            <dl className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
              <Detail term="Submitted" value={formatProviderDateTime(attempt.submittedAt)} />
              <Detail term="Score" value={attempt.score} />
            </dl>
            <a className="mt-1 inline-flex min-h-11 items-center text-sm font-semibold text-ocean-800 underline" href={attempt.pdf} download>
              Download results (PDF)<span className="sr-only"> of {attempt.exam}</span>
            </a>
          </li>
        ))}
      </ul>
    </Panel>
  )
}
