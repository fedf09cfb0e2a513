/**
 * The documents panel and the certificate names of My training (docs/requirements.md#req-account).
 */
import type {PortalDocuments, PortalProfile} from '#schemas/contracts/account'
import type {EnrolmentRecord} from '../enrolments/enrolments'
import type {CertificateRecord} from '../certificates/register'

/** The documents panel of a cadetship enrolment (`checklist` from the content), else null. */
export function documentsOf(_record: EnrolmentRecord, _checklist: readonly string[]): PortalDocuments | null {
  return null
}

/** The name, date of birth and nationality for certificates, from the newest enrolment; null without enrolments. */
export function profileOf(_enrolments: readonly EnrolmentRecord[], _certificates: readonly CertificateRecord[]): PortalProfile | null {
  return null
}
