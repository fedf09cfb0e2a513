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
import {checkWithGateway, ordersNeedingAttention} from '../payments/reconcile'
import {listWebhookLog} from '../payments/webhook-log'

/** The message of a gateway timeout during "Check with gateway". */
export {GATEWAY_TIMEOUT_MESSAGE} from '../payments/reconcile'

/** The overview at `now` (default: the current time). */
export async function paymentsOverviewForStaff(options: {now?: Date} = {}): Promise<PaymentsOverview> {
  const [needsAttention, webhookEvents] = await Promise.all([ordersNeedingAttention(options.now), listWebhookLog(200)])
  return {needsAttention, webhookEvents}
}

/** Asks the gateway about order `orderId` (see the module comment). */
export async function checkGatewayForStaff(orderId: string): Promise<GatewayCheck> {
  if (!isOrderId(orderId)) throw new ServiceError('not-found', 'Unknown order')
  return checkWithGateway(orderId)
}
