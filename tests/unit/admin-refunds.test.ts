/**
 * The refund form's client call and checks (docs/requirements.md#req-refunds):
 * createRefund against a stubbed fetch (the path, the bearer and Idempotency-Key headers, the
 * body in minor units; 401 → UnauthorizedError; the server's 400/409/502/504 message; the
 * fallbacks for a 500, no answer and an unreadable answer) and the pure helpers of
 * ~/components/admin/refunds (the form's verdict, the sentences, who may be refunded, the key).
 */
import {afterEach, describe, expect, it, vi} from 'vitest'
import {stubFetch} from '../helpers/stub-fetch'
import {createRefund, REFUND_MESSAGES, refundsUrl, UnauthorizedError} from '~/components/admin/api'
import {
  amountInputText,
  canRefund,
  checkRefundForm,
  formatMinor,
  leftToRefund,
  newIdempotencyKey,
  paidMinorOf,
  refundAnnouncement,
  refundConfirmText,
  refundedSoFarText,
} from '~/components/admin/refunds'
import type {EnrolmentDetail, Refund} from '#schemas/contracts/admin'
import {IdempotencyKeySchema, RefundRequestSchema} from '#schemas/contracts/refunds'

afterEach(() => {
  vi.unstubAllGlobals()
})

const refund = (over: Partial<Refund> = {}): Refund => ({
  id: 'rf_0001',
  gatewayRefundId: 'rfnd_sandbox_0001',
  amount: 2500,
  currency: 'USD',
  reason: 'duplicate-payment',
  status: 'processed',
  by: 'admin@example.com',
  createdAt: '2026-11-24T09:00:00.000Z',
  ...over,
})

/** An enrolment as the API answers it (schemas/contracts/admin.ts EnrolmentDetailSchema). */
const enrolment = (over: Partial<EnrolmentDetail> = {}): EnrolmentDetail => ({
  orderId: 'order_sandbox_A',
  receipt: 'rcpt_1',
  status: 'partially-refunded',
  name: 'Maria Santos',
  email: 'maria@example.com',
  mobile: '+63 917 000 0001',
  trainingProgram: 'stcw-courses',
  trainingProgramName: 'STCW Courses',
  course: 'BST',
  courseName: 'Basic STCW',
  country: '',
  countryName: '',
  amount: 150,
  amountMinor: 15000,
  currency: 'USD',
  attachments: [],
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:05:00.000Z',
  mode: 'sandbox',
  history: [],
  refunds: [refund()],
  ...over,
})

const KEY = 'd7c1b0b4-3f57-4a57-9a3e-0c9e0d2b6f11'

describe('createRefund', () => {
  it('POSTs the amount in minor units with the bearer token and the Idempotency-Key, never from a cache', async () => {
    const answer = {refund: refund(), enrolment: enrolment()}
    const fetchMock = stubFetch(Response.json(answer, {status: 201}))
    expect(await createRefund('t0ken', 'order_sandbox_A', {amount: 2500, reason: 'duplicate-payment'}, KEY)).toEqual(answer)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/admin/enrollments/order_sandbox_A/refunds')
    expect(init).toMatchObject({method: 'POST', cache: 'no-store'})
    expect(init!.headers).toMatchObject({Authorization: 'Bearer t0ken', 'Content-Type': 'application/json', 'Idempotency-Key': KEY})
    const body = JSON.parse(String(init!.body)) as unknown
    expect(body).toEqual({amount: 2500, reason: 'duplicate-payment'})
    expect(RefundRequestSchema.safeParse(body).success).toBe(true)
  })

  it('encodes the order id in the path', () => {
    expect(refundsUrl('order/x y')).toBe('/api/admin/enrollments/order%2Fx%20y/refunds')
  })

  it('200 (the same key again) is a success too', async () => {
    const answer = {refund: refund(), enrolment: enrolment()}
    stubFetch(Response.json(answer, {status: 200}))
    expect(await createRefund('t', 'order_sandbox_A', {amount: 2500, reason: 'other'}, KEY)).toEqual(answer)
  })

  it('401 → UnauthorizedError', async () => {
    stubFetch(Response.json({error: 'Invalid or expired token'}, {status: 401}))
    await expect(createRefund('t', 'o', {amount: 1, reason: 'other'}, KEY)).rejects.toBeInstanceOf(UnauthorizedError)
  })

  it("400, 404, 409, 502 and 504 → the server's message", async () => {
    for (const [status, message] of [
      [400, 'The amount is more than can be refunded: at most $125 USD.'],
      [404, 'Enrolment not found'],
      [409, 'An enrolment that was never paid cannot be refunded.'],
      [502, 'The gateway refused the refund: insufficient balance. Nothing was changed.'],
      [504, 'The gateway did not answer in time. Nothing was changed.'],
    ] as const) {
      stubFetch(Response.json({error: message}, {status}))
      await expect(createRefund('t', 'o', {amount: 1, reason: 'other'}, KEY)).rejects.toThrow(message)
    }
  })

  it('a 500, or an error answer without a message → REFUND_MESSAGES.failed', async () => {
    for (const answer of [
      Response.json({error: 'Internal detail'}, {status: 500}),
      new Response('<html>Bad gateway</html>', {status: 502}),
      Response.json({error: ''}, {status: 400}),
    ]) {
      stubFetch(answer)
      await expect(createRefund('t', 'o', {amount: 1, reason: 'other'}, KEY)).rejects.toThrow(REFUND_MESSAGES.failed)
    }
  })

  it('no answer, or a success answer that cannot be read or does not fit the contract → REFUND_MESSAGES.noAnswer (the refund may have been made)', async () => {
    const answers = [
      new TypeError('Failed to fetch'),
      new Response('not json', {status: 201}),
      Response.json({refund: refund()}, {status: 201}),
      Response.json({refund: refund(), enrolment: {orderId: 'o', status: 'refunded'}}, {status: 201}),
      Response.json({refund: {...refund(), amount: '25.00'}, enrolment: enrolment()}, {status: 201}),
    ]
    for (const answer of answers) {
      stubFetch(answer)
      await expect(createRefund('t', 'o', {amount: 1, reason: 'other'}, KEY)).rejects.toThrow(REFUND_MESSAGES.noAnswer)
    }
  })
})

describe('the refund form', () => {
  const payment = {paidMinor: 15000, refunds: [refund({amount: 2500})], currency: 'USD'}

  it('sends the amount in minor units, the reason and the note normalised (none when empty)', () => {
    expect(checkRefundForm({amountText: '25.50', reason: 'course-cancelled', note: '  '}, payment)).toEqual({
      ok: true,
      request: {amount: 2550, reason: 'course-cancelled'},
    })
    expect(checkRefundForm({amountText: ' 125 ', reason: 'other', note: 'Paid twice\r\nby card '}, payment)).toEqual({
      ok: true,
      request: {amount: 12500, reason: 'other', note: 'Paid twice\nby card'},
    })
  })

  it('refuses an amount that is not money, more than is left, or nothing; then a missing reason; then a bad note', () => {
    const amountProblem = (amountText: string) => checkRefundForm({amountText, reason: 'other', note: ''}, payment)
    for (const text of ['', 'abc', '0', '25.505', '-5', '1e3', '25,50']) expect(amountProblem(text)).toMatchObject({ok: false, field: 'amount'})
    expect(amountProblem('125.01')).toEqual({ok: false, field: 'amount', message: 'The amount is more than can be refunded: at most $125 USD.'})
    expect(checkRefundForm({amountText: '1', reason: 'other', note: ''}, {...payment, refunds: [refund({amount: 15000})]})).toEqual({
      ok: false,
      field: 'amount',
      message: 'Nothing is left to refund: the payment has been refunded in full.',
    })
    expect(checkRefundForm({amountText: '10', reason: '', note: ''}, payment)).toEqual({
      ok: false,
      field: 'reason',
      message: 'Choose the reason for the refund.',
    })
    expect(checkRefundForm({amountText: '10', reason: 'other', note: 'x'.repeat(2001)}, payment)).toMatchObject({ok: false, field: 'note'})
    expect(checkRefundForm({amountText: '10', reason: 'other', note: 'tab\there'}, payment)).toMatchObject({ok: false, field: 'note'})
  })

  it('a failed refund no longer counts against the payment', () => {
    const refunds = [refund({amount: 15000, status: 'failed', failureReason: 'Card expired'})]
    expect(checkRefundForm({amountText: '150', reason: 'other', note: ''}, {...payment, refunds})).toMatchObject({ok: true, request: {amount: 15000}})
  })

  it('opens with what is left, in major units', () => {
    expect(amountInputText(12500)).toBe('125')
    expect(amountInputText(2550)).toBe('25.50')
    expect(amountInputText(5)).toBe('0.05')
  })
})

describe('who may be refunded, and the words', () => {
  const detail = {amount: 150, amountMinor: 15000, status: 'paid' as const, paidAt: '2026-11-24T09:05:00.000Z', refunds: [] as Refund[]}

  it('a paid enrolment with something left; never a pending one, a fully refunded one, or one cancelled before paying', () => {
    expect(canRefund(detail)).toBe(true)
    expect(leftToRefund({...detail, refunds: [refund({amount: 2500})]})).toBe(12500)
    expect(canRefund({...detail, status: 'pending', paidAt: undefined})).toBe(false)
    expect(canRefund({...detail, status: 'cancelled', paidAt: undefined})).toBe(false)
    expect(canRefund({...detail, status: 'cancelled'})).toBe(true)
    expect(canRefund({...detail, status: 'refunded', refunds: [refund({amount: 15000})]})).toBe(false)
    expect(canRefund({...detail, status: 'partially-refunded', refunds: [refund({amount: 2500})]})).toBe(true)
  })

  it('reads the payment from amountMinor, or from amount when a reply lacks it', () => {
    expect(paidMinorOf({amount: 150, amountMinor: 15000})).toBe(15000)
    expect(paidMinorOf({amount: 49.5} as {amount: number; amountMinor: number})).toBe(4950)
  })

  it('writes the totals, the question and the announcement with the cents rule', () => {
    expect(formatMinor(2550, 'usd')).toBe('$25.50 USD')
    expect(refundedSoFarText(15000, [], 'USD')).toBe('Refunded so far: $0 USD of $150 USD ($150 USD left).')
    expect(refundedSoFarText(15000, [refund({amount: 2500}), refund({amount: 1000, status: 'failed'})], 'USD')).toBe(
      'Refunded so far: $25 USD of $150 USD ($125 USD left).',
    )
    expect(refundedSoFarText(15000, [refund({amount: 15000})], 'USD')).toBe('Refunded so far: $150 USD of $150 USD (refunded in full).')
    expect(refundConfirmText(2500, 'USD', 'Maria Santos')).toBe('Refund $25 USD to Maria Santos? This cannot be undone.')
    expect(refundAnnouncement(refund({amount: 2550, status: 'pending'}))).toBe('Refund of $25.50 USD requested: Pending.')
  })

  it('makes a new Idempotency-Key each time, one the API accepts (also without crypto.randomUUID)', () => {
    const keys = new Set(Array.from({length: 20}, newIdempotencyKey))
    expect(keys.size).toBe(20)
    for (const key of keys) expect(IdempotencyKeySchema.safeParse(key).success).toBe(true)
    const real = globalThis.crypto
    vi.stubGlobal('crypto', {getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes)})
    const fallback = newIdempotencyKey()
    vi.unstubAllGlobals()
    expect(fallback).toMatch(/^[0-9a-f]{32}$/)
    expect(IdempotencyKeySchema.safeParse(fallback).success).toBe(true)
  })
})
