/**
 * My training's "Names for certificates": the name as on the passport, date of birth and
 * nationality, correctable until the first certificate is issued.
 */
import type {PortalProfile} from '#schemas/contracts/account'
import {Panel} from '~/components/ui/Panel'

export function ProfileSection({profile}: {profile: PortalProfile}) {
  return (
    <Panel id="account-profile" title="Names for certificates" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
      <p className="text-sm text-slate-700">{profile.name}</p>
    </Panel>
  )
}
