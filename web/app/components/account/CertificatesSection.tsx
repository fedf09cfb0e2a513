/**
 * My training's Certificates section.
 */
import type {PortalCertificate} from '#schemas/contracts/account'
import {Panel} from '~/components/ui/Panel'

export function CertificatesSection({certificates}: {certificates: PortalCertificate[]}) {
  if (certificates.length === 0) return null
  return (
    <Panel id="account-certificates" title="Certificates" className="grid gap-3" headingClassName="text-xl font-bold text-navy-900">
      <p className="text-sm text-slate-700">{certificates.length}</p>
    </Panel>
  )
}
