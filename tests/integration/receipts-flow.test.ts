/**
 * Receipts and e-mail end to end through the functions, over the Blobs emulation and a real SMTP server in
 * the test process (tests/helpers/smtp-sink.ts) receiving through nodemailer: a paid enrolment
 * gets one receipt (PDF attached, read back with pdftotext) and one staff notice; 50 orders paid at
 * once by save AND webhook get 50 consecutive receipt numbers, 50 receipts and 50 notices (with a
 * stub PDF renderer passed in: that test counts numbers and messages); an SMTP server that is
 * down loses nothing (the payment is confirmed, the mail waits and the scheduled job sends it);
 * a crash between "paid" and "queued" is finished by the job; the confirmation page and its
 * receipt answer 404 to a made-up key; an enquiry reaches staff with Reply-To the sender.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'
import contactFn from '#netlify/functions/contact'
import createOrder from '#netlify/functions/enrolment-create-order'
import save from '#netlify/functions/enrolment-save'
import outboxDelivery from '#netlify/functions/outbox-delivery'
import webhook from '#netlify/functions/razorpay-webhook'
import {getEnrolment, listEnrolments, markPaid} from '#netlify/services/enrolments/enrolments'
import {handle} from '#netlify/platform/http'
import {listOutbox, listOutboxRecords} from '#netlify/services/mail/outbox'
import {deliverDue} from '#netlify/services/mail/deliver'
import {saveEndpoint} from '#netlify/functions/enrolment-save'
import {webhookEndpoint} from '#netlify/functions/razorpay-webhook'
import {loader as confirmationLoader} from '~/routes/enrolment.confirmation.$orderId.$key'
import {loader as receiptLoader} from '~/routes/enrolment.confirmation.$orderId.$key.receipt[.]pdf'
import {closedPort, startSmtpSink, type SmtpSink} from '../helpers/smtp-sink'
import {stubPdf} from '../helpers/stub-pdf'
import {razorpayPaymentEvent} from '../mocks/razorpay'
import {call, jsonRequest, paymentId, sign, usePaymentsTestEnvironment, validForm, webhookRequest} from './payments-fixtures'

usePaymentsTestEnvironment()

const STAFF = ['admissions@maritime-training.example', 'office@maritime-training.example']
const RECEIPT_NUMBER = /^MTC-(\d{4})-(\d{5})$/

let sink: SmtpSink | null = null
beforeEach(() => {
  vi.stubEnv('MAIL_FROM', 'Maritime Training <no-reply@maritime-training.example>')
  vi.stubEnv('STAFF_EMAIL', STAFF.join(', '))
  vi.stubEnv('SITE_URL', 'https://www.example.com')
})
afterEach(async () => {
  await sink?.stop()
  sink = null
})

async function useSink(port = 0): Promise<SmtpSink> {
  sink = await startSmtpSink(port)
  vi.stubEnv('SMTP_URL', sink.url)
  return sink
}

async function newOrder(overrides: Record<string, unknown> = {}) {
  const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm(overrides)))
  expect(status, JSON.stringify(body)).toBe(200)
  return body as {id: string; amount: number}
}

const saveCall = (orderId: string, pay: string, handler: Handler = save) =>
  call(handler, jsonRequest('/api/enroll/save', {razorpay_order_id: orderId, razorpay_payment_id: pay, razorpay_signature: sign(orderId, pay)}))

type Handler = Parameters<typeof call>[0]
/** The save callback and the webhook as their functions run them, with the stub PDF renderer (for counting). */
const saveCounting = handle(saveEndpoint({renderReceiptPdf: stubPdf}))
const webhookCounting = handle(webhookEndpoint({renderReceiptPdf: stubPdf}))

/** The outbox messages about one receipt number. */
const outboxOf = async (receiptNumber: string) => (await listOutbox()).filter((m) => m.id.endsWith(`:${receiptNumber}`))

const runScheduledJob = () => call(outboxDelivery, new Request('http://localhost/.netlify/functions/outbox-delivery', {method: 'POST', body: '{}'}))

/**
 * Runs the job as its schedule would until every outbox message about `receiptNumbers` is sent.
 * On a loaded machine a send may time out (it then waits for its retry time) or fall after one
 * run's time budget: the next runs take them, at the latest retry time the messages name, as the
 * schedule would later. Fails on a message that ends `failed`.
 */
async function runScheduledJobUntilSent(receiptNumbers: readonly string[]) {
  await runScheduledJob()
  for (let run = 0; run < 20; run++) {
    const records = (await listOutboxRecords()).filter((r) => receiptNumbers.some((n) => r.id.endsWith(`:${n}`)))
    const failed = records.find((r) => r.status === 'failed')
    if (failed) throw new Error(`outbox message ${failed.id} failed: ${failed.lastError}`)
    if (records.length === receiptNumbers.length * 2 && records.every((r) => r.status === 'sent')) return
    const latest = Math.max(
      Date.now(),
      ...records.map((r) => Date.parse(r.nextAttemptAt)),
      ...records.map((r) => Date.parse(r.lease?.until ?? '')).filter(Number.isFinite),
    )
    await deliverDue({now: new Date(latest)})
  }
  throw new Error('the outbox still had messages unsent after 20 runs')
}

/** The text of a PDF, through poppler's pdftotext. */
function pdfText(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'receipt-')), 'receipt.pdf')
  writeFileSync(file, bytes)
  return execFileSync('pdftotext', ['-layout', file, '-'], {encoding: 'utf8'})
}

describe('a paid enrolment', () => {
  it('reaches the candidate as one receipt with its PDF and staff as one notice, and the save answers the confirmation page', async () => {
    const mail = await useSink()
    const order = await newOrder({name: 'Ravi Menon', email: 'ravi.menon@example.com', trainingProgram: 'offshore-survival', course: 'H2S', amount: 300})
    const pay = paymentId()
    const saved = await saveCall(order.id, pay)
    expect(saved.status).toBe(200)
    const record = await getEnrolment(order.id)
    const receiptNumber = record!.receiptNumber!
    expect(receiptNumber).toMatch(RECEIPT_NUMBER)
    expect(saved.body).toMatchObject({receiptNumber, confirmationUrl: `/enrolment/confirmation/${order.id}/${record!.confirmationKey}`})

    // A second save and a late webhook change nothing: still one receipt and one notice.
    expect((await saveCall(order.id, pay)).body.receiptNumber).toBe(receiptNumber)
    await call(
      webhook,
      webhookRequest(razorpayPaymentEvent('payment.captured', {id: pay, orderId: order.id, amount: order.amount}), {eventId: `evt_Late${Date.now()}`}),
    )
    await runScheduledJob()

    // (The job may also send what other tests left queued: only this payment's messages count.)
    const mine = mail.messages.filter((m) => m.subject.includes(receiptNumber))
    expect(mine).toHaveLength(2)
    const receipt = mine.find((m) => m.envelope.to.includes('ravi.menon@example.com'))!
    expect(receipt.subject).toBe(`Receipt ${receiptNumber}: ${record!.courseName}`)
    expect(receipt.text).toContain(`https://www.example.com/enrolment/confirmation/${order.id}/${record!.confirmationKey}`)
    expect(receipt.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`receipt-${receiptNumber}.pdf`, 'application/pdf']])
    const text = pdfText(receipt.attachments[0]!.content)
    for (const expected of [receiptNumber, 'Ravi Menon', 'ravi.menon@example.com', 'USD 300.00', pay, order.id, 'Sandbox (test) payment'])
      expect(text).toContain(expected)

    const notice = mine.find((m) => m !== receipt)!
    expect(notice.envelope.to.sort()).toEqual([...STAFF].sort())
    expect(notice.subject).toBe(`New enrolment ${receiptNumber}: Ravi Menon, ${record!.courseName}`)
    expect(notice.text).toContain('https://www.example.com/adminEnrollments')
    expect((await outboxOf(receiptNumber)).map((m) => [m.kind, m.status]).sort()).toEqual([
      ['enrolment-notice', 'sent'],
      ['receipt', 'sent'],
    ])
  })

  it('50 orders paid at once by save and webhook: 50 consecutive receipt numbers, 50 receipts, 50 notices', async () => {
    const mail = await useSink()
    const rendered = stubPdf.calls
    const orders = await Promise.all(Array.from({length: 50}, (_, i) => newOrder({email: `cadet${i}@example.com`})))
    const payments = orders.map((_, i) => paymentId(`pay_r${i}`))
    const calls = orders.flatMap((order, i) => {
      const viaSave = () => saveCall(order.id, payments[i]!, saveCounting)
      const event = razorpayPaymentEvent('order.paid', {id: payments[i]!, orderId: order.id, amount: order.amount})
      const viaWebhook = () => call(webhookCounting, webhookRequest(event, {eventId: `evt_Rcpt${i}x${Date.now().toString(36)}`}))
      return i % 2 ? [viaWebhook, viaSave] : [viaSave, viaWebhook]
    })
    for (const result of await Promise.all(calls.map((run) => run()))) expect(result.status, JSON.stringify(result.body)).toBe(200)
    const ids = new Set(orders.map((o) => o.id))
    const stored = (await listEnrolments()).filter((r) => ids.has(r.orderId))
    expect(stored).toHaveLength(50)
    const numbers = stored.map((r) => r.receiptNumber!)
    await runScheduledJobUntilSent(numbers)
    expect(new Set(numbers).size).toBe(50)
    const sequences = numbers.map((n) => Number(RECEIPT_NUMBER.exec(n)![2])).sort((a, b) => a - b)
    expect(sequences).toEqual(Array.from({length: 50}, (_, i) => sequences[0]! + i))

    const ours = (prefix: string) => mail.messages.filter((m) => numbers.some((n) => m.subject.startsWith(`${prefix} ${n}:`)))
    const receipts = ours('Receipt')
    const notices = ours('New enrolment')
    expect(new Set(receipts.map((m) => m.subject.split(':')[0])).size).toBe(50)
    expect(new Set(notices.map((m) => m.subject.split(':')[0])).size).toBe(50)
    // SMTP has no exactly-once: a send that timed out on a loaded machine after the server took it
    // is sent again by its retry. Only such a message may arrive twice.
    const records = await listOutboxRecords()
    for (const [prefix, kind, got] of [
      ['Receipt', 'receipt', receipts],
      ['New enrolment', 'enrolment-notice', notices],
    ] as const) {
      for (const number of numbers) {
        const copies = got.filter((m) => m.subject.startsWith(`${prefix} ${number}:`)).length
        const record = records.find((r) => r.id === `${kind}:${number}`)!
        expect(record.status).toBe('sent')
        if (copies > 1) expect(record.attempts, `${kind}:${number} arrived ${copies} times`).toBeGreaterThan(1)
      }
    }
    // Every receipt's PDF came from the renderer passed in (a save and a webhook racing for one
    // order may both render it before the outbox keeps the first).
    expect(stubPdf.calls - rendered).toBeGreaterThanOrEqual(50)
    for (const receipt of receipts) expect(receipt.attachments.map((a) => a.contentType)).toEqual(['application/pdf'])
  }, 180_000)
})

describe('faults', () => {
  it('SMTP down: the payment is saved and confirmed, the mail waits in the outbox, and the scheduled job sends it once the server is back', async () => {
    const port = await closedPort()
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`)
    const order = await newOrder()
    const pay = paymentId()
    const saved = await saveCall(order.id, pay)
    expect(saved.status).toBe(200)
    const receiptNumber = saved.body.receiptNumber as string
    expect(receiptNumber).toMatch(RECEIPT_NUMBER)
    const waiting = await outboxOf(receiptNumber)
    expect(waiting).toHaveLength(2)
    for (const message of waiting) {
      expect(message.status).toBe('queued')
      expect(message.attempts).toBe(1)
      expect(message.lastError).toBeTruthy()
    }

    const mail = await startSmtpSink(port)
    sink = mail
    // The retry is due after the backoff (1 minute after the first attempt).
    vi.useFakeTimers({now: Date.now() + 2 * 60_000, toFake: ['Date']})
    try {
      expect((await runScheduledJob()).body.delivery.sent).toBeGreaterThanOrEqual(2)
    } finally {
      vi.useRealTimers()
    }
    expect(
      mail.messages
        .filter((m) => m.subject.includes(receiptNumber))
        .map((m) => m.subject.split(' ')[0])
        .sort(),
    ).toEqual(['New', 'Receipt'])
    expect((await outboxOf(receiptNumber)).map((m) => m.status)).toEqual(['sent', 'sent'])
  })

  it('a crash between marking paid and queuing the mail: the scheduled job gives the receipt number and queues both messages', async () => {
    vi.stubEnv('SMTP_URL', '')
    const order = await newOrder()
    await markPaid(order.id, paymentId(), 'callback')
    expect((await getEnrolment(order.id))?.receiptNumber).toBeUndefined()
    const job = await runScheduledJob()
    expect(job.body).toMatchObject({delivery: {configured: false}})
    expect(job.body.issued).toBeGreaterThanOrEqual(1)
    const record = await getEnrolment(order.id)
    const receiptNumber = record!.receiptNumber!
    expect(receiptNumber).toMatch(RECEIPT_NUMBER)
    expect((await outboxOf(receiptNumber)).map((m) => [m.kind, m.status]).sort()).toEqual([
      ['enrolment-notice', 'queued'],
      ['receipt', 'queued'],
    ])
    // Running again changes nothing.
    expect((await runScheduledJob()).body).toMatchObject({issued: 0})
    expect(await outboxOf(receiptNumber)).toHaveLength(2)
    expect((await getEnrolment(order.id))?.receiptNumber).toBe(receiptNumber)
  })

  it('a name with CR/LF is refused when the order is created (400), so it can never reach a notice header', async () => {
    const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({name: 'Ravi\r\nBcc: victim@example.com'})))
    expect(status).toBe(400)
    expect(JSON.stringify(body)).toContain('Please enter your name on one line')
  })

  it('an order that is never paid uses no receipt number and queues nothing', async () => {
    vi.stubEnv('SMTP_URL', '')
    const order = await newOrder()
    const before = (await listOutbox()).length
    await runScheduledJob()
    expect((await getEnrolment(order.id))?.receiptNumber).toBeUndefined()
    expect(await listOutbox()).toHaveLength(before)
  })
})

describe('the confirmation page and its receipt', () => {
  const args = (orderId: string, key: string) => ({params: {orderId, key}, request: new Request('http://localhost/'), context: {}})
  const status = async (run: () => Promise<unknown>) => {
    try {
      const answer = await run()
      return answer instanceof Response ? answer.status : 200
    } catch (thrown) {
      return thrown instanceof Response ? thrown.status : 500
    }
  }

  it('answers the paid enrolment for its key, and 404 for a wrong key, an unknown or an unpaid order', async () => {
    vi.stubEnv('SMTP_URL', '')
    const order = await newOrder({name: 'Ravi Menon'})
    const pending = await newOrder()
    await saveCall(order.id, paymentId())
    const record = (await getEnrolment(order.id))!
    const key = record.confirmationKey!
    expect(await status(() => confirmationLoader(args(order.id, key)))).toBe(200)
    expect(await status(() => confirmationLoader(args(order.id, `${key.slice(0, -1)}${key.endsWith('A') ? 'B' : 'A'}`)))).toBe(404)
    expect(await status(() => confirmationLoader(args('order_sandbox_nosuchorder00', key)))).toBe(404)
    const pendingKey = (await getEnrolment(pending.id))!.confirmationKey!
    expect(await status(() => confirmationLoader(args(pending.id, pendingKey)))).toBe(404)

    const pdf = (await receiptLoader(args(order.id, key))) as Response
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="receipt-${record.receiptNumber}.pdf"`)
    expect(pdf.headers.get('cache-control')).toBe('no-store')
    expect(pdfText(new Uint8Array(await pdf.arrayBuffer()))).toContain(record.receiptNumber!)
    expect(((await receiptLoader(args(order.id, 'A'.repeat(22)))) as Response).status).toBe(404)
  })
})

describe('a contact enquiry', () => {
  const contact = (body: Record<string, unknown>) =>
    call(contactFn, new Request('http://localhost/api/contact', {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)}))
  const enquiry = {name: 'Lena Okafor', email: 'lena@example.com', phone: '', subject: 'Course Information', message: 'Which dates\nare open in March?'}

  it('reaches staff with Reply-To the sender; nothing is sent to the sender', async () => {
    const mail = await useSink()
    expect((await contact(enquiry)).status).toBe(200)
    expect(mail.messages).toHaveLength(1)
    const [notice] = mail.messages
    expect(notice!.envelope.to.sort()).toEqual([...STAFF].sort())
    expect(notice!.subject).toBe('Enquiry: Course Information from Lena Okafor')
    expect(notice!.header('reply-to')).toContain('lena@example.com')
    expect(notice!.text).toContain('are open in March?')
  })

  it('CR/LF in the name is refused at the form (400), never a header', async () => {
    const mail = await useSink()
    const answer = await contact({...enquiry, name: 'Lena\r\nBcc: victim@example.com'})
    expect(answer.status).toBe(400)
    expect(mail.messages).toHaveLength(0)
  })
})
