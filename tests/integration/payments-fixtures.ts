/**
 * Shared set-up of the payments integration tests (tests/integration/payments-*.test.ts):
 * real `Request`s to the functions, a payment environment stubbed per test, independent
 * signing (node:crypto here, never the code under test), and a copy of the seed dataset in
 * which one course is "contact for pricing" (the seed prices every course).
 */
import {createHmac} from 'node:crypto'
import {mkdtempSync, readFileSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, afterEach, beforeAll, beforeEach, vi} from 'vitest'
import {testContext, useBlobs} from '../helpers/blobs'

export const SANDBOX_SECRET = 'sandbox_secret'
export const WEBHOOK_SECRET = 'whsec_test_0123456789'
export const KEY_ID = 'rzp_test_AbCdEf0123456789'
export const KEY_SECRET = 'key_secret_0123456789abcdef'

/** The course that is made "contact for pricing" in the test seed (offshore-survival). */
export const CONTACT_COURSE = {trainingProgram: 'offshore-survival', course: 'HDA'}

/** Points SEED_FILE at a copy of the seed with CONTACT_COURSE priced on request. Call before the first content fetch. */
export function useTestSeed(): string {
  const source = readFileSync(join(process.cwd(), 'studio/seed/production.ndjson'), 'utf8')
  const lines = source.split('\n').map((line) => {
    if (!line.includes('"_id":"course-offshore-survival-hda"')) return line
    const doc = JSON.parse(line)
    doc.pricing = 'contact'
    delete doc.priceUsd
    return JSON.stringify(doc)
  })
  if (lines.join('\n') === source) throw new Error('The test seed did not change: is course-offshore-survival-hda still in the seed?')
  const file = join(mkdtempSync(join(tmpdir(), 'seed-')), 'production.ndjson')
  writeFileSync(file, lines.join('\n'))
  process.env.SEED_FILE = file
  return file
}

/** Sandbox mode, not production, with a webhook secret (blank values count as unset). */
export function stubSandboxEnv(): void {
  vi.stubEnv('RAZORPAY_KEY_ID', '')
  vi.stubEnv('RAZORPAY_KEY_SECRET', '')
  vi.stubEnv('RAZORPAY_WEBHOOK_SECRET', WEBHOOK_SECRET)
  vi.stubEnv('RAZORPAY_SANDBOX_SECRET', '')
  vi.stubEnv('CONTEXT', '')
  vi.stubEnv('APP_ENV', '')
  // These tests create many orders from one client; the limit's own test lowers it again.
  vi.stubEnv('RATE_LIMIT_CREATE_ORDER', '10000/10m')
}

/** Razorpay mode with test keys and a webhook secret. */
export function stubRazorpayEnv(options: {production?: boolean} = {}): void {
  stubSandboxEnv()
  vi.stubEnv('RAZORPAY_KEY_ID', KEY_ID)
  vi.stubEnv('RAZORPAY_KEY_SECRET', KEY_SECRET)
  if (options.production) {
    vi.stubEnv('CONTEXT', 'production')
    vi.stubEnv('SITE_URL', 'https://www.example.com')
  }
}

type Handler = (request: Request, context: ReturnType<typeof testContext>) => Promise<Response>

export function jsonRequest(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', ...headers},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export async function call<T = any>(handler: Handler, request: Request): Promise<{status: number; body: T}> {
  const response = await handler(request, testContext())
  const text = await response.text()
  return {status: response.status, body: (text ? JSON.parse(text) : null) as T}
}

export const validForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ana Santos',
  email: 'ana@example.com',
  mobile: '+63 917 123 4567',
  trainingProgram: 'pre-sea-training',
  course: 'PSF',
  amount: 50,
  currency: 'USD',
  termsAccepted: true,
  ...overrides,
})

/** hex HMAC-SHA256 of `order|payment`, computed independently of the code under test. */
export const sign = (orderId: string, paymentId: string, secret = SANDBOX_SECRET) =>
  createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex')

export const webhookSignature = (raw: string, secret = WEBHOOK_SECRET) => createHmac('sha256', secret).update(raw).digest('hex')

export function webhookRequest(body: unknown, options: {eventId?: string; secret?: string; signature?: string | null} = {}): Request {
  const raw = JSON.stringify(body)
  const headers: Record<string, string> = {'content-type': 'application/json'}
  const signature = options.signature === undefined ? webhookSignature(raw, options.secret) : options.signature
  if (signature !== null) headers['x-razorpay-signature'] = signature
  if (options.eventId) headers['x-razorpay-event-id'] = options.eventId
  return new Request('http://localhost/api/razorpay/webhook', {method: 'POST', headers, body: raw})
}

let counter = 0
/** A fresh, well-formed payment id. */
export const paymentId = (prefix = 'pay_test') => `${prefix}_${Date.now().toString(36)}${(counter++).toString(36).padStart(4, '0')}`

/**
 * Registers what every payments test file needs: the test seed and a fresh Blobs server for
 * the file, the sandbox environment for each test, and clean stubs after it.
 */
export function usePaymentsTestEnvironment(): void {
  beforeAll(() => {
    useTestSeed()
  })
  useBlobs()
  afterAll(() => {
    delete process.env.SEED_FILE
  })
  beforeEach(() => stubSandboxEnv())
  afterEach(() => {
    vi.unstubAllEnvs()
    vi.restoreAllMocks()
  })
}

/**
 * The 200 body of POST /api/enroll/save for `record` paid by `paymentId`: the receipt
 * number stored on the record and the confirmation page's path with the record's key, written out
 * here rather than through schemas/rules/paths.ts so a wrong path builder fails the tests.
 */
export const savedAnswer = (record: {orderId: string; receiptNumber?: string; confirmationKey?: string}, paymentId: string) => ({
  status: 'paid',
  orderId: record.orderId,
  paymentId,
  receiptNumber: record.receiptNumber,
  confirmationUrl: `/enrolment/confirmation/${record.orderId}/${record.confirmationKey}`,
})
