/**
 * Cadetship installments (docs/requirements.md#req-installments): POST
 * /api/admin/enrollments/:orderId/installments/:number/link through the sandbox (the local
 * payment-link page's pay) and through the real `razorpay` SDK against msw (POST
 * /v1/payment_links), the rules (400 / 404 / 409, one link at a time, paid once — also when two
 * requests race), the payment_link webhooks (paid, de-duplicated, bad signature 400, unknown link,
 * amount mismatch flagged, expired), the receipts and e-mails in the outbox.
 */
import {http, HttpResponse} from 'msw'
import {describe, expect, it} from 'vitest'
import enrolmentDetail from '#netlify/functions/admin-enrolment'
import linkFn from '#netlify/functions/admin-enrolment-installment-link'
import createOrder from '#netlify/functions/enrolment-create-order'
import webhook from '#netlify/functions/razorpay-webhook'
import sandboxPayLink from '#netlify/functions/sandbox-pay-link'
import {listIndexedEnrolments} from '#netlify/services/enrolments/index-store'
import {getEnrolment} from '#netlify/services/enrolments/enrolments'
import {netRevenueMinor} from '#schemas/rules/revenue'
import {requestInstallmentLink} from '#netlify/services/installments/installments'
import {getOutboxRecord, listOutbox} from '#netlify/services/mail/outbox'
import {listWebhookLog} from '#netlify/services/payments/webhook-log'
import {PAYMENT_LINK_EXPIRY_SECONDS} from '#schemas/rules/installments'
import {RECEIPT_NUMBER_PATTERN} from '#schemas/rules/receipt-number'
import {InstallmentLinkResponseSchema} from '#schemas/contracts/installments'
import {RAZORPAY_API, razorpayPaymentEvent, razorpayPaymentLinkEvent, razorpayPaymentLinkHandler, type RecordedLinkRequest} from '../mocks/razorpay'
import {testContext} from '../helpers/blobs'
import {gatewayTimingOut, useGatewayTestSetup} from './gateway-fixtures'
import {ADMIN_ACCOUNT, ADMIN_EMAIL, callAs, getRequest, loginToken} from './admin-fixtures'
import {call, jsonRequest, KEY_ID, KEY_SECRET, paymentId, stubRazorpayEnv, validForm, webhookRequest} from './payments-fixtures'

const server = useGatewayTestSetup()

/** `termsAccepted`: ignored today, required by create-order once the terms checkbox lands. */
const CADETSHIP = {trainingProgram: 'cadetship-training', course: 'deck-cadet', amount: 3500, termsAccepted: true}

/** A cadetship order, paid (by a payment.captured webhook) unless `paid: false`. */
async function cadetOrder(options: {paid?: boolean; form?: Record<string, unknown>} = {}): Promise<{id: string; amount: number}> {
  const created = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm(options.form ?? CADETSHIP)))
  expect(created.status, JSON.stringify(created.body)).toBe(200)
  const order = created.body as {id: string; amount: number}
  if (options.paid !== false) {
    const pay = paymentId()
    const event = razorpayPaymentEvent('payment.captured', {id: pay, orderId: order.id, amount: order.amount})
    expect((await call(webhook, webhookRequest(event, {eventId: `evt_${pay}`}))).status).toBe(200)
    expect((await getEnrolment(order.id))?.status).toBe('paid')
  }
  return order
}

const requestLink = (orderId: string, number: string | number, token: string | null, body?: string) =>
  callAs(
    linkFn,
    new Request(`http://localhost/api/admin/enrollments/${orderId}/installments/${number}/link`, {
      method: 'POST',
      headers: {...(token ? {authorization: `Bearer ${token}`} : {}), ...(body !== undefined ? {'content-type': 'application/json'} : {})},
      ...(body !== undefined ? {body} : {}),
    }),
    {params: {orderId, number: String(number)}},
  )

const detailOf = async (orderId: string, token: string) =>
  (await callAs(enrolmentDetail, getRequest(`/api/admin/enrollments/${orderId}`, token), {params: {orderId}})).body

const payLink = async (linkId: string, outcome: 'pay' | 'fail') => {
  const response = await sandboxPayLink(jsonRequest(`/api/sandbox/payment-links/${linkId}/pay`, {outcome}), testContext({linkId}))
  return {status: response.status, body: await response.json()}
}

const outboxOf = async (prefix: string) => (await listOutbox()).filter((m) => m.id.startsWith(prefix))

describe('installment links through the sandbox', () => {
  it('staff request installment 2: a link, the e-mail; paying it on the local page marks it paid with a receipt; the rules refuse a second link', async () => {
    const token = await loginToken()
    const order = await cadetOrder()

    const detail = await detailOf(order.id, token)
    expect(detail.installments.map((i: {number: number; state: string; feeUsd: number}) => [i.number, i.state, i.feeUsd])).toEqual([
      [1, 'paid', 3500],
      [2, 'due', 2500],
      [3, 'due', 2500],
    ])
    expect(detail.installments[0].receiptNumber).toBe(detail.receiptNumber)

    const made = await requestLink(order.id, 2, token)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    const answer = InstallmentLinkResponseSchema.parse(made.body)
    expect(answer.installment).toMatchObject({number: 2, state: 'requested', label: '2nd Installment', duration: '3 months', amountMinor: 250000})
    expect(answer.installment.linkUrl).toMatch(/^http:\/\/localhost:\d+\/pay\/link\/plink_sandbox_[A-Za-z0-9]{14}$/)
    const linkId = answer.installment.linkId!
    const stored = (await getEnrolment(order.id))!.installmentLinks!
    expect(stored).toEqual([
      expect.objectContaining({number: 2, referenceId: `${order.id}-i2`, status: 'requested', amountMinor: 250000, currency: 'USD', by: ADMIN_ACCOUNT, linkId}),
    ])
    expect(Date.parse(stored[0]!.expireBy) - Date.parse(stored[0]!.createdAt)).toBe(PAYMENT_LINK_EXPIRY_SECONDS * 1000)
    expect(answer.enrolment.history.at(-1)).toMatchObject({by: ADMIN_ACCOUNT, note: `Payment link for the 2nd installment of 3 (USD 2,500.00): ${linkId}`})

    // The candidate's e-mail with the link, once.
    const mails = await outboxOf(`installment-link:${order.id}`)
    expect(mails.map((m) => m.id)).toEqual([`installment-link:${order.id}-i2`])
    expect(mails[0]!.subject).toBe('Payment link: 2nd installment of 3, Deck Cadet Program')
    expect(mails[0]!.to).toEqual(['ana@example.com'])
    expect((await getOutboxRecord(mails[0]!.id))?.text).toContain(answer.installment.linkUrl)

    // While it is open: 409, nothing new.
    const again = await requestLink(order.id, 2, token)
    expect(again.status).toBe(409)
    expect(again.body.error).toBe('A payment link for this installment is already open: it must be paid or expire before a new one is sent.')
    expect((await getEnrolment(order.id))!.installmentLinks).toHaveLength(1)

    // "Fail payment" changes nothing.
    const failed = await payLink(linkId, 'fail')
    expect(failed).toMatchObject({status: 200, body: {status: 'failed', error: {code: 'BAD_REQUEST_ERROR'}}})
    expect((await detailOf(order.id, token)).installments[1].state).toBe('requested')

    // "Pay": the payment_link.paid path — paid, a receipt number of its own, the receipt e-mail.
    const paid = await payLink(linkId, 'pay')
    expect(paid.status, JSON.stringify(paid.body)).toBe(200)
    expect(paid.body).toMatchObject({
      status: 'paid',
      paymentId: expect.stringMatching(/^pay_sandbox_/),
      receiptNumber: expect.stringMatching(RECEIPT_NUMBER_PATTERN),
    })
    const after = await detailOf(order.id, token)
    expect(after.installments[1]).toMatchObject({state: 'paid', receiptNumber: paid.body.receiptNumber})
    expect(after.installments[1].receiptNumber).not.toBe(after.receiptNumber)
    const receipt = await getOutboxRecord(`receipt:${paid.body.receiptNumber}`)
    expect(receipt?.to).toEqual(['ana@example.com'])
    expect(receipt?.text).toContain('Deck Cadet Program (2nd installment of 3)')
    expect(receipt?.text).toContain('USD 2,500.00')
    expect(receipt?.attachments).toHaveLength(1)
    // Staff hear of it too, under the installment's own receipt number.
    const notice = await getOutboxRecord(`enrolment-notice:${paid.body.receiptNumber}`)
    const enrolmentNotice = await getOutboxRecord(`enrolment-notice:${after.receiptNumber}`)
    expect(notice?.to).toEqual(enrolmentNotice?.to)
    expect(notice?.subject).toBe(`Installment paid ${paid.body.receiptNumber}: Ana Santos, Deck Cadet Program (2nd installment of 3)`)
    expect(notice?.text).toContain('USD 2,500.00')
    expect(notice?.text).toContain('2nd installment of 3')
    expect((await listWebhookLog()).find((e) => e.orderId === order.id && e.type === 'payment_link.paid')).toMatchObject({result: 'processed'})

    // Paid once: a new link is refused; the page's pay is refused too.
    const paidAgain = await requestLink(order.id, 2, token)
    expect(paidAgain.status).toBe(409)
    expect(paidAgain.body.error).toBe('This installment is already paid.')
    expect((await payLink(linkId, 'pay')).status).toBe(409)

    // Installment 3 is independent.
    const third = await requestLink(order.id, '3', token, '{}')
    expect(third.status).toBe(201)
    expect(third.body.installment).toMatchObject({number: 3, state: 'requested'})
  })

  it('refuses: no token 401; unknown order 404; not a cadetship or a bad number 400; installment 1 unpaid 409; a body that is not {} 400', async () => {
    const token = await loginToken()
    expect((await requestLink('order_sandbox_AAAAAAAAAAAAAA', 2, null)).status).toBe(401)
    expect((await requestLink('order_sandbox_AAAAAAAAAAAAAA', 2, token)).status).toBe(404)
    expect((await requestLink('not-an-order', 2, token)).status).toBe(404)

    const other = await cadetOrder({form: {termsAccepted: true}})
    const notCadet = await requestLink(other.id, 2, token)
    expect(notCadet.status).toBe(400)
    expect(notCadet.body.error).toBe('Installments are only for cadetship enrolments.')

    const order = await cadetOrder()
    for (const number of ['1', '4', '0', 'x', '2.5']) {
      const bad = await requestLink(order.id, number, token)
      expect(bad.status, number).toBe(400)
      expect(bad.body.error).toBe('The installment must be a number from 2 to 3.')
    }
    expect((await requestLink(order.id, 2, token, '{"amount": 1}')).status).toBe(400)

    const unpaid = await cadetOrder({paid: false})
    const early = await requestLink(unpaid.id, 2, token)
    expect(early.status).toBe(409)
    expect(early.body.error).toBe('The 1st installment is not paid yet: the enrolment must be paid before the next installment is requested.')
    expect((await getEnrolment(unpaid.id))?.installmentLinks).toBeUndefined()
  })

  it('two requests at once make one link and one e-mail: the other is 409', async () => {
    const token = await loginToken()
    const order = await cadetOrder()
    const answers = await Promise.all([requestLink(order.id, 2, token), requestLink(order.id, 2, token), requestLink(order.id, 2, token)])
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409])
    const links = (await getEnrolment(order.id))!.installmentLinks!
    expect(links).toHaveLength(1)
    expect(links[0]!.status).toBe('requested')
    expect(await outboxOf(`installment-link:${order.id}`)).toHaveLength(1)
  })

  it('a link past its expiry shows expired; "Send a new link" makes the next one with its own reference id', async () => {
    const token = await loginToken()
    const order = await cadetOrder()
    const longAgo = new Date(Date.now() - (PAYMENT_LINK_EXPIRY_SECONDS + 60) * 1000)
    const old = await requestInstallmentLink(order.id, 2, {account: ADMIN_EMAIL, now: longAgo})
    expect((await detailOf(order.id, token)).installments[1]).toMatchObject({state: 'expired', linkId: old.link.linkId})
    // Its page no longer pays.
    expect((await payLink(old.link.linkId!, 'pay')).status).toBe(409)

    const fresh = await requestLink(order.id, 2, token)
    expect(fresh.status).toBe(201)
    expect(fresh.body.installment.state).toBe('requested')
    expect((await getEnrolment(order.id))!.installmentLinks!.map((l) => l.referenceId)).toEqual([`${order.id}-i2`, `${order.id}-i2-2`])
    expect((await outboxOf(`installment-link:${order.id}`)).map((m) => m.id).sort()).toEqual([
      `installment-link:${order.id}-i2`,
      `installment-link:${order.id}-i2-2`,
    ])
  })
})

describe('installment links through the razorpay SDK (msw) and the payment_link webhooks', () => {
  async function razorpayLink() {
    stubRazorpayEnv()
    const log: RecordedLinkRequest[] = []
    server.use(razorpayPaymentLinkHandler(log))
    const token = await loginToken()
    const order = await cadetOrder()
    const before = Date.now()
    const made = await requestLink(order.id, 2, token)
    expect(made.status, JSON.stringify(made.body)).toBe(201)
    return {token, order, made, log, before}
  }

  it('POST /v1/payment_links carries the amount, currency, reference id, customer, expiry and notes; the short URL is the link', async () => {
    const {order, made, log, before} = await razorpayLink()
    expect(log).toHaveLength(1)
    const {body, authorization} = log[0]!
    expect(authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`)
    expect(body).toMatchObject({
      amount: 250000,
      currency: 'USD',
      reference_id: `${order.id}-i2`,
      customer: {name: 'Ana Santos', email: 'ana@example.com', contact: '+63 917 123 4567'},
      notes: {order_id: order.id, installment: '2'},
      accept_partial: false,
    })
    const expireBy = Number(body.expire_by)
    expect(expireBy).toBeGreaterThanOrEqual(Math.floor(before / 1000) + PAYMENT_LINK_EXPIRY_SECONDS - 1)
    expect(expireBy).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + PAYMENT_LINK_EXPIRY_SECONDS)
    expect(made.body.installment).toMatchObject({
      state: 'requested',
      linkUrl: expect.stringMatching(/^https:\/\/rzp\.io\/i\//),
      linkId: expect.stringMatching(/^plink_/),
    })
  })

  it('payment_link.paid marks it paid with a receipt once; the same event again is a duplicate, another delivery of the payment changes nothing', async () => {
    const {token, order, made} = await razorpayLink()
    const link = {id: made.body.installment.linkId, referenceId: `${order.id}-i2`, amount: 250000, notes: {order_id: order.id, installment: '2'}}
    const pay = paymentId('pay_link')
    const event = razorpayPaymentLinkEvent('payment_link.paid', link, {id: pay, amount: 250000})

    const first = await call(webhook, webhookRequest(event, {eventId: 'evt_link_paid_1'}))
    expect(first).toMatchObject({status: 200, body: {status: 'installment-paid', orderId: order.id}})
    const paid = (await detailOf(order.id, token)).installments[1]
    expect(paid).toMatchObject({state: 'paid', receiptNumber: expect.stringMatching(RECEIPT_NUMBER_PATTERN)})
    const history = (await getEnrolment(order.id))!.history!.length

    const duplicate = await call(webhook, webhookRequest(event, {eventId: 'evt_link_paid_1'}))
    expect(duplicate.body.status).toBe('duplicate')
    const redelivered = await call(webhook, webhookRequest(event, {eventId: 'evt_link_paid_2'}))
    expect(redelivered.body.status).toBe('installment-unchanged')

    const record = (await getEnrolment(order.id))!
    expect(record.history).toHaveLength(history)
    expect(record.installmentLinks![0]).toMatchObject({status: 'paid', paymentId: pay, receiptNumber: paid.receiptNumber})
    expect((await listOutbox()).filter((m) => m.id === `receipt:${paid.receiptNumber}`)).toHaveLength(1)
    // The receipt numbers of the order: the enrolment's and installment 2's, both distinct.
    expect(record.receiptNumber).not.toBe(paid.receiptNumber)
    // The admin list's row carries the installment, and revenue adds it (once).
    const row = (await listIndexedEnrolments({status: 'all'})).find((r) => r.orderId === order.id)!
    expect(row.installmentPayments).toEqual([{number: 2, paidAt: expect.any(String), amount: 250000}])
    expect(netRevenueMinor(row)).toBe(order.amount + 250000)
  })

  it('a bad signature is 400; an unknown link is 200 ignored and logged; a different amount is recorded and flagged, never paid', async () => {
    const {token, order, made} = await razorpayLink()
    const link = {id: made.body.installment.linkId, referenceId: `${order.id}-i2`, amount: 250000, notes: {order_id: order.id, installment: '2'}}
    const event = razorpayPaymentLinkEvent('payment_link.paid', link, {id: paymentId('pay_link'), amount: 250000})

    const forged = await call(webhook, webhookRequest(event, {eventId: 'evt_forged', signature: 'f'.repeat(64)}))
    expect(forged).toEqual({status: 400, body: {error: 'Invalid webhook signature'}})
    const unsigned = await call(webhook, webhookRequest(event, {eventId: 'evt_unsigned', signature: null}))
    expect(unsigned.status).toBe(400)
    expect((await detailOf(order.id, token)).installments[1].state).toBe('requested')

    const unknown = razorpayPaymentLinkEvent('payment_link.paid', {...link, id: 'plink_Unknown0123456'}, {id: paymentId('pay_link'), amount: 250000})
    const ignored = await call(webhook, webhookRequest(unknown, {eventId: 'evt_unknown_link'}))
    expect(ignored).toMatchObject({status: 200, body: {status: 'ignored'}})
    expect((await listWebhookLog()).find((e) => e.id === 'evt_unknown_link')).toMatchObject({result: 'ignored', type: 'payment_link.paid'})

    const short = paymentId('pay_short')
    const wrong = razorpayPaymentLinkEvent('payment_link.paid', link, {id: short, amount: 100000})
    const flagged = await call(webhook, webhookRequest(wrong, {eventId: 'evt_wrong_amount'}))
    expect(flagged).toMatchObject({status: 200, body: {status: 'installment-flagged'}})
    const view = (await detailOf(order.id, token)).installments[1]
    expect(view.state).toBe('requested')
    expect(view.receiptNumber).toBeUndefined()
    expect(view.flag).toBe(`Paid USD 1,000.00 but the link asked USD 2,500.00: check with the gateway (${short}).`)
    const record = (await getEnrolment(order.id))!
    expect(record.installmentLinks![0]).toMatchObject({status: 'requested', paymentId: short, paidAmountMinor: 100000})
    expect(record.history!.at(-1)!.note).toBe(`REVIEW: ${view.flag}`)
  })

  it('payment_link.expired shows it expired; the new link is created at Razorpay with the next reference id', async () => {
    const {token, order, made, log} = await razorpayLink()
    const link = {id: made.body.installment.linkId, referenceId: `${order.id}-i2`, amount: 250000, notes: {order_id: order.id, installment: '2'}}
    const expired = await call(webhook, webhookRequest(razorpayPaymentLinkEvent('payment_link.expired', link), {eventId: 'evt_link_expired'}))
    expect(expired.body.status).toBe('installment-expired')
    expect((await detailOf(order.id, token)).installments[1].state).toBe('expired')

    const fresh = await requestLink(order.id, 2, token)
    expect(fresh.status).toBe(201)
    expect(log.map((r) => r.body.reference_id)).toEqual([`${order.id}-i2`, `${order.id}-i2-2`])
  })

  it('a refusal by Razorpay is 502 with its reason and requests nothing; the same request can be made again', async () => {
    stubRazorpayEnv()
    const token = await loginToken()
    const order = await cadetOrder()
    server.use(
      http.post(`${RAZORPAY_API}/payment_links`, () =>
        HttpResponse.json({error: {code: 'BAD_REQUEST_ERROR', description: 'The customer contact is invalid.'}}, {status: 400}),
      ),
    )
    const refused = await requestLink(order.id, 2, token)
    expect(refused.status).toBe(502)
    expect(refused.body.error).toBe('The payment gateway refused the payment link: The customer contact is invalid. No link was sent.')
    expect((await getEnrolment(order.id))?.installmentLinks).toEqual([
      expect.objectContaining({referenceId: `${order.id}-i2`, status: 'failed', failureReason: 'The customer contact is invalid.'}),
    ])
    expect((await detailOf(order.id, token)).installments[1].state).toBe('due')
    expect(await outboxOf(`installment-link:${order.id}`)).toHaveLength(0)
    // The next attempt has the next reference id (after a timeout Razorpay may hold the first).
    const log: RecordedLinkRequest[] = []
    server.use(razorpayPaymentLinkHandler(log))
    expect((await requestLink(order.id, 2, token)).status).toBe(201)
    expect(log.map((r) => r.body.reference_id)).toEqual([`${order.id}-i2-2`])
  })

  it('no answer from Razorpay in time is 504: nothing requested, and the retry gets the next reference id', async () => {
    stubRazorpayEnv()
    const token = await loginToken()
    const order = await cadetOrder()
    // The gateway does not answer in time: a fake gateway gives up at once.
    const restore = gatewayTimingOut('createPaymentLink')
    try {
      const timedOut = await requestLink(order.id, 2, token)
      expect(timedOut.status).toBe(504)
      expect(timedOut.body.error).toBe('The payment gateway did not answer in time. No link was sent: try again in a minute.')
    } finally {
      restore()
    }
    expect((await getEnrolment(order.id))!.installmentLinks!.map((l) => l.status)).toEqual(['failed'])
    const log: RecordedLinkRequest[] = []
    server.use(razorpayPaymentLinkHandler(log))
    expect((await requestLink(order.id, 2, token)).status).toBe(201)
    expect(log.map((r) => r.body.reference_id)).toEqual([`${order.id}-i2-2`])
  })
})
