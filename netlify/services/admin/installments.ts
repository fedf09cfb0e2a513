/**
 * POST /api/admin/enrollments/:orderId/installments/:number/link (issue 17;
 * schemas/contracts/installments.ts, docs/requirements.md#req-installments): staff request the payment
 * link of installment `number` (2…n) of a cadetship enrolment, as the token's account. Checks in
 * this order: 401 without a valid token; 404 for an id that is not an order id; 400 for a number
 * that is not 2…99; 415/413/400 for a body that is not empty or `{}`; then ../installments.ts
 * requestInstallmentLink: 404 unknown order, 400 not a cadetship / no such installment, 409
 * installment 1 unpaid / a link open / already paid, 502/504 from the gateway with no link
 * sent. 201 `{installment, enrolment}`.
 */
import {isOrderId} from '#schemas/contracts/ids'
import {InstallmentLinkRequestSchema, MAX_INSTALLMENT_LINK_BYTES, type InstallmentLinkResponse} from '#schemas/contracts/installments'
import {LINK_MESSAGES} from '#schemas/rules/installments'
import {HttpError, json, readJson} from '#netlify/platform/http'
import {requestInstallmentLink} from '../installments/installments'
import {requireAdmin} from './auth'
import {ENROLMENT_NOT_FOUND, toDetail} from './enrolments'

/** Handles the request (see the module comment). `options.now` for tests. */
export async function requestInstallmentLinkForAdmin(
  request: Request,
  context?: {params?: Record<string, string>},
  options: {now?: Date} = {},
): Promise<Response> {
  const {email} = await requireAdmin(request)
  const orderId = context?.params?.orderId ?? ''
  if (!isOrderId(orderId)) throw new HttpError(404, ENROLMENT_NOT_FOUND)
  const raw = context?.params?.number ?? ''
  if (!/^\d{1,2}$/.test(raw) || Number(raw) < 2) throw new HttpError(400, LINK_MESSAGES.badNumber(3))
  if (request.headers.has('content-type') || (request.headers.get('content-length') ?? '0') !== '0')
    await readJson(request, InstallmentLinkRequestSchema, MAX_INSTALLMENT_LINK_BYTES)
  const now = options.now ?? new Date()
  const {record, installment, schedule} = await requestInstallmentLink(orderId, Number(raw), {account: email, now})
  const answer: InstallmentLinkResponse = {installment, enrolment: toDetail(record, schedule, now)}
  return json(answer, {status: 201})
}
