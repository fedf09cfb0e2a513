/**
 * The setup of the tests that talk to the payment gateway from the admin side
 * (reconciliation, refunds, installments): the test seed, msw in front of Razorpay's API (with POST /v1/orders;
 * local calls — the Blobs emulation — pass through, anything else unhandled is an error), the
 * Blobs emulation, the admin account, sandbox mode without SMTP before each test; handlers, env,
 * mocks, timers and any fake gateway (gatewayTimingOut) reset after each. Call once at the top of a test file; returns the msw server
 * for `server.use(…)`.
 */
import {setupServer} from 'msw/node'
import {afterAll, afterEach, beforeAll, beforeEach, vi} from 'vitest'
import {GatewayError, paymentGateway, setPaymentGatewayForTests, type PaymentGateway} from '#netlify/platform/payments/gateway'
import {startBlobs} from '../helpers/blobs'
import {razorpayCreateOrderHandler} from '../mocks/razorpay'
import {useAdminEnv} from './admin-fixtures'
import {stubSandboxEnv, useTestSeed} from './payments-fixtures'

export function useGatewayTestSetup() {
  const server = setupServer(razorpayCreateOrderHandler())
  let blobs: Awaited<ReturnType<typeof startBlobs>>
  beforeAll(async () => {
    useTestSeed()
    server.listen({
      onUnhandledRequest: (request, print) => {
        if (!['localhost', '127.0.0.1'].includes(new URL(request.url).hostname)) print.error()
      },
    })
    blobs = await startBlobs()
  })
  afterAll(async () => {
    server.close()
    await blobs.stop()
    delete process.env.SEED_FILE
  })
  useAdminEnv()
  beforeEach(() => {
    stubSandboxEnv()
    vi.stubEnv('SMTP_URL', '')
  })
  afterEach(() => {
    setPaymentGatewayForTests(null)
    server.resetHandlers()
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
    vi.useRealTimers()
  })
  return server
}

/**
 * Puts in place of the configured gateway a copy whose `operation` fails at once as a call
 * Razorpay never answers does (a GatewayError without status), until the returned function is
 * called (or the test ends). The Razorpay gateway's own time limit is tested in
 * tests/integration/payments-gateway.test.ts.
 */
export function gatewayTimingOut(operation: 'fetchOrderPayments' | 'refundPayment' | 'createPaymentLink'): () => void {
  const fake: PaymentGateway = {
    ...paymentGateway(),
    [operation]: async () => {
      throw new GatewayError('Razorpay did not answer within 8000 ms')
    },
  }
  setPaymentGatewayForTests(fake)
  return () => setPaymentGatewayForTests(null)
}
