/**
 * My training's privacy section: "Download my data" and "Ask us to erase my data".
 */
import {Panel} from '~/components/ui/Panel'

export function PrivacySection({erasureRequested}: {erasureRequested: boolean}) {
  return (
    <Panel id="account-privacy" title="Your data" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
      {erasureRequested ? <p className="text-sm text-slate-700">We have your request to erase your data.</p> : null}
    </Panel>
  )
}
