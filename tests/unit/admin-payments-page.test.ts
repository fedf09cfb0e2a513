/**
 * The payments page's rules and client calls (/admin/payments;
 * docs/requirements.md#req-reconciliation): the webhook result labels, the count lines, which
 * "Check with gateway" outcomes take an order off "Needs attention", and how
 * fetchPaymentsPage / checkWithGateway read the API's answers (fetch stubbed): the bearer
 * header, 401 → UnauthorizedError, the server's 502/504 message, a network failure.
 */
import {afterEach, describe, expect, it, vi} from 'vitest'
import {stubFetch} from '../helpers/stub-fetch'
import {checkGatewayUrl, checkWithGateway, fetchPaymentsPage, PAYMENTS_MESSAGES, UnauthorizedError} from '~/components/admin/api'
import {afterCheck, checkResolvesOrder, ordersCountText, WEBHOOK_RESULT_LABELS} from '~/components/admin/payments'
import {GATEWAY_TIMEOUT_MESSAGE} from '#netlify/services/admin/payments'
import {WEBHOOK_LOG_RESULTS, type GatewayCheck, type StalePendingOrder} from '#schemas/contracts/payments'

const order = (orderId: string): StalePendingOrder => ({
  orderId,
  name: 'Maria Santos',
  email: 'maria@example.com',
  courseName: 'Basic STCW',
  amount: 150,
  currency: 'USD',
  createdAt: '2026-11-24T09:00:00.000Z',
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('payments page rules', () => {
  it('labels every webhook result', () => {
    expect(WEBHOOK_LOG_RESULTS.map((result) => WEBHOOK_RESULT_LABELS[result])).toEqual(['Processed', 'Duplicate', 'Rejected', 'Ignored'])
  })

  it('counts orders', () => {
    expect(ordersCountText(1)).toBe('1 order, oldest first')
    expect(ordersCountText(3)).toBe('3 orders, oldest first')
  })

  it('takes an order off the list when it was paid, now or meanwhile; keeps it when there is no payment', () => {
    const orders = [order('order_sandbox_AAAAAAAAAAAAAA'), order('order_sandbox_BBBBBBBBBBBBBB')]
    expect(checkResolvesOrder({outcome: 'paid'})).toBe(true)
    expect(checkResolvesOrder({outcome: 'already-paid'})).toBe(true)
    expect(checkResolvesOrder({outcome: 'no-payment'})).toBe(false)
    expect(afterCheck(orders, {orderId: 'order_sandbox_AAAAAAAAAAAAAA', outcome: 'paid'}).map((o) => o.orderId)).toEqual(['order_sandbox_BBBBBBBBBBBBBB'])
    expect(afterCheck(orders, {orderId: 'order_sandbox_BBBBBBBBBBBBBB', outcome: 'already-paid'}).map((o) => o.orderId)).toEqual([
      'order_sandbox_AAAAAAAAAAAAAA',
    ])
    expect(afterCheck(orders, {orderId: 'order_sandbox_AAAAAAAAAAAAAA', outcome: 'no-payment'})).toEqual(orders)
    expect(afterCheck(orders, {orderId: 'order_sandbox_CCCCCCCCCCCCCC', outcome: 'paid'})).toEqual(orders)
  })
})

describe('fetchPaymentsPage', () => {
  const params = new URLSearchParams({page: '2', pageSize: '25', result: 'rejected'})
  it('reads the orders and one page of events with the bearer token, never from a cache', async () => {
    const overview = {needsAttention: [order('order_sandbox_AAAAAAAAAAAAAA')], rows: [], total: 30, page: 2, pageSize: 25}
    const fetchMock = stubFetch(Response.json(overview))
    expect(await fetchPaymentsPage('t0ken', params)).toEqual(overview)
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/payments?page=2&pageSize=25&result=rejected',
      expect.objectContaining({cache: 'no-store', headers: expect.objectContaining({Authorization: 'Bearer t0ken'})}),
    )
  })

  it('401 → UnauthorizedError; another status, a body of another shape or no answer → "Failed to load payments"', async () => {
    stubFetch(Response.json({error: 'Invalid or expired token'}, {status: 401}))
    await expect(fetchPaymentsPage('t', params)).rejects.toBeInstanceOf(UnauthorizedError)
    for (const answer of [
      Response.json({error: 'x'}, {status: 500}),
      Response.json([]),
      Response.json({needsAttention: [], webhookEvents: []}),
      new Response('<html>'),
      new TypeError('Failed to fetch'),
    ]) {
      stubFetch(answer)
      await expect(fetchPaymentsPage('t', params)).rejects.toThrow(PAYMENTS_MESSAGES.loadFailed)
    }
  })

  it('a 400 shows the server message naming the parameter', async () => {
    stubFetch(Response.json({error: 'pageSize must be a whole number from 1 to 100'}, {status: 400}))
    await expect(fetchPaymentsPage('t', params)).rejects.toThrow('pageSize must be a whole number from 1 to 100')
  })
})

describe('checkWithGateway', () => {
  const paid: GatewayCheck = {
    orderId: 'order_sandbox_AAAAAAAAAAAAAA',
    outcome: 'paid',
    paymentId: 'pay_sandbox_AAAAAAAAAAAAAA',
    receiptNumber: 'MTC-2026-00001',
    message: 'Payment pay_sandbox_AAAAAAAAAAAAAA was captured: the enrolment is now paid (receipt MTC-2026-00001).',
  }

  it('POSTs to the order’s check-gateway path with the bearer token and resolves to the outcome', async () => {
    const fetchMock = stubFetch(Response.json(paid))
    expect(await checkWithGateway('t0ken', paid.orderId)).toEqual(paid)
    expect(checkGatewayUrl(paid.orderId)).toBe('/api/admin/enrollments/order_sandbox_AAAAAAAAAAAAAA/check-gateway')
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/admin/enrollments/order_sandbox_AAAAAAAAAAAAAA/check-gateway',
      expect.objectContaining({method: 'POST', headers: expect.objectContaining({Authorization: 'Bearer t0ken'})}),
    )
  })

  it("shows the server's message for 502, 504 and 404; 401 → UnauthorizedError; no answer or no message → the page's own", async () => {
    stubFetch(Response.json({error: GATEWAY_TIMEOUT_MESSAGE}, {status: 504}))
    await expect(checkWithGateway('t', paid.orderId)).rejects.toThrow(GATEWAY_TIMEOUT_MESSAGE)
    stubFetch(Response.json({error: 'The payment gateway refused the request (401). Nothing was changed.'}, {status: 502}))
    await expect(checkWithGateway('t', paid.orderId)).rejects.toThrow('The payment gateway refused the request (401). Nothing was changed.')
    stubFetch(Response.json({error: 'Unknown order'}, {status: 404}))
    await expect(checkWithGateway('t', paid.orderId)).rejects.toThrow('Unknown order')
    stubFetch(Response.json({error: 'Invalid or expired token'}, {status: 401}))
    await expect(checkWithGateway('t', paid.orderId)).rejects.toBeInstanceOf(UnauthorizedError)
    for (const answer of [
      new TypeError('Failed to fetch'),
      new Response('Bad gateway', {status: 502}),
      Response.json({outcome: 'paid'}),
      new Response('not json'),
    ]) {
      stubFetch(answer)
      await expect(checkWithGateway('t', paid.orderId)).rejects.toThrow(PAYMENTS_MESSAGES.checkFailed)
    }
  })
})
