/**
 * INR where the content has an INR price (docs/requirements.md#req-inr), through the
 * functions over Netlify's Blobs emulation: create-order in INR through the real `razorpay` SDK
 * against msw (the order request carries currency INR and the amount in paise) and through the
 * sandbox; a currency the course has no price in is a 400 naming `currency` and creates nothing;
 * the paid INR enrolment's confirmation page, receipt PDF and receipt e-mail show ₹45,000.00; a
 * refund of an INR payment goes to Razorpay in paise; the admin list, its CSV and Total Revenue
 * keep the currencies apart.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {http, HttpResponse} from 'msw'
import {describe, expect, it, vi} from 'vitest'
import list from '#netlify/functions/admin-enrolments'
import refunds from '#netlify/functions/admin-enrolment-refunds'
import createOrder from '#netlify/functions/enrolment-create-order'
import save from '#netlify/functions/enrolment-save'
import sandboxPay from '#netlify/functions/sandbox-pay'
import {getEnrolment, listEnrolments} from '#netlify/services/enrolments/enrolments'
import {getOutboxRecord} from '#netlify/services/mail/outbox'
import {formatPerCurrency} from '#schemas/rules/format'
import {loader as confirmationLoader} from '~/routes/enrolment.confirmation.$orderId.$key'
import {loader as receiptLoader} from '~/routes/enrolment.confirmation.$orderId.$key.receipt[.]pdf'
import {RAZORPAY_API, razorpayCreateOrderHandler, razorpayPaymentEvent, type RecordedOrderRequest} from '../mocks/razorpay'
import {callAs, getRequest, loginToken} from './admin-fixtures'
import {useGatewayTestSetup} from './gateway-fixtures'
import {call, jsonRequest, KEY_SECRET, paymentId, sign, stubRazorpayEnv, validForm, webhookRequest} from './payments-fixtures'
import webhook from '#netlify/functions/razorpay-webhook'

const server = useGatewayTestSetup()

/** BOSIET: $450, and ₹45,000 in the seed content. */
const BOSIET = {trainingProgram: 'offshore-survival', course: 'BOSIET'}

const orderRequest = (form: Record<string, unknown>) => jsonRequest('/api/enroll/create-order', validForm(form))

/** The text of a PDF, through poppler's pdftotext. */
function pdfText(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'receipt-inr-')), 'receipt.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-'], {encoding: 'utf8'})
}

describe('create-order in INR', () => {
  it('through the razorpay SDK: the order request carries currency INR and the amount in paise; the enrolment keeps the currency', async () => {
    stubRazorpayEnv()
    const log: RecordedOrderRequest[] = []
    server.use(razorpayCreateOrderHandler(log))
    const {status, body} = await call(createOrder, orderRequest({...BOSIET, amount: 45000, currency: 'INR'}))
    expect(status, JSON.stringify(body)).toBe(200)
    expect(log).toHaveLength(1)
    expect(log[0]!.body).toMatchObject({amount: 4_500_000, currency: 'INR'})
    expect(body).toMatchObject({amount: 4_500_000, currency: 'INR', mode: 'razorpay'})
    expect(await getEnrolment(body.id)).toMatchObject({status: 'pending', amount: 45000, amountMinor: 4_500_000, currency: 'INR', mode: 'razorpay'})

    // Paid with Razorpay's signature: the record stays in INR.
    const pay = paymentId()
    const saved = await call(
      save,
      jsonRequest('/api/enroll/save', {razorpay_order_id: body.id, razorpay_payment_id: pay, razorpay_signature: sign(body.id, pay, KEY_SECRET)}),
    )
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(await getEnrolment(body.id)).toMatchObject({status: 'paid', amount: 45000, amountMinor: 4_500_000, currency: 'INR'})
  })

  it('the same course in USD (the default) still costs $450: one rule, two prices from the content, no exchange rate', async () => {
    stubRazorpayEnv()
    const log: RecordedOrderRequest[] = []
    server.use(razorpayCreateOrderHandler(log))
    const {currency: _, ...withoutCurrency} = validForm({...BOSIET, amount: 450})
    const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', withoutCurrency))
    expect(status, JSON.stringify(body)).toBe(200)
    expect(log[0]!.body).toMatchObject({amount: 45000, currency: 'USD'})
  })

  it('a currency the course has no price in is 400 naming `currency`; nothing is ordered or stored', async () => {
    stubRazorpayEnv()
    const log: RecordedOrderRequest[] = []
    server.use(razorpayCreateOrderHandler(log))
    const before = (await listEnrolments()).length
    const cases = [
      // No INR price in the content.
      {trainingProgram: 'offshore-survival', course: 'H2S', amount: 300, currency: 'INR'},
      // The cadetship installments and the competency fee table are USD only.
      {trainingProgram: 'cadetship-training', course: 'deck-cadet', amount: 3500, currency: 'INR'},
      {trainingProgram: 'competency-training', course: 'CDC', country: 'vietnam', amount: 125, currency: 'INR'},
    ]
    for (const form of cases) {
      const {status, body} = await call(createOrder, orderRequest(form))
      expect(status, form.course).toBe(400)
      expect(body).toEqual({
        error: 'This course has no price in INR: choose USD as the currency, or contact us.',
        details: {currency: ['This course has no price in INR: choose USD as the currency, or contact us.']},
      })
    }
    const unknown = await call(createOrder, orderRequest({...BOSIET, amount: 450, currency: 'EUR'}))
    expect(unknown.status).toBe(400)
    expect(unknown.body.details.currency).toEqual(['Please choose a currency: USD or INR.'])
    // The USD amount sent as INR (or the other way round) is refused with the price in that currency.
    const wrong = await call(createOrder, orderRequest({...BOSIET, amount: 450, currency: 'INR'}))
    expect(wrong).toMatchObject({status: 400, body: {error: 'The amount does not match the course price (expected ₹45,000.00 INR)'}})
    const wrongUsd = await call(createOrder, orderRequest({...BOSIET, amount: 45000, currency: 'USD'}))
    expect(wrongUsd).toMatchObject({status: 400, body: {error: 'The amount does not match the course price (expected $450 USD)'}})
    expect(log).toHaveLength(0)
    expect((await listEnrolments()).length).toBe(before)
  })
})

describe('an INR payment in the sandbox', () => {
  const args = (orderId: string, key: string) => ({params: {orderId, key}, request: new Request('http://localhost/'), context: {}})

  it('is confirmed, receipted (page, PDF and e-mail) and listed in INR: ₹45,000.00', async () => {
    const created = await call(createOrder, orderRequest({...BOSIET, name: 'Priya Nair', email: 'priya@example.com', amount: 45000, currency: 'INR'}))
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    expect(created.body).toMatchObject({amount: 4_500_000, currency: 'INR', mode: 'sandbox'})
    const paid = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: created.body.id}))
    expect(paid.status).toBe(200)
    const saved = await call(save, jsonRequest('/api/enroll/save', paid.body))
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)

    const record = (await getEnrolment(created.body.id))!
    expect(record).toMatchObject({status: 'paid', currency: 'INR', amount: 45000, amountMinor: 4_500_000})
    const key = record.confirmationKey!
    const page = (await confirmationLoader(args(record.orderId, key))) as unknown as {data: {amount: string}}
    expect(page.data.amount).toBe('₹45,000.00')
    const pdf = (await receiptLoader(args(record.orderId, key))) as Response
    expect(pdf.status).toBe(200)
    const text = pdfText(new Uint8Array(await pdf.arrayBuffer()))
    expect(text).toContain('₹45,000.00')
    expect(text).not.toContain('USD')

    for (const id of [`receipt:${record.receiptNumber}`, `enrolment-notice:${record.receiptNumber}`]) {
      const message = await getOutboxRecord(id)
      expect(message?.text, id).toContain('Amount paid: ₹45,000.00')
      expect(message?.html, id).toContain('₹45,000.00')
    }
  })
})

describe('refunds of an INR payment', () => {
  it('go to Razorpay in paise, through the SDK', async () => {
    stubRazorpayEnv()
    const token = await loginToken()
    const created = await call(createOrder, orderRequest({...BOSIET, amount: 45000, currency: 'INR'}))
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const pay = paymentId()
    const event = razorpayPaymentEvent('payment.captured', {id: pay, orderId: created.body.id, amount: 4_500_000, currency: 'INR'})
    expect((await call(webhook, webhookRequest(event, {eventId: `evt_${pay}`}))).status).toBe(200)
    expect((await getEnrolment(created.body.id))?.status).toBe('paid')

    const seen: Record<string, unknown>[] = []
    server.use(
      http.post(`${RAZORPAY_API}/payments/:paymentId/refund`, async ({request, params}) => {
        const body = (await request.json()) as Record<string, unknown>
        seen.push(body)
        return HttpResponse.json({
          id: 'rfnd_InrTest0000001',
          entity: 'refund',
          amount: body.amount,
          currency: 'INR',
          payment_id: params.paymentId,
          notes: body.notes,
          status: 'processed',
          created_at: 1_700_000_000,
        })
      }),
    )
    const refund = await callAs(
      refunds,
      new Request(`http://localhost/api/admin/enrollments/${created.body.id}/refunds`, {
        method: 'POST',
        headers: {'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': `key-inr-${pay}`},
        // ₹5,000.50 in paise.
        body: JSON.stringify({amount: 500_050, reason: 'course-cancelled'}),
      }),
      {params: {orderId: created.body.id}},
    )
    expect(refund.status, JSON.stringify(refund.body)).toBe(201)
    expect(seen).toEqual([expect.objectContaining({amount: 500_050})])
    expect(refund.body.enrolment.status).toBe('partially-refunded')
  })
})

describe('the admin list, its CSV and Total Revenue', () => {
  it('carry the paid currency and keep the currencies apart', async () => {
    vi.stubEnv('SMTP_URL', '')
    const token = await loginToken()
    const payInSandbox = async (form: Record<string, unknown>) => {
      const created = await call(createOrder, orderRequest(form))
      expect(created.status, JSON.stringify(created.body)).toBe(200)
      const paid = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: created.body.id}))
      expect((await call(save, jsonRequest('/api/enroll/save', paid.body))).status).toBe(200)
      return created.body.id as string
    }
    const inr = await payInSandbox({...BOSIET, name: 'Revenue Inr', amount: 45000, currency: 'INR'})
    const usd = await payInSandbox({...BOSIET, name: 'Revenue Usd', amount: 450})
    const shipManagement = await payInSandbox({
      trainingProgram: 'value-added-courses',
      course: 'Ship Management',
      name: 'Revenue Inr Two',
      amount: 55000,
      currency: 'INR',
    })

    const result = await callAs(list, getRequest('/api/admin/enrollments?status=all', token))
    expect(result.status).toBe(200)
    const rows = (result.body as any[]).filter((row) => [inr, usd, shipManagement].includes(row.orderId))
    rows.sort((a, b) => a.name.localeCompare(b.name))
    expect(rows.map((row) => [row.name, row.amount, row.currency])).toEqual([
      ['Revenue Inr', 45000, 'INR'],
      ['Revenue Inr Two', 55000, 'INR'],
      ['Revenue Usd', 450, 'USD'],
    ])
    const paged = await callAs(list, getRequest('/api/admin/enrollments?page=1&pageSize=100&status=all&q=revenue', token))
    expect(paged.status).toBe(200)
    expect(paged.body.rows.map((row: {orderId: string}) => row.orderId).sort()).toEqual([inr, usd, shipManagement].sort())
    expect(paged.body.summary.revenue).toEqual({USD: 450, INR: 100000})
    expect(formatPerCurrency(paged.body.summary.revenue)).toBe('USD 450.00 · INR 1,00,000.00')

    const exported = await callAs<string>(list, getRequest('/api/admin/enrollments?format=csv&status=all&q=revenue&sort=name', token))
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const lines = exported.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/)
    const header = lines[0]!.split(',')
    const amountAt = header.indexOf('Amount')
    expect(header[amountAt + 1]).toBe('Currency')
    expect(lines.slice(1).map((line: string) => line.split(',').slice(amountAt, amountAt + 2))).toEqual([
      ['45000', 'INR'],
      ['55000', 'INR'],
      ['450', 'USD'],
    ])
  })
})
