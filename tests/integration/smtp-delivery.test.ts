/**
 * the "done when", through the built site as `npm start` serves it (web/server.ts in a
 * child process): a sandbox payment over HTTP ends with the receipt (PDF attached) and the staff
 * notice delivered to a real SMTP server when SMTP_URL, MAIL_FROM and STAFF_EMAIL are set, and the
 * confirmation page the save answers is there, with its PDF. Without SMTP_URL (the embedded
 * default) the same payment leaves both messages queued in the outbox.
 */
import {afterAll, describe, expect, it} from 'vitest'
import {getStore} from '@netlify/blobs'
import {startServer, type ServerProcess} from '../helpers/server-process'
import {startSmtpSink, type SmtpSink} from '../helpers/smtp-sink'

const servers: ServerProcess[] = []
const sinks: SmtpSink[] = []
afterAll(async () => {
  await Promise.all([...servers.map((s) => s.stop()), ...sinks.map((s) => s.stop())])
})

/** The seed's name of course H2S. */
const COURSE = 'Hydrogen Sulfide (H2S) Safety Training'

const ENV = {RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '', CONTEXT: '', APP_ENV: '', SITE_URL: ''}

async function post(server: ServerProcess, path: string, body: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', origin: server.url},
    body: JSON.stringify(body),
  })
  return {status: response.status, body: (await response.json()) as Record<string, unknown>}
}

/** A sandbox payment through the site's API: create-order, the sandbox's signed payment, save. */
async function payThroughTheSite(server: ServerProcess, name: string) {
  const order = await post(server, '/api/enroll/create-order', {
    name,
    email: 'ravi.menon@example.com',
    mobile: '+91 98470 12345',
    trainingProgram: 'offshore-survival',
    course: 'H2S',
    amount: 300,
    currency: 'USD',
    termsAccepted: true,
  })
  expect(order.status, JSON.stringify(order.body)).toBe(200)
  const paid = await post(server, '/api/sandbox/pay', {orderId: order.body.id})
  expect(paid.status, JSON.stringify(paid.body)).toBe(200)
  const saved = await post(server, '/api/enroll/save', paid.body)
  expect(saved.status, JSON.stringify(saved.body)).toBe(200)
  return saved.body as {orderId: string; receiptNumber: string; confirmationUrl: string}
}

describe('the built site', () => {
  it('with SMTP_URL, MAIL_FROM and STAFF_EMAIL delivers the receipt and the staff notice through a real SMTP server', async () => {
    const sink = await startSmtpSink()
    sinks.push(sink)
    const server = await startServer({
      env: {...ENV, SMTP_URL: sink.url, MAIL_FROM: 'Maritime Training <no-reply@maritime-training.example>', STAFF_EMAIL: 'office@maritime-training.example'},
    })
    servers.push(server)
    const saved = await payThroughTheSite(server, 'Ravi Menon')
    expect(saved.receiptNumber).toMatch(/^MTC-\d{4}-\d{5}$/)

    const subjects = sink.messages.map((m) => m.subject).sort()
    expect(subjects).toEqual([`New enrolment ${saved.receiptNumber}: Ravi Menon, ${COURSE}`, `Receipt ${saved.receiptNumber}: ${COURSE}`].sort())
    const receipt = sink.messages.find((m) => m.subject.startsWith('Receipt'))!
    expect(receipt.envelope).toEqual({from: 'no-reply@maritime-training.example', to: ['ravi.menon@example.com']})
    expect(receipt.attachments[0]?.filename).toBe(`receipt-${saved.receiptNumber}.pdf`)
    expect(receipt.text).toContain(`${server.url}${saved.confirmationUrl}`)
    expect(sink.messages.find((m) => m.subject.startsWith('New enrolment'))?.envelope.to).toEqual(['office@maritime-training.example'])

    const page = await fetch(`${server.url}${saved.confirmationUrl}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toBe('no-store')
    const html = await page.text()
    for (const text of [
      'Enrolment confirmed',
      'Enrollment successful! We will contact you within 24 hours.',
      saved.receiptNumber,
      'USD 300.00',
      'Download receipt (PDF)',
    ])
      expect(html).toContain(text)
    const pdf = await fetch(`${server.url}${saved.confirmationUrl}/receipt.pdf`)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
  }, 60_000)

  it('without SMTP_URL keeps both messages queued in the outbox, and the payment is confirmed', async () => {
    const server = await startServer({env: {...ENV, SMTP_URL: ''}})
    servers.push(server)
    const saved = await payThroughTheSite(server, 'Mai Tran')
    const outbox = getStore({
      name: 'outbox',
      siteID: server.blobs.siteID,
      token: server.blobs.token,
      edgeURL: `http://localhost:${server.blobs.port}`,
      uncachedEdgeURL: `http://localhost:${server.blobs.port}`,
      consistency: 'strong',
    })
    for (const kind of ['receipt', 'enrolment-notice']) {
      expect(await outbox.get(`message/${kind}/${saved.receiptNumber}`, {type: 'json'}), kind).toMatchObject({status: 'queued', attempts: 0})
    }
    expect((await fetch(`${server.url}${saved.confirmationUrl}`)).status).toBe(200)
  }, 60_000)
})
