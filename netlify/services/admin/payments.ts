/**
 * Staff's payments views (the edges check the token):
 * - overview → {needsAttention, webhookEvents} (PaymentsOverviewSchema): pending orders older than
 *   30 minutes, oldest first, and the last 200 webhook deliveries, newest first;
 * - paged overview → {rows, total, page, pageSize, needsAttention} (PaymentsPageSchema): one page
 *   of the kept webhook deliveries matching a parsed WebhookLogQuery (search, result, days, sort;
 *   #schemas/rules/admin-lists matchingWebhookEvents; docs/requirements.md#req-admin-list-queries);
 * - check with gateway → GatewayCheckSchema: asks the gateway for the order's payments and marks
 *   it paid if one is captured (../payments/reconcile.ts). Not-found unknown order; timeout when
 *   the gateway does not answer in time, upstream when it fails — with a message for staff, and
 *   nothing changed.
 */
import {isOrderId} from '#schemas/contracts/ids'
import type {GatewayCheck, PaymentsOverview, PaymentsPage, WebhookLogQuery} from '#schemas/contracts/payments'
import {pageOf} from '#schemas/contracts/list-query'
import {matchingWebhookEvents} from '#schemas/rules/admin-lists'
import {ServiceError} from '#netlify/platform/errors'
import {checkWithGateway, ordersNeedingAttention} from '../payments/reconcile'
import {listWebhookLog, readWebhookLog} from '../payments/webhook-log'

/** The message of a gateway timeout during "Check with gateway". */
export {GATEWAY_TIMEOUT_MESSAGE} from '../payments/reconcile'

/** The overview at `now` (default: the current time). */
export async function paymentsOverviewForStaff(options: {now?: Date} = {}): Promise<PaymentsOverview> {
  const [needsAttention, webhookEvents] = await Promise.all([ordersNeedingAttention(options.now), listWebhookLog(200)])
  return {needsAttention, webhookEvents}
}

/** The overview at `now` with the webhook log paged by `query` (parsed WebhookLogQuerySchema). */
export async function paymentsPageForStaff(query: WebhookLogQuery, options: {now?: Date} = {}): Promise<PaymentsPage> {
  const [needsAttention, events] = await Promise.all([ordersNeedingAttention(options.now), readWebhookLog()])
  return {...pageOf(matchingWebhookEvents(events, query), query), needsAttention}
}

/** Asks the gateway about order `orderId` (see the module comment). */
export async function checkGatewayForStaff(orderId: string): Promise<GatewayCheck> {
  if (!isOrderId(orderId)) throw new ServiceError('not-found', 'Unknown order')
  return checkWithGateway(orderId)
}
