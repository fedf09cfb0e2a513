/**
 * Staff request the payment link of installment `number` (2…n) of a cadetship enrolment
 * (schemas/contracts/installments.ts, docs/requirements.md#req-installments), as their account.
 * The edge (netlify/functions/admin-enrolment-installment-link.ts) checks the token, the order id
 * (requireOrderId of ./enrolments.ts) and the number (requireInstallmentNumber) before the body;
 * then ../installments/installments.ts requestInstallmentLink: not-found unknown order, invalid
 * not a cadetship / no such installment, conflict installment 1 unpaid / a link open / already
 * paid, upstream / timeout from the gateway with no link sent.
 */
import type {InstallmentLinkResponse} from '#schemas/contracts/installments'
import {LINK_MESSAGES} from '#schemas/rules/installments'
import {ServiceError} from '#netlify/platform/errors'
import {requestInstallmentLink} from '../installments/installments'
import {toDetail} from './enrolments'

/** The `:number` path parameter (2…99): invalid LINK_MESSAGES.badNumber otherwise. */
export function requireInstallmentNumber(raw: string | undefined): number {
  if (!/^\d{1,2}$/.test(raw ?? '') || Number(raw) < 2) throw new ServiceError('invalid', LINK_MESSAGES.badNumber(3))
  return Number(raw)
}

/** The link of installment `number` of `orderId`, requested by `account` at `now` (default: now): `{installment, enrolment}`. */
export async function requestInstallmentLinkForStaff(
  orderId: string,
  number: number,
  options: {account: string; now?: Date},
): Promise<InstallmentLinkResponse> {
  const now = options.now ?? new Date()
  const {record, installment, schedule} = await requestInstallmentLink(orderId, number, {account: options.account, now})
  return {installment, enrolment: toDetail(record, schedule, now)}
}
