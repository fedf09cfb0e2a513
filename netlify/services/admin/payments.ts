/**
 * The admin payments API behind a valid token (./auth.ts; issue 15, /admin/payments):
 * - GET /api/admin/payments → {needsAttention, webhookEvents} (PaymentsOverviewSchema): pending
 *   orders older than 30 minutes, oldest first, and the last 200 webhook deliveries, newest first;
 * - POST /api/admin/enrollments/:orderId/check-gateway → GatewayCheckSchema: asks the gateway
 *   for the order's payments and marks it paid if one is captured (../payments/reconcile.ts).
 *   404 unknown order; 504 when the gateway does not answer in time, 502 when it fails — with a
 *   message for staff, and nothing changed.
 * Every answer is Cache-Control: no-store (json()).
 */
import {isOrderId} from '#schemas/contracts/ids'
import type {GatewayCheck, PaymentsOverview} from '#schemas/contracts/payments'
import {HttpError, json} from '#netlify/platform/http'
import {GatewayError} from '#netlify/platform/payments/gateway'
import {checkWithGateway, ordersNeedingAttention} from '../payments/reconcile'
import {listWebhookLog} from '../payments/webhook-log'
import {requireAdmin} from './auth'

/** The message of a gateway timeout during "Check with gateway". */
export const GATEWAY_TIMEOUT_MESSAGE = 'The payment gateway did not answer in time. Nothing was changed: try again in a minute.'

/** GET /api/admin/payments (see the module comment). 401 without a valid token. */
export async function paymentsOverview(request: Request, options: {now?: Date} = {}): Promise<Response> {
  await requireAdmin(request)
  const [needsAttention, webhookEvents] = await Promise.all([ordersNeedingAttention(options.now), listWebhookLog(200)])
  const body: PaymentsOverview = {needsAttention, webhookEvents}
  return json(body)
}

/** POST /api/admin/enrollments/:orderId/check-gateway (see the module comment). */
export async function checkGatewayForAdmin(request: Request, context?: {params?: Record<string, string>}): Promise<Response> {
  await requireAdmin(request)
  const orderId = context?.params?.orderId ?? ''
  if (!isOrderId(orderId)) throw new HttpError(404, 'Unknown order')
  try {
    const body: GatewayCheck = await checkWithGateway(orderId)
    return json(body)
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    console.error(`[reconciliation] check of ${orderId} failed`, error)
    if (error.statusCode === undefined) throw new HttpError(504, GATEWAY_TIMEOUT_MESSAGE)
    throw new HttpError(502, `The payment gateway refused the request (${error.statusCode}). Nothing was changed.`)
  }
}
