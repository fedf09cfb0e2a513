/**
 * POST /api/admin/enrollments/:orderId/installments/:number/link — the payment link of a cadetship
 * installment (bearer token); see netlify/services/admin/installments.ts. Checks in this order: 401
 * without a valid token; 404 for an id that is not an order id; 400 for a number that is not
 * 2…99; 415/413/400 for a body that is not empty or `{}`; then the service's refusals. 201
 * `{installment, enrolment}`.
 */
import type {Config} from '@netlify/functions'
import {InstallmentLinkRequestSchema, MAX_INSTALLMENT_LINK_BYTES} from '#schemas/contracts/installments'
import {guardedHandle, json, readJson, requireMethod} from '../platform/http'
import {auditStaff} from '../services/staff/audit-trail'
import {authorizeStaff, staffAccount, type StaffPrincipal} from '../services/admin/auth'
import {requireOrderId} from '../services/admin/enrolments'
import {requestInstallmentLinkForStaff, requireInstallmentNumber} from '../services/admin/installments'

export default guardedHandle(
  'installments:create',
  authorizeStaff,
  async (request: Request, context: {params?: Record<string, string>}, staff: StaffPrincipal) => {
    requireMethod(request, 'POST')
    const orderId = requireOrderId(context.params?.orderId)
    const number = requireInstallmentNumber(context.params?.number)
    if (request.headers.has('content-type') || (request.headers.get('content-length') ?? '0') !== '0')
      await readJson(request, InstallmentLinkRequestSchema, MAX_INSTALLMENT_LINK_BYTES)
    const answer = await requestInstallmentLinkForStaff(orderId, number, {account: staffAccount(staff)})
    await auditStaff(staff, 'installment-link', {type: 'enrolment', id: orderId}, {installment: number})
    return json(answer, {status: 201})
  },
)

export const config: Config = {path: '/api/admin/enrollments/:orderId/installments/:number/link', method: 'POST'}
