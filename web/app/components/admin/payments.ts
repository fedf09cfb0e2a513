/**
 * The payments page's words and list rules, free of React (/admin/payments): the
 * human labels of a webhook event's result, the empty states and the orders' count line, and what a
 * "Check with gateway" result does to the list of orders needing attention.
 */
import type {GatewayCheck, StalePendingOrder, WebhookLogResult} from '#schemas/contracts/payments'

/** A webhook event's result as its badge says it. */
export const WEBHOOK_RESULT_LABELS: Record<WebhookLogResult, string> = {
  processed: 'Processed',
  duplicate: 'Duplicate',
  rejected: 'Rejected',
  ignored: 'Ignored',
}

/** The empty state of "Needs attention". */
export const NEEDS_ATTENTION_EMPTY = 'No orders need attention.'

/** The empty state of "Webhook events". */
export const WEBHOOK_EVENTS_EMPTY = 'No webhook events yet.'

/** The empty state of "Webhook events" when the search or filter matches nothing. */
export const WEBHOOK_EVENTS_NONE_MATCH = 'No webhook events match your search.'

/** '1 order, oldest first' / '3 orders, oldest first'. */
export function ordersCountText(count: number): string {
  return `${count} ${count === 1 ? 'order' : 'orders'}, oldest first`
}

/** True when the check settled the order (paid now, or paid meanwhile): it no longer needs attention. */
export function checkResolvesOrder(check: Pick<GatewayCheck, 'outcome'>): boolean {
  return check.outcome === 'paid' || check.outcome === 'already-paid'
}

/** `orders` after a check of `check.orderId`: without that order when the check resolved it, else unchanged (order kept). */
export function afterCheck(orders: readonly StalePendingOrder[], check: Pick<GatewayCheck, 'orderId' | 'outcome'>): StalePendingOrder[] {
  return checkResolvesOrder(check) ? orders.filter((order) => order.orderId !== check.orderId) : [...orders]
}
