/**
 * Payment reconciliation (docs/requirements.md#req-reconciliation): an order whose
 * money arrived but whose browser closed before the site heard of it, and whose webhook was
 * lost, is found by asking the gateway.
 *
 * - `ordersNeedingAttention(now)`: pending enrolments created more than STALE_AFTER_MS (30
 *   minutes) ago, oldest first (from the admin list's index).
 * - `checkWithGateway(orderId)`: asks the gateway for the order's payments (Razorpay
 *   `orders.fetchPayments`, or the sandbox's own record) and, if one is captured, marks the
 *   enrolment paid through THE path of the webhook (./webhook.ts recordCapturedPayment: markPaid,
 *   then one receipt number, one receipt, one staff notice, whatever else raced it). A gateway
 *   failure or timeout changes nothing and is reported (ServiceError `upstream` / `timeout`).
 * - `reconcilePendingOrders(now)`: the scheduled check (every 15 minutes) of every pending order
 *   between 30 minutes and 3 days old, one at a time within a time budget.
 */
import type {GatewayCheck, StalePendingOrder} from '#schemas/contracts/payments'
import {isInvoiceOrderId} from '#schemas/contracts/ids'
import {getEnrolment} from '../enrolments/enrolments'
import {listIndexedEnrolments} from '../enrolments/index-store'
import {ServiceError} from '#netlify/platform/errors'
import {GatewayError, paymentGateway, type GatewayPayment, type PaymentGateway} from '#netlify/platform/payments/gateway'
import {recordCapturedPayment} from './webhook'

/** The message of a gateway timeout during "Check with gateway". */
export const GATEWAY_TIMEOUT_MESSAGE = 'The payment gateway did not answer in time. Nothing was changed: try again in a minute.'

/** A pending order older than this needs attention (ms): 30 minutes. */
export const STALE_AFTER_MS = 30 * 60 * 1000
/** The scheduled check looks at pending orders up to this old (ms): 3 days. */
export const RECONCILE_WINDOW_MS = 3 * 24 * 60 * 60 * 1000

/** Pending orders created more than 30 minutes before `now`, oldest first. */
export async function ordersNeedingAttention(now = new Date()): Promise<StalePendingOrder[]> {
  const cutoff = new Date(now.getTime() - STALE_AFTER_MS).toISOString()
  return (
    (await listIndexedEnrolments({status: 'all'}))
      // An invoice order is paid by bank transfer, recorded by finance: the gateway never knows it.
      .filter((row) => row.status === 'pending' && row.createdAt < cutoff && !isInvoiceOrderId(row.orderId))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map(({orderId, name, email, courseName, amount, currency, createdAt}) => ({orderId, name, email, courseName, amount, currency, createdAt}))
  )
}

/**
 * Checks one order with the gateway (default: the configured one; see the module comment).
 * Resolves to what happened (the message is for staff). Throws ServiceError: `not-found`
 * 'Unknown order'; `timeout` (GATEWAY_TIMEOUT_MESSAGE) when the gateway does not answer in time
 * and `upstream` when it refuses, both with nothing changed.
 */
export async function checkWithGateway(orderId: string, options: {gateway?: PaymentGateway} = {}): Promise<GatewayCheck> {
  const record = await getEnrolment(orderId)
  if (!record) throw new ServiceError('not-found', 'Unknown order')
  if (isInvoiceOrderId(orderId))
    throw new ServiceError('invalid', 'This order is paid by bank transfer against a pro-forma: record the payment under Companies.')
  if (record.status !== 'pending') {
    return {
      orderId,
      outcome: 'already-paid',
      paymentId: record.paymentId ?? null,
      receiptNumber: record.receiptNumber ?? null,
      message: 'This order is already paid: nothing to do.',
    }
  }
  const payments = await paymentsAtGateway(options.gateway ?? paymentGateway(), record)
  const captured = payments.find((payment) => payment.status === 'captured' && payment.amount === record.amountMinor && payment.currency === record.currency)
  if (!captured) {
    return {
      orderId,
      outcome: 'no-payment',
      paymentId: null,
      receiptNumber: null,
      message: 'The gateway has no captured payment for this order. Nothing was changed.',
    }
  }
  const result = await recordCapturedPayment(record, captured, 'reconciliation', 'reconciliation')
  const stored = result.record ?? (await getEnrolment(orderId))
  if (result.status === 'paid') {
    return {
      orderId,
      outcome: 'paid',
      paymentId: captured.id,
      receiptNumber: stored?.receiptNumber ?? null,
      message: `Payment ${captured.id} was captured: the enrolment is now paid${stored?.receiptNumber ? ` (receipt ${stored.receiptNumber})` : ''}.`,
    }
  }
  return {
    orderId,
    outcome: 'already-paid',
    paymentId: stored?.paymentId ?? captured.id,
    receiptNumber: stored?.receiptNumber ?? null,
    message: 'This order was paid meanwhile: nothing to do.',
  }
}

/** The payments of `order` at `gateway`; its failure becomes a ServiceError for staff (logged with the reason). */
async function paymentsAtGateway(gateway: PaymentGateway, order: {orderId: string; mode: PaymentGateway['mode']}): Promise<GatewayPayment[]> {
  try {
    return await gateway.fetchOrderPayments(order)
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error
    console.error(`[reconciliation] check of ${order.orderId} failed`, error)
    if (error.statusCode === undefined) throw new ServiceError('timeout', GATEWAY_TIMEOUT_MESSAGE)
    throw new ServiceError('upstream', `The payment gateway refused the request (${error.statusCode}). Nothing was changed.`)
  }
}

/** What the scheduled reconciliation did. */
export type ReconcileReport = {checked: number; paid: string[]; failed: number; deferred: number}

/**
 * The scheduled check: every pending order between 30 minutes and 3 days old, one at a time,
 * starting none after `budgetMs` (default 20 s). A failing check is logged and counted, never thrown.
 */
export async function reconcilePendingOrders(options: {now?: Date; budgetMs?: number} = {}): Promise<ReconcileReport> {
  const now = options.now ?? new Date()
  const oldest = new Date(now.getTime() - RECONCILE_WINDOW_MS).toISOString()
  const orders = (await ordersNeedingAttention(now)).filter((order) => order.createdAt >= oldest)
  const report: ReconcileReport = {checked: 0, paid: [], failed: 0, deferred: 0}
  const started = performance.now()
  for (const order of orders) {
    if (performance.now() - started > (options.budgetMs ?? 20_000)) {
      report.deferred++
      continue
    }
    report.checked++
    try {
      const result = await checkWithGateway(order.orderId)
      if (result.outcome === 'paid') report.paid.push(order.orderId)
    } catch (error) {
      report.failed++
      console.error(`[reconciliation] order ${order.orderId} could not be checked`, error)
    }
  }
  return report
}
