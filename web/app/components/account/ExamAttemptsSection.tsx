/**
 * My training's Practice exams section.
 */
import type {PortalExamAttempt} from '#schemas/contracts/account'
import {Panel} from '~/components/ui/Panel'

export function ExamAttemptsSection({examAttempts}: {examAttempts: PortalExamAttempt[]}) {
  if (examAttempts.length === 0) return null
  return (
    <Panel id="account-examAttempts" title="Practice exams" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
      <p className="text-sm text-slate-700">{examAttempts.length}</p>
    </Panel>
  )
}
