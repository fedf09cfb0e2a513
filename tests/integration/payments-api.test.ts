/**
 * POST /api/enroll/create-order, /api/enroll/save and /api/sandbox/pay in sandbox mode, called
 * with real Requests over Netlify's Blobs emulation. Assertions are on the responses AND on
 * what was stored.
 */
import {describe, expect, it, vi} from 'vitest'
import createOrder from '#netlify/functions/enrolment-create-order'
import save from '#netlify/functions/enrolment-save'
import sandboxPay from '#netlify/functions/sandbox-pay'
import {getEnrolment, listEnrolments} from '#netlify/services/enrolments/enrolments'
import {completeUpload, putChunk, startUpload} from '#netlify/services/uploads/uploads'
import {testContext} from '../helpers/blobs'
import {call, CONTACT_COURSE, jsonRequest, KEY_ID, KEY_SECRET, paymentId, sign, usePaymentsTestEnvironment, validForm, savedAnswer} from './payments-fixtures'

usePaymentsTestEnvironment()

const newOrder = async (form: Record<string, unknown> = {}) => {
  const result = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm(form)))
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body as {id: string; amount: number; currency: string}
}

const savePayment = (body: Record<string, unknown>) => call(save, jsonRequest('/api/enroll/save', body))

const pendingCount = async () => (await listEnrolments()).length

describe('POST /api/enroll/create-order', () => {
  it('creates a sandbox order for a fixed-price course and stores the pending enrolment', async () => {
    const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
    expect(status).toBe(200)
    expect(body).toEqual({
      id: expect.stringMatching(/^order_sandbox_[A-Za-z0-9]{14}$/),
      amount: 5000,
      currency: 'USD',
      keyId: 'rzp_sandbox',
      mode: 'sandbox',
      name: 'Maritime Training & Certification',
      description: 'Passenger Ship Familiarization',
      prefill: {name: 'Ana Santos', email: 'ana@example.com', contact: '+63 917 123 4567'},
    })
    const record = await getEnrolment(body.id)
    expect(record).toMatchObject({
      orderId: body.id,
      status: 'pending',
      name: 'Ana Santos',
      email: 'ana@example.com',
      mobile: '+63 917 123 4567',
      trainingProgram: 'pre-sea-training',
      trainingProgramName: 'Pre-Sea Training',
      course: 'PSF',
      courseName: 'Passenger Ship Familiarization',
      country: '',
      countryName: '',
      amount: 50,
      amountMinor: 5000,
      currency: 'USD',
      attachments: [],
      mode: 'sandbox',
    })
    expect(record?.receipt).toMatch(/^enr_[A-Za-z0-9]+$/)
    expect(record!.receipt.length).toBeLessThanOrEqual(40)
    expect(record?.paymentId).toBeUndefined()
    expect(Date.parse(record!.createdAt)).not.toBeNaN()
  })

  it('prices competency training by rank and country (Master/Chief officer in Vietnam = 4400 USD)', async () => {
    const order = await newOrder({trainingProgram: 'competency-training', course: 'Master/Chief officer', country: 'vietnam', amount: 4400})
    expect(order.amount).toBe(440000)
    const record = await getEnrolment(order.id)
    expect(record).toMatchObject({
      amount: 4400,
      amountMinor: 440000,
      country: 'vietnam',
      countryName: 'Vietnam',
      courseName: 'Master/Chief officer',
      trainingProgramName: 'Competency Training',
    })
  })

  it('refuses the St. Maarten price for Vietnam', async () => {
    const before = await pendingCount()
    const {status, body} = await call(
      createOrder,
      jsonRequest(
        '/api/enroll/create-order',
        validForm({trainingProgram: 'competency-training', course: 'Master/Chief officer', country: 'vietnam', amount: 2200}),
      ),
    )
    expect(status).toBe(400)
    expect(body.error).toBe('The amount does not match the course price (expected $4,400 USD)')
    expect(await pendingCount()).toBe(before)
  })

  it('requires a country for competency training', async () => {
    const {status, body} = await call(
      createOrder,
      jsonRequest('/api/enroll/create-order', validForm({trainingProgram: 'competency-training', course: 'COE', amount: 180})),
    )
    expect(status).toBe(400)
    expect(body.error).toBe('Please select a country for competency training.')
  })

  it('charges the cadetship enrolment 3500 USD', async () => {
    const order = await newOrder({trainingProgram: 'cadetship-training', course: 'deck-cadet', amount: 3500})
    expect(order.amount).toBe(350000)
    expect(await getEnrolment(order.id)).toMatchObject({amount: 3500, amountMinor: 350000, courseName: 'Deck Cadet Program', attachments: []})
  })

  it('refuses a tampered amount and stores nothing', async () => {
    const before = await pendingCount()
    for (const amount of [0.5, 49.99, 5000, '1']) {
      const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({amount})))
      expect(status, String(amount)).toBe(400)
      expect(body.error).toBe('The amount does not match the course price (expected $50 USD)')
      expect(body.details.amount).toHaveLength(1)
    }
    expect(await pendingCount()).toBe(before)
  })

  it('refuses a course priced on request with the quote message', async () => {
    const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({...CONTACT_COURSE, amount: 100})))
    expect(status).toBe(400)
    expect(body.error).toBe('This course is priced on request: please contact us to enrol.')
  })

  it('refuses an unknown program and a course of another program', async () => {
    const unknown = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({trainingProgram: 'free-money'})))
    expect(unknown.status).toBe(400)
    expect(unknown.body.error).toBe('Please select a valid course to proceed.')
    const foreign = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({course: 'AFFA', amount: 900})))
    expect(foreign.status).toBe(400)
    expect(foreign.body.error).toBe('Please select a valid course to proceed.')
  })

  it('refuses loose amounts with 400 and stores nothing', async () => {
    const before = await pendingCount()
    for (const amount of ['0x64', [50], ' 50 ', 49.995, '5e1']) {
      const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({amount})))
      expect(status, JSON.stringify(amount)).toBe(400)
      expect(body.details.amount).toEqual(['Please enter a valid amount.'])
    }
    expect(await pendingCount()).toBe(before)
    expect((await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({amount: '50.00'})))).status).toBe(200)
  })

  it('limits orders per client (RATE_LIMIT_CREATE_ORDER): 429 with Retry-After, nothing stored', async () => {
    vi.stubEnv('RATE_LIMIT_CREATE_ORDER', '2/10m')
    const ip = '198.51.100.77'
    const send = () => createOrder(jsonRequest('/api/enroll/create-order', validForm()), testContext({}, ip))
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(200)
    const before = await pendingCount()
    const refused = await send()
    expect(refused.status).toBe(429)
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(Number(refused.headers.get('Retry-After'))).toBeLessThanOrEqual(600)
    expect(await refused.json()).toEqual({error: 'Too many payment attempts. Please try again in a few minutes.'})
    expect(await pendingCount()).toBe(before)
    // Another client is not affected.
    expect((await createOrder(jsonRequest('/api/enroll/create-order', validForm()), testContext({}, '198.51.100.78'))).status).toBe(200)
  })

  it('answers malformed JSON with 400, another content type with 415 and an oversized body with 413', async () => {
    const malformed = await call(createOrder, jsonRequest('/api/enroll/create-order', '{"name": "Ana",'))
    expect(malformed).toEqual({status: 400, body: {error: 'The body is not valid JSON'}})

    const text = new Request('http://localhost/api/enroll/create-order', {
      method: 'POST',
      headers: {'content-type': 'text/plain'},
      body: JSON.stringify(validForm()),
    })
    expect((await call(createOrder, text)).status).toBe(415)

    const huge = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({name: 'A'.repeat(70 * 1024)})))
    expect(huge.status).toBe(413)
  })

  it('answers wrong field types with 400 and the fields', async () => {
    const {status, body} = await call(
      createOrder,
      jsonRequest('/api/enroll/create-order', validForm({name: 42, amount: 'fifty', email: 'not-an-email', attachments: 'upl_x'})),
    )
    expect(status).toBe(400)
    expect(Object.keys(body.details)).toEqual(expect.arrayContaining(['name', 'amount', 'email', 'attachments']))
    const array = await call(createOrder, jsonRequest('/api/enroll/create-order', [validForm()]))
    expect(array.status).toBe(400)
  })

  it('refuses documents for other programs and unknown uploads for the cadetship', async () => {
    const upload = 'upl_AAAAAAAAAAAAAAAAAAAAAAAA'
    const other = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm({attachments: [upload]})))
    expect(other.status).toBe(400)
    expect(other.body.error).toBe('Documents can only be attached to a cadetship enrolment.')
    const cadet = await call(
      createOrder,
      jsonRequest('/api/enroll/create-order', validForm({trainingProgram: 'cadetship-training', course: 'deck-cadet', amount: 3500, attachments: [upload]})),
    )
    expect(cadet.status).toBe(400)
    expect(cadet.body.error).toMatch(/upl_A+/)
  })

  it('attaches a completed upload to one cadetship order only', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
    const {uploadId} = await startUpload({fileName: 'passport.pdf', size: pdf.byteLength, contentType: 'application/pdf'})
    await putChunk(uploadId, '0', async () => pdf)
    await completeUpload(uploadId)
    const cadet = validForm({trainingProgram: 'cadetship-training', course: 'deck-cadet', amount: 3500, attachments: [uploadId]})
    const first = await call(createOrder, jsonRequest('/api/enroll/create-order', cadet))
    expect(first.status).toBe(200)
    expect((await getEnrolment(first.body.id))?.attachments).toEqual([
      {uploadId, fileName: 'passport.pdf', contentType: 'application/pdf', size: pdf.byteLength},
    ])
    const second = await call(createOrder, jsonRequest('/api/enroll/create-order', cadet))
    expect(second.status).toBe(409)
    expect(second.body.error).toMatch(/already attached to another enrolment/)
  })

  it('refuses other methods with 405', async () => {
    const response = await createOrder(new Request('http://localhost/api/enroll/create-order'), {} as never)
    expect(response.status).toBe(405)
  })

  it('fails closed in production without Razorpay keys: 503 and nothing stored', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    vi.stubEnv('CONTEXT', 'production')
    const before = await pendingCount()
    const {status, body} = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm()))
    expect(status).toBe(503)
    expect(body).toEqual({error: 'Payments are not configured'})
    expect(await pendingCount()).toBe(before)
    expect(errors.mock.calls.flat().join(' ')).toMatch(/production requires RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET/)
  })
})

describe('POST /api/sandbox/pay', () => {
  it('signs a payment for a pending sandbox order with the sandbox secret, marking nothing paid', async () => {
    const order = await newOrder()
    const {status, body} = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id}))
    expect(status).toBe(200)
    expect(Object.keys(body).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature'])
    expect(body.razorpay_order_id).toBe(order.id)
    expect(body.razorpay_payment_id).toMatch(/^pay_sandbox_[A-Za-z0-9]{14}$/)
    expect(body.razorpay_signature).toBe(sign(order.id, body.razorpay_payment_id))
    expect((await getEnrolment(order.id))?.status).toBe('pending')
  })

  it('uses RAZORPAY_SANDBOX_SECRET when set', async () => {
    vi.stubEnv('RAZORPAY_SANDBOX_SECRET', 'another_sandbox_secret')
    const order = await newOrder()
    const {body} = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id}))
    expect(body.razorpay_signature).toBe(sign(order.id, body.razorpay_payment_id, 'another_sandbox_secret'))
  })

  it('"Fail payment" answers Razorpay\'s failure shape without a signature', async () => {
    const order = await newOrder()
    const {status, body} = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id, outcome: 'fail'}))
    expect(status).toBe(200)
    expect(body.error).toMatchObject({code: 'BAD_REQUEST_ERROR', description: 'Payment failed (sandbox)'})
    expect(body.razorpay_signature).toBeUndefined()
    expect((await getEnrolment(order.id))?.status).toBe('pending')
  })

  it('answers 404 for an unknown order and 409 for a paid one', async () => {
    expect((await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: 'order_sandbox_Unknown0000001'}))).status).toBe(404)
    expect((await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: 'order_Razorpay00000001'}))).status).toBe(400)
    const order = await newOrder()
    const paid = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id}))
    expect((await savePayment(paid.body)).status).toBe(200)
    const again = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id}))
    expect(again).toEqual({status: 409, body: {error: 'This order is already paid'}})
  })

  it('is 404 with Razorpay keys and in production', async () => {
    const order = await newOrder()
    vi.stubEnv('RAZORPAY_KEY_ID', KEY_ID)
    vi.stubEnv('RAZORPAY_KEY_SECRET', KEY_SECRET)
    expect((await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id}))).status).toBe(404)
    vi.stubEnv('RAZORPAY_KEY_ID', '')
    vi.stubEnv('RAZORPAY_KEY_SECRET', '')
    vi.stubEnv('APP_ENV', 'production')
    expect((await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id}))).status).toBe(404)
  })
})

describe('POST /api/enroll/save', () => {
  const payViaSandbox = async (form: Record<string, unknown> = {}) => {
    const order = await newOrder(form)
    const {body} = await call(sandboxPay, jsonRequest('/api/sandbox/pay', {orderId: order.id}))
    return {order, result: body as {razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string}}
  }

  it('marks the enrolment paid on a valid sandbox signature', async () => {
    const {order, result} = await payViaSandbox()
    const {status, body} = await savePayment({...validForm(), ...result})
    expect(status).toBe(200)
    const record = await getEnrolment(order.id)
    // The receipt number given to this payment and the confirmation page's unguessable path.
    expect(body).toEqual(savedAnswer(record!, result.razorpay_payment_id))
    expect(record!.receiptNumber).toMatch(/^MTC-\d{4}-\d{5}$/)
    expect(record!.confirmationKey).toMatch(/^[A-Za-z0-9_-]{22}$/)
    expect(record).toMatchObject({status: 'paid', paymentId: result.razorpay_payment_id, paidVia: 'callback', amountMinor: 5000})
    expect(Date.parse(record!.paidAt!)).not.toBeNaN()
  })

  it('is idempotent: the same save twice leaves one paid record, unchanged', async () => {
    const {order, result} = await payViaSandbox()
    const before = await pendingCount()
    const first = await savePayment(result)
    const paidAt = (await getEnrolment(order.id))?.paidAt
    const second = await savePayment(result)
    expect(first.status).toBe(200)
    expect(second).toEqual(first)
    expect(await pendingCount()).toBe(before)
    const record = await getEnrolment(order.id)
    expect(record).toMatchObject({status: 'paid', paymentId: result.razorpay_payment_id, paidAt})
    expect((await listEnrolments()).filter((r) => r.orderId === order.id)).toHaveLength(1)
  })

  it('refuses a wrong signature with 400 and leaves the order pending', async () => {
    const {order, result} = await payViaSandbox()
    const other = await newOrder()
    const forged = [
      {...result, razorpay_signature: sign(order.id, result.razorpay_payment_id, 'guessed_secret')},
      {...result, razorpay_signature: sign(other.id, result.razorpay_payment_id)},
      {...result, razorpay_payment_id: paymentId()},
      {...result, razorpay_signature: result.razorpay_signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'))},
    ]
    for (const body of forged) {
      expect(await savePayment(body)).toEqual({status: 400, body: {error: 'Payment signature is invalid'}})
    }
    const record = await getEnrolment(order.id)
    expect(record?.status).toBe('pending')
    expect(record?.paymentId).toBeUndefined()
  })

  it('refuses a malformed signature with 400', async () => {
    const {order, result} = await payViaSandbox()
    const {status} = await savePayment({...result, razorpay_signature: 'zz'.repeat(32)})
    expect(status).toBe(400)
    expect((await getEnrolment(order.id))?.status).toBe('pending')
  })

  it('answers 404 for an order it never created, even correctly signed', async () => {
    const orderId = 'order_sandbox_NeverCreated01'
    const pay = paymentId()
    expect(await savePayment({razorpay_order_id: orderId, razorpay_payment_id: pay, razorpay_signature: sign(orderId, pay)})).toEqual({
      status: 404,
      body: {error: 'Unknown order'},
    })
    expect(await getEnrolment(orderId)).toBeNull()
  })

  it('refuses a second, different payment for a paid order (409) and keeps the first', async () => {
    const {order, result} = await payViaSandbox()
    expect((await savePayment(result)).status).toBe(200)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const second = paymentId()
    const conflict = await savePayment({razorpay_order_id: order.id, razorpay_payment_id: second, razorpay_signature: sign(order.id, second)})
    expect(conflict.status).toBe(409)
    expect((await getEnrolment(order.id))?.paymentId).toBe(result.razorpay_payment_id)
    expect(errors.mock.calls.flat().join(' ')).toContain(second)
  })

  it('never accepts a sandbox signature once the site runs with Razorpay keys', async () => {
    const {order, result} = await payViaSandbox()
    vi.stubEnv('RAZORPAY_KEY_ID', KEY_ID)
    vi.stubEnv('RAZORPAY_KEY_SECRET', KEY_SECRET)
    expect((await savePayment(result)).status).toBe(400)
    expect((await getEnrolment(order.id))?.status).toBe('pending')
  })

  it('accepts multipart form data with the same fields', async () => {
    const {order, result} = await payViaSandbox()
    const form = new FormData()
    for (const [name, value] of Object.entries({...validForm(), ...result})) form.append(name, String(value))
    const {status, body} = await call(save, new Request('http://localhost/api/enroll/save', {method: 'POST', body: form}))
    expect(status).toBe(200)
    const record = await getEnrolment(order.id)
    expect(body).toEqual(savedAnswer(record!, result.razorpay_payment_id))
    expect(record?.status).toBe('paid')
  })

  it('stores valid documents posted with a cadetship save and skips the others, still marking it paid', async () => {
    const {order, result} = await payViaSandbox({trainingProgram: 'cadetship-training', course: 'deck-cadet', amount: 3500})
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, ...new Array(64).fill(0)])
    const form = new FormData()
    for (const [name, value] of Object.entries(result)) form.append(name, value)
    form.append('files', new File([png], 'passport.png', {type: 'image/png'}))
    form.append('files', new File(['not really a pdf'], 'medical.pdf', {type: 'application/pdf'}))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const {status, body} = await call(save, new Request('http://localhost/api/enroll/save', {method: 'POST', body: form}))
    expect(status).toBe(200)
    expect(body).toMatchObject({
      status: 'paid',
      skippedFiles: ['medical.pdf'],
      message: 'Some files were skipped (allowed: PDF, DOC/DOCX, JPG, PNG; max 10MB each).',
    })
    const record = await getEnrolment(order.id)
    expect(record?.status).toBe('paid')
    expect(record?.attachments).toEqual([{uploadId: expect.stringMatching(/^upl_/), fileName: 'passport.png', contentType: 'image/png', size: png.byteLength}])
  })

  it('skips documents for other programs', async () => {
    const {order, result} = await payViaSandbox()
    const form = new FormData()
    for (const [name, value] of Object.entries(result)) form.append(name, value)
    form.append('files', new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0])], 'photo.jpg', {type: 'image/jpeg'}))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const {status, body} = await call(save, new Request('http://localhost/api/enroll/save', {method: 'POST', body: form}))
    expect(status).toBe(200)
    expect(body.skippedFiles).toEqual(['photo.jpg'])
    expect((await getEnrolment(order.id))?.attachments).toEqual([])
  })

  it('answers 413 for a multipart body over 4.5 MB and 415 for other content types', async () => {
    const {order, result} = await payViaSandbox()
    const form = new FormData()
    for (const [name, value] of Object.entries(result)) form.append(name, value)
    form.append('files', new File([new Uint8Array(4_600_000)], 'big.pdf', {type: 'application/pdf'}))
    expect((await call(save, new Request('http://localhost/api/enroll/save', {method: 'POST', body: form}))).status).toBe(413)
    const text = new Request('http://localhost/api/enroll/save', {method: 'POST', headers: {'content-type': 'text/plain'}, body: JSON.stringify(result)})
    expect((await call(save, text)).status).toBe(415)
    expect((await getEnrolment(order.id))?.status).toBe('pending')
  })

  it('answers 400 for missing or malformed payment fields', async () => {
    const {result} = await payViaSandbox()
    expect((await savePayment({...result, razorpay_payment_id: undefined})).status).toBe(400)
    expect((await savePayment({...result, razorpay_order_id: 'order_../../etc'})).status).toBe(400)
    expect((await call(save, jsonRequest('/api/enroll/save', '{not json'))).status).toBe(400)
  })
})
