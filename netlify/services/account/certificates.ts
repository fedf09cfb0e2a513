/**
 * The certificates section of My training (docs/requirements.md#req-account).
 */
import type {PortalCertificate} from '#schemas/contracts/account'
import type {CertificateRecord} from '../certificates/register'

/** The candidate's certificates as the portal lists them at `now`. */
export async function certificatesOf(_records: readonly CertificateRecord[], _now: Date): Promise<PortalCertificate[]> {
  return []
}
