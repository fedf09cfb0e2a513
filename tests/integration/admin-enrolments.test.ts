/**
 * The admin list, detail and document download over Netlify's Blobs emulation, with
 * enrolments created by the real create-order / save functions (sandbox): list content
 * (pending vs paid; pending ones only with ?status=all), the index under 50 concurrent
 * enrolments + payments (their receipts made by a stub PDF renderer: these tests count rows), rebuilding the index from the records, and the guarded detail and
 * document endpoints.
 */
import {describe, expect, it} from 'vitest'
import detail from '#netlify/functions/admin-enrolment'
import documentFn from '#netlify/functions/admin-enrolment-document'
import list from '#netlify/functions/admin-enrolments'
import createOrder from '#netlify/functions/enrolment-create-order'
import save from '#netlify/functions/enrolment-save'
import {clearEnrolmentIndex, listIndexedEnrolments} from '#netlify/services/enrolments/index-store'
import {rebuildEnrolmentIndex} from '#netlify/services/enrolments/repair'
import {listEnrolments} from '#netlify/services/enrolments/enrolments'
import {handle} from '#netlify/platform/http'
import {saveEndpoint} from '#netlify/functions/enrolment-save'
import {completeUpload, putChunk, startUpload} from '#netlify/services/uploads/uploads'
import {stubPdf} from '../helpers/stub-pdf'
import {callAs, getRequest, loginToken, useAdminEnv} from './admin-fixtures'
import {call, jsonRequest, paymentId, sign, usePaymentsTestEnvironment, validForm} from './payments-fixtures'

usePaymentsTestEnvironment()
useAdminEnv()

const SUMMARY_KEYS = [
  '_id',
  'amount',
  'attachmentCount',
  'country',
  'courseName',
  'createdAt',
  'currency',
  'email',
  'historyCount',
  'mobile',
  'name',
  'orderId',
  'paidAt',
  'paymentId',
  'receiptNumber',
  'status',
  'trainingProgramName',
  'updatedAt',
].sort()

const newOrder = async (form: Record<string, unknown> = {}) => {
  const result = await call(createOrder, jsonRequest('/api/enroll/create-order', validForm(form)))
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body as {id: string; amount: number}
}
/** The save callback as its function runs it, with the stub PDF renderer (for the tests that count rows). */
const saveCounting = handle(saveEndpoint({renderReceiptPdf: stubPdf}))
const pay = async (orderId: string, payment = paymentId(), handler: Parameters<typeof call>[0] = save) => {
  const result = await call(
    handler,
    jsonRequest('/api/enroll/save', {razorpay_order_id: orderId, razorpay_payment_id: payment, razorpay_signature: sign(orderId, payment)}),
  )
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return payment
}
const listAll = async (token: string, query = '?status=all') => {
  const result = await callAs(list, getRequest(`/api/admin/enrollments${query}`, token))
  expect(result.status, JSON.stringify(result.body)).toBe(200)
  return result.body as any[]
}

describe('GET /api/admin/enrollments', () => {
  it('lists sandbox enrolments with the contract fields, pending and paid, newest first', async () => {
    const token = await loginToken()
    const before = (await listAll(token)).length
    const pending = await newOrder({name: 'Pending Person', email: 'pending@example.com'})
    await new Promise((r) => setTimeout(r, 5))
    const paidOrder = await newOrder({
      name: 'Paid Person',
      email: 'paid@example.com',
      trainingProgram: 'competency-training',
      course: 'Master/Chief officer',
      country: 'vietnam',
      amount: 4400,
    })
    const payment = await pay(paidOrder.id)

    const rows = await listAll(token)
    expect(rows).toHaveLength(before + 2)
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(SUMMARY_KEYS)
    const paidRow = rows.find((r) => r.orderId === paidOrder.id)
    const pendingRow = rows.find((r) => r.orderId === pending.id)
    expect(rows.indexOf(paidRow)).toBeLessThan(rows.indexOf(pendingRow))
    expect(pendingRow).toMatchObject({
      _id: pending.id,
      name: 'Pending Person',
      email: 'pending@example.com',
      mobile: '+63 917 123 4567',
      amount: 50,
      currency: 'USD',
      country: '',
      status: 'pending',
      paidAt: null,
      paymentId: null,
      attachmentCount: 0,
    })
    expect(typeof pendingRow.trainingProgramName).toBe('string')
    expect(pendingRow.trainingProgramName.length).toBeGreaterThan(0)
    expect(pendingRow.courseName.length).toBeGreaterThan(0)
    expect(paidRow).toMatchObject({_id: paidOrder.id, status: 'paid', paymentId: payment, amount: 4400, country: 'Vietnam'})
    expect(Date.parse(paidRow.paidAt)).not.toBeNaN()
    // The same content as the records themselves.
    const records = await listEnrolments()
    expect(rows.map((r) => r.orderId).sort()).toEqual(records.map((r) => r.orderId).sort())
  })

  it('lists paid enrolments only by default; pending ones too with ?status=all; 400 for another status', async () => {
    const token = await loginToken()
    const pending = await newOrder({email: 'default-pending@example.com'})
    const paidOrder = await newOrder({email: 'default-paid@example.com'})
    await pay(paidOrder.id)

    const byDefault = await listAll(token, '')
    expect(byDefault.length).toBeGreaterThan(0)
    expect(byDefault.every((row) => row.status === 'paid')).toBe(true)
    expect(byDefault.map((row) => row.orderId)).toContain(paidOrder.id)
    expect(byDefault.map((row) => row.orderId)).not.toContain(pending.id)
    expect(await listAll(token, '?status=paid')).toEqual(byDefault)

    const all = await listAll(token, '?status=all')
    expect(all.map((row) => row.orderId)).toEqual(expect.arrayContaining([pending.id, paidOrder.id]))
    expect(all.filter((row) => row.status === 'paid')).toEqual(byDefault)

    for (const query of ['?status=pending', '?status=ALL', '?status=', '?status=all&status=paid']) {
      const refused = await callAs(list, getRequest(`/api/admin/enrollments${query}`, token))
      expect(refused.status, query).toBe(400)
      expect(refused.body.error, query).toMatch(/status/)
    }
    // The token is checked first: no hint about the query without one.
    expect((await callAs(list, getRequest('/api/admin/enrollments?status=nope'))).status).toBe(401)
  })

  it('keeps every one of 50 concurrent enrolments + payments in the index, all paid', async () => {
    const token = await loginToken()
    const before = new Set((await listAll(token)).map((r) => r.orderId))
    const orders = await Promise.all(Array.from({length: 50}, (_, i) => newOrder({email: `conc${i}@example.com`})))
    const payments = await Promise.all(orders.map((order) => pay(order.id, paymentId(), saveCounting)))
    const rows = (await listAll(token)).filter((r) => !before.has(r.orderId))
    expect(rows).toHaveLength(50)
    for (const [i, order] of orders.entries()) {
      expect(
        rows.find((r) => r.orderId === order.id),
        order.id,
      ).toMatchObject({status: 'paid', paymentId: payments[i], email: `conc${i}@example.com`})
    }
  }, 60_000)

  it('concurrent creates and payments of interleaved orders also all land (creates and pays racing)', async () => {
    const token = await loginToken()
    const before = new Set((await listAll(token)).map((r) => r.orderId))
    const done = await Promise.all(
      Array.from({length: 50}, async (_, i) => {
        const order = await newOrder({email: `race${i}@example.com`})
        return {id: order.id, payment: await pay(order.id, paymentId(), saveCounting)}
      }),
    )
    const rows = (await listAll(token)).filter((r) => !before.has(r.orderId))
    expect(rows).toHaveLength(50)
    for (const {id, payment} of done) expect(rows.find((r) => r.orderId === id)).toMatchObject({status: 'paid', paymentId: payment})
  }, 60_000)

  it('rebuilds the index from the records after it is deleted, to the same list', async () => {
    const token = await loginToken()
    await newOrder({email: 'rebuild@example.com'})
    const original = await listAll(token)
    expect(original.length).toBeGreaterThan(0)
    await clearEnrolmentIndex()
    expect(await listAll(token)).toEqual([])
    const {enrolments, repaired, removed} = await rebuildEnrolmentIndex()
    expect(enrolments).toBe(original.length)
    expect({repaired, removed}).toEqual({repaired: original.length, removed: 0})
    expect(await listAll(token)).toEqual(original)
    // Idempotent.
    await rebuildEnrolmentIndex()
    expect(await listIndexedEnrolments()).toEqual(original)
  })
})

describe('GET /api/admin/enrollments/:orderId and …/documents/:uploadId', () => {
  const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n')
  async function cadetWithDocument(fileName = 'passport "scan".pdf') {
    const {uploadId} = await startUpload({fileName, size: pdf.byteLength, contentType: 'application/pdf'})
    await putChunk(uploadId, '0', async () => pdf)
    await completeUpload(uploadId)
    const order = await newOrder({trainingProgram: 'cadetship-training', course: 'deck-cadet', amount: 3500, attachments: [uploadId]})
    return {orderId: order.id, uploadId}
  }

  it('returns the full record only with a valid token; 404 for an unknown order', async () => {
    const token = await loginToken()
    const {orderId, uploadId} = await cadetWithDocument()
    const ok = await callAs(detail, getRequest(`/api/admin/enrollments/${orderId}`, token), {params: {orderId}})
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('no-store')
    expect(ok.body).toMatchObject({orderId, status: 'pending', amount: 3500, attachments: [{uploadId, contentType: 'application/pdf', size: pdf.byteLength}]})
    const rows = await listAll(token)
    expect(rows.find((r) => r.orderId === orderId)).toMatchObject({attachmentCount: 1})

    expect((await callAs(detail, getRequest(`/api/admin/enrollments/${orderId}`), {params: {orderId}})).body).toEqual({error: 'No authentication token found'})
    expect((await callAs(detail, getRequest(`/api/admin/enrollments/${orderId}`, 'forged.token.x'), {params: {orderId}})).status).toBe(401)
    const missing = await callAs(detail, getRequest('/api/admin/enrollments/order_nope', token), {params: {orderId: 'order_nope'}})
    expect(missing.status).toBe(404)
  })

  it('downloads an attached document with safe headers; 401 without a token; 404 for a document of another order', async () => {
    const token = await loginToken()
    const mine = await cadetWithDocument()
    const other = await cadetWithDocument('other.pdf')
    const path = (orderId: string, uploadId: string) => `/api/admin/enrollments/${orderId}/documents/${uploadId}`

    const response = await documentFn(getRequest(path(mine.orderId, mine.uploadId), token), {
      ip: '203.0.113.9',
      params: {orderId: mine.orderId, uploadId: mine.uploadId},
    } as never)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="passport scan.pdf"; filename*=UTF-8''passport%20scan.pdf`)
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(pdf)

    const noToken = await callAs(documentFn, getRequest(path(mine.orderId, mine.uploadId)), {params: {orderId: mine.orderId, uploadId: mine.uploadId}})
    expect(noToken.status).toBe(401)
    const expiredLike = await callAs(documentFn, getRequest(path(mine.orderId, mine.uploadId), `${token}x`), {
      params: {orderId: mine.orderId, uploadId: mine.uploadId},
    })
    expect(expiredLike.status).toBe(401)
    const crossed = await callAs(documentFn, getRequest(path(mine.orderId, other.uploadId), token), {params: {orderId: mine.orderId, uploadId: other.uploadId}})
    expect(crossed.status).toBe(404)
    expect(crossed.body).toEqual({error: 'Document not found'})
    const unknownOrder = await callAs(documentFn, getRequest(path('order_nope', mine.uploadId), token), {
      params: {orderId: 'order_nope', uploadId: mine.uploadId},
    })
    expect(unknownOrder.status).toBe(404)
  })
})
