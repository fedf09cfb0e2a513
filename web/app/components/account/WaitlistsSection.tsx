/**
 * My training's Waitlists section.
 */
import type {PortalWaitlist} from '#schemas/contracts/account'
import {Panel} from '~/components/ui/Panel'

export function WaitlistsSection({waitlists}: {waitlists: PortalWaitlist[]}) {
  if (waitlists.length === 0) return null
  return (
    <Panel id="account-waitlists" title="Waitlists" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
      <p className="text-sm text-slate-700">{waitlists.length}</p>
    </Panel>
  )
}
