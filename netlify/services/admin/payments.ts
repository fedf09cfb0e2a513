/**
 * Staff's payments views (the edges check the token):
 * - overview → {needsAttention, webhookEvents} (PaymentsOverviewSchema): pending orders older than
 *   30 minutes, oldest first, and the last 200 webhook deliveries, newest first;
 * - check with gateway → GatewayCheckSchema: asks the gateway for the order's payments and marks
 *   it paid if one is captured (../payments/reconcile.ts). Not-found unknown order; timeout when
 *   the gateway does not answer in time, upstream when it fails — with a message for staff, and
 *   nothing changed.
 */
import {isOrderId} from '#schemas/contracts/ids'
import type {GatewayCheck, PaymentsOverview} from '#schemas/contracts/payments'
import {ServiceError} from '#netlify/platform/errors'
import {json, requireBearer} from '#netlify/platform/http'
import {GatewayError} from '#netlify/platform/payments/gateway'
import {checkWithGateway, ordersNeedingAttention} from '../payments/reconcile'
import {listWebhookLog} from '../payments/webhook-log'
import {verifyStaffToken} from './auth'

/** The message of a gateway timeout during "Check with gateway". */
export const GATEWAY_TIMEOUT_MESSAGE = 'The payment gateway did not answer in time. Nothing was changed: try again in a minute.'

/** The overview at `now` (default: the current time). */
export async function paymentsOverviewForStaff(options: {now?: Date} = {}): Promise<PaymentsOverview> {
  const [needsAttention, webhookEvents] = await Promise.all([ordersNeedingAttention(options.now), listWebhookLog(200)])
  return {needsAttention, webhookEvents}
}

/** Asks the gateway about order `orderId` (see the module comment). */
export async function checkGatewayForStaff(orderId: string): Promise<GatewayCheck> {
  if (!isOrderId(orderId)) throw new ServiceError('not-found', 'Unknown order')
  try {
    return await checkWithGateway(orderId)
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    console.error(`[reconciliation] check of ${orderId} failed`, error)
    if (error.statusCode === undefined) throw new ServiceError('timeout', GATEWAY_TIMEOUT_MESSAGE)
    throw new ServiceError('upstream', `The payment gateway refused the request (${error.statusCode}). Nothing was changed.`)
  }
}

/**
 * POST /api/admin/enrollments/:orderId/check-gateway as its edge (netlify/functions/
 * admin-enrolment-check-gateway.ts, with the payment functions) still calls it: the token guard,
 * then checkGatewayForStaff. To go once that edge calls checkGatewayForStaff itself.
 */
export async function checkGatewayForAdmin(request: Request, context?: {params?: Record<string, string>}): Promise<Response> {
  await requireBearer(request, verifyStaffToken)
  return json(await checkGatewayForStaff(context?.params?.orderId ?? ''))
}
