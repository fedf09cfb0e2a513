/**
 * "Request another date" (docs/requirements.md#req-account).
 */
import type {PortalDateChange} from '#schemas/contracts/account'
import type {EnrolmentRecord} from '../enrolments/enrolments'

/** The date-change panel of an enrolment at `now`, or null when it has no batch. */
export async function dateChangeOf(_record: EnrolmentRecord, _now: Date): Promise<PortalDateChange | null> {
  return null
}
