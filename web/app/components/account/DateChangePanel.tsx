/**
 * "Request another date" on an enrolment in My training.
 */
import type {PortalDateChange} from '#schemas/contracts/account'

export function DateChangePanel({orderId, dateChange}: {orderId: string; dateChange: PortalDateChange}) {
  return dateChange.canRequest ? <div id={`date-change-${orderId}`} className="mt-4" /> : null
}
