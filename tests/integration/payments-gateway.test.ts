/**
 * The Razorpay gateway's time limit (netlify/platform/payments/razorpay.ts) through the real
 * `razorpay` SDK against msw: a call Razorpay never answers is given up as a GatewayError without
 * status, and the choice of gateway is made once per configuration. The services' own answers to
 * a timeout are tested with a fake gateway (gateway-fixtures.ts gatewayTimingOut).
 */
import {http} from 'msw'
import {setupServer} from 'msw/node'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'
import {parsePaymentsConfig} from '#netlify/platform/payments/config'
import {GatewayError, paymentGateway, razorpayGateway, setPaymentGatewayForTests} from '#netlify/platform/payments/gateway'
import {RAZORPAY_API} from '../mocks/razorpay'
import {KEY_ID, KEY_SECRET} from './payments-fixtures'

const server = setupServer()
beforeAll(() => server.listen({onUnhandledRequest: 'error'}))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const razorpay = parsePaymentsConfig({RAZORPAY_KEY_ID: KEY_ID, RAZORPAY_KEY_SECRET: KEY_SECRET})
const never = () => new Promise<never>(() => {})
/** The gateway's rejection (it must reject). */
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a rejection')
    },
    (error: unknown) => error,
  )

describe('the Razorpay gateway gives up on a silent Razorpay', () => {
  const gateway = razorpayGateway(razorpay, {timeoutMs: 20})

  it('for orders, their payments, refunds and payment links: a GatewayError without status', async () => {
    server.use(
      http.post(`${RAZORPAY_API}/orders`, never),
      http.get(`${RAZORPAY_API}/orders/:orderId/payments`, never),
      http.post(`${RAZORPAY_API}/payments/:paymentId/refund`, never),
      http.post(`${RAZORPAY_API}/payment_links`, never),
    )
    const failures = await Promise.all([
      failureOf(gateway.createOrder({amountMinor: 5000, currency: 'USD', receipt: 'enr_timeout', notes: {}})),
      failureOf(gateway.fetchOrderPayments({orderId: 'order_Timeout000001', mode: 'razorpay'})),
      failureOf(gateway.refundPayment({paymentId: 'pay_Timeout0000001', mode: 'razorpay'}, {amountMinor: 100, idempotencyKey: 'key-timeout-1', notes: {}})),
      failureOf(
        gateway.createPaymentLink({
          amountMinor: 100,
          currency: 'USD',
          referenceId: 'order_Timeout000001-i2',
          description: 'Installment',
          customer: {name: 'Ana', email: 'ana@example.com', contact: '+911234567890'},
          expireBy: 4_000_000_000,
          notes: {},
          sandbox: {url: () => '', keep: async () => undefined},
        }),
      ),
    ])
    for (const failure of failures) {
      expect(failure).toBeInstanceOf(GatewayError)
      expect(failure).toMatchObject({message: 'Razorpay did not answer within 20 ms', statusCode: undefined})
    }
  })
})

describe('paymentGateway', () => {
  it('is chosen once per configuration, by its mode, and a test may put a fake in its place', () => {
    const sandbox = parsePaymentsConfig({})
    expect(paymentGateway(razorpay)).toBe(paymentGateway(razorpay))
    expect(paymentGateway(razorpay)).toMatchObject({mode: 'razorpay', checkoutKeyId: KEY_ID})
    expect(paymentGateway(sandbox)).toMatchObject({mode: 'sandbox', checkoutKeyId: 'rzp_sandbox'})
    const fake = {...paymentGateway(sandbox), checkoutKeyId: 'rzp_fake'}
    setPaymentGatewayForTests(fake)
    try {
      expect(paymentGateway(razorpay)).toBe(fake)
    } finally {
      setPaymentGatewayForTests(null)
    }
    expect(paymentGateway(razorpay).mode).toBe('razorpay')
  })
})
